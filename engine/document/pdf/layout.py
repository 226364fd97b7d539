"""Reading order on a page: columns, full-width bands and visual lines.

Columns are found per page from where text lines sit horizontally: a page is
two-column when a vertical gutter near the middle is crossed by few lines while
both sides hold text. A page with too little text in one column to show its
gutter by itself (a column holding only the end of a paragraph) borrows the
gutter of the paper's other pages when the page's lines leave it empty.
Lines crossing the gutter (title, abstract, wide figures
and tables) are full-width and cut the page into bands; each band is read left
column first, then right column.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from itertools import accumulate

from engine.document.pdf.lines import Line, PageText, letter_spaced
from engine.document.pdf.side_column import margin_column
from engine.document.pdf.visual_lines import attach_interlinear, join_baselines, text_edges
from engine.document.pdf.wide_tables import across_gutter, rows_under_table_caption


@dataclass(slots=True)
class Segment:
    """Lines of one column (or one full-width band) read top to bottom."""

    page: int
    col: int
    lines: list[Line] = field(default_factory=list)
    left: float = 0.0
    right: float = 0.0

    @property
    def width(self) -> float:
        return max(self.right - self.left, 1.0)


def find_gutter(lines: list[Line], width: float) -> float | None:
    """The x of a two-column gutter on the page, or None for one column."""
    text = [ln for ln in lines if len(ln.text) >= 4]
    if len(text) < 6 or width <= 0:
        return None
    lo, hi = int(width * 0.3), int(width * 0.7)
    delta = [0] * (hi - lo + 2)
    for ln in text:
        a, b = max(int(ln.x0) + 1, lo), min(int(ln.x1) - 1, hi)
        if a <= b:
            delta[a - lo] += len(ln.text)
            delta[b - lo + 1] -= len(ln.text)
    cover = list(accumulate(delta[:-1]))
    best = min(cover)
    # the widest run of least-covered x, nearest the middle on ties
    runs: list[tuple[int, int]] = []
    start = None
    for i, c in enumerate(cover + [best + 1]):
        if c <= best and start is None:
            start = i
        elif c > best and start is not None:
            runs.append((start, i - 1))
            start = None
    mid = (hi - lo) / 2
    a, b = max(runs, key=lambda r: (r[1] - r[0], -abs((r[0] + r[1]) / 2 - mid)))
    gutter = lo + (a + b) / 2
    left = [ln for ln in text if ln.x1 <= gutter + 2 and len(ln.text) >= 15]
    right = [ln for ln in text if ln.x0 >= gutter - 2 and len(ln.text) >= 15]
    if len(right) < 3 and len(left) >= 6:
        gutter = _sparse_gutter(text, left, width) or gutter
        left = [ln for ln in text if ln.x1 <= gutter + 2 and len(ln.text) >= 15]
        right = [ln for ln in text if ln.x0 >= gutter - 2]
        if len(left) < 6 or not right:
            return None
    elif len(left) < 3 or len(right) < 3:
        return None
    crossing = [ln for ln in text if ln.x0 < gutter - 2 and ln.x1 > gutter + 2]
    chars = sum(len(ln.text) for ln in text)
    if sum(len(ln.text) for ln in crossing) > 0.45 * chars:
        return None
    # real columns are wide: their long lines fill most of each half
    left_w = sorted(ln.width for ln in left)[(len(left) * 4) // 5]
    right_w = sorted(ln.width for ln in right)[(len(right) * 4) // 5]
    if left_w < 0.25 * width or right_w < 0.25 * width and len(right) >= 3:
        return None
    return gutter


def _sparse_gutter(text: list[Line], left: list[Line], width: float) -> float | None:
    """The gutter beside a full left column when the right one holds a line
    or two (a paragraph's last line at the top of a one-page paper's right
    column): midway between the left column's right edge and the right lines,
    which must start past that edge and in the middle of the page."""
    edge = sorted(ln.x1 for ln in left)[(len(left) * 3) // 4]
    size = sorted(ln.size for ln in left)[len(left) // 2]
    right = [ln for ln in text if ln.x0 >= edge + 0.5 * size]
    if not right or not all(ln.x0 < 0.7 * width for ln in right):
        return None
    gutter = (edge + min(ln.x0 for ln in right)) / 2
    return gutter if 0.3 * width <= gutter <= 0.7 * width else None


def column_gutters(pages: list[PageText]) -> list[float]:
    """The gutters found on the pages, most common first (rounded to 2 pt)."""
    return rank_gutters([find_gutter(page.lines, page.width) for page in pages])


def rank_gutters(own: list[float | None]) -> list[float]:
    """``column_gutters`` from each page's own gutter (``find_gutter``)."""
    found: dict[int, list[float]] = {}
    for gutter in own:
        if gutter is not None:
            found.setdefault(round(gutter / 2), []).append(gutter)
    ranked = sorted(found.values(), key=len, reverse=True)
    return [sorted(xs)[len(xs) // 2] for xs in ranked]


def _fits_gutter(lines: list[Line], width: float, gutter: float) -> bool:
    """Whether the page's lines leave a borrowed gutter empty: text on both
    sides, and lines crossing it (a title, a wide figure) a minority."""
    if not width * 0.3 <= gutter <= width * 0.7:
        return False
    text = [ln for ln in lines if len(ln.text) >= 4]
    crossing = sum(len(ln.text) for ln in text if ln.x0 < gutter - 2 and ln.x1 > gutter + 2)
    left = [ln for ln in text if ln.x1 <= gutter + 2]
    right = [ln for ln in text if ln.x0 >= gutter - 2]
    if not left or not right or crossing > 0.45 * sum(len(ln.text) for ln in text):
        return False
    # the lines on each side stay clear of the gutter, as column text does
    return max(ln.x1 for ln in left) < gutter and min(ln.x0 for ln in right) > gutter


def _fits_under_top(lines: list[Line], width: float, gutter: float) -> bool:
    """Whether the paper's gutter fits the page below its full-width top (a title page whose long abstract crosses
    the gutter with more than ``_fits_gutter`` allows: trial32, an MNRAS revision's first page, its abstract
    lengthened by the changes, read its two columns line by line in turn): at least six lines of text there."""
    crossing = [ln for ln in lines if len(ln.text) >= 4 and ln.x0 < gutter - 2 and ln.x1 > gutter + 2]
    if not crossing:
        return False
    top = max(ln.y1 for ln in crossing)
    under = [ln for ln in lines if ln.y0 > top]
    return sum(len(ln.text) >= 15 for ln in under) >= 6 and _fits_gutter(under, width, gutter)


def _attach_drop_caps(lines: list[Line]) -> list[Line]:
    """Put a drop cap (one large letter beside the first lines of a paragraph, IEEEtran's
    ``\\IEEEPARstart``) in front of the first line beside it, and move the lines beside it out to
    its left edge, so the paragraph reads "RESPIRATORY motion ..." with no first-line indent."""
    if len(lines) < 3:
        return lines
    sizes = sorted(ln.size for ln in lines)
    usual = sizes[len(sizes) // 2]
    caps = [ln for ln in lines if ln.size >= 1.8 * usual and len(ln.text) == 1 and ln.text.isalpha()]
    if not caps:
        return lines
    out = [ln for ln in lines if all(ln is not cap for cap in caps)]
    for cap in caps:
        beside = sorted((ln for ln in out if cap.y0 - 0.3 * usual <= ln.baseline <= cap.y1 + 0.3 * usual
                         and cap.x1 - 1 <= ln.x0 <= cap.x1 + 2.5 * usual), key=lambda ln: ln.baseline)
        if not beside:
            out.append(cap)
            continue
        first = beside[0]
        first.text = cap.text + first.text
        for ln in beside:
            ln.x0 = cap.x0
    return out if len(out) == len(lines) else sorted(out, key=lambda ln: (ln.baseline, ln.x0))


def _segment(page: int, col: int, lines: list[Line], max_gap: float) -> Segment:
    joined = attach_interlinear(join_baselines(_attach_drop_caps(lines), max_gap), max_gap)
    for ln in joined:
        ln.col = col
    left, right = text_edges(joined)
    return Segment(page, col, joined, left, right)


def page_segments(page: PageText, gutters: list[float] = ()) -> list[Segment]:
    """The page's text as column segments in reading order; ``gutters`` are
    the paper's gutters (see ``column_gutters``) for a page too sparse to show its own."""
    return cut_page(page, find_gutter(page.lines, page.width) if page.lines else None, gutters)


def cut_page(page: PageText, own: float | None, gutters: list[float] = ()) -> list[Segment]:
    """``page_segments`` with the page's own gutter already found (``own``, from ``find_gutter``)."""
    if not page.lines:
        return []
    gutter = own
    if gutter is None:
        gutter = next((g for g in gutters if _fits_gutter(page.lines, page.width, g)
                       or _fits_under_top(page.lines, page.width, g)), None)
    if gutter is None:
        return _front_box(page) or [_segment(page.number, col, part, 3.0) for col, part in margin_column(page)]
    bands: list[tuple[str, list[Line]]] = []
    across = across_gutter(page.lines, gutter)
    for ln in sorted(page.lines, key=lambda l: l.y0):
        spanning = id(ln) in across
        ends_span = bool(bands) and bands[-1][0] == "span" and _ends_span(ln, bands[-1][1], gutter)
        kind = "span" if spanning or ends_span else "cols"
        if bands and bands[-1][0] == kind:
            bands[-1][1].append(ln)
        else:
            bands.append((kind, [ln]))
    bands = _table_rows_across(bands, gutter)
    segments: list[Segment] = []
    for kind, lines in bands:
        if kind == "span":
            segments.append(_segment(page.number, -1, lines, 2.0))
            continue
        left = [ln for ln in lines if (ln.x0 + ln.x1) / 2 < gutter]
        right = [ln for ln in lines if (ln.x0 + ln.x1) / 2 >= gutter]
        for col, part in ((0, left), (1, right)):
            if part:
                segments.append(_segment(page.number, col, part, 3.0))
    return _merge_neighbours(segments)


def _table_rows_across(bands: list[tuple[str, list[Line]]], gutter: float) -> list[tuple[str, list[Line]]]:
    """A full-width table's rows, under its full-width caption, read with it (``wide_tables``)."""
    for i, (kind, lines) in enumerate(bands):
        rows = set(map(id, rows_under_table_caption(lines, [ln for _, b in bands[i + 1:] for ln in b], gutter)))
        if kind == "span" and rows:
            lines.extend(ln for _, b in bands[i + 1:] for ln in b if id(ln) in rows)
            rest = [(k, [ln for ln in b if id(ln) not in rows]) for k, b in bands[i + 1:]]
            return bands[:i + 1] + _table_rows_across([(k, b) for k, b in rest if b], gutter)
    return bands


def _front_box(page: PageText) -> list[Segment]:
    """A one-column page whose abstract sits beside a narrow column of article information (Elsevier's CAS title
    page): the lines above the box, the box's left column, its right column (the abstract, under its letter-spaced
    label), then the rest of the page, each a segment of its own; none (``[]``) on any other page. Read as one
    column, each abstract line ran into the keyword on its baseline ("… placed on the shelves. The widgets")."""
    # Elsevier's CAS classes set "A B S T R A C T" to the right of an "A R T I C L E  I N F O" column (keywords, dates)
    label = next((ln for ln in page.lines if letter_spaced(ln.text) == "abstract"), None)
    if label is None:
        return []
    left_edge = min(ln.x0 for ln in page.lines)
    split = label.x0 - 4.0
    if split - left_edge < 0.15 * page.width:  # the label at the text's left edge: an ordinary abstract
        return []
    ordered = sorted(page.lines, key=lambda ln: (ln.y0, ln.x0))
    box_top = label.y0 - 0.5 * label.size
    bottom, prev = label.y1, label
    for ln in ordered:  # the abstract: the lines at or right of the label's edge, one line pitch apart
        if ln.y0 <= label.y0 or ln.x0 < split:
            continue
        if ln.y0 - prev.y1 > 2.5 * max(ln.size, prev.size):
            break
        bottom, prev = ln.y1, ln
    above = [ln for ln in ordered if ln.y1 <= box_top]
    box = [ln for ln in ordered if ln.y1 > box_top and ln.y0 < bottom]
    below = [ln for ln in ordered if ln.y0 >= bottom and ln.y1 > box_top]
    left = [ln for ln in box if ln.x1 <= split]
    right = [ln for ln in box if ln.x0 >= split]
    if len(left) + len(right) < len(box) or not left:  # a line crosses the box's gutter: no box
        return []
    parts = [(0, above), (0, left), (1, right), (0, below)]
    return [_segment(page.number, col, lines, 3.0) for col, lines in parts if lines]


def _ends_span(ln: Line, span: list[Line], gutter: float) -> bool:
    """Whether a line that does not cross the gutter belongs to the full-width lines just above it: a
    fragment on the baseline of the last one (justified text, a wide word space), or the short last line
    of a full-width paragraph (an abstract set above two columns), one line pitch below at their left edge."""
    prev = span[-1]
    if abs(ln.size - prev.size) >= 0.6 or ln.x1 > gutter:
        return False
    drop = ln.baseline - prev.baseline
    if abs(drop) <= 0.3 * ln.size:
        return prev.x1 <= ln.x0 or ln.x1 <= prev.x0
    return 0.8 * ln.size < drop <= 1.5 * ln.size and abs(ln.x0 - min(x.x0 for x in span[-2:])) <= 2.0


def _merge_neighbours(segments: list[Segment]) -> list[Segment]:
    """Rejoin consecutive segments of one column split by a stray wide line."""
    out: list[Segment] = []
    for seg in segments:
        if out and out[-1].col == seg.col and seg.col >= 0:
            prev = out[-1]
            prev.lines.extend(seg.lines)
            prev.left, prev.right = text_edges(prev.lines)
        else:
            out.append(seg)
    return out
