"""A float's text that opens in the margin, read as body: ``out_in_margin`` (moved here from ``classify``, which is
at the house limit, unchanged)."""

from __future__ import annotations

from collections import Counter

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block


def out_in_margin(blocks: list[Block], body_size: float) -> None:
    """A body block opening in its column with a line out in the margin after, over nine font sizes left of the usual
    line start, where a caption on its page starts too, is a float's text: a PLOS table's note read with the table's
    last row cut a paragraph across a page turn (session 31; without the caption's edge it took dev body text)."""
    usual: dict[int, float] = {}
    captions: dict[int, list[float]] = {}  # (a block opening in the margin is a caption's tail: _attach_caption_tails)
    for b in (b for b in blocks if b.kind is ParagraphKind.CAPTION):
        captions.setdefault(b.first.page, []).append(b.first.x0)
    for b in blocks:
        if b.kind is not ParagraphKind.BODY or b.first.page not in captions:
            continue
        seg = b.segment
        if id(seg) not in usual:
            starts = Counter(round(ln.x0) for ln in seg.lines if len(ln.text) >= 30)
            usual[id(seg)] = starts.most_common(1)[0][0] if starts else seg.left
        edge = usual[id(seg)] - 9 * body_size
        if b.first.x0 >= edge and any(ln.x0 < edge and any(abs(ln.x0 - x) <= 2.0 for x in captions[b.first.page])
                                      for ln in b.lines[1:]):
            b.kind = ParagraphKind.OTHER
