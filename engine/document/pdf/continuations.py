"""Rejoining a paragraph that a column or page break, or a float set in between, cut in two."""

from __future__ import annotations

import re
import unicodedata
from collections import Counter

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block, list_label, text_left
from engine.document.pdf.float_pages import figure_labels
from engine.document.pdf.lines import Line

#: What a sentence's continuation may open with besides a letter or digit: "(Fig 3C), even though ..." (not "[":
#: a paragraph may open with a numbered citation, "[18] experiment with ..."), or, after a sentence left open, a
#: maths symbol (Unicode's Sm: "∆q stretches ...", the increment sign TeX sets for a capital delta).
_CONTINUATION_OPENERS = frozenset("(“‘\"'")
_CLOSED = re.compile(r"[.!?:]['\")\]’”]*$")
#: A list item's number or bullet opening a block ("(iii) ", "2. ", "• "): an item set in from the column's edge
#: is no float's text, so a continuation never looks back past it.
_ITEM = re.compile(r"\(?(?:[ivx]{1,5}|[a-z]|\d{1,2})[.)]\s|[•●◦▪∙·–—∗*-]\s")
#: An algorithm float's first line ("Algorithm" and its number, then the algorithm's name), read as other or caption.
_ALGORITHM = re.compile(r"Algorithm\s+\d{1,2}\b")
#: Kinds a paragraph broken by a column or page break may have between its parts (a float, a footnote, and
#: a bibliography with no heading, which REVTeX sets in both columns under the text's last lines).
_SKIPPABLE = {ParagraphKind.CAPTION, ParagraphKind.FOOTNOTE, ParagraphKind.OTHER, ParagraphKind.REFERENCE}


def merge_continuations(blocks: list[Block], body: float) -> list[Block]:
    """Rejoin a paragraph broken by a column or page break, or by a float in between.

    A continuation starts at its column's left edge (a table's cells right of it are not one). A paragraph left
    open before a float is also rejoined when the float's own text came between, table cells read as body or
    math and a legend in the body font: the first block after a caption (or such cells in the next column or
    page) that opens at the left edge in lower case, not indented, carries it on ("... functional genetic
    components in the" | Table 2 | "evolution of EQU. Further, ...")."""
    figure_labels(blocks)  # a float page's bold labels read as headings would close the paragraph open before it
    out: list[Block] = []
    last_body: Block | None = None
    between = 0
    opened: Block | None = None  # the last body paragraph whose sentence runs on, kept across a float
    after_float = False  # a caption, or table cells read as body in the next column, came after ``opened``
    bodies = [b for b in blocks if b.kind in (ParagraphKind.BODY, ParagraphKind.REFERENCE)]  # how the text is set
    indent_style = sum(1 for b in bodies if b.indented) >= 0.3 * max(len(bodies), 1)
    edges = _text_edges(bodies)
    ragged = _ragged(bodies)
    algorithm = False  # an algorithm float's opening line came after ``last_body``: its steps set as math are its own
    for i, b in enumerate(blocks):
        if b.kind in (ParagraphKind.BODY, ParagraphKind.HEADING):
            algorithm = False
        if opened is not None and (after_float or _tops_column(blocks, i, opened)) and _heading_in_float(
                b, blocks[i + 1:i + 2], opened):
            b.kind = ParagraphKind.OTHER  # a table's bold header row or row labels, read as a heading
        if b.kind is ParagraphKind.BODY and _notes_in_margin(blocks, i, edges):
            b.kind = ParagraphKind.CAPTION  # a table's notes set under it out into the margin (PLOS)
        caption_like = _sentence_like_caption(b, body)
        # (or its second line at the edge: a piece of math raised over the first line's start)
        at_left = b.first.x0 <= b.segment.left + 0.15 * b.segment.width or (
            len(b.lines) > 1 and b.lines[1].x0 <= b.segment.left + 2.0) or _same_edge(last_body or opened, b)
        target = None
        if last_body is not None and b.kind is ParagraphKind.BODY and between > 0 and _in_float_above(
                last_body, b) and (b.first.text[:1].islower() or _set_apart(blocks[i - 1], b)):
            # the text runs on past a float set above it in its column, more of the float's text (cells, a caption)
            # between (in capitals only where the float stands apart: a table's legend is set right under it)
            last_body = _flow_before(out, b)
        # a float's body under its caption (an algorithm's indented steps) carries no paragraph on
        # (steps in from the text's own edge; or from the page's, unless the block opens in lower case: a PLOS
        # continuation under a legend set out into the margin)
        in_float = i > 0 and blocks[i - 1].kind is ParagraphKind.CAPTION and (
            _stepped(b, text_left(b.segment)) or _stepped(b, b.segment.left) and not b.first.text[:1].islower()
            or _legend(blocks[i - 1], b))
        if last_body is not None and between == 0 and _short_run_on(last_body, b):
            b.kind = ParagraphKind.BODY  # a sentence's last words, alone at the top of the next column or page
        if (b.kind is ParagraphKind.BODY or caption_like) and last_body is not None and at_left and not in_float:
            tail_seg = last_body.parts[-1][0] if last_body.parts else last_body.segment
            moved = tail_seg is not b.segment or between > 0
            tail = last_body.tail
            closed = bool(_CLOSED.search(tail.text))
            lower = b.first.text[:1].islower()
            plain = not b.indented and (not closed or lower)
            hyphen = tail.text.endswith("-") and lower
            full = indent_style and not b.indented and len(tail.text) > 20 and (
                tail.x1 >= tail_seg.right - 2 or ragged and _no_room(tail, b, tail_seg.right))
            opens = b.first.text[:1]
            # (or right under it, a word broken at its end: a line set apart by a raised fraction cut it there)
            if (moved or hyphen and b.first.page == tail.page) and (opens.isalnum() or not closed and (
                    opens in _CONTINUATION_OPENERS or unicodedata.category(opens or " ") == "Sm")) and (
                    plain or hyphen or full or (lower and not closed)) or moved and _closes_bracket(tail.text, opens):
                target = last_body
            elif moved and b.kind is ParagraphKind.BODY and _item_runs_on(last_body, b, closed):
                target = last_body
        resumes = (b.kind is ParagraphKind.BODY and opened is not None and after_float and at_left and not in_float
                   and not b.indented and b.first.text[:1].islower() and b.first.page - opened.tail.page <= 2)
        if resumes and (target is None or target is not opened and not _prose(target)):
            target = opened  # rather than a table's cells read as body
        if target is not None:
            target.parts.append((b.segment, b.lines))
            last_body, between = target, 0
            if target is opened or _prose(target):
                opened, after_float = _still_open(target, opened, after_float)
            continue
        if b.kind is ParagraphKind.BODY:
            last_body, between = b, 0
            if _prose(b):
                opened, after_float = _still_open(b, opened, after_float)
            elif not at_left and _elsewhere(opened, b):
                after_float = True  # a table's cells read as body past a column or page break (not math in the text)
        elif b.kind in _SKIPPABLE and not b.code_heading or b.kind is ParagraphKind.EQUATION and (
                _elsewhere(last_body, b) or _footnote_math(blocks, i, body) or algorithm):
            between += 1  # a float, a footnote (its math, its mark) or math inside a float between the parts
            algorithm = algorithm or last_body is not None and bool(_ALGORITHM.match(b.text))
        else:
            last_body = None
        if b.kind is ParagraphKind.CAPTION and opened is not None:
            after_float = True
        elif b.kind is ParagraphKind.HEADING:
            opened = None
        out.append(b)
    return out


def _item_runs_on(item: Block, b: Block, closed: bool) -> bool:
    """``b``, past a column or page turn, carries on the list item ``item`` left open before it: set in under the
    item's text as an item's own lines are (a hanging indent, half a font size to four past its label), every line of
    it there, with no label of its own. Where a script has no case (Hangul) no opening in lower case says so."""
    if closed or list_label(item.first.text) is None or list_label(b.first.text) is not None:
        return False
    label, indent = item.first.x0 - item.segment.left, b.first.x0 - b.segment.left
    if len(item.lines) > 1:  # the item's own second line shows where its text is set
        hang = item.lines[1].x0 - item.segment.left
        if abs(hang - indent) >= 1.0:
            return False
    return (label + 0.5 * b.first.size <= indent <= label + 4 * b.first.size
            and all(abs(ln.x0 - b.first.x0) < 1.0 for ln in b.lines))


def _short_run_on(last: Block, b: Block) -> bool:
    """``b`` is one short line read as ``other`` (under four words, no sentence end), at the left edge of another
    column or page right after ``last``, opening in lower case where ``last``'s sentence runs on: the sentence's
    last words before a display ("... models with their" | page turn | "weight tables (WT)" | display)."""
    tail_seg = last.parts[-1][0] if last.parts else last.segment
    return (b.kind is ParagraphKind.OTHER and len(b.lines) == 1 and len(b.text.split()) < 4
            and b.first.text[:1].islower() and b.segment is not tail_seg and b.first.x0 <= b.segment.left + 2.0
            and not _CLOSED.search(last.tail.text) and _prose(last))


def _ragged(bodies: list[Block]) -> bool:
    """The text is set ragged right (PLOS): fewer than half of its paragraphs' inner lines (all but a block's last)
    reach the column's right edge, where justified text sets nearly all of them there."""
    inner = [ln.x1 >= b.segment.right - 2.0 for b in bodies for ln in b.lines[:-1] if len(ln.text) >= 20]
    return len(inner) >= 20 and sum(inner) < 0.5 * len(inner)


def _no_room(tail: Line, b: Block, right: float) -> bool:
    """The line ``tail`` could not have held ``b``'s first word: the space left before the column's right edge is
    narrower than that word and a space (at ``b``'s first line's mean width per character), so in ragged-right text
    (PLOS) the line was broken there, not ended by the paragraph."""
    first = b.first
    word = first.text.split(maxsplit=1)[0] if first.text.split() else ""
    if not word or len(first.text) < 20:
        return False
    per_char = (first.x1 - first.x0) / len(first.text)
    return right - tail.x1 < (len(word) + 1) * per_char


def _text_edges(bodies: list[Block]) -> dict[tuple[int, int], float]:
    """Where the document's text starts, per column and page side (odd or even, for two-sided margins): the most
    common start of the long lines of its body paragraphs."""
    starts: dict[tuple[int, int], Counter[int]] = {}
    for b in bodies:
        for ln in b.lines:
            if len(ln.text) >= 20:
                starts.setdefault((b.segment.col, ln.page % 2), Counter())[round(ln.x0)] += 1
    return {key: float(c.most_common(1)[0][0]) for key, c in starts.items()}


def _notes_in_margin(blocks: list[Block], i: int, edges: dict[tuple[int, int], float]) -> bool:
    """``blocks[i]`` is a float's notes: every line starts out in the margin, two font sizes or more left of its
    column's text edge on the page and in the document, under a caption on the same page with only the float's
    cells (``other``, math) between (PLOS sets a table and the notes under it out into the left margin; a
    continuation of the text around the table starts at the text's edge)."""
    b = blocks[i]
    edge = min(text_left(b.segment), edges.get((b.segment.col, b.first.page % 2), 0.0))
    if max(ln.x0 for ln in b.lines) > edge - 2.0 * b.size:
        return False
    for prev in reversed(blocks[max(0, i - 60):i]):
        if prev.tail.page != b.first.page or prev.tail.y1 > b.first.y0 + 1.0:
            return False
        if prev.kind is ParagraphKind.CAPTION:
            return True
        if prev.kind not in (ParagraphKind.OTHER, ParagraphKind.EQUATION):
            return False
    return False


def _legend(caption: Block, b: Block) -> bool:
    """``b`` opens in capitals right under the caption, no float separation between (a figure's legend typed after
    its caption, acmart: "Figure 2: ..." | "The upper panel gives ..."): the float's own text, no continuation."""
    cap = caption.tail
    return (cap.page == b.first.page and not b.first.text[:1].islower()
            and -0.5 * b.size <= b.first.y0 - cap.y1 < 0.5 * b.size)


def _closes_bracket(tail: str, opens: str) -> bool:
    """The block opens with a closing bracket that the paragraph before left open at its last line's end (a
    citation "[? ]" broken at a page turn): no paragraph or list item opens with "]" or ")"."""
    pair = {"]": "[", ")": "("}.get(opens)
    return pair is not None and tail.rfind(pair) > tail.rfind(opens)


def _tops_column(blocks: list[Block], i: int, opened: Block) -> bool:
    """``blocks[i]`` opens a column or page other than the one ``opened`` (a paragraph left open) ends in, and a
    caption follows it there with only cells (other, math) between: a table set at the top, its caption under it,
    whose header row comes before any caption."""
    tail_seg = opened.parts[-1][0] if opened.parts else opened.segment
    b = blocks[i]
    if i == 0 or blocks[i - 1].segment is b.segment or b.segment is tail_seg:
        return False
    for nxt in blocks[i + 1:i + 16]:
        if nxt.segment is not b.segment or nxt.kind not in (ParagraphKind.OTHER, ParagraphKind.EQUATION):
            return nxt.segment is b.segment and nxt.kind is ParagraphKind.CAPTION
    return False


def _heading_in_float(b: Block, after: list[Block], opened: Block) -> bool:
    """An unnumbered "heading" met after a float began (its caption, or its cells in the next column or page),
    while a paragraph is left open: a table's bold header row or row label when a cell stands beside it, table
    text follows it, or the open sentence goes on in lower case right after it."""
    if b.kind is not ParagraphKind.HEADING or b.heading_number is not None or b.first.page - opened.tail.page > 1:
        return False
    if not after:
        return False
    nxt = after[0]
    beside = abs(nxt.first.y0 - b.first.y0) < 2.0 and nxt.first.x0 > b.first.x1
    cells = nxt.kind is ParagraphKind.OTHER or nxt.kind is ParagraphKind.BODY and not _prose(nxt)
    return beside or cells or nxt.kind is ParagraphKind.BODY and nxt.first.text[:1].islower()


def _in_float_above(a: Block, b: Block) -> bool:
    """``a`` ends above ``b`` on its page with lines that all start right of ``b``'s column edge, not as a
    paragraph's one indented line: a float's cells or a plot's labels read as body, not the column before."""
    seg, lines = a.parts[-1] if a.parts else (a.segment, a.lines)
    col = b.segment
    if _ITEM.match(a.first.text.lstrip()):
        return False
    if seg.page != col.page or a.tail.y1 > b.first.y0 or min(ln.x0 for ln in lines) <= col.left + 2.0:
        return False
    return len(lines) > 1 or lines[0].x0 > col.left + 0.15 * col.width or lines[0].x1 > col.right + 2.0


def _set_apart(prev: Block, b: Block) -> bool:
    """``b`` starts more than two lines' height under the block before it (a float's float separation)."""
    tail = prev.tail
    return tail.page != b.first.page or b.first.y0 - tail.y1 > 2.0 * b.first.size


def _flow_before(out: list[Block], b: Block) -> Block | None:
    """The last prose paragraph of the running text before ``b`` (past a float's text), none past a heading."""
    for x in reversed(out):
        if x.kind is ParagraphKind.HEADING:
            return None
        if x.kind is ParagraphKind.BODY and _prose(x) and not _in_float_above(x, b):
            return x
    return None


def _prose(b: Block) -> bool:
    """A block set as a paragraph of its column: opening at the left edge (or indented from it), its other lines
    starting at the edge, the text reaching across most of the column (not a table's cells)."""
    seg = b.segment
    return (
        b.first.x0 <= seg.left + 0.15 * seg.width
        and all(ln.x0 <= seg.left + 2.0 for ln in b.lines[1:])
        and max(ln.x1 for ln in b.lines) >= seg.left + 0.6 * seg.width
    )


def _stepped(b: Block, left: float) -> bool:
    """Lines starting at several indents, most of them in from the column's edge ``left``, as an algorithm's nested
    steps do (a paragraph's lines share the column's left edge, a display or a raised fragment aside)."""
    starts = [ln.x0 for ln in b.lines[1:]]
    edge = sum(1 for ln in b.lines if ln.x0 <= left + 2.0)
    return len(starts) >= 2 and max(starts) - min(starts) > 0.8 * b.size and edge < 0.5 * len(b.lines)


def _still_open(b: Block, opened: Block | None, after_float: bool) -> tuple[Block | None, bool]:
    """The paragraph left open after the prose block ``b``: ``b`` when its sentence runs on; else none, unless
    ``b`` is a float's legend (not indented, after a caption), which leaves the paragraph before the float open."""
    if not _CLOSED.search(b.tail.text):
        return b, False
    if b is opened or b.indented or not after_float:
        return None, False
    return opened, after_float


def _same_edge(opened: Block | None, b: Block) -> bool:
    """``b`` starts at the left edge of the open paragraph's last lines on the page before, in a one-column page
    whose band reaches further left (PLOS sets its legends and tables out into the left margin, so the page's
    left edge is theirs, not the text's)."""
    if opened is None or b.first.page != opened.tail.page + 1:
        return False
    seg, lines = opened.parts[-1] if opened.parts else (opened.segment, opened.lines)
    return seg.col == 0 and b.segment.col == 0 and abs(b.first.x0 - min(ln.x0 for ln in lines[-3:])) <= 2.0


def _elsewhere(last_body: Block | None, b: Block) -> bool:
    """``b`` is in another column or page than where ``last_body`` ends."""
    if last_body is None:
        return False
    tail_seg = last_body.parts[-1][0] if last_body.parts else last_body.segment
    return tail_seg is not b.segment


def _sentence_like_caption(b: Block, body: float) -> bool:
    """A "Table 4." that only looks like a caption: body-size text after an open sentence."""
    return (
        b.kind is ParagraphKind.CAPTION
        and abs(b.size - body) < 0.5
        and not b.first.lead_bold
        and bool(re.match(r"^\S+\s*\S*\d+\.\s", b.text))
    )


#: A footnote's mark, set on its own before the note's text ("∗ Email address: ...").
_MARKS = frozenset("∗*†‡§¶⋆")


def _footnote_math(blocks: list[Block], i: int, body: float) -> bool:
    """``blocks[i]``, read as math, is a footnote's: set in the notes' smaller size, and either inside a note (a
    footnote before it on the page, only math and numbers between) or its lone mark, the note's text beside it."""
    b = blocks[i]
    if b.size > body - 1.5:
        return False
    if b.text.strip() and all(c in _MARKS for c in b.text.strip()) and i + 1 < len(blocks):
        nxt = blocks[i + 1]
        return (nxt.kind in (ParagraphKind.FOOTNOTE, ParagraphKind.OTHER) and nxt.first.page == b.tail.page
                and -1.0 <= nxt.first.x0 - b.tail.x1 <= 4.0 and abs(nxt.first.y0 - b.first.y0) <= 2.0 * body)
    for prev in reversed(blocks[max(0, i - 6):i]):
        if prev.tail.page != b.first.page:
            return False
        if prev.kind is ParagraphKind.FOOTNOTE:
            return True
        if prev.kind not in (ParagraphKind.EQUATION, ParagraphKind.OTHER) or prev.size > body - 1.5:
            return False
    return False
