"""A figure legend's panel lines, each read as a paragraph of its own.

PLOS prints a figure's legend in the text, its panels one to a line under the bold title ("A, B, C) Reactions
involved in ...", "D, E) ...", "H) ..."): each line ends a sentence and the next opens with a capital, so each was
a block of its own, and only the first joined the caption (``assemble._attach_caption_tails``). The others were
body paragraphs, and the paragraph the figure cut took one of them as its continuation. Blocks right under a
caption (its left edge, one line pitch down, its size) that open with a panel label join it, one after another.
"""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block

#: A panel label opening a legend line: "A)", "A, B, C)", "D–F)", "(a)", "(b, c)".
PANEL = re.compile(r"^\(?[A-Za-z](?:\s*[,–-]\s*[A-Za-z]){0,5}\)\s+\S")


def attach_panel_legends(blocks: list[Block], pitch: float, body: float) -> list[Block]:
    """``blocks`` with each run of panel-label blocks right under a caption made part of that caption."""
    out: list[Block] = []
    caption: Block | None = None
    for b in blocks:
        if caption is not None and _panel_line(caption, b, pitch, body):
            caption.parts.append((b.segment, b.lines + [ln for _, lines in b.parts for ln in lines]))
            continue
        caption = b if b.kind is ParagraphKind.CAPTION else None
        out.append(b)
    return out


def _panel_line(caption: Block, b: Block, pitch: float, body: float) -> bool:
    last, first = caption.tail, b.first
    if b.kind not in (ParagraphKind.BODY, ParagraphKind.OTHER) or not PANEL.match(first.text):
        return False
    drop = first.baseline - last.baseline
    edge = min(abs(first.x0 - caption.first.x0), abs(first.x0 - last.x0))
    return (first.page == last.page and 0.3 * last.size < drop <= 1.4 * pitch * max(last.size, body) / body
            and edge <= 2.0 and abs(first.size - last.size) < 0.6)
