"""The text columns of one PDF page, for a viewer that zooms to a column's width.

The columns come from where the page's text lines sit, as the loader finds them (``layout.find_gutter``: a vertical
gutter near the middle crossed by few lines, text on both sides). A two-column page gives two x ranges, a page
without a gutter one (its text's width), a page without text none. Lines crossing the gutter (a title, a wide
table) belong to no column.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.document.pdf.layout import find_gutter
from engine.document.pdf.lines import Line, page_lines

if TYPE_CHECKING:
    import pymupdf

#: Lines shorter than this (page numbers, margin line numbers, stray marks) do not set a column's edges.
MIN_CHARS = 4


def text_columns(page: pymupdf.Page) -> list[tuple[float, float]]:
    """The x ranges (points from the page's left edge, left to right) of the page's text columns."""
    import pymupdf

    data = page.get_text("dict", flags=pymupdf.TEXT_PRESERVE_WHITESPACE | pymupdf.TEXT_MEDIABOX_CLIP)
    text = page_lines(data, page.number + 1)
    del data
    lines = [ln for ln in text.lines if len(ln.text.strip()) >= MIN_CHARS]
    if not lines:
        return []
    gutter = find_gutter(text.lines, text.width)
    if gutter is None:
        return [_extent(lines)]
    left = [ln for ln in lines if ln.x1 <= gutter + 2]
    right = [ln for ln in lines if ln.x0 >= gutter - 2]
    return [_extent(side) for side in (left, right) if side]


def _extent(lines: list[Line]) -> tuple[float, float]:
    """Where most lines start and end: the 5th and 95th percentile, so a stray mark in the margin does not
    widen the column."""
    starts = sorted(ln.x0 for ln in lines)
    ends = sorted(ln.x1 for ln in lines)
    n = len(lines)
    return starts[n // 20], ends[n - 1 - n // 20]
