"""A paragraph cut by a float is joined again past the float's own text: a one-column page (PLOS) whose table,
its cells set apart and some of them stacked, and its legend in the body font stand between the paragraph's
first lines and its continuation; REVTeX's "TABLE I." captions; and page furniture beside the text (the PLOS
template's logo in the left margin, printed as its file name where the image is missing) read on no page."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_factory import sample_paragraph

LOGO = "PLOS-submission-eps-converted-to.pdf"


def _column(page: pymupdf.Page, x: float, y: float, text: str, width: float = 380.0, indent: float = 14.0,
            size: float = 10.0) -> float:
    """Set ``text`` in lines of a column ``width`` wide from baseline ``y``, its first line indented by ``indent``;
    return the next baseline."""
    measure, line, first = pymupdf.Font("tiro"), [], indent
    for word in text.split() + [None]:
        if word is None or line and measure.text_length(" ".join(line + [word]), fontsize=size) > width - first:
            page.insert_text((x + first, y), " ".join(line), fontname="tiro", fontsize=size)
            y, line, first = y + 1.2 * size, [], 0.0
        if word is not None:
            line.append(word)
    return y + 4


def _table(page: pymupdf.Page, y: float) -> float:
    """A caption over a table of short cells, the last column's cells stacked two or three lines high."""
    page.insert_text((198, y), "Table 2. Experimental treatments of the second stage.", fontname="tibo", fontsize=10)
    y += 20
    for row, (name, kind, rate) in enumerate([("Control", "None", "constant"), ("Benign", "Cyclic", "benign"),
                                              ("Harsh", "Cyclic", "harsh"), ("Quiet", "Cyclic", "constant")]):
        base = y + 30 * row
        page.insert_text((206, base), name, fontname="tiro", fontsize=10)
        page.insert_text((300, base), kind, fontname="tiro", fontsize=10)
        page.insert_text((400, base), "23", fontname="tiro", fontsize=10)
        for k, word in enumerate(["(Logic-77" if row == 0 else "20 or 25", rate, "fluctuating"]):
            page.insert_text((520, base + 10 * k), word, fontname="tiro", fontsize=10)
    return y + 30 * 4 + 10


def _pages(tmp_path: Path, name: str, head: str, tail: str, legend: str, logo: bool) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _column(page, 198, 80, sample_paragraph(91, 180))
    _column(page, 198, y, head)
    if logo:
        page.insert_text((39, 100), LOGO, fontname="tiro", fontsize=10)
    for k in range(3):
        if k:
            page = doc.new_page(width=612, height=792)
            _column(page, 198, 80, sample_paragraph(95 + k, 330))
        else:
            page = doc.new_page(width=612, height=792)
            y = _table(page, 80)
            y = _column(page, 198, y, legend, indent=0)
            y = _column(page, 198, y + 24, tail, indent=0)
            _column(page, 198, y + 6, sample_paragraph(92, 150))
        if logo:
            page.insert_text((39, 100), LOGO, fontname="tiro", fontsize=10)
    path = tmp_path / name
    doc.save(path)
    return path


def _found_whole(path: Path, paragraph: str) -> Paragraph:
    doc = load_document(path)
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), paragraph)]), doc).matches[0]
    assert match.how == "similar" and match.score > 0.95 and len(match.candidates) == 1
    return match.candidates[0]


def test_a_paragraph_continues_after_a_tables_cells_and_legend(tmp_path: Path) -> None:
    head = sample_paragraph(93, 70).rstrip(".") + " and it is used as a background for comparing the components in the"
    tail = "evolution of the fluctuating task. Further, the difference in reward level encourages it. " + \
        sample_paragraph(94, 30)
    legend = "Four types of cyclic changing environment, plus a static control. Each treatment is split in two."
    path = _pages(tmp_path, "plos.pdf", head, tail, legend, logo=False)
    assert _found_whole(path, f"{head} {tail}").kind is ParagraphKind.BODY
    read = load_document(path)
    assert not any("Logic-77" in p.text for p in read.paragraphs if head[:40] in p.text)


def test_page_furniture_beside_the_text_is_read_on_no_page(tmp_path: Path) -> None:
    head = sample_paragraph(96, 70).rstrip(".") + " and carried out all possible permutations of"
    tail = "them, so that each grouping was tried once. " + sample_paragraph(97, 30)
    legend = "The scales of each property, with the database entry each is taken from."
    path = _pages(tmp_path, "logo.pdf", head, tail, legend, logo=True)
    read = load_document(path)
    assert not any(LOGO in p.text for p in read.paragraphs)
    assert _found_whole(path, f"{head} {tail}").kind is ParagraphKind.BODY


def test_revtex_table_captions_are_captions_and_the_paragraph_runs_on_past_them(tmp_path: Path) -> None:
    head = sample_paragraph(98, 90).rstrip(".") + " which is why the polarizabilities are shown on a log scale because"
    tail = "of the very small spread of the values on the y-axis. " + sample_paragraph(99, 40)
    caption = "TABLE I. Characteristics of site energies obtained for the different values of the exchange."
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _column(page, 54, 64, sample_paragraph(100, 300), width=240)
    _column(page, 54, y, head, width=240)
    page = doc.new_page(width=612, height=792)
    y = _column(page, 54, 64, caption, width=240, indent=0, size=9)
    for row in range(4):
        for col, value in enumerate(["0.25", "-1.11", "-0.59", "0.08"]):
            page.insert_text((60 + 55 * col, y + 10 + 11 * row), value, fontname="tiro", fontsize=9)
    y = _column(page, 54, y + 70, tail, width=240, indent=0)
    _column(page, 54, y, sample_paragraph(101, 200), width=240)
    _column(page, 318, 64, sample_paragraph(102, 400), width=240)
    doc.save(tmp_path / "revtex.pdf")
    read = load_document(tmp_path / "revtex.pdf")
    assert next(p for p in read.paragraphs if p.text.startswith("TABLE I.")).kind is ParagraphKind.CAPTION
    assert _found_whole(tmp_path / "revtex.pdf", f"{head} {tail}").kind is ParagraphKind.BODY
