"""A subscript and a superscript on one base are read as the PDF prints them: TeX sets them one over the other
and the superscript's glyphs come first, so ``\\theta_{i,j}^{\\ell,k}`` reads "θℓ,k i,j" in a typeset PDF and the
LaTeX reader gives the same order (issue 31: such paragraphs of a REVTeX paper were not found in its PDF)."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, Paragraph
from engine.document.latex.load import load_latex
from engine.document.latex.text import LatexText
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage


def test_sub_and_superscript_read_superscript_first_either_way_round() -> None:
    convert = LatexText().convert
    assert convert(r"$\theta_{i,j}^{\ell,k}$") == "θl,k i,j"  # (ℓ folded by NFKC, as the matcher folds it)
    assert convert(r"$\phi^L_i$") == "φL i"
    # TeX ignores the typed space in "$N_L N_R$": a PDF reads "NLNR" (math15, mathspace.tighten)
    assert convert(r"$\mu_f^2$ and $x_i$ and $y^2$ and $N_L N_R$") == "μ2 f and xi and y2 and NLNR"
    assert convert(r"$\sum_{i=1}^{N} w_{k}$") == "∑N i=1 wk"


def test_a_paragraph_with_scripts_matches_its_pdf_text(tmp_path: Path) -> None:
    main = tmp_path / "main.tex"
    main.write_text(
        "\\documentclass{article}\n\\begin{document}\n"
        "with $\\varepsilon^A_i$ the levels of $\\hat{h}^A$. It follows that "
        "$\\langle \\phi^A_i | \\phi^B_j \\rangle = \\delta_{AB} \\delta_{ij}$ because the two families of states sit "
        "far apart, never overlap, and each solves its own problem.\n\\end{document}\n",
        encoding="utf-8",
    )
    source = load_latex(main)
    # the text PyMuPDF reads from the typeset paragraph
    pdf = ("with εA i the levels of ĥA. It follows that ⟨ϕA i |ϕB j ⟩ = δABδij because the two families of states sit "
           "far apart, never overlap, and each solves its own problem.")
    coverage = paragraph_coverage(source, Document(paragraphs=[Paragraph(paragraph_id(0), pdf)]))
    assert coverage.found == 1, coverage.misses
