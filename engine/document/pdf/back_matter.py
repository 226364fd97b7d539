"""IEEEtran's back matter (trial29): its appendix titles and the authors' biographies.

- ``\\appendices`` sets "APPENDIX A" in small capitals, centred, with the section's title after it on the same line
  or on the next ("APPENDIX A" / "DISCRETISATION OF THE ..."); the small capitals (most characters 2 pt under the
  text's size) and the missing section number kept it from reading as a heading, so the appendix's text was read as
  the conclusion's (a training revision, vrsmoother-tsp, and both of trial29's papers).
- ``IEEEbiography`` sets each author's biography after the references, in the references' size, opening with the
  author's name and often a society grade ("Maren Holtby (M'18) received the ..."). Read as text, they were the
  last section's body or glued to the last reference.
"""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block
from engine.document.pdf.classify import KNOWN_HEADINGS, REFERENCE_HEADINGS, heading_key

#: "APPENDIX", "APPENDIX A", "APPENDIX B PROOF OF LEMMA 2" (IEEEtran's small capitals read as capitals).
_APPENDIX = re.compile(r"^APPENDIX(?:\s+(?P<num>[A-Z]))?(?:\s+(?P<title>[^a-z]{3,}))?$")
#: An IEEE society grade after a biography's name: "(M'18)", "(S’22)", "(SM'21–F'24)", "(GS'19)", "(LF'02)".
_GRADE = re.compile(r"^\((?:S|M|SM|F|LF|LM|GS|A|StM)['’]\d{2}")
#: A biography's usual opening verb after the name (and grade).
_BIO_VERB = re.compile(r"^(?:received|is|was|has been|has|joined|obtained|earned|holds)\b")
_NAME = re.compile(r"^((?:[A-Z][\w'’.-]*\s+){1,3}[A-Z][\w'’-]+)\s+(.*)$", re.S)


def appendix_headings(blocks: list[Block], body_size: float) -> list[Block]:
    """"APPENDIX A" blocks as numbered level-1 headings, taking the title block under them; returns the blocks less
    the titles taken."""
    out: list[Block] = []
    skip: set[int] = set()
    for i, b in enumerate(blocks):
        if id(b) in skip:
            continue
        out.append(b)
        m = _APPENDIX.match(b.text.strip())
        if (not m or b.kind is ParagraphKind.HEADING or len(b.lines) > 2 or b.top_size < body_size - 0.6
                or not all(ln.alone and not ln.gaps for ln in b.lines)):
            continue
        title = (m.group("title") or "").strip()
        nxt = blocks[i + 1] if i + 1 < len(blocks) else None
        if (not title and nxt is not None and nxt.segment is b.segment and len(nxt.lines) == 1
                and nxt.kind is not ParagraphKind.HEADING and _APPENDIX.match(f"APPENDIX {nxt.text.strip()}")
                and 0 <= nxt.first.y0 - b.tail.y1 <= 1.5 * b.size):
            title = nxt.text.strip()
            b.lines.extend(nxt.lines)
            skip.add(id(nxt))
        b.kind, b.heading_number, b.level = ParagraphKind.HEADING, m.group("num"), 1
        b.heading_title = title or ("APPENDIX" + (f" {m.group('num')}" if m.group("num") else ""))
    return out


def mark_biographies(blocks: list[Block], authors: list[str]) -> None:
    """Text under the references' heading (up to the next heading: a section "Author Information" after them is the
    paper's own) that opens as an author's biography (an author's name, or any name with a society grade or a
    biography's verb after it) is other, as is the rest of a biography a column break cut off."""
    refs = next((i for i, b in enumerate(blocks) if b.kind is ParagraphKind.HEADING
                 and heading_key(b.heading_title or b.text) in REFERENCE_HEADINGS), None)
    if refs is None:
        return
    known = {" ".join(a.split()).lower() for a in authors}
    previous_bio = False
    for b in blocks[refs + 1:]:
        if b.kind is ParagraphKind.HEADING:
            return
        text = " ".join(b.text.split())
        if _biography(text, known) or previous_bio and text[:1].islower() and b.kind is ParagraphKind.BODY:
            b.kind, b.biography, previous_bio = ParagraphKind.OTHER, True, True
        elif b.kind is not ParagraphKind.OTHER:
            previous_bio = False


def _biography(text: str, known: set[str]) -> bool:
    if len(text.split()) < 12 or text.startswith("["):
        return False
    if any(text.lower().startswith(name + " ") for name in known):
        return True
    m = _NAME.match(text)
    if not m:
        return False
    rest = m.group(2)
    return bool(_GRADE.match(rest) or _BIO_VERB.match(rest) and len(m.group(1).split()) >= 2)


def float_rows_in_references(blocks: list[Block]) -> list[Block]:
    """A table set among the references (elsarticle puts an appendix's floats after the bibliography) has its row
    labels read as unnumbered headings (a model's name, bold, over its rows of numbers), and the first one closed the
    references, so the entries after the table were read as body (session 29, a training revision). Such a heading,
    on the page of a caption set under the references' heading with no prose between them (cells: maths, other, a
    few words), is the table's text (other), unless it is a heading papers use ("Appendix", "Acknowledgments")."""
    under: int | None = None  # the level of the References heading the blocks are under
    caption: Block | None = None  # the last caption under it, followed so far by a float's short cells only
    for b in blocks:
        if b.kind is ParagraphKind.HEADING:
            if (under is not None and caption is not None and b.heading_number is None
                    and b.first.page == caption.tail.page and heading_key(b.heading_title) not in KNOWN_HEADINGS):
                b.kind, b.heading_title = ParagraphKind.OTHER, ""
                continue
            if under is not None and b.level <= under:
                under = None
            if heading_key(b.heading_title) in REFERENCE_HEADINGS:
                under = b.level
            caption = None
        elif under is not None and b.kind is ParagraphKind.CAPTION:
            caption = b
        elif caption is not None and b.kind is ParagraphKind.BODY and (len(b.lines) > 1 or len(b.text.split()) > 8):
            caption = None  # prose: the float is over (its cells read as maths, other or a word or two of body)
    return blocks
