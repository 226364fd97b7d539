"""Math operators (``\\log``, ``\\cos``, ``\\max``, ``\\bmod``) are read with the spaces TeX sets around them, and a
power on one (``\\log^2 n``, ``\\sin^2\\theta``) stays in the PDF's text: "O(n log n)" on both sides, not "O(nlogn)"
in the source against "O(n log n)" in the PDF, nor "log b" for "log² b" (the twelfth layouts round: such paragraphs
of a cryptography and a physics paper were not found in their PDFs)."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.latex.text import LatexText
from engine.document.paragraph_recall import match_tokens, paragraph_coverage

MATH = (r"the cost is $O(n\log n)$ with $J\cos k$ and $h_0\cos(\omega t)$, the largest $f_{\max}$ of "
        r"$\max_i x_i$, $x^{\log n}$ and $e^{-\sin\omega t}$, $a \bmod b$, $\exp(x)$ and $O(b\log^2 b)$ for "
        r"$\sin^2\theta$ and $\lim_{n\to\infty} a_n$ in the end")


def test_operators_are_spaced_as_typeset() -> None:
    convert = LatexText().convert
    assert convert(r"$O(n\log n)$ and $J\cos k$") == "O(n log n) and J cos k"
    assert convert(r"$f_{\max}$ and $\max_i x_i$ and $x^{\log n}$") == "fmax and maxi xi and xlog n"
    assert convert(r"$\log^2 b$, $\sin^2\theta$, $a\bmod b$, $\exp(x)$") == "log2 b, sin2 θ, a mod b, exp(x)"
    assert convert(r"$\operatorname{Tr}\rho$ and $a\operatorname{diag}(x)$") == "Tr ρ and a diag(x)"


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
def test_operators_read_alike_in_the_source_and_its_pdf(tmp_path: Path) -> None:
    words = ("We measure how the estimator behaves as the sample grows, and " + MATH + ", which we report for every "
             "size of the sample in the table below, as the method of the previous section prescribes.")
    (tmp_path / "main.tex").write_text(
        f"\\documentclass{{article}}\n\\begin{{document}}\n{words}\n\\end{{document}}\n", encoding="utf-8")
    run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tmp_path, capture_output=True,
                         text=True, timeout=180)
    assert (tmp_path / "main.pdf").is_file(), run.stdout[-2000:]
    tex, pdf = load_document(tmp_path / "main.tex"), load_document(tmp_path / "main.pdf")
    source = [p.text for p in tex.paragraphs if p.kind is ParagraphKind.BODY]
    printed = [p.text for p in pdf.paragraphs if p.kind is ParagraphKind.BODY]
    assert len(source) == len(printed) == 1, (source, printed)
    assert match_tokens(source[0]) == match_tokens(printed[0]), (source, printed)
    assert paragraph_coverage(tex, pdf).found == 1


def test_an_xspace_macro_before_a_subscript_adds_no_space(tmp_path: Path) -> None:
    """``\\upk_j`` with ``\\newcommand{\\upk}{\\ensuremath{\\mathsf{upk}}\\xspace}`` prints "upkj": the subscript makes
    the macro math, where a space is never set."""
    main = tmp_path / "main.tex"
    main.write_text("\\documentclass{article}\n\\usepackage{xspace}\n"
                    "\\newcommand{\\upk}{\\ensuremath{\\mathsf{upk}}\\xspace}\n\\begin{document}\n"
                    "The key $\\upk_j$ of user $j$ and \\upk itself, and \\upk.\n\\end{document}\n", encoding="utf-8")
    text = [p.text for p in load_document(main).paragraphs if p.kind is ParagraphKind.BODY]
    assert text == ["The key upkj of user j and upk itself, and upk."], text
