"""IEEEtran's numbers as its class file prints them (issue 31, the layouts corpus's IEEE dev papers): a
subsubsection is "III-A2" (``\\thesubsubsection`` runs the number into the subsection's letter), and with the
``compsoc`` option every number is arabic, as in the article class ("Section 2.1", "Table 1"), where the LaTeX
reader printed "III-A-2", "Section II-A" and "Table I": a paragraph citing them was missed against its PDF.
Checked against the PDF typeset here when IEEEtran is installed."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

BODY = (
    "\\section{Intro}\nThe introduction says what the paper is about and why the method matters here.\n"
    "\\section{Method}\\label{sec:m}\n\\subsection{Setup}\\label{sec:s}\n\\subsubsection{Data}\\label{sec:d}\n"
    "\\begin{table}[h]\\caption{Rates}\\label{tab:r}\\centering\\begin{tabular}{c}1\\\\\\end{tabular}\\end{table}\n"
    "The sections below revisit Section~\\ref{sec:m}, Section~\\ref{sec:s} and Section~\\ref{sec:d}, and the rates "
    "of Table~\\ref{tab:r}, one after another.\n"
)


def _first_citing(tmp_path: Path, options: str) -> str:
    main = tmp_path / "main.tex"
    main.write_text(f"\\documentclass[{options}]{{IEEEtran}}\n\\begin{{document}}\n{BODY}\\end{{document}}\n",
                    encoding="utf-8")
    return next(p.text for p in load_latex(main).paragraphs if p.text.startswith("The sections below"))


def test_ieeetran_subsubsection_and_compsoc_numbers(tmp_path: Path) -> None:
    assert "Section II, Section II-A and Section II-A1, and the rates of Table I," in _first_citing(tmp_path, "conference")
    assert "Section 2, Section 2.1 and Section 2.1.1, and the rates of Table 1," in _first_citing(
        tmp_path, "10pt,journal,compsoc")


@pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="needs pdflatex and IEEEtran")
@pytest.mark.parametrize("options", ["conference", "10pt,journal,compsoc"])
def test_the_citing_paragraph_reads_as_its_pdf(tmp_path: Path, options: str) -> None:
    text = _first_citing(tmp_path, options)
    pdf_path = typeset(tmp_path, (tmp_path / "main.tex").read_text(encoding="utf-8"), runs=2)
    pdf_words = " ".join(w for p in load_pdf(pdf_path).paragraphs for w in match_tokens(p.text))
    assert " ".join(match_tokens(text)) in pdf_words, (text, pdf_words)
