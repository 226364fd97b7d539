"""Rejoining a paragraph that a column or page break, or a float set in between, cut in two."""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block
from engine.document.pdf.lines import Line

#: What a sentence's continuation may open with besides a letter or digit: "(Fig 3C), even though ..." (not "[":
#: a paragraph may open with a numbered citation, "[18] experiment with ...").
_CONTINUATION_OPENERS = frozenset("(“‘\"'")
_CLOSED = re.compile(r"[.!?:]['\")\]’”]*$")
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
    out: list[Block] = []
    last_body: Block | None = None
    between = 0
    opened: Block | None = None  # the last body paragraph whose sentence runs on, kept across a float
    after_float = False  # a caption, or table cells read as body in the next column, came after ``opened``
    bodies = [b for b in blocks if b.kind in (ParagraphKind.BODY, ParagraphKind.REFERENCE)]  # how the text is set
    indent_style = sum(1 for b in bodies if b.indented) >= 0.3 * max(len(bodies), 1)
    for b in blocks:
        caption_like = _sentence_like_caption(b, body)
        # (or its second line at the edge: a piece of math raised over the first line's start)
        at_left = b.first.x0 <= b.segment.left + 0.15 * b.segment.width or (
            len(b.lines) > 1 and b.lines[1].x0 <= b.segment.left + 2.0)
        target = None
        if (b.kind is ParagraphKind.BODY or caption_like) and last_body is not None and at_left:
            tail_seg = last_body.parts[-1][0] if last_body.parts else last_body.segment
            moved = tail_seg is not b.segment or between > 0
            tail = _tail(last_body)
            closed = bool(_CLOSED.search(tail.text))
            lower = b.first.text[:1].islower()
            plain = not b.indented and (not closed or lower)
            hyphen = tail.text.endswith("-") and lower
            full = indent_style and not b.indented and tail.x1 >= tail_seg.right - 2 and len(tail.text) > 20
            opens = b.first.text[:1]
            if moved and (opens.isalnum() or opens in _CONTINUATION_OPENERS and not closed) and (
                    plain or hyphen or full or (lower and not closed)):
                target = last_body
        resumes = (b.kind is ParagraphKind.BODY and opened is not None and after_float and at_left
                   and not b.indented and b.first.text[:1].islower() and b.first.page - _tail(opened).page <= 1)
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
        elif b.kind in _SKIPPABLE and not b.code_heading or b.kind is ParagraphKind.EQUATION and _elsewhere(last_body, b):
            between += 1  # a float, a footnote or math inside a float between the parts
        else:
            last_body = None
        if b.kind is ParagraphKind.CAPTION and opened is not None:
            after_float = True
        elif b.kind is ParagraphKind.HEADING:
            opened = None
        out.append(b)
    return out


def _prose(b: Block) -> bool:
    """A block set as a paragraph of its column: opening at the left edge (or indented from it), its other lines
    starting at the edge, the text reaching across most of the column (not a table's cells)."""
    seg = b.segment
    return (
        b.first.x0 <= seg.left + 0.15 * seg.width
        and all(ln.x0 <= seg.left + 2.0 for ln in b.lines[1:])
        and max(ln.x1 for ln in b.lines) >= seg.left + 0.6 * seg.width
    )


def _still_open(b: Block, opened: Block | None, after_float: bool) -> tuple[Block | None, bool]:
    """The paragraph left open after the prose block ``b``: ``b`` when its sentence runs on; else none, unless
    ``b`` is a float's legend (not indented, after a caption), which leaves the paragraph before the float open."""
    if not _CLOSED.search(_tail(b).text):
        return b, False
    if b is opened or b.indented or not after_float:
        return None, False
    return opened, after_float


def _tail(b: Block) -> Line:
    """The last line of a block and of its continuation parts."""
    return b.parts[-1][1][-1] if b.parts else b.last


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
