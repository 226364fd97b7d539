"""Where a paragraph is, in the revised version's own terms: "Section 4.2 Training, p. 6, lines 12–18".

The section number comes from the document's outline; the page from the
paragraph's regions; the line range from the line numbers a review-mode PDF
prints in its margins (the extraction drops them from the text, so they are
read here again from the PDF with PyMuPDF: bare numbers stacked in a column that
counts up, in a margin or in the gutter between two columns (REVTeX numbers its right
column there), matched to a paragraph's region by height and side: the column just
left of it, else the one just right of it). A
LaTeX revision is cited on the PDF typeset from it when that PDF is kept beside
its sources (as the marked-up PDF finds it); a Markdown one, or LaTeX without it, has
no pages to cite; its source line numbers mean
nothing to a reader and are not given.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from statistics import median

from engine.document.model import Document, Paragraph, Region
from engine.document.pdf import quiet_mupdf
from engine.document.sections import SectionNames, section_path
from engine.project.line_numbers import column_step, number_words


@dataclass(frozen=True)
class MarginNumber:
    value: int
    #: Vertical centre and horizontal centre on the page, PDF points.
    y: float
    x: float


def pdf_line_numbers(path: str | Path) -> dict[int, list[MarginNumber]]:
    """The margin line numbers of each 1-based page of a PDF ({} when it prints none or cannot be read)."""
    import pymupdf

    quiet_mupdf()
    out: dict[int, list[MarginNumber]] = {}
    try:
        doc = pymupdf.open(str(path))
    except Exception:  # noqa: BLE001 - a missing or broken PDF: no line numbers to cite
        return out
    with doc:
        for index, page in enumerate(doc):
            numbers = _page_numbers(page.get_text("words"))
            if numbers:
                out[index + 1] = numbers
    return out


def _page_numbers(words: list[tuple]) -> list[MarginNumber]:
    return sorted((MarginNumber(int(w[4]), (w[1] + w[3]) / 2, (w[0] + w[2]) / 2) for w in number_words(words)),
                  key=lambda n: (n.x, n.y))


#: How far (PDF points, from a number's centre) a line-number column stands from the text it numbers; a
#: region that takes the numbers in may reach a little past their centre.
NUMBER_REACH, NUMBER_INSIDE = 40.0, 8.0


def region_lines(region: Region, numbers: list[MarginNumber]) -> tuple[int, int] | None:
    """The first and last line number beside ``region``: among the columns beside its height, the one just left
    of it (where LaTeX's lineno puts them, the gutter too), else the one just right of it, else the nearest. A
    column that prints every 5th (2nd, 10th) number gives the lines between by the numbers above and below."""
    x0, y0, x1, y1 = region.bbox
    columns: list[list[MarginNumber]] = []
    for n in sorted(numbers, key=lambda n: n.x):
        if columns and abs(n.x - columns[-1][0].x) < 8:
            columns[-1].append(n)
        else:
            columns.append([n])
    spans = [(c, s) for c in columns if (s := _column_lines(sorted(c, key=lambda n: n.y), y0, y1)) is not None]
    if not spans:
        return None
    xs = [sum(n.x for n in c) / len(c) for c, _ in spans]
    left = [i for i, x in enumerate(xs) if -NUMBER_INSIDE <= x0 - x <= NUMBER_REACH]
    right = [i for i, x in enumerate(xs) if -NUMBER_INSIDE <= x - x1 <= NUMBER_REACH]
    if left:
        pick = min(left, key=lambda i: abs(x0 - xs[i]))
    elif right:
        pick = min(right, key=lambda i: abs(xs[i] - x1))
    else:
        pick = min(range(len(xs)), key=lambda i: min(abs(xs[i] - x0), abs(xs[i] - x1)))
    return spans[pick][1]


def _column_lines(column: list[MarginNumber], y0: float, y1: float) -> tuple[int, int] | None:
    """The lines of one column (top to bottom) from height ``y0`` to ``y1``: its numbers there, or for a column
    that counts by more than one, the lines found between the numbers printed around them (None where the
    numbers around are further apart than the lines between them take: a float, which lineno does not number)."""
    values = [n.value for n in column]
    step = column_step(values) or 1
    if step == 1:
        inside = [n.value for n in column if y0 - 2 <= n.y <= y1 + 2]
        return (min(inside), max(inside)) if inside else None
    pitches = [(b.y - a.y) / (b.value - a.value) for a, b in pairwise(column) if b.value - a.value == step]
    if not pitches:
        return None
    pitch = median(pitches)

    def line_at(y: float) -> int | None:
        above = [n for n in column if n.y <= y]
        below = [n for n in column if n.y >= y]
        if above and below:
            a, b = above[-1], below[0]
            if b is a:
                return a.value
            if b.y - a.y > 1.5 * (b.value - a.value) * pitch:
                return None
            return round(a.value + (y - a.y) * (b.value - a.value) / (b.y - a.y))
        n = above[-1] if above else below[0]
        return round(n.value + (y - n.y) / pitch) if abs(y - n.y) <= step * pitch else None

    first, last = line_at(y0 + pitch / 2), line_at(max(y1 - pitch / 2, y0 + pitch / 2))
    return None if first is None or last is None else (first, max(first, last))


def line_ranges(ranges: list[tuple[int, int]]) -> str:
    """``line 7``, ``lines 12–18``, ``lines 44–49, 58–70`` (touching ranges joined)."""
    merged: list[list[int]] = []
    for lo, hi in sorted(ranges):
        if merged and lo <= merged[-1][1] + 1:
            merged[-1][1] = max(merged[-1][1], hi)
        else:
            merged.append([lo, hi])
    text = ", ".join(f"{lo}" if lo == hi else f"{lo}–{hi}" for lo, hi in merged)
    single = len(merged) == 1 and merged[0][0] == merged[0][1]
    return f"line {text}" if single else f"lines {text}"


class Places:
    """Places of paragraphs in one document (the revised version, or the draft when there is none)."""

    def __init__(self, doc: Document | None, pdf_path: str | Path | None = None,
                 regions: Callable[[Paragraph], list[Region]] | None = None) -> None:
        self.doc = doc
        #: Where a paragraph is on the PDF's pages: its own regions, or a LaTeX paragraph's on its typeset PDF.
        self.regions = regions or (lambda p: list(p.regions))
        names = SectionNames(doc)
        self.names = names
        #: Section paths in the document's order.
        self.order = names.order
        pdf = Path(pdf_path) if pdf_path else None
        self.lines = pdf_line_numbers(pdf) if pdf is not None and pdf.suffix.lower() == ".pdf" and pdf.is_file() else {}

    def position(self, section: tuple[str, ...] | str) -> int | None:
        """Where the section comes in the document (by its path, else by its title); ``None`` if absent."""
        path = section_path(section)
        return self.order.get(path, self.order.get((path[-1].lower(),))) if path else None

    def section(self, section: tuple[str, ...] | str) -> str:
        """``Section 3.1 Work Metric``; an unnumbered subsection under its numbered parent (``Section 2
        Motivation, “Inputs matter.”``); an unnumbered top section is its title alone (``Abstract``)."""
        path = section_path(section)
        if not path:
            return ""
        for depth in range(len(path), 0, -1):
            number = self.names.number(path[:depth])  # by its path, else its title; IEEE's "V-B"
            if number:
                head = f"Section {number} {path[depth - 1]}"
                return head if depth == len(path) else f"{head}, “{path[-1]}”"
        return path[-1]

    def paragraphs(self, paragraphs: list[Paragraph]) -> str:
        """Where paragraphs are: the first one's section, the pages, the margin line range if printed."""
        paragraphs = [p for p in paragraphs if p is not None]
        if not paragraphs:
            return ""
        parts = [self.section(paragraphs[0].section)]
        regions = [r for p in paragraphs for r in self.regions(p)]
        pages = sorted({r.page for r in regions})
        if pages:
            parts.append(f"p. {pages[0]}" if len(pages) == 1 else f"pp. {pages[0]}–{pages[-1]}")
        lines = [span for r in regions if (span := region_lines(r, self.lines.get(r.page, []))) is not None]
        if lines:
            parts.append(line_ranges(lines))
        return ", ".join(x for x in parts if x)


def revised_places(doc: Document, path: str | Path | None) -> Places:
    """The places of the revised version: a PDF's own, or a LaTeX revision's on the PDF typeset from it and kept
    beside it (``paper.tex`` → ``paper.pdf``, as the marked-up PDF finds it; not one older than its LaTeX), each
    paragraph matched to that PDF's text by its words; a LaTeX revision with none has no pages to cite."""
    from engine.project.marked_source import BESIDE_FORMATS

    if doc.source_format in BESIDE_FORMATS and path:  # LaTeX typeset, or Word / Markdown saved as PDF (trial35)
        from engine.project.marked_source import pdf_beside, typeset_matcher

        beside = pdf_beside(path)
        if beside is not None and not beside.older:
            try:
                match = typeset_matcher(beside.path)
            except Exception:  # noqa: BLE001 - a PDF that cannot be read: the letter names sections only
                match = None
            if match is not None:
                return Places(doc, beside.path, match)
    return Places(doc, path)
