"""Dropping what is not the paper's text: running headers and footers, page
numbers and the line numbers review-mode templates print in the margins.
A header printed once (a two-page paper, odd and even pages with other heads)
is not dropped but marked, so that it stays out of the body text."""

from __future__ import annotations

import math
import re
from bisect import bisect_right
from collections import Counter
from collections.abc import Iterable

from engine.document.pdf.lines import Line, PageText

_NUMBER = re.compile(r"^\d{1,5}$")
_PAGE_NUMBER = re.compile(
    r"^(?:page\s*)?[-–—]?\s*(?:\d{1,4}|[ivxlc]{1,6})\s*[-–—]?(?:\s*(?:of|/)\s*\d{1,4})?$", re.I
)
_DIGITS = re.compile(r"\d+")
_SPACES = re.compile(r"\s+")
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


def drop_line_numbers(pages: list[PageText], known: Iterable[int] = ()) -> int:
    """Remove margin line numbers: columns of bare numbers beside the text.

    A page with five or more bare numbers stacked at one x position outside
    its text marks that position, and so does each of ``known`` (``round(x1 / 4)``
    of the line numbers the loader took out of a page's text before its lines
    were built, ``printed_numbers``); numbers at a marked position are removed on
    every page. Returns how many fragments were removed.
    """
    positions: Counter[int] = Counter(known)
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
        outside = [
            ln for ln in page.lines
            if _NUMBER.match(ln.text) and (extent is None or ln.x1 < extent[0] - 1 or ln.x0 > extent[1] + 1)
        ]
        drop = {id(ln) for ln in outside if round(ln.x1 / 4) in marked}
        drop |= _continuing(outside, drop)
        removed += len(drop)
        page.lines = [ln for ln in page.lines if id(ln) not in drop]
    return removed


def _continuing(numbers: list[Line], dropped: set[int]) -> set[int]:
    """Margin numbers that carry on the count of the line numbers found: a
    column too short for five numbers (49, 50, 51 beside the last lines of a
    page) still continues the numbering of the other column."""
    values = {int(ln.text) for ln in numbers if id(ln) in dropped}
    found: set[int] = set()
    rest = [ln for ln in numbers if id(ln) not in dropped]
    grew = True
    while grew and values:
        grew = False
        for ln in rest:
            v = int(ln.text)
            if id(ln) not in found and (v - 1 in values or v + 1 in values):
                found.add(id(ln))
                values.add(v)
                grew = True
    return found


def _signature(line: Line) -> str:
    """Text with digits masked, plus the height it sits at (headers keep their place)."""
    text = _SPACES.sub(" ", _DIGITS.sub("#", line.text.lower())).strip()
    return f"{round(line.baseline / 6)}|{text}"


def _in_margin(ln: Line, page: PageText) -> bool:
    return ln.y1 <= page.height * MARGIN or ln.y0 >= page.height * (1 - MARGIN)


def drop_running_text(pages: list[PageText]) -> int:
    """Remove page numbers and running headers or footers.

    A line in the top or bottom margin goes when it is a bare page number or
    when its text (digits ignored) recurs in the margins of several pages; a
    line anywhere goes when the same text starts at the same place on several
    pages (three at least, and a quarter of them).
    Returns how many lines were removed.
    """
    seen: Counter[str] = Counter()
    placed: Counter[tuple[int, int, str]] = Counter()
    for page in pages:
        sigs = {_signature(ln) for ln in page.lines if _in_margin(ln, page)}
        seen.update(sigs)
        placed.update({_place(ln) for ln in page.lines})
    need = max(2, math.ceil(0.25 * len(pages)))
    repeated = {sig for sig, n in seen.items() if n >= need and sig.split("|", 1)[1].strip("# ")}
    fixed = {key for key, n in placed.items() if n >= max(3, need) and any(c.isalpha() for c in key[2])}
    removed = 0
    for page in pages:
        keep = []
        for ln in page.lines:
            if _in_margin(ln, page) and (
                _PAGE_NUMBER.match(ln.text.strip()) or _signature(ln) in repeated
            ) or fixed and _place(ln) in fixed:
                removed += 1
                continue
            keep.append(ln)
        page.lines = keep
    return removed


def _place(line: Line) -> tuple[int, int, str]:
    """Where a line starts and its exact text: page furniture set at one spot of every page, in the margins or
    beside the text (the PLOS template's logo in the left margin, printed as its file name when the image is
    missing), recurs with the same text at the same place; the paper's own text does not."""
    return round(line.x0), round(line.baseline), line.text


def _block_top(page: PageText) -> float | None:
    """Where the page's first block of lines begins: the highest line with another line starting within one font size
    below its bottom. A running header stands alone above the text (its gap is the head separation), a line of the text
    has the next line close under it."""
    lines = sorted(page.lines, key=lambda ln: ln.y0)
    starts = [ln.y0 for ln in lines]
    for ln in lines:
        k = bisect_right(starts, ln.y0 + 0.5)
        if k < len(starts) and starts[k] <= ln.y1 + ln.size:
            return ln.y0
    return None


def text_page_tops(pages: list[PageText], body_size: float) -> dict[int, float]:
    """Each text page's block top (``_block_top``), for the pages holding ten lines or more of 30 characters at the body
    size; empty when fewer than three pages do. Figure and table pages (a journal's, set after the references) are left
    out: where they outnumber the text pages their tops, far down, made the median page top fall below the text's."""
    tops: dict[int, float] = {}
    for page in pages:
        prose = sum(1 for ln in page.lines if abs(ln.size - body_size) < 0.5 and len(ln.text) >= 30)
        top = _block_top(page) if prose >= 10 else None
        if top is not None:
            tops[page.number] = top
    return tops if len(tops) >= 3 else {}


def mark_headers_above_text(pages: list[PageText], body_size: float) -> int:
    """Mark the head-margin lines set above where the other pages' text begins.

    Such a line (a running header that does not repeat) is not removed but
    flagged ``above_text``, so it becomes a paragraph of its own kind instead
    of being read as the continuation of the previous page's last paragraph.
    Lines larger than the body text (a title) are left alone. Where the text
    begins is the median of the other pages' tops, but never below the lower
    quartile of the other text pages' block tops (``text_page_tops``): a page
    of text whose first lines sit there is not headed by them. Returns how
    many lines were marked.
    """
    tops = {p.number: min(ln.y0 for ln in p.lines) for p in pages if p.lines}
    text = text_page_tops(pages, body_size)
    marked = 0
    for page in pages:
        others = sorted(y for number, y in tops.items() if number != page.number)
        if not others:
            continue
        top = others[len(others) // 2]
        texts = sorted(y for number, y in text.items() if number != page.number)
        if texts:
            top = min(top, texts[len(texts) // 4])
        for ln in page.lines:
            if ln.y1 < top - 0.5 * ln.size and ln.y1 <= page.height * MARGIN and ln.size <= body_size + 0.5:
                ln.above_text = True
                marked += 1
    return marked
