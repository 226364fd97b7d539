"""IEEEtran's journal layout (issue 31): a revised IEEE Transactions paper had half its body paragraphs,
the introduction's among them, labelled ``other``. Its section titles are small capitals (most of their
characters 2 pt under the body size, so they passed for small print), its subsection titles italic, its first
paragraph opens with a drop cap, and unnumbered affiliation notes close page 1's first column. With no section
title found, everything on page 1 before the next heading the reader knew ("REFERENCES") was front matter."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_factory import sample_paragraph
from tests.pdf_ieee import make_ieee_journal_pdf

OPENING = "Respiratory motion causes artefacts and loss of resolution in the thoracic region. " + sample_paragraph(1, 120)
SECTIONS = [
    ("Introduction", [("", [OPENING, sample_paragraph(2, 90)])]),
    ("Swarm Programming", [
        ("", [sample_paragraph(3, 80)]),
        ("Rise of the Swarm", [sample_paragraph(4, 150), sample_paragraph(5, 100)]),
        ("Swarm Compilers", [sample_paragraph(6, 200)]),
    ]),
    ("Conclusion", [("", [sample_paragraph(7, 150), sample_paragraph(8, 120)])]),
]
NOTES = [
    "T. Menzies is with Computer Science, North Carolina State University, USA, e-mail: tim@menzies.us.",
    "J. Whitehead is with the Department of Computational Media, University of California, Santa Cruz, USA.",
]
REFERENCES = ["T. Menzies and J. Whitehead, Software engineering in 2050, in Proc. FSE, 2016.",
              "A. Author, A paper about swarms, IEEE Trans. Softw. Eng., vol. 1, 2020."]


@pytest.fixture(scope="module")
def ieee(tmp_path_factory: pytest.TempPathFactory) -> Document:
    path = tmp_path_factory.mktemp("ieee") / "journal.pdf"
    make_ieee_journal_pdf(path, title="Software Engineering in 2050", sections=SECTIONS, affiliations=NOTES,
                          references=REFERENCES)
    return load_document(Path(path))


def test_every_body_paragraph_is_found_and_labelled_body(ieee: Document) -> None:
    texts = [t for _, parts in SECTIONS for _, paragraphs in parts for t in paragraphs]
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(texts)])
    coverage = paragraph_coverage(source, ieee)
    assert (coverage.found, coverage.total) == (8, 8)
    assert all(c.kind is ParagraphKind.BODY for m in coverage.matches for c in m.candidates)
    assert [p.page for p in ieee.paragraphs if p.kind is ParagraphKind.BODY][:4] == [1, 1, 1, 1]


def test_small_caps_sections_and_italic_subsections_are_headings(ieee: Document) -> None:
    assert [(s.title, s.level) for s in ieee.sections] == [
        ("INTRODUCTION", 1), ("SWARM PROGRAMMING", 1), ("Rise of the Swarm", 2), ("Swarm Compilers", 2),
        ("CONCLUSION", 1), ("REFERENCES", 1),
    ]
    assert [p.kind for p in ieee.paragraphs if p.text == "REFERENCES"] == [ParagraphKind.HEADING]
    assert sum(p.kind is ParagraphKind.REFERENCE for p in ieee.paragraphs) == 2


def test_drop_cap_opens_the_first_paragraph(ieee: Document) -> None:
    first = next(p for p in ieee.paragraphs if p.kind is ParagraphKind.BODY)
    assert first.text.startswith("RESPIRATORY motion causes artefacts and loss of resolution in the thoracic region.")
    assert first.section == ("INTRODUCTION",)
    assert not any(p.text.strip() == "R" for p in ieee.paragraphs)


def test_unnumbered_affiliation_notes_are_footnotes(ieee: Document) -> None:
    notes = [p for p in ieee.paragraphs if p.text.startswith(("T. Menzies is with", "J. Whitehead is with"))]
    assert [p.kind for p in notes] == [ParagraphKind.FOOTNOTE, ParagraphKind.FOOTNOTE]


def test_a_section_number_kerned_off_its_dot_still_numbers_a_section(tmp_path: Path) -> None:
    """"I . INTRODUCTION" (a text layer with a space before the dot): a section all the same, so page 1's
    introduction is body, not front matter."""
    path = tmp_path / "spaced.pdf"
    make_ieee_journal_pdf(path, title="Software Engineering in 2050", sections=SECTIONS, affiliations=NOTES,
                          references=REFERENCES, number_format="{} . ")
    doc = load_document(path)
    assert [(s.title, s.level, s.number) for s in doc.sections][:3] == [
        ("INTRODUCTION", 1, "I"), ("SWARM PROGRAMMING", 1, "II"), ("Rise of the Swarm", 2, "A")]
    texts = [t for _, parts in SECTIONS for _, paragraphs in parts for t in paragraphs]
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(texts)])
    coverage = paragraph_coverage(source, doc)
    assert (coverage.found, coverage.total) == (8, 8)
    assert all(c.kind is ParagraphKind.BODY for m in coverage.matches for c in m.candidates)
