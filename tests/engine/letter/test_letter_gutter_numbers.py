"""Line numbers in the gutter of a two-column page (REVTeX numbers its right column there, small, between the
columns): the letter cites a right-column paragraph by the gutter's numbers, a left-column one by the left margin's,
and the marked-up PDF's highlights never cover a number (session 26: a REVTeX revision's letter cited lines 53–75
for a paragraph printed at lines 102–126, and 60 of its gutter numbers were highlighted). The page is built here."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.document.model import Region
from engine.letter.places import pdf_line_numbers, region_lines
from engine.project.line_numbers import number_words
from engine.project.marked_pdf import MarkedPdf, _Marker
from engine.revision.model import Edit, EditType

WORDS = ("stopping power measured across the foil agrees with theory within the stated uncertainty "
         "while the screening of outer shells changes the low energy region markedly").split()
LINES, TOP, PITCH = 30, 80.0, 14.0


def _line(k: int, n: int = 6) -> str:
    return " ".join(WORDS[(k * 3 + i) % len(WORDS)] for i in range(n))


@pytest.fixture
def page_pdf(tmp_path: Path) -> Path:
    """One page: a left column (51–299) numbered 1–30 in the left margin, a right column (312–565) numbered
    31–60 in the gutter, the numbers at 5 pt and the text at 10 pt; the gutter's numbers touch the left column."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    for k in range(LINES):
        y = TOP + k * PITCH
        page.insert_text((51, y), _line(k), fontsize=10)
        page.insert_text((312, y), _line(k + LINES), fontsize=10)
        for value, right in ((k + 1, 44.0), (k + 1 + LINES, 307.0)):
            label = str(value)
            page.insert_text((right - pymupdf.get_text_length(label, fontsize=5), y), label, fontsize=5)
    path = tmp_path / "two-columns.pdf"
    doc.save(path)
    return path


def test_the_gutter_numbers_the_right_column(page_pdf: Path) -> None:
    numbers = pdf_line_numbers(page_pdf)[1]
    assert sorted(n.value for n in numbers) == list(range(1, 2 * LINES + 1))
    y = lambda k: TOP + k * PITCH  # noqa: E731 - a line's baseline
    right = Region(1, (312, y(4) - 8, 565, y(9) + 2))  # right column, its lines 5–10
    assert region_lines(right, numbers) == (LINES + 5, LINES + 10)
    left = Region(1, (51, y(4) - 8, 308, y(9) + 2))  # left column, its box reaching over the gutter's numbers
    assert region_lines(left, numbers) == (5, 10)


def test_a_papers_own_numbers_in_its_text_are_no_line_numbers(tmp_path: Path) -> None:
    """Numbers in running text at the text's size (a table column, "Step 3 of …") are not taken in the gutter."""
    doc = pymupdf.open()
    page = doc.new_page()
    for k in range(LINES):
        page.insert_text((72, TOP + k * PITCH), f"Step {k + 1} of {_line(k, 5)}", fontsize=10)
    doc.save(tmp_path / "steps.pdf")
    assert pdf_line_numbers(tmp_path / "steps.pdf") == {}


def test_highlights_leave_the_gutter_numbers_alone(page_pdf: Path, tmp_path: Path) -> None:
    doc = pymupdf.open(page_pdf)
    text = " ".join(_line(k) for k in range(LINES))  # the whole left column, added
    edit = Edit("e0001", EditType.ADDED, (), ("p1",), "", text, "Results")
    region = Region(1, (51, TOP - 10, 308, TOP + LINES * PITCH))  # as a PDF reader may box it: numbers inside

    marker = _Marker(doc, lambda pid: [region], MarkedPdf(tmp_path / "out.pdf", page_pdf))
    assert marker.mark_edit(edit, [("R1.1", False)]) is not None
    page = doc[0]
    rects = [pymupdf.Quad(a.vertices[i:i + 4]).rect for a in page.annots() if a.type[1] == "Highlight"
             for i in range(0, len(a.vertices), 4)]
    gutter = [w for w in number_words(page.get_text("words")) if w[0] > 290]
    assert len(gutter) == LINES
    assert not any(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) in r for w in gutter for r in rects)
    words = [w for w in page.get_text("words") if w[2] < 300 and not w[4].isdigit()]
    lit = [w for w in words if any(pymupdf.Point((w[0] + w[2]) / 2, (w[1] + w[3]) / 2) in r for r in rects)]
    assert len(lit) == len(words)  # every word of the added paragraph highlighted


def test_every_fifth_line_numbered_gives_the_lines_between(tmp_path: Path) -> None:
    """Elsevier's preprints print every 5th line number (lineno's ``\\modulolinenumbers[5]``): the lines between
    are read from the numbers above and below (session 26: an Elsevier revision's letter cited no line at all);
    a float in the text, which lineno does not number, gets none."""
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = lambda k: TOP + k * PITCH + (120 if k >= 20 else 0)  # noqa: E731 - a figure 120 pt high after line 20
    for k in range(40):
        page.insert_text((90, y(k)), _line(k, 7), fontsize=10)
        if (k + 1) % 5 == 0:
            label = str(k + 1)
            page.insert_text((80 - pymupdf.get_text_length(label, fontsize=7), y(k)), label, fontsize=7)
    doc.save(tmp_path / "every-fifth.pdf")
    numbers = pdf_line_numbers(tmp_path / "every-fifth.pdf")[1]
    assert [n.value for n in sorted(numbers, key=lambda n: n.y)] == list(range(5, 41, 5))
    box = lambda first, last: Region(1, (90, y(first - 1) - 8, 540, y(last - 1) + 2))  # noqa: E731
    assert region_lines(box(7, 12), numbers) == (7, 12)
    assert region_lines(box(3, 4), numbers) == (3, 4)  # above the first number printed
    assert region_lines(box(26, 33), numbers) == (26, 33)  # below the figure
    figure = Region(1, (90, y(19) + 10, 540, y(19) + 110))
    assert region_lines(figure, numbers) is None
