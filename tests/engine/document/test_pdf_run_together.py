"""Two words run together where a tight line set the word space as a shift with no space glyph (GigaScience's
Merriweather at 7.4 pt: "we typicallywant to analyse", a gap of 1.08 pt) are read apart from the glyphs; a word
made of two words ("sometimes") stays whole (a built PDF)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf

FONT, SIZE = "tiro", 10.0
LINES = [
    "Records are read one at a time, and we typically want to analyse each relatively small record, which",
    "is what the row-oriented format does well; at some times we want to analyse only one field of all",
    "the records, which it does badly. We typically store the fields column by column, and we want some",
    "records small; at times the records are small enough that we want no compression at all, and then",
    "we typically|want to analyse the records as they are stored, which sometimes the format allows. Most",
    "of the time, the stored records are rela-",
    "tively|small, and we keep them so.",
]


def _paper(path: Path) -> Path:
    """One paragraph; on its last line the space between "typically" and "want" is a 1.3 pt shift of the next
    glyph, as a tight line sets it, not a space glyph."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 100.0
    for _ in range(3):  # more prose, so that the paragraph reads as body text
        for text in LINES[:4]:
            page.insert_text((72, y), text, fontsize=SIZE, fontname=FONT)
            y += 12
        y += 12
    for text in LINES:
        x = 72.0
        for k, part in enumerate(text.split("|")):
            if k:
                x += 1.3  # the word gap with no glyph: narrower than MuPDF's guess of a space
            page.insert_text((x, y), part, fontsize=SIZE, fontname=FONT)
            x += pymupdf.get_text_length(part, FONT, SIZE)
        y += 12
    doc.save(path)
    return path


def test_words_run_together_without_a_space_glyph_are_read_apart(tmp_path: Path) -> None:
    path = _paper(tmp_path / "tight.pdf")
    assert "typicallywant" in pymupdf.open(path)[0].get_text()  # what MuPDF reads: the cause
    doc = load_pdf(path)
    text = " ".join(p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    assert "then we typically want to analyse the records as they are stored" in text
    assert "typicallywant" not in text
    assert "the stored records are relatively small, and we keep them so" in text  # a word broken at a line end
    # a word written once that splits into two words the paper writes ("some", "times"): its glyphs touch
    assert "which sometimes the format allows" in text


SHORT_LINES = [
    "Scan costs are estimated from the number of tuples, the page size and the cost of a page; the side of",
    "the page that is read first is the one inside the buffer, which holds the tuples of each page as it",
    "is read. The number of pages read is the cost of the scan, and the size of each tuple is what we",
    "store beside it; the page side that is not read contains its tuples, and the cost will be low for each.",
]
TIGHT_LINES = [
    "Scan costs are estimated from the number|of tuples,|page size and the cost of a page, read inside the",
    "buffer; this plan will|be the one kept, and|it|contains the tuples of|the page (see list,page below).",
]


def _tight_paper(path: Path) -> Path:
    """Prose in which a tight line set some word spaces, and the spaces after two commas, as a 1.3 pt shift with
    no space glyph ("numberof", "willbe", "anditcontains", "tuples,page"); "inside" and "list,page" are set whole."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 100.0
    for _ in range(3):
        for text in SHORT_LINES:
            page.insert_text((72, y), text, fontsize=SIZE, fontname=FONT)
            y += 12
        y += 12
    for text in TIGHT_LINES:
        x = 72.0
        for k, part in enumerate(text.split("|")):
            if k:
                x += 1.3
            page.insert_text((x, y), part, fontsize=SIZE, fontname=FONT)
            x += pymupdf.get_text_length(part, FONT, SIZE)
        y += 12
    doc.save(path)
    return path


def test_short_words_and_commas_run_together_are_read_apart(tmp_path: Path) -> None:
    path = _tight_paper(tmp_path / "short.pdf")
    read = pymupdf.open(path)[0].get_text()
    assert "numberof" in read and "tuples,page" in read  # what MuPDF reads: the cause
    doc = load_pdf(path)
    text = " ".join(p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    assert "estimated from the number of tuples, page size and the cost of a page, read inside the buffer" in text
    assert "this plan will be the one kept, and it contains the tuples of the page" in text
    # set whole: a word that splits into "in" + "side", and a comma with no gap after it
    assert "inside" in text and "(see list,page below)" in text
