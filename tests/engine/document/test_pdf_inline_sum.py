"""An inline sum with its limits set one above the other ("∑" with "N" over "g=1") in the middle of a line
(issue 31, the layouts corpus's gmmreport: the line was cut at the sum, its first half read as a paragraph of
its own, labelled other). The lower limit starts left of where the upper one ends, so the line's two
fragments overlap; they are still one line."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf
from tests.pdf_factory import sample_paragraph

SIZE = 10.0


def _words(page: pymupdf.Page, x: float, y: float, text: str, size: float = SIZE) -> float:
    page.insert_text((x, y), text, fontname="tiro", fontsize=size)
    return x + pymupdf.get_text_length(text, fontname="tiro", fontsize=size)


def _paper(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "1 Mixture models", fontname="tibo", fontsize=12)
    y = 110.0
    for line in _lines(sample_paragraph(1, 60), 90):
        _words(page, 72, y, line)
        y += 12
    y += 6
    # "... (with constraints ∑_{g=1}^{N} w_g = 1, w_g ≥ 0), and N(x|µ, Σ) is ..."
    x = _words(page, 72, y, "where x is a vector, wg is the weight for component g (with constraints ")
    _words(page, x, y + 1, "S", 14)  # the big operator, a little lower and larger
    top = _words(page, x + 9, y - 4, "NG", 7)  # upper limit, right of the sum's top
    _words(page, x + 8, y + 3, "g=1", 7)  # lower limit, starts left of where the upper one ends
    _words(page, max(top, x + 19) + 2, y, "wg = 1, wg > 0), and a density.")
    y += 12
    for line in _lines(sample_paragraph(2, 50), 90):
        _words(page, 72, y, line)
        y += 12
    doc.save(path)
    return path


def _lines(text: str, width: int) -> list[str]:
    out, line = [], ""
    for word in text.split():
        if len(line) + len(word) + 1 > width:
            out.append(line)
            line = word
        else:
            line = f"{line} {word}".strip()
    return out + [line]


def test_a_line_with_an_inline_sum_is_one_line_of_its_paragraph(tmp_path: Path) -> None:
    pdf = load_pdf(_paper(tmp_path / "sum.pdf"))
    with_sum = [p for p in pdf.paragraphs if "constraints" in p.text]
    assert len(with_sum) == 1
    para = with_sum[0]
    assert para.kind is ParagraphKind.BODY
    assert para.text.startswith("where x is a vector, wg is the weight for component g (with constraints")
    assert "g=1 wg = 1, wg > 0), and a density." in para.text
