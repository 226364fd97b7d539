"""Unnumbered section titles set in bold a point under the text and centred in their column (REVTeX's
``\\section*``, and every section and subsection of a PRL-style letter, in CMBX9 beside CMR10 text): headings.
``classify`` takes a bold line for a heading only from the text's size less 0.6 pt up, so these read as text set
apart (session 30, pdfgap31: a PRL-style dev paper had 2 of its 13 titles read as headings)."""

from __future__ import annotations

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block, ends_sentence
from engine.document.pdf.classify import BULLETS, heading_key

#: How far under the text's size a centred bold title may be set, in points (``\small`` under 10 pt text is 9 pt).
SMALLER = 1.6
#: Each line's two margins in its column may differ by this much (points); its last line's are each at least an em of
#: the text (a full line of a justified paragraph has none).
OFF_CENTRE = 3.0


def _centred(b: Block, body_size: float) -> bool:
    seg = b.segment
    for ln in b.lines:
        left, right = ln.x0 - seg.left, seg.right - ln.x1
        if abs(left - right) > OFF_CENTRE or min(left, right) < -1.0:
            return False
    return min(b.lines[-1].x0 - seg.left, seg.right - b.lines[-1].x1) >= body_size


def centred_headings(blocks: list[Block], body_size: float) -> list[Block]:
    """Mark as headings the blocks that are one or two lines of bold text, alone on their lines, at most
    ``SMALLER`` pt under the text's size, ten words or fewer with a letter, no sentence and no list's bullet, each
    line centred in its column; left as they were: a table's row (words apart), a caption, a typewriter line, a
    line of a figure. A title in capitals is a section (level 1), one in mixed case a subsection (level 2)."""
    for b in blocks:
        if b.kind not in (ParagraphKind.OTHER, ParagraphKind.BODY) or len(b.lines) > 2 or b.item:
            continue
        text = b.text.strip()
        words = text.split()
        if not (b.bold and body_size - SMALLER <= b.size < body_size + 0.9 and 1 <= len(words) <= 10):
            continue
        if ends_sentence(text) or text[:1] in BULLETS or not any(c.isalpha() for c in text[:3]):
            continue
        if any(not ln.alone or ln.gaps or ln.mono or ln.in_graphic or ln.marker for ln in b.lines):
            continue
        if not _centred(b, body_size) or heading_key(text) in ("", "abstract"):
            continue  # (the article class's "Abstract" label, centred in bold \small over it, is read where it was)
        b.kind, b.heading_title = ParagraphKind.HEADING, " ".join(words)
        b.level = 1 if text.isupper() else 2
    return blocks
