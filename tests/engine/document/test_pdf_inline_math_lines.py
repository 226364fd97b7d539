"""Inline math that cuts a line into fragments on slightly different baselines, or sets a fraction's numerator at
the column's left edge (issue 31, the layouts corpus's math-heavy dev papers, whose paragraphs came out in two or
three pieces around the math):

- "... = ∑ k=1 wkN(x, y, µk) over the data": a fragment that opens with a sum's lowered limit takes the limit's
  baseline, a little under the line's; it overlaps both halves of its line, so sorted by baseline it came after
  them and joined neither. Fragments within 0.3 font sizes of one baseline are now one row, joined left to right.
- a fraction opening a line ("ds over dt = ..."): its numerator, set small between two lines at the column's left
  edge, starts left of the rest of its line, so it was not taken for part of that line and stood as a paragraph of
  its own. The column's left edge now counts as the lines' edge.
"""

from __future__ import annotations

import textwrap
from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf
from tests.pdf_factory import sample_paragraph

SIZE = 10.0
LEFT = 72.0


def _words(page: pymupdf.Page, x: float, y: float, text: str, size: float = SIZE, font: str = "tiro") -> float:
    page.insert_text((x, y), text, fontname=font, fontsize=size)
    return x + pymupdf.get_text_length(text, fontname=font, fontsize=size)


def _page(path: Path, draw) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((LEFT, 80), "1 Mixture models", fontname="tibo", fontsize=12)
    y = 110.0
    for line in textwrap.wrap(sample_paragraph(1, 60), 112):
        _words(page, LEFT, y, line)
        y += 12
    y += 6
    y = draw(page, y)
    for line in textwrap.wrap(sample_paragraph(2, 50), 112):
        _words(page, LEFT, y, line)
        y += 12
    doc.save(path)
    return path


def _sum_line(page: pymupdf.Page, y: float) -> float:
    _words(page, LEFT + 10, y, "Each class is encoded with a mixture that defines a joint distribution of the two")
    y += 12
    x = _words(page, LEFT, y, "observed variables, written as the function P(x, y) = ")
    x = _words(page, x, y + 1, "S", 14)  # the big operator
    # the middle fragment opens with the lower limit, set back under the operator, and sits a little under the
    # line (its baseline that of its longest span); the line's rest is set back over the fragment's end
    limit = _words(page, x - 8, y + 4, "k=1", 7)
    end = _words(page, limit + 1, y + 2.9, "wkN(x, y, mk, Sk, with mean and spread,")
    _words(page, end - 8, y, "over all the data points")
    y += 12
    _words(page, LEFT, y, "of the sample, where wk is the prior weight of component k of the model.")
    return y + 18


def _fraction_line(page: pymupdf.Page, y: float) -> float:
    _words(page, LEFT + 10, y, "Let t be the square of s. Then for every positive s the root of t is s, and the change of")
    # "ds/dt = 1/2s" opening the next line: numerators raised, denominators lowered, the line's rest after them
    _words(page, LEFT + 1, y + 8.1, "ds", 7, "symb")  # set in a math (symbol) font
    _words(page, LEFT + 24, y + 8.1, "1", 7)
    x = _words(page, LEFT + 1, y + 15.4, "dt", 7)
    x = _words(page, x + 3, y + 12, "=")
    _words(page, x + 3, y + 15.4, "2", 7)
    _words(page, LEFT + 30, y + 12, "s. Each of the two terms is symmetric in s, so the integral inside the equation becomes")
    _words(page, LEFT, y + 24, "a cosine transform of the kernel over the positive half line, as stated.")
    return y + 42


def test_a_fragment_opening_with_a_lowered_limit_joins_its_line(tmp_path: Path) -> None:
    pdf = load_pdf(_page(tmp_path / "sum.pdf", _sum_line))
    para = [p for p in pdf.paragraphs if "joint distribution" in p.text]
    assert len(para) == 1 and para[0].kind is ParagraphKind.BODY
    text = para[0].text
    assert "P(x, y) =" in text and "wkN(x, y, mk, Sk, with mean and spread," in text
    assert text.index("P(x, y) =") < text.index("wkN(x") < text.index("over all the data points")
    assert text.endswith("of component k of the model.")


def test_a_numerator_at_the_column_edge_joins_its_line(tmp_path: Path) -> None:
    pdf = load_pdf(_page(tmp_path / "fraction.pdf", _fraction_line))
    para = [p for p in pdf.paragraphs if "square of s" in p.text]
    assert len(para) == 1 and para[0].kind is ParagraphKind.BODY
    text = para[0].text
    assert "ds" in text.split() and "dt" in text.split()
    assert text.endswith("over the positive half line, as stated.")
    assert not [p for p in pdf.paragraphs if p.text.strip() == "ds"]
