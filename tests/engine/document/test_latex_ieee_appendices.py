"""IEEEtran's ``\\appendices`` letters the sections after it (issue 31, the LaTeX side; fix71 saw a ``\\cref`` to an
appendix read as "section III"): a ``\\ref`` prints "A", a subsection under it "A-A" (as "II-A" before it), a lemma
numbered within sections "A.1", and cleveref's "section A"; the ``romanappendices`` option numbers them "I", "II".
Checked against the PDF typeset here when pdflatex, IEEEtran and cleveref are present."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

SOURCE = r"""\documentclass[journal]{IEEEtran}
\usepackage{amsthm}
\usepackage{hyperref}
\usepackage{cleveref}
\newtheorem{lemma}{Lemma}[section]
\begin{document}
\section{Introduction}\label{sec:intro}
The first section refers to the proof in \cref{app:proof} and \Cref{app:more}, to \ref{app:proof} and
\ref{app:sub}, to \cref{app:sub}, to \cref{lem:a} and \ref{lem:a}, then to \cref{sec:method} and \ref{sec:part}.
\section{Method}\label{sec:method}
Plain text of the method section.
\subsection{A part of it}\label{sec:part}
More text of the method section.
\appendices
\section{Proof of the bound}\label{app:proof}
\begin{lemma}\label{lem:a}
A lemma.
\end{lemma}
\subsection{A part}\label{app:sub}
Text of the first appendix.
\section{More results}\label{app:more}
Text of the second appendix.
\end{document}
"""
EXPECTED = ("The first section refers to the proof in section A and Section B, to A and A-A, to section A-A, to lemma "
            "A.1 and A.1, then to section II and II-A.")


def _first(tmp_path: Path, source: str) -> str:
    (tmp_path / "main.tex").write_text(source, encoding="utf-8")
    return next(p.text for p in load_latex(tmp_path / "main.tex").paragraphs if p.kind.value == "body")


def test_the_appendices_are_lettered(tmp_path: Path) -> None:
    assert _first(tmp_path, SOURCE) == EXPECTED


def test_roman_appendices(tmp_path: Path) -> None:
    first = _first(tmp_path, SOURCE.replace("[journal]", "[journal,romanappendices]"))
    assert first.startswith("The first section refers to the proof in section I and Section II, to I and I-A,"), first


def test_appendices_is_read_only_for_ieeetran(tmp_path: Path) -> None:
    """Outside IEEEtran ``\\appendices`` is no command the reader numbers by (the article class has none)."""
    first = _first(tmp_path, SOURCE.replace("[journal]{IEEEtran}", "{article}"))
    assert first.startswith("The first section refers to the proof in section 3 and Section 4, to 3 and 3.1,"), first


@pytest.mark.skipif(not has_tex("IEEEtran.cls", "amsthm.sty", "hyperref.sty", "cleveref.sty"),
                    reason="needs pdflatex, IEEEtran and cleveref")
def test_the_references_read_as_their_pdf(tmp_path: Path) -> None:
    pdf_path = typeset(tmp_path, SOURCE, runs=2)
    pdf_text = " ".join(w for p in load_pdf(pdf_path).paragraphs for w in match_tokens(p.text))
    assert " ".join(match_tokens(EXPECTED)) in pdf_text, pdf_text
