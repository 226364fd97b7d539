"""A column's visual lines from PyMuPDF's fragments: fragments on one baseline joined (justified words, a heading's
number, the rest of a line after an inline sum), and small fragments set between two lines (a fraction's numerator, a
script on its own) folded into the nearer one. Moved out of ``layout`` (which was at its 400 lines) unchanged, then
given session 32's three fixes (pdfgap33: raised inline maths read into its line, tall inline maths folded in and its
row joined again; ``docs/corpus-layouts.md``).
"""

from __future__ import annotations

from engine.document.pdf.lines import Line, insert_fragment, merge_fragments


def join_baselines(lines: list[Line], max_gap: float) -> list[Line]:
    """Join fragments on one baseline (justified words, heading numbers, the rest of a line after an inline
    sum whose limits are set one above the other, so the fragments overlap by the width of the lower limit),
    then fragments a little off one baseline that overlap (``_join_overlapping``) or that a line holds (inline maths
    raised over its symbols)."""
    out: list[Line] = []
    for ln in sorted(lines, key=lambda l: (round(l.baseline), l.x0)):
        prev = out[-1] if out else None
        size = max(prev.size, ln.size) if prev is not None else 0.0
        if (
            prev is not None
            and abs(prev.baseline - ln.baseline) <= 0.3 * size
            and min(-1.0, max(-1.5 * size, prev.x0 + size - prev.x1)) <= ln.x0 - prev.x1 <= max_gap * size
        ):
            out[-1] = merge_fragments(prev, ln)
        else:
            out.append(ln)
    return _sort_rows(_join_overlapping(out))


def _join_overlapping(lines: list[Line]) -> list[Line]:
    """Join two fragments within 0.3 font sizes of one baseline whose ends overlap by up to 1.5 font sizes, left to
    right: a fragment that opens with a sum's lowered limit ("k=1 πkN(...") takes the limit's baseline, a little
    under its line's, and overlaps both halves of that line, so sorted by baseline it came after them and joined
    neither."""
    out = sorted(lines, key=lambda l: l.baseline)
    i = 0
    while i < len(out):
        a, j = out[i], i + 1
        while j < len(out) and out[j].baseline - a.baseline <= 0.3 * max(a.size, out[j].size):
            b = out[j]
            left, right = (a, b) if a.x0 <= b.x0 else (b, a)
            if left.x0 < right.x0 < left.x1 < right.x1 and left.x1 - right.x0 <= 1.5 * max(a.size, b.size):
                out[i] = a = merge_fragments(left, right)
                del out[j]
                j = i + 1  # the joined line may overlap another fragment
                continue
            host, inner = (a, b) if len(a.text) >= len(b.text) else (b, a)
            if host.x0 < inner.x0 and inner.x1 < host.x1 and _inline_maths(inner) and _prose(host):
                out[i] = a = insert_fragment(host, inner)  # an over-arrow's or a wide accent's maths, in its line
                del out[j]
                j = i + 1
                continue
            j += 1
        i += 1
    return out


def _inline_maths(ln: Line) -> bool:
    """``ln`` is a short piece of maths set off its line's baseline (a vector's arrow or a wide hat over its symbols,
    "v0 ..., −→"; TeX's extensible glyphs read as U+FFFD): mostly maths, or holding such a glyph."""
    return len(ln.text) <= 40 and (ln.math >= 0.5 or "\ufffd" in ln.text)


def _prose(ln: Line) -> bool:
    """``ln`` is a line of running text (not another piece of maths: a sum's limit holding its sign)."""
    return len(ln.text) >= 20 and ln.math < 0.5


def _sort_rows(lines: list[Line]) -> list[Line]:
    """Top to bottom, then left to right for lines sharing a baseline."""
    lines = sorted(lines, key=lambda l: l.baseline)
    rows: list[list[Line]] = []
    for ln in lines:
        if rows and abs(rows[-1][0].baseline - ln.baseline) <= 0.3 * ln.size:
            rows[-1].append(ln)
        else:
            rows.append([ln])
    for row in rows:
        for ln in row:
            ln.alone = len(row) == 1
    return [ln for row in rows for ln in sorted(row, key=lambda l: l.x0)]


#: Radical signs (and spaces): a square root's sign set apart from its radicand, on a baseline of its own.
_RADICALS = frozenset("√∛∜ ")


def _tall_piece(ln: Line) -> bool:
    """``ln`` is a short piece of inline maths in the text's size set on a baseline of its own between two lines (an
    inline sum's sign with its upper limit, "∑Q"; a radical over a fraction with the numerator beside it: TeX's
    extensible glyphs read as U+FFFD)."""
    return len(ln.text) <= 12 and (ln.math >= 0.5 or "\ufffd" in ln.text)


def _larger_neighbour(lines: list[Line], i: int, step: int, ratio: float = 1.15) -> Line | None:
    """The nearest line before or after ``lines[i]`` set in a clearly larger size (``ratio`` times its own)."""
    ln = lines[i]
    for j in range(i + step, i + 4 * step, step):
        if not 0 <= j < len(lines):
            return None
        other = lines[j]
        if other.size >= ratio * ln.size and (other.baseline - ln.baseline) * step > 0.5:
            return other
    return None


def attach_interlinear(lines: list[Line], max_gap: float = 3.0) -> list[Line]:
    """Fold small fragments set between two text lines (a fraction's numerator
    or denominator, a sub- or superscript on its own) into the nearer line.

    A fragment qualifies when it is small, lies horizontally within the lines
    around it and those lines keep about their usual spacing, so the fragment
    sits inside the paragraph rather than between paragraphs. A piece of inline maths in the text's size between
    two lines of prose is folded too. After each fold the line is joined to the fragments of its row that it now
    meets (``max_gap`` font sizes apart at most): the fragment may have filled the gap between them."""
    out = list(lines)
    # a fraction that opens a line sets its numerator (math) at the column's left edge, left of the line's rest
    edge = text_edges(out)[0] if out else 0.0
    i = 1
    while i < len(out) - 1:
        ln = out[i]
        if len(ln.text) > 40:  # no fragment: its neighbours need no look
            i += 1
            continue
        # a radical sign stands on its own baseline, raised over its radicand, in the text's own size
        radical = set(ln.text) <= _RADICALS
        ratio = 0.9 if radical else 1.15
        above, below = _larger_neighbour(out, i, -1, ratio), _larger_neighbour(out, i, 1, ratio)
        piece = (above is None or below is None) and _tall_piece(ln)
        if piece:  # so does a piece of inline maths taller than its line, between two lines of prose (from the
            # text's left edge, or a first-line indent: a display's lines are centred)
            above, below = _larger_neighbour(out, i, -1, 0.9), _larger_neighbour(out, i, 1, 0.9)
            around = (above, below)
            if above is None or below is None or not all(_prose(x) and x.x0 <= edge + 4.5 * x.size for x in around):
                above = None
        if (
            above is not None and below is not None
            and above.baseline < ln.baseline < below.baseline
            and below.baseline - above.baseline <= 1.8 * max(above.size, below.size)
            # a nuclide's mass number opening a line (mhchem's "235 over 92, U") starts up to its own size left of
            # the charge number under it: the words before and after the nuclide were two paragraphs (a new-user trial)
            and ln.x0 >= min(above.x0, below.x0, edge if ln.math >= 0.5 else above.x0) - max(2.0, ln.size)
            and ln.x1 <= max(above.x1, below.x1) + 2
        ):
            over_above = min(ln.y1, above.y1) - max(ln.y0, above.y0)
            over_below = min(ln.y1, below.y1) - max(ln.y0, below.y0)
            host = below if over_below >= over_above or radical else above  # a radical's radicand is below it
            at = next(k for k, other in enumerate(out) if other is host)
            out[at] = insert_fragment(host, ln)
            del out[i]
            # the piece may fill the gap between two fragments of its line
            out = _rejoin_row(out, out[at - (at > i)], max_gap)
            continue
        i += 1
    return out


def _rejoin_row(lines: list[Line], host: Line, max_gap: float) -> list[Line]:
    """``lines`` with the fragments on ``host``'s baseline joined to it, left to right, where they now meet it."""
    row = sorted((ln for ln in lines if abs(ln.baseline - host.baseline) <= 0.3 * max(ln.size, host.size)),
                 key=lambda l: l.x0)
    k = next(j for j, ln in enumerate(row) if ln is host)
    joined, gone = host, set()
    for other in row[k + 1:]:
        size = max(joined.size, other.size)
        if not -1.5 * size <= other.x0 - joined.x1 <= max_gap * size:
            break
        joined = merge_fragments(joined, other)
        gone.add(id(other))
    if not gone:
        return lines
    return [joined if ln is host else ln for ln in lines if id(ln) not in gone]


def text_edges(lines: list[Line]) -> tuple[float, float]:
    long = [ln for ln in lines if len(ln.text) >= 20] or lines
    xs0 = sorted(ln.x0 for ln in long)
    xs1 = sorted(ln.x1 for ln in long)
    return xs0[len(xs0) // 10], xs1[(len(xs1) * 9) // 10]
