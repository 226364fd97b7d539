"""ACM's ``\\tbl{caption}{table}`` keeps its ``\\slash``, and the old ``\\subfigure[caption]{picture}`` macro (subfigure
and subfig packages) reads its caption without brackets and its picture not at all (session 33, latex34; latex33's
"Left": "solutionsmethods", "[caption]"). The paper is written for the test."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.load import load_latex

PAPER = r"""\documentclass{acmsmall}
\usepackage{subfigure}
\begin{document}
\section{Pears}
Pears ripen in autumn and\slash or winter.

\begin{table}
\tbl{Orchards and their pickers\slash ladders\label{tab:orchards}}{%
\begin{tabular}{ll} north & two \\ south & three \end{tabular}}
\end{table}

\begin{figure}
\centering
\subfigure[The left pear.]{\includegraphics{left}}
\subfigure[The right pear.]{\includegraphics{right}}
\end{figure}

\begin{figure}
\subfloat[][A green pear.]{\includegraphics{green}}
\subfigure[A brown pear.]{\includegraphics{brown}}
\caption{Two pears side by side.}
\end{figure}
\end{document}
"""


def test_slash_and_subfigure_captions(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(PAPER, encoding="utf-8")
    doc = load_latex(tmp_path / "main.tex")
    texts = [(p.kind, p.text) for p in doc.paragraphs]
    assert (ParagraphKind.BODY, "Pears ripen in autumn and/or winter.") in texts
    captions = [t for k, t in texts if k == ParagraphKind.CAPTION]
    assert "Orchards and their pickers/ladders" in captions
    assert "The left pear. The right pear." in captions
    assert not any("[" in t or "left" == t for t in captions)
    # a captioned figure keeps its caption alone, as before
    assert "Figure 1: Two pears side by side." in captions
    assert not any("green" in t.lower() for t in captions)


def test_margin_settings_print_nothing(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(r"""\documentclass{article}
\begin{document}
\IncMargin{1em}
Apples fall far.
\DecMargin{1em}

\begin{adjustwidth}{-\extralength}{0cm}
Wide rows of apples.
\end{adjustwidth}
\end{document}
""", encoding="utf-8")
    assert [p.text for p in load_latex(tmp_path / "main.tex").paragraphs] == ["Apples fall far.", "Wide rows of apples."]
