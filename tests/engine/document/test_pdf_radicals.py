"""A square root's sign, which TeX sets on a baseline of its own above its radicand, is read into the line of its
radicand: the paragraph it stands in is not cut there (the sign stood as a line of its own), and the LaTeX
reader prints ``\\sqrt{2}`` as the PDF does, "√2", not "√(2)" (the twelfth layouts round: paragraphs of REVTeX
papers with roots in the running text were cut in two)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.latex.text import LatexText
from engine.document.paragraph_recall import paragraph_coverage

TEXT = ("The map sends the uncertainty bound $\\sigma_x \\sigma_k \\geq 1/2$ onto the half-widths "
        "$a = \\sqrt{2}\\sigma_x$, $b = \\sqrt{2}\\sigma_k$ of an ellipse whose area in phase space is "
        "$A = \\pi a b$, and the spread of the positions at the anode is "
        "$\\sqrt{2DZ}$ with $D$ the diffusion coefficient and $Z$ the drift length, which we measure for every run "
        "of the detector in the two gas mixtures that the experiment compares, $s = \\sqrt{t}$ for the time $t$.")


def test_the_latex_reader_prints_a_root_as_typeset() -> None:
    assert LatexText().convert(r"$\Delta q = \sqrt{2}\sigma_q$ and $s=\sqrt{t}$") == "Δq = √2σq and s=√t"


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
@pytest.mark.parametrize("options", ["", "twocolumn"])
def test_a_paragraph_with_roots_is_read_whole(tmp_path: Path, options: str) -> None:
    body = f"{TEXT}\n\n{TEXT.replace('The map sends', 'The second map takes')}"
    (tmp_path / "main.tex").write_text(
        f"\\documentclass[{options}]{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n", encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    pdf = load_document(tmp_path / "main.pdf")
    body_paragraphs = [p.text for p in pdf.paragraphs if p.kind is ParagraphKind.BODY]
    assert len(body_paragraphs) == 2, body_paragraphs
    coverage = paragraph_coverage(load_document(tmp_path / "main.tex"), pdf)
    assert coverage.found == coverage.total == 2, [(m.score, m.reference.text) for m in coverage.misses]
