"""A title page whose long abstract, set across the page, holds most of its text, over two columns (trial32: an MNRAS
revision's first page, its abstract lengthened by the changes, was read as one column, its two columns' lines in
turn): the paper's gutter, found on its other pages, cuts the columns under the abstract. A page of the same kind
with its abstract short, and the other pages, read as before."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.pdf.load import load_pdf

LEFT = ("Lantern eddies gather where the brackish water meets the tide, and their slow turning sets the rhythm of "
        "the harbour. We count them from the old pier at dawn and at dusk through a whole season of storms. ") * 2
RIGHT = ("Saffron buoys mark the edge of each eddy so that the counters on the pier can follow it by eye. The buoys "
         "drift with the water and are gathered again each evening by a small boat with a brass bell. ") * 2
ABSTRACT = ("The quiet harbour of the invented estuary hosts a family of slow eddies that the local guild of lantern "
            "keepers has counted for many years without a written record of the method. ") * 9


def _page(doc, abstract: str, left: str, right: str) -> None:
    page = doc.new_page(width=595, height=842)
    page.insert_textbox(pymupdf.Rect(60, 50, 535, 80), "Eddies of the Lantern Estuary", fontsize=16, fontname="hebo")
    used = page.insert_textbox(pymupdf.Rect(120, 90, 535, 560), abstract, fontsize=9.5, fontname="helv")
    top = 560 - used + 20 if used > 0 else 560
    page.insert_text((42, top), "1 INTRODUCTION", fontsize=10, fontname="tibo")
    top += 8
    page.insert_textbox(pymupdf.Rect(42, top, 282, 800), left, fontsize=9, fontname="tiro")
    page.insert_textbox(pymupdf.Rect(306, top, 546, 800), right, fontsize=9, fontname="tiro")


def _paper(path: Path, abstract: str) -> Path:
    doc = pymupdf.open()
    _page(doc, abstract, LEFT, RIGHT)
    words = (LEFT + RIGHT).split()
    for k in range(3):  # ordinary two-column pages, each its own text (repeated lines are running heads): the gutter
        page = doc.new_page(width=595, height=842)
        for x, shift in ((42, 7 * k + 3), (306, 11 * k + 5)):
            text = " ".join(words[(i * shift) % len(words)] for i in range(420))
            page.insert_textbox(pymupdf.Rect(x, 60, x + 240, 800), text, fontsize=9, fontname="tiro")
    doc.save(path)
    return path


def _first_page_body(path: Path) -> list[str]:
    return [p.text for p in load_pdf(path).paragraphs if p.page == 1 and p.text.startswith(("Lantern", "Saffron"))]


def test_the_columns_under_a_long_abstract_are_read_apart(tmp_path: Path) -> None:
    body = _first_page_body(_paper(tmp_path / "long.pdf", ABSTRACT))
    assert any(t.startswith("Lantern eddies gather") and "Saffron" not in t for t in body)
    assert any(t.startswith("Saffron buoys mark") and "Lantern" not in t for t in body)


def test_a_short_abstract_reads_as_before(tmp_path: Path) -> None:
    body = _first_page_body(_paper(tmp_path / "short.pdf", ABSTRACT[:400]))
    assert any(t.startswith("Lantern eddies gather") and "Saffron" not in t for t in body)
