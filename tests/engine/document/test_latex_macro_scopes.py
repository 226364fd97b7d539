"""A macro defined more than once takes the definition in force where it is used, as TeX does (session 33, latex34:
a letter file holding two reviewers' letters, each a document with its own ``\\newcommand`` of the same author's
annotation macro, read the second one's "name: " label into every answer of the first). The files are written for
the test."""

from __future__ import annotations

from pathlib import Path

from engine.document.latex.load import load_latex
from engine.document.latex.macros import collect_macros, expand_macros
from engine.document.latex.source import SourceText
from engine.reviews.latex import latex_review_text

LETTER = r"""\documentclass{article}
\newcommand{\QZ}[1]{\textcolor{red}{#1}}
\newcommand{\hush}[1]{}
\begin{document}
\begin{itemize}
\item \textbf{Point 1:} \textit{Count the marbles.}
\item[] \textbf{Answer:} \QZ{We counted the marbles twice.}\hush{ask Dora first}
\end{itemize}
\end{document}

\documentclass{article}
\newcommand{\QZ}[1]{\textcolor{red}{\textbf{quentinz}: #1}}
\begin{document}
\begin{itemize}
\item \textbf{Point 1:} \textit{Weigh the marbles.}
\item[] \textbf{Answer:} \QZ{Not yet weighed.}
\end{itemize}
\end{document}
"""


def test_each_use_takes_the_definition_before_it() -> None:
    text = latex_review_text(LETTER)
    assert "We counted the marbles twice." in text
    assert "quentinz: We counted" not in text
    assert "quentinz: Not yet weighed." in text  # the second letter's own definition prints its label
    assert "Dora" not in text  # a definition that prints nothing


def test_a_paper_that_redefines_a_macro_midway(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(r"""\documentclass{article}
\newcommand{\tint}{crimson}
\begin{document}
The first jar is \tint.

\renewcommand{\tint}{amber}
The second jar is \tint.
\end{document}
""", encoding="utf-8")
    texts = [p.text for p in load_latex(tmp_path / "main.tex").paragraphs]
    assert texts == ["The first jar is crimson.", "The second jar is amber."]


def test_a_name_defined_once_keeps_one_meaning_everywhere() -> None:
    macros, src = collect_macros(SourceText(r"\tint{} and \newcommand{\tint}{teal} \tint{} again"))
    assert macros.scopes == {}
    assert expand_macros(src, macros).text.count("teal") == 2  # used before its definition: the one there is
