"""The font size of a paper's running text.

Most characters are set in the text's size, except in a short paper with a long reference list: an IEEE journal
paper of three pages whose thirty references (and the authors' biographies after them) are set 2 pt smaller than
the text has more characters in the references' size. Read with that size as the text's, the title page's
affiliation notes and the footnotes (set in the references' size) read as body text and cut a paragraph at the
column break in two (trial29). So the size is counted on the text before the references' heading, when there is
enough of it; a paper without such a heading, or with too little text before it, is counted whole as before.
"""

from __future__ import annotations

import re

from engine.document.pdf.lines import Line, PageText, dominant_size

#: The references' heading as a line reads ("REFERENCES", "References", "Bibliography"), numbered or not.
_REFERENCES = re.compile(r"^\s*(?:[IVX]+\.|\d{1,2}\.?)?\s*(references|bibliography|literature cited)\s*$", re.I)
#: Characters of text before the references' heading needed to count on them alone (about half a column).
MIN_BEFORE = 2000


def body_font_size(pages: list[PageText], floor: float = 4.0) -> float:
    """The font size most characters are set in, lines under ``floor`` pt aside (a figure's; trial20: 1-pt labels),
    counted on the text before the references' heading where that text is long enough and set larger."""
    lines = [ln for page in pages for ln in page.lines if ln.size >= floor]
    whole = dominant_size(lines)
    if whole is None:
        return 10.0
    before = _before_references(pages, floor)
    if before is None or sum(sum(ln.sizes.values()) for ln in before) < MIN_BEFORE:
        return whole
    size = dominant_size(before)
    return size if size is not None and size > whole else whole


def _before_references(pages: list[PageText], floor: float) -> list[Line] | None:
    """The lines read before the first references' heading (a line of its own), in reading order: the pages
    before it whole; on its page, a left column whole and the rest above the heading when it opens a right column
    (a line starting past the page's middle), only the lines above it otherwise. None without such a heading."""
    for page in pages:
        for head in page.lines:
            if not _REFERENCES.match(head.text):
                continue
            middle = page.width / 2
            right = head.x0 >= middle
            before = [ln for p in pages if p.number < page.number for ln in p.lines if ln.size >= floor]
            before += [ln for ln in page.lines if ln.size >= floor and ln is not head and (
                ln.y1 <= head.y0 and (right or ln.x0 < middle) or right and ln.x1 <= middle)]
            return before
    return None
