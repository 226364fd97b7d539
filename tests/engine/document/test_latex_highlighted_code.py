"""Pandoc's (and Quarto's) highlighted code is a verbatim block that reads its commands (session 33, latex34: a
``\\SpecialCharTok{$}`` opened maths and the rest of a Quarto paper read as one unit). The paper is written for the
test."""

from __future__ import annotations

from pathlib import Path

from engine.document import ParagraphKind
from engine.document.latex.highlighting import code_text, verbatim_environments
from engine.document.latex.load import load_latex

PAPER = r"""\documentclass{article}
\usepackage{fancyvrb}
\DefineVerbatimEnvironment{Highlighting}{Verbatim}{commandchars=\\\{\}}
\DefineVerbatimEnvironment{plaincode}{Verbatim}{fontsize=\small}
\newenvironment{Shaded}{}{}
\newcommand{\NormalTok}[1]{#1}
\newcommand{\SpecialCharTok}[1]{\textcolor[rgb]{0.37,0.37,0.37}{#1}}
\newcommand{\FunctionTok}[1]{\textcolor[rgb]{0.00,0.35,0.64}{#1}}
\newcommand{\OtherTok}[1]{\textcolor[rgb]{0.00,0.35,0.64}{#1}}
\newcommand{\CommentTok}[1]{\textcolor[rgb]{0.37,0.37,0.37}{#1}}
\begin{document}
\section{Toolbox}
The basket holds the plums.

\begin{Shaded}
\begin{Highlighting}[]
\NormalTok{basket }\OtherTok{\textless{}{-}} \FunctionTok{fill\_up}\NormalTok{(plums)}
\NormalTok{basket}\SpecialCharTok{$}\FunctionTok{weigh}\NormalTok{() }\CommentTok{\# 100\% ripe}
\end{Highlighting}
\end{Shaded}

The basket is weighed with its $n$ plums.

\begin{plaincode}
keep $ as it is {and braces}
\end{plaincode}

\section{Orchard}
Trees grow plums.
\end{document}
"""


def test_highlighted_code_is_one_code_unit_and_never_opens_maths(tmp_path: Path) -> None:
    (tmp_path / "main.tex").write_text(PAPER, encoding="utf-8")
    doc = load_latex(tmp_path / "main.tex")
    texts = [(p.kind, p.text) for p in doc.paragraphs]
    assert (ParagraphKind.OTHER, "basket <- fill_up(plums)\nbasket$weigh() # 100% ripe") in texts
    assert (ParagraphKind.OTHER, "keep $ as it is {and braces}") in texts
    assert (ParagraphKind.BODY, "The basket is weighed with its n plums.") in texts
    assert (ParagraphKind.HEADING, "Orchard") in [(k, t.split(" ", 1)[-1]) for k, t in texts]
    assert (ParagraphKind.BODY, "Trees grow plums.") in texts
    assert max(len(t) for _, t in texts) < 80


def test_code_text_reads_pandoc_escapes() -> None:
    assert code_text(r"\OtherTok{\textless{}{-}}\NormalTok{ a\_b }\SpecialCharTok{\^{}\{\}\textasciitilde{}}") == \
        "<- a_b ^{}~"
    assert verbatim_environments(r"\DefineVerbatimEnvironment{plain}{Verbatim}{}") == {"Highlighting": True,
                                                                                        "plain": False}
