"""A one-column page with a narrow column of notes in its left margin beside the text (MDPI's first page: the
citation, the dates, the publisher's note and the licence at the left, the introduction to their right). Read as one
column, each note's line fell between two lines of the text on its height, cutting the introduction into one-line
paragraphs and running the text into the notes ("Received: changing the joints configuration ... Accepted: with
light legs", trial36).

``margin_column`` gives the page's lines as ``(col, lines)`` parts in reading order: the notes first (column 1),
then the rest of the page (column 0, where the text of the paper's other pages is); or the whole page as one part.
"""

from __future__ import annotations

from engine.document.pdf.lines import Line, PageText

#: The notes' column ends within this share of the page's width from its left edge (Wiley's New Journal Design: a
#: third of the page, its author notes beside the abstract's box; MDPI: a quarter).
MARGIN_SHARE = 0.36
#: At least this many lines of notes, of at least ``NOTE_CHARS`` characters each, and of text beside them.
NOTE_LINES, NOTE_CHARS, TEXT_LINES = 4, 10, 6
#: The text beside the notes is at least this many times as wide as their column (Wiley's abstract box: 1.84).
WIDER = 1.8
#: The notes' largest font is at most this share of the text's median size (MDPI: 7 pt beside 10 pt).
SMALLER = 0.9
#: The notes' median line holds at least this many characters (a table's row labels hold fewer).
NOTE_MEDIAN = 20
#: Points of white between the notes' right edge and the text's left edge, at least.
MIN_GAP = 6.0


def margin_column(page: PageText) -> list[tuple[int, list[Line]]]:
    """The notes in the page's left margin, then the rest (see the module's text); ``[(0, page.lines)]`` when the
    page has no such notes."""
    whole = [(0, page.lines)]
    edge = MARGIN_SHARE * page.width
    sizes = sorted(ln.size for ln in page.lines)
    if not sizes or page.width <= 0:
        return whole
    small = SMALLER * sizes[len(sizes) // 2]  # notes are set small: the title block's short lines are no notes
    notes = [ln for ln in page.lines if ln.x1 <= edge and len(ln.text.strip()) >= NOTE_CHARS and ln.size <= small]
    if len(notes) < NOTE_LINES:
        return whole
    right = max(ln.x1 for ln in notes)
    top, bottom = min(ln.y0 for ln in notes), max(ln.y1 for ln in notes)
    beside = [ln for ln in page.lines if ln.y1 > top and ln.y0 < bottom]  # the lines at the notes' height
    side = [ln for ln in beside if ln.x1 <= right + 0.5]
    text = [ln for ln in beside if ln.x0 >= right + MIN_GAP]
    if len(side) + len(text) < len(beside) or len(text) < TEXT_LINES:  # a line crosses between them: no column
        return whole
    left = min(ln.x0 for ln in side)
    if max(ln.x1 for ln in text) - min(ln.x0 for ln in text) < WIDER * (right - left):  # no margin's notes
        return whole
    # a table's row labels beside its cells are no notes (layouts dev: PLOS tables set into the wide left margin):
    # notes are set smaller than the text beside them, the text is prose (no table row's wide gaps), and notes are
    # phrases, not labels of a few words
    sizes = sorted(ln.size for ln in text)
    if max(ln.size for ln in notes) > SMALLER * sizes[len(sizes) // 2] or sum(ln.gaps > 0 for ln in text) > len(
            text) // 5 or sorted(len(ln.text) for ln in notes)[len(notes) // 2] < NOTE_MEDIAN:
        return whole
    reach = 2.0 * max(ln.size for ln in notes)  # a note's short last line ("4.0/).") just under the others
    kept = {id(ln) for ln in page.lines if ln.x1 <= right + 0.5 and ln.y1 > top - reach and ln.y0 < bottom + reach}
    side = [ln for ln in page.lines if id(ln) in kept]
    return [(0, [ln for ln in page.lines if id(ln) not in kept]), (1, side)]
