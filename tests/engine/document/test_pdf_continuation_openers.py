"""A paragraph broken by a column or page break is joined again when its continuation opens with a parenthesis
("(Fig 3C), even though ...", a PLOS page turn), and when an author's e-mail address, set apart at the top of the
next column (ACM's title block), stands between its parts: the address is no heading; nor is a second author set
beside the first (ACM's author grid)."""

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
    assert match.how == "similar" and len(match.candidates) == 1
    return match.candidates[0]


def test_a_continuation_opening_with_a_parenthesis_is_joined_across_a_page(tmp_path: Path) -> None:
    head = sample_paragraph(81, 60).rstrip(".") + " and it therefore produces a stationary pattern"
    tail = "(Fig 3C, middle), even though its dispersion relation does not predict so. " + sample_paragraph(82, 40)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, sample_paragraph(83, 200), width=460)
    y = set_column(page, 72, y + 300, head, width=460)
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 72, 100, tail, width=460, indent=0)
    set_column(page, 72, y + 6, sample_paragraph(84, 120), width=460)
    doc.save(tmp_path / "turn.pdf")
    assert _found_whole(tmp_path / "turn.pdf", f"{head} {tail}").kind is ParagraphKind.BODY


def test_an_email_address_at_the_top_of_a_column_is_no_heading(tmp_path: Path) -> None:
    head = sample_paragraph(85, 90).rstrip(".") + " but most of their implementations are"
    tail = "undocumented. This makes it difficult to analyze potential vulnerabilities. " + sample_paragraph(86, 40)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = set_column(page, 60, 100, sample_paragraph(87, 180))
    set_column(page, 60, y, head)
    page.insert_text((380, 100), "ada@example.org", fontname="tibo", fontsize=10)
    y = set_column(page, 322, 124, tail, indent=0)
    set_column(page, 322, y, sample_paragraph(88, 150))
    doc.save(tmp_path / "acm.pdf")
    assert _found_whole(tmp_path / "acm.pdf", f"{head} {tail}").kind is ParagraphKind.BODY
    read = load_document(tmp_path / "acm.pdf")
    assert not read.sections and next(p for p in read.paragraphs if "@" in p.text).kind is ParagraphKind.OTHER


def test_an_author_set_beside_another_in_the_title_block_is_front_matter(tmp_path: Path) -> None:
    head = sample_paragraph(105, 150).rstrip(".") + " and chiefly vary in the way they handle shared"
    tail = "state, that is, variables that several processes access. " + sample_paragraph(106, 60)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((150, 70), "Exploring Concurrent Stateless Algorithms", fontname="tibo", fontsize=14)
    authors = ((110, "Anonymous Author 1", "Anonymous Institute 1"), (370, "Anonymous Author 2", "Anonymous Institute 2"))
    for x, name, place in authors:
        page.insert_text((x, 110), name, fontname="tibo", fontsize=11)
        page.insert_text((x, 124), place, fontname="tiro", fontsize=10)
        page.insert_text((x, 136), "Dublin, Ohio", fontname="tiro", fontsize=10)
    page.insert_text((60, 170), "1 INTRODUCTION", fontname="tibo", fontsize=11)
    set_column(page, 60, 188, head)
    set_column(page, 322, 170, tail, indent=0)
    doc.save(tmp_path / "grid.pdf")
    assert _found_whole(tmp_path / "grid.pdf", f"{head} {tail}").kind is ParagraphKind.BODY
    read = load_document(tmp_path / "grid.pdf")
    assert [s.title for s in read.sections] == ["INTRODUCTION"]  # no author read as a heading
