"""The line numbers a review-mode PDF prints, told apart from the page's text (PyMuPDF's ``get_text("words")``).

Bare numbers whose right edges line up in a column that counts up the page: in a margin, outside the text,
or in the gutter between two text columns when set smaller than the text and flanked by it (REVTeX numbers its
right column there). The letter cites lines by them (``engine.letter.places``); the marked-up PDF keeps its
highlights off them (``marked_pdf``); the PDF reader takes them out of the paragraphs' text (``printed_numbers``;
session 26, when this module moved here from ``engine/project``, which re-exports it).
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from itertools import pairwise
from statistics import median

_NUMBER = re.compile(r"^\d{1,5}$")
#: Bare numbers stacked at one x position, at least this many on a page, make a line-number column.
MIN_COLUMN = 5
#: A column inside the text's width is taken for line numbers only when its numbers are at most this share of
#: the text's height (lineno sets them small; a paper's own numbers in running text are not).
INNER_SIZE = 0.8


def number_words(words: list[tuple]) -> list[tuple]:
    """The words of a page (PyMuPDF's ``get_text("words")``) that are printed line numbers: bare numbers
    whose right edges line up in a column of at least ``MIN_COLUMN`` that counts up the page, outside the text,
    or between two text columns when set smaller than the text (session 26: a REVTeX page numbers its right
    column in the gutter; taking only the outer margins cited the left column's lines for a right-column
    paragraph, and the marked-up PDF highlighted the gutter's numbers)."""
    text = [w for w in words if len(w[4]) >= 3 and not _NUMBER.match(w[4])]
    if len(text) < 20:
        return []
    xs0, xs1 = sorted(w[0] for w in text), sorted(w[2] for w in text)
    left, right = xs0[len(xs0) // 20], xs1[-1 - len(xs1) // 20]
    small = INNER_SIZE * median(w[3] - w[1] for w in text)
    columns: dict[int, list[tuple]] = defaultdict(list)
    for w in words:
        if _NUMBER.match(w[4]):
            columns[round(w[2] / 4)].append(w)
    out = []
    for col in columns.values():
        if len(col) < MIN_COLUMN or not _counts_up(col):
            continue
        outside = all(w[2] < left - 1 or w[0] > right + 1 for w in col) or _beyond_rows(col, text)
        if outside or (median(w[3] - w[1] for w in col) <= small and _between_columns(col, text)):
            out += _in_sequence(col)
    return out


def _beyond_rows(column: list[tuple], text: list[tuple]) -> bool:
    """Every number stands beyond the text of its own row, on one side, and beyond where the page's lines usually
    start (or end): a margin's numbers on a page whose text a wide float widens (PLOS sets its tables and figures
    out into the left margin, so the page's text no longer starts right of the numbers: pdfgap32's probes)."""
    starts: defaultdict[tuple, float] = defaultdict(lambda: 1e9)
    ends: defaultdict[tuple, float] = defaultdict(float)
    for t in text:  # each PyMuPDF line's start and end (block, line)
        starts[t[5:7]] = min(starts[t[5:7]], t[0])
        ends[t[5:7]] = max(ends[t[5:7]], t[2])
    if not starts:
        return False
    start = Counter(round(x / 4) for x in starts.values()).most_common(1)[0][0] * 4
    end = Counter(round(x / 4) for x in ends.values()).most_common(1)[0][0] * 4

    def row(w: tuple) -> list[tuple]:
        y = (w[1] + w[3]) / 2
        return [t for t in text if t[1] <= y <= t[3]]

    if all(w[2] < start - 2 and all(t[0] > w[2] for t in row(w)) for w in column):
        return True
    return all(w[0] > end + 2 and all(t[2] < w[0] for t in row(w)) for w in column)


def _between_columns(column: list[tuple], text: list[tuple]) -> bool:
    """Most of the numbers have text beside them on both sides at their height (a gutter between two columns
    of text; not a figure's axis)."""
    def beside(w: tuple) -> bool:
        y = (w[1] + w[3]) / 2
        row = [t for t in text if t[1] <= y <= t[3]]
        return any(t[2] <= w[0] + 1 for t in row) and any(t[0] >= w[2] - 1 for t in row)

    return sum(beside(w) for w in column) >= 0.5 * len(column)


def _in_sequence(column: list[tuple]) -> list[tuple]:
    """The numbers one step more than the one above or one step less than the one below (a figure's axis label
    that falls in the column is not a line number)."""
    ordered = sorted(column, key=lambda w: w[1])
    values = [int(w[4]) for w in ordered]
    d = column_step(values) or 1
    return [w for i, w in enumerate(ordered)
            if (i > 0 and values[i] == values[i - 1] + d) or (i + 1 < len(values) and values[i] == values[i + 1] - d)]


def _counts_up(column: list[tuple]) -> bool:
    return column_step([int(w[4]) for w in sorted(column, key=lambda w: w[1])]) is not None


#: Steps a line-number column may count by: every line, or every 2nd, 5th or 10th (lineno's
#: ``\modulolinenumbers[5]``, as Elsevier's preprints print them).
STEPS = (1, 2, 5, 10)


def column_step(values: list[int]) -> int | None:
    """The step a column of numbers (top to bottom) counts up by, when most steps between neighbours are one
    of ``STEPS``; None for anything else."""
    steps = [b - a for a, b in pairwise(values)]
    for d in STEPS:
        if steps and sum(s == d for s in steps) >= 0.8 * len(steps):
            return d
    return None
