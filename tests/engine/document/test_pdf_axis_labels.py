"""A plot's axis label, set larger than the body text, is figure text and not a section heading (a built PDF with a
drawn plot); headings beside it, numbered or not, stay headings."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind
from engine.document.pdf.load import load_pdf

BODY = ("We study the revision of scientific papers after peer review and describe a tool that aligns reviewer "
        "comments with the edits that address them. The tool runs offline on a laptop and reads PDF files. ") * 2


def _text(page, x: float, y: float, text: str, size: float, font: str = "helv") -> None:
    page.insert_text((x, y), text, fontsize=size, fontname=font)


def _plot(page, left: float, top: float, width: float, height: float, xlabel: str, title: str = "") -> None:
    """Axes, tick marks and tick labels, a curve, an x-axis label under the ticks (12 pt: larger than the body)
    and, if given, a title above the axes; the y-axis label is set on its side."""
    bottom = top + height
    page.draw_rect(pymupdf.Rect(left, top, left + width, bottom), color=(0, 0, 0))
    for i in range(5):  # x ticks
        x = left + i * width / 4
        page.draw_line((x, bottom), (x, bottom + 4), color=(0, 0, 0))
        _text(page, x - 8, bottom + 14, f"{i * 250}", 9)
    for i in range(3):  # y ticks
        y = bottom - i * height / 2
        page.draw_line((left - 4, y), (left, y), color=(0, 0, 0))
        _text(page, left - 22, y + 3, f"{i * 0.5:.1f}", 9)
    points = [(left + i * width / 20, bottom - height * (1 - 0.9 ** i)) for i in range(21)]
    page.draw_polyline(points, color=(0.1, 0.3, 0.8))
    _text(page, left + width / 2 - 50, bottom + 32, xlabel, 12)
    page.insert_text((left - 30, top + height / 2 + 20), "Accuracy", fontsize=12, fontname="helv", rotate=90)
    if title:
        _text(page, left + width / 2 - 40, top - 8, title, 12)


def _paper(path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    _text(page, 150, 70, "Revising Papers After Review", 18, "hebo")
    _text(page, 72, 110, "Abstract", 12, "hebo")
    page.insert_textbox(pymupdf.Rect(72, 120, 540, 210), BODY, fontsize=10, fontname="helv")
    _text(page, 72, 230, "1 Introduction", 12, "hebo")
    page.insert_textbox(pymupdf.Rect(72, 240, 540, 370), BODY + BODY, fontsize=10, fontname="helv")
    _plot(page, 140, 400, 300, 150, "Training iterations", title="Validation run")
    page.insert_textbox(pymupdf.Rect(72, 600, 540, 620), "Figure 1: Accuracy over training.", fontsize=9,
                        fontname="helv")
    page.insert_textbox(pymupdf.Rect(72, 630, 540, 760), BODY + BODY, fontsize=10, fontname="helv")
    page = doc.new_page(width=612, height=792)
    _text(page, 72, 90, "Related approaches", 12, "hebo")  # an unnumbered heading, bold, above prose
    page.insert_textbox(pymupdf.Rect(72, 100, 540, 230), BODY + BODY, fontsize=10, fontname="helv")
    _text(page, 72, 260, "2 Method", 12, "hebo")
    page.insert_textbox(pymupdf.Rect(72, 270, 540, 400), BODY + BODY, fontsize=10, fontname="helv")
    doc.save(path)
    return path


def test_a_plots_axis_label_and_title_are_no_section_headings(tmp_path: Path) -> None:
    doc = load_pdf(_paper(tmp_path / "plot.pdf"))
    headings = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert headings == ["Abstract", "Introduction", "Related approaches", "Method"], headings
    assert [s.title for s in doc.sections] == ["Abstract", "Introduction", "Related approaches", "Method"]
    label = next(p for p in doc.paragraphs if "Training iterations" in p.text)
    assert label.kind is ParagraphKind.OTHER and "Training iterations" not in label.section
    assert sum(p.kind is ParagraphKind.BODY and p.text.startswith("We study") for p in doc.paragraphs) == 5
