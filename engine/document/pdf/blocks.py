"""Cutting column segments into paragraph blocks.

PyMuPDF's blocks are not paragraphs, so blocks are rebuilt from lines: a new
block starts at a vertical gap wider than the usual line pitch, at a first-line
indent, at a change of font size or weight, after a short last line that ends
a sentence, and where a caption or a footnote marker starts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from engine.document.model import ParagraphKind
from engine.document.pdf.layout import Segment
from engine.document.pdf.lines import Line

#: A caption's label: "Figure 3:", "Table 2.", and REVTeX's "TABLE IV." (its tables are numbered in capital Roman).
CAPTION = re.compile(
    r"^(fig\.?|figure|table|tab\.|algorithm|listing|chart)\s*(?:[A-Z]?\d+|(?-i:[IVXL]{1,6}))[.:|]", re.I
)
#: Springer's caption label, a bold "Fig. 1" or "Table 2" with no stop after its number (svjour3, sn-jnl); not
#: "Fig S1", which PLOS sets at the head of a supporting-information paragraph.
BARE_CAPTION = re.compile(r"^(?i:fig\.?|figure|table|tab\.)\s*\d+\s+[A-Z(]")
#: IEEEtran's table label, alone on its line and centred over the caption it sets in small capitals ("TABLE V" /
#: "TIME TAKEN TO TRAIN ..."), with no stop after the number: with the caption under it, a caption.
IEEE_TABLE_LABEL = re.compile(r"^TABLE\s+[IVXL]{1,6}$")
NUMBERED_HEADING = re.compile(
    r"^(?P<num>(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?)|(?:[A-Z](?:\.\d{1,2}){0,3}\.?)|(?:[IVX]{1,5}\.))\s+(?P<title>\S.*)$"
)
_TERMINAL = re.compile(r"[.!?:;]['\")\]’”]*$")


@dataclass(slots=True)
class Block:
    """A run of lines that may become one paragraph (or part of one)."""

    lines: list[Line]
    segment: Segment
    kind: ParagraphKind = ParagraphKind.BODY
    #: First line indented relative to its column.
    indented: bool = False
    #: Lines of continuation parts in other columns or pages, with their segment.
    parts: list[tuple[Segment, list[Line]]] = field(default_factory=list)
    heading_number: str | None = None
    heading_title: str = ""
    level: int = 1
    #: Styled as a heading but set in a typewriter font (code: an SQL listing's "WHERE"): no section, yet a
    #: paragraph break as a heading is (``classify``, ``assemble``).
    code_heading: bool = False

    @property
    def text(self) -> str:
        return " ".join([ln.text for ln in self.lines])

    @property
    def size(self) -> float:
        sizes = sorted(ln.size for ln in self.lines)
        return sizes[len(sizes) // 2]

    @property
    def bold(self) -> bool:
        return all(ln.bold for ln in self.lines)

    @property
    def italic(self) -> bool:
        return all(ln.italic for ln in self.lines)

    @property
    def top_size(self) -> float:
        """The largest size its lines set text in (a small-caps heading's capitals)."""
        return max(size for ln in self.lines for size in ln.sizes) if any(ln.sizes for ln in self.lines) else self.size

    @property
    def first(self) -> Line:
        return self.lines[0]

    @property
    def last(self) -> Line:
        return self.lines[-1]

    @property
    def tail(self) -> Line:
        """The last line of the block and of its continuation parts."""
        return self.parts[-1][1][-1] if self.parts else self.last

    def ends_sentence(self) -> bool:
        return bool(_TERMINAL.search(self.last.text))


def ends_sentence(text: str) -> bool:
    return bool(_TERMINAL.search(text.rstrip()))


def _justified(seg: Segment) -> bool:
    long = [ln for ln in seg.lines if len(ln.text) >= 20]
    if len(long) < 4:
        return True
    flush = sum(1 for ln in long if ln.x1 >= seg.right - 3)
    return flush >= 0.5 * len(long)


def text_left(seg: Segment) -> float:
    """The left edge of the segment's text: where most of its long lines start, when that is far right of the
    segment's own edge (more than 9 font sizes, farther than any list's indent: PLOS sets legends and tables 2.25 in
    out into the left margin, so the page's left edge is theirs); else the segment's edge."""
    starts = Counter(round(ln.x0) for ln in seg.lines if len(ln.text) >= 20)
    if not starts:
        return seg.left
    edge, size = float(starts.most_common(1)[0][0]), max((ln.size for ln in seg.lines), default=10.0)
    return edge if edge - seg.left > 9.0 * size else seg.left


def _is_indented(ln: Line, left: float) -> bool:
    """``ln`` starts a first-line indent in from the text's left edge ``left`` (``text_left``)."""
    return 0.6 * ln.size <= ln.x0 - left <= 4.5 * ln.size


def split_segment(seg: Segment, body_size: float, pitch: float) -> list[Block]:
    """Blocks of one column segment."""
    blocks: list[Block] = []
    justified = _justified(seg)
    left = text_left(seg)
    cur: list[Line] = []
    for i, ln in enumerate(seg.lines):
        nxt = seg.lines[i + 1] if i + 1 < len(seg.lines) else None
        if cur and _breaks(cur, ln, seg, body_size, pitch, justified, nxt, left):
            blocks.append(Block(cur, seg, indented=_is_indented(cur[0], left)))
            cur = []
        cur.append(ln)
    if cur:
        blocks.append(Block(cur, seg, indented=_is_indented(cur[0], left)))
    return blocks


def _breaks(
    cur: list[Line], ln: Line, seg: Segment, body_size: float, pitch: float,
    justified: bool, nxt: Line | None, left: float,
) -> bool:
    prev = cur[-1]
    size = max(prev.size, ln.size)
    expected = max(pitch * size / body_size, 1.0 * size)
    delta = ln.baseline - prev.baseline
    if delta <= 0.3 * size or delta > 1.3 * expected:
        return True
    if abs(prev.size - ln.size) >= 1.0:
        return True
    if ln.text[:1].islower() and (prev.text.endswith("-") or not ends_sentence(prev.text)):
        return False  # a sentence running on
    if prev.bold != ln.bold:
        return True
    if ln.marker and ln.size < body_size - 0.4:
        return True
    if CAPTION.match(ln.text) and (ends_sentence(prev.text) or ln.lead_bold):
        return True
    if ln.lead_bold and BARE_CAPTION.match(ln.text):
        return True
    if prev.gaps != ln.gaps and (prev.gaps == 0 or ln.gaps == 0) and ln.size < body_size - 0.4:
        return True
    if ln.bold and NUMBERED_HEADING.match(ln.text) and not prev.text.endswith("-"):
        return True
    if _stacked_heading(cur, ln):
        return True
    if prev.bold and ln.bold:
        return False  # a heading wrapped onto a second line
    indented = _is_indented(ln, left)
    if indented and not _is_indented(prev, left):
        # a first-line indent, unless the next lines stay indented (a quote or list)
        if nxt is None or not _is_indented(nxt, left) or abs(nxt.baseline - ln.baseline) > 1.3 * expected:
            return True
    short = prev.x1 < seg.right - max(0.08 * seg.width, 2 * prev.size)
    if not justified:
        short = prev.x1 < left + 0.6 * (seg.right - left)
    if short and ends_sentence(prev.text) and not ln.text[:1].islower():
        return True
    return False


def _stacked_heading(cur: list[Line], ln: Line) -> bool:
    """``ln`` opens the heading of a subsection right under its section's heading (elsarticle's italic "6.2.
    Weaknesses" over "6.2.1. Memory Cost", one style and size): its number is the block's first number one level
    deeper. The two were one heading, "Weaknesses 6.2.1. Memory Cost"."""
    first, own = NUMBERED_HEADING.match(cur[0].text), NUMBERED_HEADING.match(ln.text)
    if first is None or own is None or not (ln.bold or ln.italic):
        return False
    if any(x.bold != ln.bold or x.italic != ln.italic or abs(x.size - ln.size) >= 0.6 for x in cur):
        return False
    outer, inner = first["num"].rstrip(".").split("."), own["num"].rstrip(".").split(".")
    return all(n.isdigit() for n in inner) and len(inner) == len(outer) + 1 and inner[:-1] == outer


def line_pitch(segments: list[Segment], body_size: float) -> float:
    """The usual baseline distance between consecutive body lines."""
    deltas: list[float] = []
    for seg in segments:
        for a, b in zip(seg.lines, seg.lines[1:]):
            if abs(a.size - body_size) < 0.6 and abs(b.size - body_size) < 0.6:
                d = b.baseline - a.baseline
                if 0.8 * body_size <= d <= 2.0 * body_size:
                    deltas.append(round(d, 1))
    if not deltas:
        return 1.2 * body_size
    deltas.sort()
    return deltas[len(deltas) // 2]
