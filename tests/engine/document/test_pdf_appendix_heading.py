"""An appendix after the references, under a lettered heading of more than ten words (llncs: a long title after
the letter, set bold and larger than the text), ends the bibliography: its paragraphs are body, not reference entries.
A sentence that opens with "A" in the text's own size is still no heading."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind, load_document
from tests.pdf_columns import set_column
from tests.pdf_factory import sample_paragraph

TITLE = "A Closed Form for the Derivative of a Product of Linear Factors at Zeros"


def _paper(path: Path, title_font: str, title_size: float) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 90), "1 Introduction", fontname="tibo", fontsize=12)
    y = set_column(page, 72, 112, sample_paragraph(171, 120), width=460)
    page.insert_text((72, y + 14), "References", fontname="tibo", fontsize=12)
    y += 36
    for n in range(1, 5):
        entry = f"{n}. Author, A., Writer, B.: " + sample_paragraph(171 + n, 14).rstrip(".") + f". Journal {n} (2020)"
        page.insert_text((72, y), entry, fontname="tiro", fontsize=9)
        y += 12
    page.insert_text((72, y + 20), TITLE, fontname=title_font, fontsize=title_size)
    y = set_column(page, 72, y + 44, sample_paragraph(181, 90), width=460)
    set_column(page, 72, y, sample_paragraph(182, 90), width=460)
    doc.save(path)


def test_a_long_lettered_appendix_heading_ends_the_references(tmp_path: Path) -> None:
    _paper(tmp_path / "appendix.pdf", "tibo", 12)
    read = load_document(tmp_path / "appendix.pdf")
    assert [s.title for s in read.sections][-1] == TITLE[2:]
    after = [p for p in read.paragraphs if p.text.startswith(sample_paragraph(181, 90)[:40])]
    assert after and after[0].kind is ParagraphKind.BODY


def test_a_sentence_opening_with_a_set_in_the_text_size_is_no_heading(tmp_path: Path) -> None:
    _paper(tmp_path / "sentence.pdf", "tiro", 10)
    read = load_document(tmp_path / "sentence.pdf")
    assert TITLE[2:] not in [s.title for s in read.sections]
