"""Printed line numbers out of a page's text before its lines are built (session 26, lineno21).

A review copy numbers its lines (lineno: every line or every 5th, in a margin or a two-column page's gutter).
``clean.drop_line_numbers`` drops a margin's numbers when they are lines of their own; a number close enough to
the text to share its PyMuPDF line (a REVTeX page numbers its right column in the gutter) was glued into the
paragraph (a number fused to the word before it). Here the page's spans that are printed line numbers, as
``line_numbers.number_words`` finds them (a column of bare numbers counting up, outside the text
or small in a gutter), set smaller than the text and recurring on two pages or more, leave the page dictionary
before ``lines.page_lines`` reads it. A year, "Table 3" or an equation's number is never in such a column, so it
stays.
"""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from statistics import median
from typing import Any

from engine.document.pdf.line_numbers import MIN_COLUMN, column_step, number_words

_NUMBER = re.compile(r"^\d{1,5}$")


#: lineno sets its numbers smaller than the text (REVTeX's and lineno's own at half its size; 0.85 of a page of
#: references set small, acmart's review mode, a dev paper): a column at the text's size is the paper's own (a
#: table's numbered row labels on two pages of a training revision), and stays.
SMALLER = 0.9


def _may_hold_numbers(page_dict: dict[str, Any]) -> bool:
    """At least ``MIN_COLUMN`` spans that are bare numbers, set smaller than the page's usual text, end at one x
    position and count up the page (cheap: most pages have none, and only then is the page read again word by
    word; a figure's axis or a table's numbers at the text's size do not make the page read again)."""
    spans = [span for block in page_dict.get("blocks", ()) for line in block.get("lines", ())
             for span in line.get("spans", ())]
    numbers = [span for span in spans if _NUMBER.match(span["text"].strip())]
    if len(numbers) < MIN_COLUMN:
        return False
    ends: defaultdict[int, list[dict[str, Any]]] = defaultdict(list)
    for span in numbers:
        ends[round(span["bbox"][2] / 4)].append(span)
    columns = [col for col in ends.values() if len(col) >= MIN_COLUMN]
    if not columns:
        return False
    sizes: Counter[float] = Counter()
    for span in spans:  # the page's usual size, read only where a column stands
        if not _NUMBER.match(text := span["text"].strip()):
            sizes[round(span["size"], 1)] += len(text)
    if not sizes:
        return False
    usual = sizes.most_common(1)[0][0]
    for col in columns:
        small = sorted((s["bbox"][1], int(s["text"])) for s in col if s["size"] <= SMALLER * usual)
        if len(small) >= MIN_COLUMN and column_step([v for _, v in small]) is not None:
            return True
    return False


def printed_numbers(page: Any, page_dict: dict[str, Any]) -> list[tuple]:
    """The words of ``page`` (a ``pymupdf.Page``) that are printed line numbers; [] on most pages."""
    if not _may_hold_numbers(page_dict):
        return []
    words = page.get_text("words")
    numbers = number_words(words)
    text = [w[3] - w[1] for w in words if len(w[4]) >= 3 and not _NUMBER.match(w[4])]
    if not numbers or median(w[3] - w[1] for w in numbers) > SMALLER * median(text):
        return []
    return numbers


def without_numbers(page_dict: dict[str, Any], numbers: list[tuple]) -> dict[str, Any]:
    """``page_dict`` less its spans that are one of ``numbers`` (the same text, the word's centre in the span's
    box). A number sharing a span with other text is left as it is."""
    if not numbers:
        return page_dict
    boxes: dict[str, list[tuple[float, float]]] = {}
    for w in numbers:
        boxes.setdefault(w[4], []).append(((w[0] + w[2]) / 2, (w[1] + w[3]) / 2))

    def printed(span: dict[str, Any]) -> bool:
        x0, y0, x1, y1 = span["bbox"]
        return any(x0 - 1 <= x <= x1 + 1 and y0 - 1 <= y <= y1 + 1 for x, y in boxes.get(span["text"].strip(), ()))

    for block in page_dict.get("blocks", ()):
        for line in block.get("lines", ()):
            if "spans" in line:
                line["spans"] = [s for s in line["spans"] if not printed(s)]
    return page_dict


#: A review copy numbers the lines of every page: a column of numbers is taken for line numbers only where a column
#: stands at the same place (its right edge within 4 pt) on at least this many pages. A code listing's or an
#: algorithm's numbers on one page, a table's row numbers, a title page's affiliation marks stay the paper's text.
MIN_PAGES = 2


def recurring(found: list[list[tuple]]) -> list[list[tuple]]:
    """Each page's numbers (``printed_numbers``) kept where their column recurs on ``MIN_PAGES`` pages."""
    pages: defaultdict[int, set[int]] = defaultdict(set)
    for index, numbers in enumerate(found):
        for w in numbers:
            pages[round(w[2] / 4)].add(index)

    def recurs(w: tuple) -> bool:
        x = round(w[2] / 4)
        return len(pages[x - 1] | pages[x] | pages[x + 1]) >= MIN_PAGES

    return [[w for w in numbers if recurs(w)] for numbers in found]
