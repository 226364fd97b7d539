"""A paragraph cut at a column's foot runs on past a float set at the top of the next column: when the table's
bold header row or row labels under its caption would pass for headings (they are no headings, and the paragraph
is not closed by them), and when the table's cells are read as body (the continuation goes back to the paragraph, not to the
cells), even when it opens with a capital ("... As discussed in" | table | "Section 3.2, the ...")."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_columns import set_column
from tests.pdf_factory import sample_paragraph


def _found_whole(path: Path, paragraph: str) -> Paragraph:
    doc = load_document(path)
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), paragraph)]), doc).matches[0]
    assert match.how == "similar" and match.score > 0.95 and len(match.candidates) == 1
    return match.candidates[0]


def _paper(tmp_path: Path, head: str, tail: str, table) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, sample_paragraph(111, 170))
    y = set_column(page, 60, y, sample_paragraph(112, 100))
    set_column(page, 60, y, head)
    y = table(page)
    y = set_column(page, 322, y + 30, tail, indent=0)
    set_column(page, 322, y, sample_paragraph(113, 150))
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, sample_paragraph(114, 300))
    set_column(page, 322, 100, sample_paragraph(115, 300))
    path = tmp_path / "paper.pdf"
    doc.save(path)
    return path


def test_a_tables_bold_header_row_is_no_heading_and_the_paragraph_runs_on(tmp_path: Path) -> None:
    head = sample_paragraph(116, 80).rstrip(".") + " a measure of the time won and the time lost that"
    tail = "our scheduler brings about. Table 4 lists the time each choice of the rule wins."

    def table(page: pymupdf.Page) -> float:
        page.insert_text((322, 100), "Table 4. Time won (plus) and time lost (minus) by each choice.",
                         fontname="tiro", fontsize=8.5)
        page.insert_text((332, 120), "Choice     Won (+) or Lost (-)", fontname="tibo", fontsize=10)
        for row, (name, value) in enumerate([("Edge", "+1393s"), ("GPU1", "-440s"), ("GPU2", "-257s")]):
            page.insert_text((340, 134 + 12 * row), name, fontname="tiro", fontsize=10)
            page.insert_text((450, 134 + 12 * row), value, fontname="tiro", fontsize=10)
        return 163.0

    path = _paper(tmp_path, head, tail, table)
    assert _found_whole(path, f"{head} {tail}").kind is ParagraphKind.BODY
    assert not any(p.kind is ParagraphKind.HEADING and "Won" in p.text for p in load_document(path).paragraphs)


def test_a_continuation_in_capitals_goes_back_to_the_paragraph_not_to_table_cells(tmp_path: Path) -> None:
    head = sample_paragraph(117, 80).rstrip(".") + " in this count every write is taken to work the first time. As said in"
    tail = "Section 3.2, the settings are picked so that a second try is almost never required."

    def table(page: pymupdf.Page) -> float:
        page.insert_text((450, 100), "US (3)   World (4)", fontname="tiro", fontsize=8)
        page.insert_text((346, 114), "Fetch a stored login (s)", fontname="tiro", fontsize=10)
        page.insert_text((346, 126), "Create a new user (s)", fontname="tiro", fontsize=10)
        page.insert_text((505, 114), "3.79 (0.04)", fontname="tiro", fontsize=10)
        page.insert_text((505, 126), "5.74 (0.04)", fontname="tiro", fontsize=10)
        return set_column(page, 322, 150, "Table 2: Time in seconds that a user would experience, averages of ten.",
                       indent=0)

    path = _paper(tmp_path, head, tail, table)
    assert _found_whole(path, f"{head} {tail}").kind is ParagraphKind.BODY


def test_a_header_row_above_cells_and_caption_under_the_table_is_no_heading(tmp_path: Path) -> None:
    # the caption set under the table (USENIX, ACM): the header row comes first in the column, before any caption
    head = sample_paragraph(118, 80).rstrip(".") + " each of the three readers keeps its own copy of the"
    tail = "counter while it waits, so no reader sees a value that another has not yet written back."

    def table(page: pymupdf.Page) -> float:
        page.insert_text((340, 100), "Reader      Why it waits", fontname="tibo", fontsize=10)
        for row, (name, value) in enumerate([("first", "Holds the lock"), ("second", "Reads the log"),
                                             ("third", "Sleeps")]):
            page.insert_text((340, 116 + 12 * row), name, fontname="tiro", fontsize=10)
            page.insert_text((410, 116 + 12 * row), value, fontname="tiro", fontsize=10)
        return set_column(page, 340, 166, "Table 2: Why each reader waits.", indent=0)

    path = _paper(tmp_path, head, tail, table)
    assert _found_whole(path, f"{head} {tail}").kind is ParagraphKind.BODY
    assert not any(p.kind is ParagraphKind.HEADING and "waits" in p.text for p in load_document(path).paragraphs)
