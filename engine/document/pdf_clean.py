"""Dropping what is not the paper's text: running headers and footers, page
numbers and the line numbers review-mode templates print in the margins."""

from __future__ import annotations

import math
import re
from collections import Counter

from engine.document.pdf_lines import Line, PageText

_NUMBER = re.compile(r"^\d{1,5}$")
_PAGE_NUMBER = re.compile(
    r"^(?:page\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlc]{1,6})\s*[-–—]?(?:\s*(?:of|/)\s*\d{1,4})?$", re.I
)
#: Share of the page height counted as top or bottom margin.
MARGIN = 0.12


def _percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, max(0, int(round(q * (len(ordered) - 1)))))]


def _text_extent(lines: list[Line]) -> tuple[float, float] | None:
    wide = [ln for ln in lines if len(ln.text) >= 15 and not _NUMBER.match(ln.text)]
    if len(wide) < 3:
        return None
    return _percentile([ln.x0 for ln in wide], 0.05), _percentile([ln.x1 for ln in wide], 0.95)


def _margin_numbers(page: PageText) -> list[Line]:
    extent = _text_extent(page.lines)
    if extent is None:
        return []
    left, right = extent
    return [
        ln for ln in page.lines
        if _NUMBER.match(ln.text) and (ln.x1 < left - 1 or ln.x0 > right + 1)
    ]


def drop_line_numbers(pages: list[PageText]) -> int:
    """Remove margin line numbers: columns of bare numbers beside the text.

    A page with five or more bare numbers stacked at one x position outside
    its text marks that position; numbers at a marked position are removed on
    every page. Returns how many fragments were removed.
    """
    positions: Counter[int] = Counter()
    for page in pages:
        per_x: Counter[int] = Counter()
        for ln in _margin_numbers(page):
            per_x[round(ln.x1 / 4)] += 1
        for x, n in per_x.items():
            if n >= 5:
                positions[x] += 1
    if not positions:
        return 0
    marked = {x + d for x in positions for d in (-1, 0, 1)}
    removed = 0
    for page in pages:
        extent = _text_extent(page.lines)
        keep = []
        for ln in page.lines:
            outside = extent is None or ln.x1 < extent[0] - 1 or ln.x0 > extent[1] + 1
            if _NUMBER.match(ln.text) and outside and round(ln.x1 / 4) in marked:
                removed += 1
                continue
            keep.append(ln)
        page.lines = keep
    return removed


def _signature(line: Line) -> str:
    """Text with digits masked, plus the height it sits at (headers keep their place)."""
    text = re.sub(r"\s+", " ", re.sub(r"\d+", "#", line.text.lower())).strip()
    return f"{round(line.baseline / 6)}|{text}"


def _in_margin(ln: Line, page: PageText) -> bool:
    return ln.y1 <= page.height * MARGIN or ln.y0 >= page.height * (1 - MARGIN)


def drop_running_text(pages: list[PageText]) -> int:
    """Remove page numbers and running headers or footers.

    A line in the top or bottom margin goes when it is a bare page number or
    when its text (digits ignored) recurs in the margins of several pages.
    Returns how many lines were removed.
    """
    seen: Counter[str] = Counter()
    for page in pages:
        sigs = {_signature(ln) for ln in page.lines if _in_margin(ln, page)}
        seen.update(sigs)
    need = max(2, math.ceil(0.25 * len(pages)))
    repeated = {sig for sig, n in seen.items() if n >= need and sig.split("|", 1)[1].strip("# ")}
    removed = 0
    for page in pages:
        keep = []
        for ln in page.lines:
            if _in_margin(ln, page) and (
                _PAGE_NUMBER.match(ln.text.strip()) or _signature(ln) in repeated
            ):
                removed += 1
                continue
            keep.append(ln)
        page.lines = keep
    return removed
