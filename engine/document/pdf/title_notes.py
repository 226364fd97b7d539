"""Small text closing a column in the lower part of page 1: the title page's notes (affiliations, the copyright
and permission block), not body text."""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block

#: A list item's bullet: a bold bulleted line is no heading ("● University of Michigan Law School").
BULLETS = frozenset("●•▪◦‣·∙■□➢►–")
#: A line of digits only: a page number printed under the column (dropped before the blocks are classified).
_BARE_NUMBER = re.compile(r"^[\d\s]{1,16}$")


def title_page_notes(blocks: list[Block], body_size: float, page_height: dict[int, float]) -> None:
    """Small text closing a column in the lower part of page 1 is title-page notes, every block of it:
    IEEEtran's unnumbered affiliation notes ("T. Menzies is with ...") come as several blocks and only the
    last closes the column. A bulleted list set small is no note. A page number printed under the column (acmart's
    ``manuscript`` and ``review`` formats) does not stop notes in a footnote's size above it closing it: the
    permission block read as body took the first page's last paragraph's run-on from the next page (session 31)."""
    by_segment: dict[int, list[Block]] = {}
    for b in blocks:
        if b.first.page == 1:
            by_segment.setdefault(id(b.segment), []).append(b)
    for run in by_segment.values():
        below = _below(run[-1])
        if below is None:
            continue
        # above a page number, notes are set in a footnote's size: a list set \small at the page's foot stays text
        small = body_size - (1.4 if below else 0.9)
        height = page_height.get(run[-1].first.page, 792.0)
        for b in reversed(run):
            if (b.size > small or b.first.y0 <= 0.6 * height or b.kind is ParagraphKind.HEADING
                    or b.text.lstrip()[:1] in BULLETS):
                break
            if b.kind is ParagraphKind.BODY:
                b.kind = ParagraphKind.FOOTNOTE


def _below(b: Block) -> int | None:
    """How many page-number lines are under ``b`` in its column segment, where nothing else is (``b`` closes the
    column); None where other text is."""
    lines = b.segment.lines
    at = next((i for i, ln in enumerate(lines) if ln is b.lines[-1]), None)
    if at is None or not all(_BARE_NUMBER.match(ln.text) for ln in lines[at + 1:]):
        return None
    return len(lines) - at - 1
