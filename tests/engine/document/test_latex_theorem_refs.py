"""A reference to a theorem-like environment prints its own number and name (issue 31, the LaTeX side; trial21 saw a
``\\cref`` to a theorem read as "section 1.6"): ``\\newtheorem`` counters within sections and shared, cleveref's
names (``\\cref`` lower case, ``\\Cref`` capitalised; a type cleveref does not know by its ``\\newtheorem``
title), a name the source sets with ``\\crefname`` (for a theorem and for a figure), hyperref's ``\\autoref`` (named by
the counter: a lemma on the theorem counter is "Theorem", a counter without an ``\\...autorefname`` prints the
number alone), and a starred (unnumbered) theorem. Checked against the PDF typeset here
when pdflatex, hyperref and cleveref are present."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.latex.theorems import read_crefnames, read_theorems
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

SOURCE = r"""\documentclass{article}
\usepackage{amsthm}
\usepackage{hyperref}
\usepackage{cleveref}
\newtheorem{theorem}{Theorem}[section]
\newtheorem{lemma}[theorem]{Lemma}
\newtheorem{prop}{Proposition}
\newtheorem{conj}{Conjecture}
\newtheorem*{claim}{Claim}
\crefname{prop}{prop.}{props.}
\crefname{figure}{Figure}{Figures}
\newcommand{\conjautorefname}{Conjecture}
\begin{document}
\section{Setting}
The first section sets the scene for the results that follow in the next one.
\section{Results}
\begin{theorem}[Main]\label{thm:main}
Every bounded sequence of the space has a convergent subsequence in the weak topology.
\end{theorem}
\begin{lemma}\label{lem:aux}
The unit ball of the space is closed in the weak topology of the dual pair.
\end{lemma}
\begin{prop}\label{prop:one}
The map is continuous.
\end{prop}
\begin{conj}\label{conj:one}
The bound is sharp.
\end{conj}
\begin{figure}[h]\centering\rule{2cm}{1cm}\caption{The unit ball.}\label{fig:ball}\end{figure}
We prove \cref{thm:main} from \Cref{lem:aux} and \cref{prop:one}; \autoref{thm:main} also
needs \cref{fig:ball}, \Cref{prop:one} and \ref{lem:aux}, as \Cref{conj:one} suggests in the end;
\autoref{lem:aux}, \autoref{prop:one} and \autoref{conj:one} follow.
\end{document}
"""


def _body(tmp_path: Path) -> list[str]:
    (tmp_path / "main.tex").write_text(SOURCE, encoding="utf-8")
    return [p.text for p in load_latex(tmp_path / "main.tex").paragraphs if p.kind.value == "body"]


def test_the_declarations_are_read() -> None:
    theorems = read_theorems(SOURCE)
    assert set(theorems) == {"theorem", "lemma", "prop", "conj"}  # the starred claim has no number
    assert theorems["lemma"].counter == "theorem" and theorems["lemma"].within == "section"
    assert theorems["prop"].counter == "prop" and theorems["prop"].within is None
    assert read_crefnames(SOURCE) == {("cref", "prop"): "prop.", ("cref", "figure"): "Figure",
                                      ("autoref", "conj"): "Conjecture"}


def test_references_print_the_theorem_name_and_number(tmp_path: Path) -> None:
    last = _body(tmp_path)[-1]
    assert last.startswith("We prove theorem 2.1 from Lemma 2.2 and prop. 1; Theorem 2.1 also needs Figure 1, "
                           "Prop. 1 and 2.2, as Conjecture 1 suggests in the end; Theorem 2.2, 1 and Conjecture 1 follow."), last


@pytest.mark.skipif(not has_tex("amsthm.sty", "hyperref.sty", "cleveref.sty"), reason="needs pdflatex and cleveref")
def test_the_references_read_as_their_pdf(tmp_path: Path) -> None:
    last = _body(tmp_path)[-1]
    pdf_path = typeset(tmp_path, SOURCE, runs=2)
    pdf_text = " ".join(w for p in load_pdf(pdf_path).paragraphs for w in match_tokens(p.text))
    assert " ".join(match_tokens(last)) in pdf_text, (last, pdf_text)
