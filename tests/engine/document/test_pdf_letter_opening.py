"""A letter with no section title on page 1 (REVTeX's PRL style sets run-in paragraph titles, so the first
title the PDF reader knows comes pages later): the text after the abstract is the paper's opening, body
text, where everything on page 1 before the first section used to be front matter (labelled other)."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_factory import make_paper_pdf, sample_paragraph

ABSTRACT = sample_paragraph(40, 90)
OPENING = [sample_paragraph(41 + i, 150) for i in range(5)]
METHODS = [sample_paragraph(50 + i, 120) for i in range(3)]


def test_the_opening_after_the_abstract_is_body_when_no_section_title_is_on_page_1(tmp_path: Path) -> None:
    path = tmp_path / "letter.pdf"
    layout = make_paper_pdf(path, title="Thermodynamic Geometry of Phase Transitions", abstract=ABSTRACT,
                            abstract_label=False, first_heading=False,
                            sections=[("Opening", OPENING), ("Methods", METHODS)])
    assert layout.page_count >= 2 and layout.placements[OPENING[0]][0][0] == 1
    doc = load_document(path)
    assert [s.title for s in doc.sections] == ["Methods"] and doc.paragraphs[
        next(i for i, p in enumerate(doc.paragraphs) if p.kind is ParagraphKind.HEADING)].page >= 2
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(OPENING + METHODS)])
    coverage = paragraph_coverage(source, doc)
    assert (coverage.found, coverage.total) == (len(OPENING) + len(METHODS),) * 2
    assert all(c.kind is ParagraphKind.BODY for m in coverage.matches for c in m.candidates)
    title = next(p for p in doc.paragraphs if p.text.startswith("Thermodynamic Geometry"))
    assert title.kind is ParagraphKind.OTHER
    assert doc.abstract.startswith(ABSTRACT[:40])
