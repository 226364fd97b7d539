"""A bibliography with no heading over it, as REVTeX sets one under the text's last lines or after an
ACKNOWLEDGMENTS heading: its entries ("[1] A. Author, ...") are references, not body paragraphs, and a
paragraph broken around them is joined again."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_factory import make_paper_pdf, sample_paragraph

RESULTS = [sample_paragraph(70 + i, 110) for i in range(4)]
THANKS = "We thank the reviewers for their careful reading. " + sample_paragraph(80, 30)
ENTRIES = [f"[{i}] A. Author{i} and B. Writer, A study of things number {i}, Journal of Studies {i}, 1{i}0 (2020)."
           for i in range(1, 7)]


def test_a_bibliography_with_no_heading_is_references_not_body(tmp_path: Path) -> None:
    path = tmp_path / "letter.pdf"
    make_paper_pdf(path, abstract=sample_paragraph(60, 80),
                   sections=[("Results", RESULTS), ("Acknowledgments", [THANKS, *ENTRIES])])
    doc = load_document(path)
    refs = [p for p in doc.paragraphs if p.text.startswith("[")]
    assert [p.text[:3] for p in refs] == [e[:3] for e in ENTRIES]
    assert all(p.kind is ParagraphKind.REFERENCE for p in refs)
    thanks = next(p for p in doc.paragraphs if p.text.startswith("We thank"))
    assert thanks.kind is ParagraphKind.BODY
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(RESULTS + [THANKS])])
    coverage = paragraph_coverage(source, doc)
    assert coverage.found == coverage.total == len(RESULTS) + 1
    assert all(c.kind is ParagraphKind.BODY for m in coverage.matches for c in m.candidates)


def _column(page: pymupdf.Page, x: float, y: float, text: str, width: float = 230.0) -> float:
    """Set ``text`` in 10 pt Times lines of a column ``width`` wide from baseline ``y``; return the next baseline."""
    font, line = pymupdf.Font("tiro"), []
    for word in text.split() + [None]:
        if word is None or line and font.text_length(" ".join(line + [word]), fontsize=10) > width:
            page.insert_text((x, y), " ".join(line), fontname="tiro", fontsize=10)
            y, line = y + 12, []
        if word is not None:
            line.append(word)
    return y + 3


def test_a_paragraph_broken_around_a_bibliography_with_no_heading_is_joined(tmp_path: Path) -> None:
    """REVTeX's last page: the text ends in the right column above the bibliography, so in reading order the
    left column's entries come between a paragraph's start (the page before) and its end."""
    opening = sample_paragraph(71, 260)
    split = opening.rindex(" ", 0, len(opening) * 2 // 3)
    head, tail = opening[:split], opening[split + 1:].rstrip(".") + " and so on."
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _column(page, 60, 80, sample_paragraph(72, 150))
    _column(page, 60, y, sample_paragraph(73, 150))
    y = _column(page, 322, 80, sample_paragraph(74, 120))
    _column(page, 322, y, head)  # the page ends inside this paragraph
    page = doc.new_page(width=612, height=792)
    y = 400
    for entry in ENTRIES:
        y = _column(page, 60, y, entry)
    _column(page, 322, 80, tail)
    y = 400
    for i in range(7, 12):
        y = _column(page, 322, y, f"[{i}] C. Author{i}, Another study, Letters {i}, {i}0 (2021).")
    doc.save(tmp_path / "letter.pdf")
    paragraphs = load_document(tmp_path / "letter.pdf").paragraphs
    assert [p.text for p in paragraphs if p.kind is ParagraphKind.REFERENCE][:3] == ENTRIES[:3]
    source = Document(paragraphs=[Paragraph(paragraph_id(0), opening.rstrip(".") + " and so on.")])
    match = paragraph_coverage(source, load_document(tmp_path / "letter.pdf")).matches[0]
    assert match.how == "similar" and match.candidates[0].kind is ParagraphKind.BODY


def test_two_bracketed_items_in_the_text_stay_body(tmp_path: Path) -> None:
    items = [f"[{i}] " + sample_paragraph(90 + i, 40) for i in (1, 2)]
    path = tmp_path / "items.pdf"
    make_paper_pdf(path, abstract=sample_paragraph(61, 80), sections=[("Method", [RESULTS[0], *items, RESULTS[1]])])
    doc = load_document(path)
    found = [p for p in doc.paragraphs if p.text.startswith(("[1]", "[2]"))]
    assert len(found) == 2 and all(p.kind is ParagraphKind.BODY for p in found)
