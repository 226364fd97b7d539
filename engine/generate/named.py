"""The page and line a comment names ("p. 5, line 12", "Page 3, lines 46-50", "p5 l16"), mapped to the paragraphs
of a paper read from a PDF (issue 34).

Sections, figures, tables and equations a comment names are read by ``engine.align.localize.references`` and
``engine.generate.placement``; this module reads what those do not: a page, and a line on it. A paragraph
carries its page and box when the paper was read from a PDF (``Paragraph.regions``); a paper read from its
source has none, and then a page names nothing.

A line number up to ``LINES_PER_PAGE`` is taken as counted on its page (review copies number each page's lines,
or a reviewer counts them): the paragraph whose box spans that share of the page's text height is the one named.
A larger number (a manuscript numbered throughout) names only the page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from engine.document.model import Paragraph

#: Lines a page holds, about: line n of a page lies at (n - 1) / LINES_PER_PAGE of its text height. A line
#: number above it was counted through the manuscript, not on the page.
LINES_PER_PAGE = 60
#: The score of a paragraph on a page named with a line, away from that line.
ON_PAGE = 0.5
#: A page named this many characters before or after a line number is the line's page.
NEAR = 30
_PAGE = re.compile(r"(?<![\w.])(?:pages?|pp?\.|pg\.?|p(?=\d))\s*(\d{1,3})(?:\s*[-\u2013]\s*\d{1,3})?\b", re.I)
_LINE = re.compile(r"(?<![\w.])(?:lines?|ll?\.|l(?=\d))\s*(\d{1,4})(?:\s*[-\u2013]\s*\d{1,4})?\b", re.I)


@dataclass(frozen=True)
class PagePointer:
    """A page a comment names (1-based, as printed), and the line on it (None: the page as a whole)."""

    page: int
    line: int | None = None


def page_pointers(text: str) -> list[PagePointer]:
    """The pages (and lines on them) ``text`` names, in order, each once: a line number goes with the page named
    within ``NEAR`` characters of it; a line with no page near it names nothing."""
    pages = [(m.start(), m.end(), int(m.group(1))) for m in _PAGE.finditer(text)]
    out: list[PagePointer] = []
    used: set[int] = set()
    for m in _LINE.finditer(text):
        near = [(min(abs(m.start() - e), abs(s - m.end())), k) for k, (s, e, _) in enumerate(pages)]
        near = [(d, k) for d, k in near if d <= NEAR]
        if near:
            k = min(near)[1]
            used.add(k)
            line = int(m.group(1))
            out.append(PagePointer(pages[k][2], line if line <= LINES_PER_PAGE else None))
    out += [PagePointer(p) for k, (_, _, p) in enumerate(pages) if k not in used]
    seen: set[PagePointer] = set()
    return [p for p in out if not (p in seen or seen.add(p)) and p.page > 0]


def without_pointers(text: str) -> str:
    """``text`` without the pages and lines it names (their words, "page" and "line", are no topic)."""
    return _LINE.sub(" ", _PAGE.sub(" ", text)) if _PAGE.search(text) else text


def page_scores(pointers: list[PagePointer], paragraphs: list[Paragraph],
                frame: list[Paragraph] | None = None) -> np.ndarray:
    """Per paragraph, 0..1: 1 for the paragraph at a named line of a named page (or on a named page when no line
    is named), 0.5 for the other paragraphs of a page named with a line; 0 elsewhere, and everywhere when no
    paragraph carries a page. ``frame``: the paragraphs whose boxes give each page's text height (all of the
    document's; default ``paragraphs``)."""
    out = np.zeros(len(paragraphs))
    if not pointers or not any(p.regions for p in paragraphs):
        return out
    extent = _extents(frame or paragraphs)
    for ptr in pointers:
        on_page = [(j, r) for j, p in enumerate(paragraphs) for r in p.regions if r.page == ptr.page]
        if not on_page:
            continue
        if ptr.line is None or ptr.page not in extent:
            for j, _ in on_page:
                out[j] = 1.0
            continue
        top, bottom = extent[ptr.page]
        y = top + (ptr.line - 1) / LINES_PER_PAGE * (bottom - top)
        gaps = {}
        for j, r in on_page:
            gap = max(r.bbox[1] - y, y - r.bbox[3], 0.0)
            gaps[j] = min(gaps.get(j, gap), gap)
        nearest = min(gaps.values())
        for j, gap in gaps.items():
            out[j] = max(out[j], 1.0 if gap <= nearest else ON_PAGE)
    return out


def _extents(paragraphs: list[Paragraph]) -> dict[int, tuple[float, float]]:
    """Per page: the top and bottom of its text (the boxes of every paragraph on it)."""
    out: dict[int, tuple[float, float]] = {}
    for p in paragraphs:
        for r in p.regions:
            top, bottom = out.get(r.page, (r.bbox[1], r.bbox[3]))
            out[r.page] = (min(top, r.bbox[1]), max(bottom, r.bbox[3]))
    return out
