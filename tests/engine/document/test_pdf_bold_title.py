"""A title set in bold at the body's size (a submission typed without ``\\maketitle``, as the training revision
language-ijm's Int. J. Manpower draft is): no line of page 1 stands out by size, so the title is the bold first
lines above the "Abstract" label. Synthetic papers typeset at test time, their PDF metadata emptied so that the
page alone names the title."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf
from tests.pdf_factory import make_paper_pdf, sample_paragraph

TITLE = "Wage Returns to Second Languages in a Divided Labour Market"
SECTIONS = [("Introduction", [sample_paragraph(3, 80), sample_paragraph(4, 60)]),
            ("Data", [sample_paragraph(5, 90)])]


def _paper(tmp_path: Path, **kw) -> Path:
    typeset = tmp_path / "typeset.pdf"
    make_paper_pdf(typeset, title=TITLE, abstract=sample_paragraph(1, 70), sections=SECTIONS, body_size=10.0,
                   title_size=10.0, heading_size=11.0, **kw)
    with pymupdf.open(typeset) as doc:  # no metadata title to fall back on
        doc.set_metadata({})
        doc.save(tmp_path / "paper.pdf")
    return tmp_path / "paper.pdf"


def test_a_bold_title_at_the_body_size_above_the_abstract_is_the_title(tmp_path: Path) -> None:
    doc = load_pdf(_paper(tmp_path, authors=()))
    assert doc.title == TITLE
    first = doc.paragraphs[0]
    assert first.text == TITLE and first.kind is ParagraphKind.OTHER  # not a body paragraph of the paper
    # authors between the title and the abstract do not hide it
    with_authors = tmp_path / "authors"
    with_authors.mkdir()
    assert load_pdf(_paper(with_authors)).title == TITLE
    # authors in capitals, the last after "AND" (SIAM's title block), are names without the "And"
    capitals = tmp_path / "capitals"
    capitals.mkdir()
    assert load_pdf(_paper(capitals, authors=("MARY SOMERVILLE", "AND ADA LOVELACE"))).authors == \
        ["Mary Somerville", "Ada Lovelace"]


def test_without_an_abstract_label_a_bold_first_line_is_not_taken_for_a_title(tmp_path: Path) -> None:
    # the label is what tells a title from a bold first line of a letter or a heading
    assert load_pdf(_paper(tmp_path, authors=(), abstract_label=False)).title == ""


def test_a_highlights_label_over_page_one_is_not_the_title_and_accented_names_are_authors(tmp_path: Path) -> None:
    """Elsevier's CAS templates open on a page of highlights: "Highlights", set larger than the title, then the
    title and the authors (the training revision flik-cola read "Highlights" as its title, and lost the two authors
    whose names carry an accent)."""
    typeset = tmp_path / "typeset.pdf"
    make_paper_pdf(typeset, title=TITLE, authors=("Inés Valdivieso", "Petra Kovalenko", "Julio Ortega-Báez"),
                   abstract=sample_paragraph(1, 70), sections=SECTIONS, margin=110.0)
    with pymupdf.open(typeset) as doc:
        doc[0].insert_text((72, 90), "Highlights", fontname="hebo", fontsize=21)
        doc.set_metadata({})
        doc.save(tmp_path / "paper.pdf")
    doc = load_pdf(tmp_path / "paper.pdf")
    assert doc.title == TITLE
    assert doc.authors == ["Inés Valdivieso", "Petra Kovalenko", "Julio Ortega-Báez"]
