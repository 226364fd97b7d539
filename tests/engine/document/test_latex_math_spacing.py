"""Inline math reads as TeX prints it (issue 31, the layouts corpus's math-heavy dev papers: paragraphs missed by a
few words whose math the two readers spaced apart). TeX ignores spaces typed in math ("$c_i q_i$" prints "ciqi"), a
prime after a subscript is set over it ("$q_i'$" reads "q′ i"), ``\\ne`` prints "≠" between its two sides and
``\\tfrac`` is a fraction. The LaTeX reader's text for such math now gives the words PyMuPDF reads from the PDF
typeset here; the prose around it, and the words of a text box, keep their spaces."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document.latex.load import load_latex
from engine.document.latex.text import LatexText
from engine.document.paragraph_recall import match_tokens
from engine.document.pdf.load import load_pdf
from tests.optional import has_tex, typeset

CASES = [
    ("Primes: the quotient $q_i'(X)$ and the key $upk_i'$ and $v'_i$ hold.", "q' i(X)", "upk' i"),
    ("Unequal: the case $i\\ne j$ and $u_i \\neq u_i'$ hold.", "i≠j", "ui ≠u' i"),
    ("Ratios: the ratio $\\tfrac{a}{b}$ and $\\dfrac{1}{2}$ hold.", "a/b", "1/2"),
    ("Sums: the total $\\sum_{j\\in J} a_j p_j(Y)$ and $\\sum_{i=1}^{N} w_{k}$ hold.", "∑j∈J ajpj(Y)", "∑N i=1 wk"),
    ("Boxes: the words $x \\text{ for all } y$ and $a \\quad b$ hold.", "x for all y", "a b"),
    ("Stacks: the scripts $\\phi^A_i x$ and $\\theta_{i,j}^{\\ell,k} y$ hold.", "φA i x", "θl,k i,j y"),
    ("Products: the terms $N_L N_R$ and $\\delta_{AB} \\delta_{ij}$ and $f_1 f_2$ hold.", "NLNR", "δABδij"),
    ("Letters: the change $\\delta m$ and $\\mathbf{f} x$ and $e^{i n \\omega t}$ and $2 \\pi r$ hold.", "fx", "einωt"),
    ("Powers: the power $x^{2} y$ and $\\frac{a}{b} c$ and $\\sqrt{x} y$ hold.", "x2y", "a/b c"),
]


def test_inline_math_reads_as_typeset() -> None:
    convert = LatexText().convert
    for source, *printed in CASES:
        text = convert(source)
        for piece in printed:
            assert piece in text, (source, text)


def test_prose_read_into_math_keeps_its_spaces() -> None:
    """A ``$`` read wrongly takes prose into a formula: its words are never run together."""
    convert = LatexText().convert
    assert convert("Costs $5 and more words here$ today.") == "Costs 5 and more words here today."
    assert convert("a formula $x \\text{if and only if} y$ here") == "a formula x if and only if y here"


@pytest.mark.skipif(not has_tex("amsmath.sty"), reason="needs pdflatex and amsmath")
def test_each_formula_gives_the_words_its_pdf_gives(tmp_path: Path) -> None:
    prose = ("The sections below state each result with its formula set inline, as the text of a paper does, and "
             "every formula sits in a sentence of its own so that the two readings can be set side by side.")
    body = "\n\n".join([prose] + [source for source, *_ in CASES])
    pdf_path = typeset(tmp_path, "\\documentclass{article}\n\\usepackage{amsmath,amssymb}\n"
                       "\\setlength{\\parskip}{12pt}\n\\begin{document}\n\\section{Results}\n" + body
                       + "\n\\end{document}\n")
    source = load_latex(tmp_path / "main.tex")
    pdf_words = [w for p in load_pdf(pdf_path).paragraphs for w in match_tokens(p.text)]
    body = [p for p in source.paragraphs if p.kind.value == "body"]
    for paragraph in body:
        words = match_tokens(paragraph.text)
        # the source paragraph's words run unbroken, in order, through the PDF's words
        assert any(pdf_words[i:i + len(words)] == words for i in range(len(pdf_words))), (paragraph.text, pdf_words)
    assert len(body) == len(CASES) + 1
