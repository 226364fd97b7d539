"""Cutting column segments into paragraph blocks.

PyMuPDF's blocks are not paragraphs, so blocks are rebuilt from lines: a new
block starts at a vertical gap wider than the usual line pitch, at a first-line
indent, at a change of font size or weight, after a short last line that ends
a sentence, and where a caption or a footnote marker starts.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field, replace

from engine.document.model import ParagraphKind
from engine.document.pdf.layout import Segment
from engine.document.pdf.lines import Line

#: "Figure" and "Table" as a caption's label spells them, letter-spaced labels too: Wiley's New Journal Design sets
#: "FIGURE 1" in spaced capitals, which the PDF's text reads "FIGUR E 1" (trial38: its end-of-paper captions were
#: read as body, one run into the list of tables before it).
FIGURE, TABLE = r"f\s?i\s?g\s?u\s?r\s?e", r"t\s?a\s?b\s?l\s?e"
#: A caption's label: "Figure 3:", "Table 2.", an appendix's "Table B.3:" (elsarticle), and REVTeX's "TABLE IV." (its
#: tables are numbered in capital Roman).
CAPTION = re.compile(
    rf"^(fig\.?|{FIGURE}|{TABLE}|tab\.|algorithm|listing|chart)\s*(?:[A-Z]\.?\d+|\d+|(?-i:[IVXL]{{1,6}}))[.:|]", re.I
)
#: Springer's caption label, a bold "Fig. 1" or "Table 2" with no stop after its number (svjour3, sn-jnl); not
#: "Fig S1", which PLOS sets at the head of a supporting-information paragraph.
BARE_CAPTION = re.compile(rf"^(?i:fig\.?|{FIGURE}|{TABLE}|tab\.)\s*\d+\s+[A-Z(]")
#: IEEEtran's table label, alone on its line and centred over the caption it sets in small capitals ("TABLE V" /
#: "TIME TAKEN TO TRAIN ..."), with no stop after the number: with the caption under it, a caption. The Computer
#: Society's journals number tables in Arabic figures ("TABLE 3", the caption under it in the text's case).
IEEE_TABLE_LABEL = re.compile(r"^TABLE\s+(?:[IVXL]{1,6}|(?P<arabic>\d{1,2}))$")
NUMBERED_HEADING = re.compile(
    r"^(?P<num>(?:\d{1,2}(?:\.\d{1,2}){0,3}\.?)|(?:[A-Z](?:\.\d{1,2}){0,3}\.?)|(?:[IVX]{1,5}\.))\s+(?P<title>\S.*)$"
)
_TERMINAL = re.compile(r"[.!?:;]['\")\]’”]*$")
#: A list item's label opening a line: "3.", "3)", "(3)", "(c)", "c)", "(iv)", or a bullet (its own group).
_LABEL = re.compile(r"^(?:\((?P<p>\d{1,2}|[a-z]|[ivx]{1,5})\)|(?P<n>\d{1,2})[.)]|(?P<a>[a-z])\)|(?P<b>[•●◦▪∙‣➢►–]))\s")
_ROMAN = ("i", "ii", "iii", "iv", "v", "vi", "vii", "viii", "ix", "x", "xi", "xii")


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
    #: Opens the next item of a list whose item before it is the block before (``_next_item``): never a heading.
    item: bool = False
    #: An author's biography after the references (``back_matter``): other, never one of the references' entries.
    biography: bool = False

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
    long = [ln for ln in seg.lines if len(ln.text) >= 20]
    if not long:
        return seg.left
    # the text's size, where its lines mostly are (a section title's larger size on the page made a PLOS page whose
    # table starts under 130 pt left of the text read its indents as none: pdfgap32's probes)
    edge = float(Counter(round(ln.x0) for ln in long).most_common(1)[0][0])
    size = Counter(round(ln.size, 1) for ln in long).most_common(1)[0][0]
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
    lines = [part for i, ln in enumerate(seg.lines) for part in _run_in_heading(ln, seg.lines[i + 1:i + 2], seg)]
    item = False
    for i, ln in enumerate(lines):
        nxt = lines[i + 1] if i + 1 < len(lines) else None
        if cur and _breaks(cur, ln, seg, body_size, pitch, justified, nxt, left):
            blocks.append(Block(cur, seg, indented=_is_indented(cur[0], left), item=item))
            item = _next_item(cur, ln, max(cur[-1].size, ln.size), left)
            cur = []
        cur.append(ln)
    if cur:
        blocks.append(Block(cur, seg, indented=_is_indented(cur[0], left), item=item))
    return blocks


def _run_in_heading(ln: Line, after: list[Line], seg: Segment) -> list[Line]:
    """``ln`` as a heading's line and its text's line when it opens with a numbered section title in bold run into
    the text (Wiley's pss two-column class: "2 Theory In this section, we ...", the title bold, the text roman; the
    text's line takes the size of the line ``after`` it); else ``[ln]``. The text runs on: the line reaches the
    column's right edge and the next line, close under it, is not bold (a heading whose title goes on in a font
    read as not bold, "4.1 Recovery via ℓ1-Minimization", is a short line, or its wrapped title is bold).
    Read as one paragraph, a new-user trial's paper had no section at all (in-sample for that paper)."""
    lead = ln.lead_bold if isinstance(ln.lead_bold, str) else ""
    m = NUMBERED_HEADING.match(lead)
    head, words = lead.split(), ln.text.split()
    if (not m or not m["num"][:1].isdigit() or len(words) <= len(head) or words[: len(head)] != head
            or not 1 <= len(m["title"].split()) <= 10 or not m["title"][:1].isupper() or ends_sentence(lead)
            or ln.x1 < seg.right - max(0.08 * seg.width, 2 * ln.size) or not after or after[0].bold
            or after[0].lead_bold or not 0 < after[0].baseline - ln.baseline <= 1.6 * max(ln.size, after[0].size)):
        return [ln]
    cut = ln.x0 + ln.width * len(lead) / max(len(ln.text), 1)
    title = replace(ln, text=lead, x1=cut, bold=True, italic=False)
    size = after[0].size if after else ln.size
    return [title, replace(ln, text=" ".join(words[len(head):]), x0=cut, lead_bold="", size=size, sizes={size: 1})]


def _breaks(
    cur: list[Line], ln: Line, seg: Segment, body_size: float, pitch: float,
    justified: bool, nxt: Line | None, left: float,
) -> bool:
    prev = cur[-1]
    size = max(prev.size, ln.size)
    expected = max(pitch * size / body_size, 1.0 * size)
    delta = ln.baseline - prev.baseline
    if delta <= 0.3 * size or (delta > 1.3 * expected and not _opened_by_maths(prev, ln, seg, left, expected)):
        return True
    if abs(prev.size - ln.size) >= 1.0 and not (  # (``ln`` may be short: the paragraph's last line)
            _full(prev, seg, left) and (_full(ln, seg, left) or not ln.bold)
            and (_mixes(ln, prev.size) or _mixes(prev, ln.size))):
        return True
    if _next_item(cur, ln, size, left):
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
    if _stacked_heading(cur, ln) or _ieee_stacked(cur, ln):
        return True
    if _italic_heading_ends(cur, ln):
        return True
    if prev.bold and ln.bold:
        return False  # a heading wrapped onto a second line
    indented = _is_indented(ln, left)
    far = nxt is None or abs(nxt.baseline - ln.baseline) > 1.3 * expected  # the next line starts a block anyway
    if indented and not _is_indented(prev, left) and not _hanging_item(cur, ln, None if far else nxt):
        # a first-line indent, unless the next lines stay indented (a quote or list)
        if nxt is None or not _is_indented(nxt, left) or far:
            return True
    short = prev.x1 < seg.right - max(0.08 * seg.width, 2 * prev.size)
    if not justified:
        short = prev.x1 < left + 0.6 * (seg.right - left)
    if short and ends_sentence(prev.text) and not ln.text[:1].islower():
        return True
    return False


def _opened_by_maths(prev: Line, ln: Line, seg: Segment, left: float, expected: float) -> bool:
    """The lines are set farther apart than the text's pitch only because one is taller than a line (inline maths: a
    stacked fraction, a radical over one; TeX keeps their boxes a point apart): a full line of running text, then one
    at the text's left edge, their ink nearly touching, within two pitches (never a display, which is centred, nor a
    new paragraph, which is indented). Such a gap cut a REVTeX dev paper's paragraph at a square root of a fraction."""
    size = max(prev.size, ln.size)
    tall = max(prev.y1 - prev.y0, ln.y1 - ln.y0) >= 1.3 * size
    return (tall and ln.baseline - prev.baseline <= 2.0 * expected and ln.y0 - prev.y1 <= 0.2 * size
            and _full(prev, seg, left) and ln.x0 <= left + 0.5 * ln.size)


def _mixes(ln: Line, size: float) -> bool:
    """``ln`` sets a fifth or more of its characters at ``size`` as well as its own: two scripts in one line at two
    sizes (Hangul at 9.85 pt with Latin words at 10.91 pt, the line's size that of whichever has more characters),
    so a change of the lines' sizes there is no change of block."""
    return ln.sizes.get(size, 0) >= 0.2 * max(sum(ln.sizes.values()), 1)


def _full(ln: Line, seg: Segment, left: float) -> bool:
    """``ln`` runs from the text's left edge (or a first-line indent) to the column's right edge: a justified line of
    running text, not a heading, a caption's short line or a display."""
    return ln.x0 <= left + 4.5 * ln.size and ln.x1 >= seg.right - 2.0 and not ln.bold


def list_label(text: str) -> tuple[str, str] | None:
    """A line's list label as (style, value): ("1.", "3"), ("(1)", "c"), ("•", "•"); None without one."""
    m = _LABEL.match(text)
    if m is None:
        return None
    if m["p"]:
        return "()", m["p"]
    if m["n"]:
        return "1" + text[len(m["n"])], m["n"]
    return ("a)", m["a"]) if m["a"] else ("•", m["b"])


def _follows(prev: str, value: str) -> bool:
    """``value`` is the label after ``prev`` in one sequence: 2 after 1, c after b, iv after iii, a bullet after the
    same bullet."""
    if prev.isdigit() and value.isdigit():
        return int(value) == int(prev) + 1
    if prev in _ROMAN and value in _ROMAN and _ROMAN.index(value) == _ROMAN.index(prev) + 1:
        return True
    if len(prev) == 1 and len(value) == 1 and prev.isalpha():
        return ord(value) == ord(prev) + 1
    return prev == value and not prev.isalnum()


def _next_item(cur: list[Line], ln: Line, size: float, left: float) -> bool:
    """``ln`` opens the next item of a list whose item before it is in ``cur``: its label is the next in sequence
    after the last label opening a line of ``cur``, set where that one was (within a third of a font size), and the
    labels are set in from the text's edge ``left`` or the item before has a line set in under its text (a hanging
    indent). Items that end without a stop ("... of new members," | "2. She records ...") ran together before;
    "(v)" and "(vi)" opening two lines of a paragraph at its edge are its words."""
    label = list_label(ln.text)
    if label is None:
        return False
    for k in range(len(cur) - 1, -1, -1):
        x = cur[k]
        before = list_label(x.text)
        if before is not None and abs(x.x0 - ln.x0) <= 0.35 * size:
            hanging = any(y.x0 >= x.x0 + 0.5 * size for y in cur[k + 1:])
            return before[0] == label[0] and _follows(before[1], label[1]) and (
                ln.x0 >= left + 0.3 * size or hanging)
    return False


def _hanging_item(cur: list[Line], ln: Line, nxt: Line | None) -> bool:
    """``ln`` carries on a list item whose label opens ``cur`` at the column's edge, set in under the label's text
    (a hanging indent, not a first-line indent): the line after it goes on there too, or opens the next item, or
    stands apart (``nxt`` None: the list ends)."""
    head = cur[0]
    if list_label(head.text) is None or not head.x0 + 0.5 * ln.size <= ln.x0 <= head.x0 + 4 * ln.size:
        return False
    return nxt is None or abs(nxt.x0 - ln.x0) < 1.0 or (
        list_label(nxt.text) is not None and abs(nxt.x0 - head.x0) <= 0.35 * ln.size)


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


_IEEE_SECTION = re.compile(r"^[IVX]{1,5}\.\s+[^a-z]+$")
_IEEE_SUBSECTION = re.compile(r"^[A-Z]\.\s+\S")


def _ieee_stacked(cur: list[Line], ln: Line) -> bool:
    """IEEEtran's italic subsection heading ("A. Signal Model") right under its section's heading in small capitals
    ("III. METHOD", one line): two headings. A revised version's page break put them a line apart, and the two read
    as one body paragraph "III. METHOD A. Signal Model", the section and subsection lost (trial29)."""
    return (len(cur) == 1 and bool(_IEEE_SECTION.match(cur[0].text.strip())) and not cur[0].italic and ln.italic
            and not ln.bold and bool(_IEEE_SUBSECTION.match(ln.text)))


def _italic_heading_ends(cur: list[Line], ln: Line) -> bool:
    """``cur`` is a numbered subsection heading set in italics (elsarticle's "2.1. <its title>" or
    "Appendix C.1. Material data", one or two lines) and ``ln`` opens the text under it (upright) or the next
    subsection's heading (italic): in a double-spaced manuscript (elsarticle's ``review`` with ``parskip``) the gap
    under the heading is no wider than a line's, and the heading ran into its first paragraph (a new-user trial's
    paper had no subsection at all; in-sample for that paper)."""
    if ln.bold or len(cur) > 2 or not all(x.italic and not x.bold for x in cur):
        return False
    m = _subsection(cur[0].text)
    if not m or ends_sentence(cur[-1].text) or len(" ".join(x.text for x in cur).split()) > 16:
        return False
    return not ln.italic or _subsection(ln.text) is not None  # the text, or the next (empty) subsection's heading


def _subsection(text: str) -> re.Match[str] | None:
    """A subsection's number and title ("2.1. Title", elsarticle's "Appendix C.1. Title"), else None."""
    m = NUMBERED_HEADING.match(re.sub(r"^Appendix\s+", "", text))
    return m if m and "." in m["num"].rstrip(".") else None


def line_pitch(segments: list[Segment], body_size: float) -> float:
    """The usual baseline distance between consecutive body lines."""
    deltas: list[float] = []
    for seg in segments:
        for a, b in zip(seg.lines, seg.lines[1:]):
            if abs(a.size - body_size) < 0.6 and abs(b.size - body_size) < 0.6:
                d = b.baseline - a.baseline
                if 0.8 * body_size <= d <= 3.0 * body_size:  # 3: a double-spaced manuscript (2.4)
                    deltas.append(round(d, 1))
    if not deltas:
        return 1.2 * body_size
    deltas.sort()
    return deltas[len(deltas) // 2]
