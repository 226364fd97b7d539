"""Lines read across both columns: a table set so whose rows do not cross the gutter (trial29), the pieces of a
line across the gutter cut at a wide word space (session 31).

IEEEtran's ``table*`` puts its label and caption across the page ("TABLE I", then the caption in small capitals),
but a row's cells, each a line of its own, may each stay on one side of the gutter. Read as two columns, the left
cells joined the left column's text under the table (the references, there) and the right cells the right column's,
so a reference read "[11] J. Quintero ... Delay T4 (min) Rate switches/day ...". The rows under such a caption, up
to the float's gap before the columns' text, are read across the page with it when they look like a table's rows:
short cells, most of them numbers or a few words.
"""

from __future__ import annotations

import re
from statistics import median

from engine.document.pdf.lines import Line

#: A table's label on its own line, or opening its caption: "TABLE I", "TABLE 3", "Table 2:", "Table IV.".
_TABLE_LABEL = re.compile(r"^\s*(?:TABLE|Table)\s+(?:[IVXL]{1,6}|\d{1,2})\b(?:\s*[:.]|\s*$)")
#: A cell's text: a number (with its sign, unit or a dash), or a few words.
_NUMBER = re.compile(r"^[\s\d.,%±+\-–—()/×x]*$")


def across_gutter(lines: list[Line], gutter: float) -> set[int]:
    """The ids of the lines read across the page: those crossing the gutter, and a fragment on the baseline of one,
    in its size, a stretched word space from it (under one and a half font sizes): the rest of that line. A justified
    abstract set across both columns (REVTeX's) may leave a sentence space wide enough for MuPDF to cut its line
    there; the piece on one side of the gutter, read as column text, cut the abstract in three (session 31)."""
    wide = [ln for ln in lines if ln.x0 < gutter - 8 and ln.x1 > gutter + 8]
    return {id(w) for w in wide} | {
        id(ln) for ln in lines if any(abs(w.baseline - ln.baseline) <= 0.3 * ln.size and abs(w.size - ln.size) < 0.6
                                      and 0.0 <= max(ln.x0 - w.x1, w.x0 - ln.x1) <= 1.5 * ln.size for w in wide)}


def rows_under_table_caption(span: list[Line], below: list[Line], gutter: float) -> list[Line]:
    """The lines of ``below`` (a two-column band right under the full-width ``span``) that are the rows of the table
    whose label ``span`` holds: those above the first vertical gap of both columns, when they reach both sides of the
    gutter, most of them are short cells and none fills a column as running text does; [] otherwise."""
    if not any(_TABLE_LABEL.match(ln.text) for ln in span[-4:]):
        return []
    ordered = sorted(below, key=lambda ln: ln.y0)
    if not ordered:
        return []
    size = median(ln.size for ln in ordered)
    rows: list[Line] = [ordered[0]]
    for ln in ordered[1:]:
        if ln.y0 - max(r.y1 for r in rows) > 1.2 * size:
            break
        rows.append(ln)
    else:
        return []  # no gap: the columns' text runs on from the caption (a one-column table in a column, or none)
    cells = [ln for ln in rows if len(ln.text.split()) <= 4 or _NUMBER.match(ln.text)]
    both_sides = any(ln.x1 <= gutter for ln in rows) and any(ln.x0 >= gutter for ln in rows)
    column = gutter - min(ln.x0 for ln in rows)
    prose = any(ln.x1 - ln.x0 >= 0.8 * column for ln in rows)  # a line of running text fills its column; no cell does
    return rows if both_sides and not prose and len(rows) <= 120 and len(cells) >= 0.6 * len(rows) else []
