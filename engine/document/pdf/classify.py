"""What each block is: heading, caption, footnote, equation, figure text or body."""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import (
    BARE_CAPTION, CAPTION, IEEE_TABLE_LABEL, NUMBERED_HEADING, Block, ends_sentence, list_label,
)
from engine.document.pdf.contents import contents_blocks, headings_from_contents
from engine.document.pdf.float_lists import float_list_entries
from engine.document.pdf.lines import Line
from engine.document.pdf.margin_floats import out_in_margin
from engine.document.pdf.title_notes import BULLETS, title_page_notes
from engine.document.section_names import FOREIGN, english_key, fold

KNOWN_HEADINGS = {
    "abstract", "introduction", "background", "related work", "related works", "method", "methods",
    "methodology", "approach", "experiments", "experimental setup", "experimental results", "results",
    "evaluation", "discussion", "analysis", "conclusion", "conclusions", "conclusion and future work",
    "future work", "limitations", "ethics statement", "ethical considerations", "broader impact",
    "acknowledgments", "acknowledgements", "acknowledgment", "acknowledgement", "references",
    "bibliography", "works cited", "literature cited", "appendix", "appendices", "supplementary material",
    "keywords", "index terms", "data availability", "author contributions", "impact statement",
    "preliminaries", "problem formulation", "setup", "overview", "motivation", "contributions",
}
REFERENCE_HEADINGS = {"references", "bibliography", "works cited", "literature cited", "reference"}
_ROMAN = re.compile(r"^[IVX]+\.?$")
_SPACED_ROMAN = re.compile(r"^\s*([IVX]{1,5}) \.(?= )")
_EQ_NUMBER = re.compile(r"\(\d{1,3}[a-z]?\)$")
_WORD = re.compile(r"[A-Za-z]{2,}")
_PROSE = re.compile(r"\b[a-z]{2,} [a-z]{2,} [a-z]{2,}\b")
_RELATION = re.compile(r"[=≤≥<>≈≠≡∝∈⊂⊆→←⇒⇔∼]|:=")
#: An author's e-mail address set apart from the title block (ACM's, at the top of the next column): never a heading.
_EMAIL = re.compile(r"[\w.+-]+@[\w-]+(?:\.[\w-]+)+")
_NUMBER_AT_END = re.compile(r"\(\d{1,3}(?:\.\d{1,3})?[a-z]?\)$")
_SPACES = re.compile(r"\s+")
_NOT_KEY = re.compile(r"[^a-z ]")
_URL = re.compile(r"https?://|www\.")
_STEP = re.compile(r"^\s*\d{1,3}:\s")
_NOTE_START = re.compile(r"^[\d*†‡§¶∗⋆]")
#: A word of a plot's tick labels or a diagram's node labels: a number ("0.5", "−2", "1e-3", "75%") or a letter or
#: two with digits ("D13", "t1").
_TICK = re.compile(r"[−\-+]?\d[\d.,]*(?:[eE×^][−\-+]?\d+)?%?|[A-Za-z]{1,2}\d{1,3}")
#: A line whose every word is a ``_TICK`` (one match, failing at a prose line's first word).
_TICK_LINE = re.compile(rf"(?:{_TICK.pattern})(?:\s+(?:{_TICK.pattern}))*")


def _clean_title(text: str) -> str:
    text = _SPACED_ROMAN.sub(r"\1.", text)  # "I . INTRODUCTION": a Roman section number kerned off its dot
    return _SPACES.sub(" ", text).strip().rstrip(".:").strip()


def heading_key(text: str) -> str:
    """A heading's key to look up in ``KNOWN_HEADINGS``: lower case letters and spaces; a standard heading in another
    language gives its English key ("Références", "Literaturverzeichnis" -> "references"; ``section_names``)."""
    named = fold(text)
    return english_key(named) if named in FOREIGN else _NOT_KEY.sub("", text.lower()).strip()


def _heading_level(number: str, roman_sections: bool, title: str = "") -> int:
    num = number.rstrip(".")
    if _ROMAN.match(number) and number.endswith("."):
        return 1
    if roman_sections and _ROMAN.match(num) and title.isupper():
        return 1  # "I. INTRODUCTION", "V. RESULTS": a section, where "A. Rise of the Swarm" is a subsection
    if re.fullmatch(r"[A-Z]", num):
        return 2 if roman_sections else 1
    return num.count(".") + 1


def classify(blocks: list[Block], body_size: float, page_height: dict[int, float],
             ticks: dict[int, list[Line]] | None = None) -> None:
    """Set each block's kind (and heading number, title and level); ``ticks`` (``tick_lines``, of every block
    before bare numbers were dropped) tell a plot's axis label from a heading."""
    numbered = [b for b in blocks if _numbered_heading(b, body_size)]
    roman = sum(1 for b in numbered if _ROMAN.match(b.heading_number or "")) >= 2
    refs = False  # past the references' heading: a small "12. Author, A.: Title" is an entry, not a list
    plain = not any(b.bold or b.first.lead_bold for b in blocks)  # fonts that say no weight (bitmaps): tex_codes
    toc = contents_blocks(blocks)  # a table of contents: no headings, and its "References" opens nothing
    for b in blocks:
        if id(b) in toc:
            b.kind = ParagraphKind.OTHER
            continue
        b.kind = _kind(b, body_size, page_height.get(b.first.page, 792.0), roman, refs, plain)
        refs = refs or b.kind is ParagraphKind.HEADING and heading_key(b.heading_title or b.text) in REFERENCE_HEADINGS
        if b.kind is ParagraphKind.HEADING and b.heading_number is None and _beside_ticks(b, ticks or {}):
            b.kind, b.heading_title = ParagraphKind.OTHER, ""
    headings_from_contents(blocks, toc)  # its entries' titles, set in the text's size, are headings too
    float_list_entries(blocks)  # a list of figures' or tables' entries
    title_page_notes(blocks, body_size, page_height)
    _note_run_ons(blocks, body_size)
    _styled_like_sections(blocks)
    _legend_entries(blocks)
    _lead_ins(blocks, body_size)
    out_in_margin(blocks, body_size)


#: A few words of prose leading into a display: "In matrix terms,", "and, likewise,", "The whole answer is then".
_LEAD_IN = re.compile(r"^[A-Za-z][a-z]*(?:,? [a-z]+){0,4}[,:]?$")


def _lead_ins(blocks: list[Block], body_size: float) -> None:
    """One line of a few words in the text's size and weight at its column's left edge, right above a display (the
    next block, on its page, math within two and a half lines' height), left as other for its few words: the words
    leading into the display, which are the text's (their source paragraph is a body paragraph)."""
    for b, nxt in zip(blocks, blocks[1:]):
        if (b.kind is ParagraphKind.OTHER and nxt.kind is ParagraphKind.EQUATION and len(b.lines) == 1
                and abs(b.size - body_size) < 0.6 and not b.bold and b.first.x0 <= b.segment.left + 2.0
                and nxt.first.page == b.tail.page and 0.0 <= nxt.first.y0 - b.tail.y1 <= 2.5 * body_size
                and _LEAD_IN.match(b.text.strip())):
            b.kind = ParagraphKind.BODY


#: A section's number and capitalised title on one line: "2. NUMERICAL SETUP".
_CAPS_SECTION = re.compile(r"^(?P<num>\d{1,2})\.?\s+(?P<title>[^a-z]*[A-Z]{2}[^a-z]*)$")


def _style(b: Block) -> tuple[float, float, bool, bool]:
    return b.size, b.top_size, b.bold, b.italic


def _caps_section(b: Block) -> re.Match[str] | None:
    """A one-line block that reads "N. TITLE IN CAPITALS", alone on its line, no sentence."""
    if len(b.lines) != 1 or not b.first.alone or b.first.gaps or b.first.marker:
        return None
    m = _CAPS_SECTION.match(_clean_title(b.text))
    return m if m and len(m.group("title").split()) <= 10 and not ends_sentence(b.text) else None


def _styled_like_sections(blocks: list[Block]) -> None:
    """A numbered title in capitals set exactly as two section headings already found (emulateapj's small capitals,
    a point smaller than the text: "1. INTRODUCTION" and "5. RESULTS" are known headings, "2. NUMERICAL SETUP" and
    "7. SUMMARY" in the same sizes and weight read as a note or a footnote): a section heading too. A new-user
    trial's ApJ paper put every edit of its sections 2 and 3 under "1. INTRODUCTION" (in-sample for that paper)."""
    styles: dict[tuple[float, float, bool, bool], int] = {}
    for b in blocks:
        if b.kind is ParagraphKind.HEADING and _caps_section(b):
            styles[_style(b)] = styles.get(_style(b), 0) + 1
    for b in blocks:
        if b.kind is ParagraphKind.HEADING or styles.get(_style(b), 0) < 2:
            continue
        m = _caps_section(b)
        if m:
            b.kind, b.heading_number, b.heading_title, b.level = ParagraphKind.HEADING, m["num"], _clean_title(
                m["title"]), 1


#: An entry of a plot's legend: a word and a short label ("Model 2", "Run 2-hr").
_LEGEND = re.compile(r"^(\w+)\s+\S{1,6}$")


def _legend_entries(blocks: list[Block]) -> None:
    """Unnumbered headings one after another, or the lines of one, that share their first word and differ in a
    short label after it ("Model 2" over "Model 3", set large in a figure's legend with no tick label near): a
    legend, not headings (a new-user trial's letter placed a discussion paragraph under "Model 3"; in-sample for
    that paper)."""
    def unnumbered(b: Block) -> bool:
        return (b.kind is ParagraphKind.HEADING and b.heading_number is None
                and heading_key(b.text) not in KNOWN_HEADINGS)

    def legend(lines: list[Line]) -> bool:
        found = [_LEGEND.match(ln.text.strip()) for ln in lines]
        return len(found) > 1 and all(found) and len({m.group(1) for m in found}) == 1

    for a, b in zip(blocks, blocks[1:]):
        if unnumbered(a) and unnumbered(b) and a.first.page == b.first.page and legend([a.last, b.first]):
            a.kind, a.heading_title, b.kind, b.heading_title = ParagraphKind.OTHER, "", ParagraphKind.OTHER, ""
    for b in blocks:
        if unnumbered(b) and legend(b.lines):
            b.kind, b.heading_title = ParagraphKind.OTHER, ""


def tick_lines(blocks: list[Block]) -> dict[int, list[Line]]:
    """Per page, the lines that read as a plot's tick labels (every word a ``_TICK``)."""
    out: dict[int, list[Line]] = {}
    for b in blocks:
        for ln in b.lines:
            if _TICK_LINE.fullmatch(ln.text.strip()):
                out.setdefault(ln.page, []).append(ln)
    return out


def _beside_ticks(b: Block, ticks: dict[int, list[Line]]) -> bool:
    """An unnumbered heading that is a plot's axis label or title, or a diagram's label: a tick label sits right
    above or below it (less than 0.8 of its size apart; one on its own line, such as a section number set apart,
    does not count), within ten of its sizes to either side. A section heading has room above and prose below; a
    known one ("References") is kept."""
    if heading_key(b.text) in KNOWN_HEADINGS:
        return False
    size = b.size
    x0, x1 = min(ln.x0 for ln in b.lines), max(ln.x1 for ln in b.lines)
    y0, y1 = b.first.y0, b.last.y1
    for t in ticks.get(b.first.page, []):
        if any(t is ln for ln in b.lines):
            continue
        gap = max(t.y0 - y1, y0 - t.y1)
        if -0.3 * size <= gap <= 0.8 * size and t.x0 <= x1 + 10 * size and t.x1 >= x0 - 10 * size:
            return True
    return False


def _note_run_ons(blocks: list[Block], body_size: float) -> None:
    """A footnote carried over from the column before: text at a footnote's size, no mark of its own, right under
    the column's text and set directly above the next note (whose raised number opens it), is that note's run-on,
    not body (acmart: "... the Data Protection" | column break | "Act, the central bank ..." | "2The next note ...")."""
    for prev, b, nxt in zip(blocks, blocks[1:], blocks[2:]):
        if (b.kind is not ParagraphKind.BODY or b.size > body_size - 1.4 or b.first.marker
                or b.text.lstrip()[:1] in BULLETS or prev.size <= body_size - 0.9):
            continue
        if prev.segment is not b.segment or nxt.segment is not b.segment or b.first.y0 < prev.tail.y1:
            continue
        note = nxt.kind in (ParagraphKind.FOOTNOTE, ParagraphKind.OTHER) and (
            nxt.first.marker or _footnote_start(nxt.text))
        if note and abs(nxt.size - b.size) < 0.3 and -0.5 * b.size <= nxt.first.y0 - b.tail.y1 < b.size:
            b.kind = ParagraphKind.FOOTNOTE


#: elsarticle's appendix subsection, "Appendix C.1. Material data": numbered C.1; and its section, "Appendix C.
#: Material data": numbered C (a title of more than ten words was read as text before: session 29).
_APPENDIX_SUB = re.compile(r"^Appendix\s+(?=[A-Z]\.(?:\d|\s))")


def _numbered_heading(b: Block, body_size: float) -> bool:
    if len(b.lines) > 3 or b.item:  # (a list's next item: "2. Summaries for a case ..." set large is no heading)
        return False
    text = _APPENDIX_SUB.sub("", _clean_title(b.text))
    m = NUMBERED_HEADING.match(text)
    if not m:
        return False
    title = m.group("title")
    words = title.split()
    if not (1 <= len(words) <= 14) or not (_capital(title[:1]) or title[:1].isdigit() and title.isupper()):
        return False  # (a title in capitals may open with a digit: "IV. 3-STEP PERTURBATION ENERGY")
    if ends_sentence(b.text) and not b.text.rstrip().endswith(":") and len(words) > 6:
        return False
    # IEEEtran sets section titles in small capitals (capitals at body size, the rest ~2 pt smaller, so most
    # characters are small) and subsection titles in italics
    small_caps = title.isupper() and b.top_size >= body_size - 0.6
    italic = b.italic and not ends_sentence(b.text) and len(b.lines) <= 2
    styled = b.bold or b.size >= body_size + 0.9 or title.isupper() or italic
    if not styled or not all(ln.alone and not ln.gaps for ln in b.lines) or b.size < body_size - 1.6 and not small_caps:
        return False
    number = m.group("num")
    if re.fullmatch(r"\d{3,}\.?", number) or re.fullmatch(r"[A-Z]", number.rstrip(".")) and len(words) > 10:
        return False
    b.heading_number = number.rstrip(".")
    b.heading_title = _clean_title(title)
    return True


def _capital(ch: str) -> bool:
    """A title's first letter as a heading opens: a capital, or a letter of a script with no case (Hangul, CJK:
    "1 서론" was read as a line of text, session 30)."""
    return ch.isupper() or ch.isalpha() and ch.lower() == ch.upper()


def _kind(b: Block, body_size: float, height: float, roman: bool, refs: bool = False,
          plain: bool = False) -> ParagraphKind:
    text = b.text
    if all(ln.above_text for ln in b.lines):
        return ParagraphKind.OTHER  # a running header
    if CAPTION.match(text) or b.first.lead_bold and BARE_CAPTION.match(text):
        return ParagraphKind.CAPTION
    if IEEE_TABLE_LABEL.match(b.first.text.strip()):
        return ParagraphKind.CAPTION  # IEEEtran's "TABLE V" (its caption under it joins it: assemble)
    if b.heading_number is not None:
        b.level = _heading_level(b.heading_number, roman, b.heading_title)
        return ParagraphKind.HEADING
    words = text.split()
    styled = (b.bold or b.size >= body_size + 0.9 or (text.isupper() and len(text) > 3)) and (
        b.size >= body_size - 0.6 and all(ln.alone and not ln.gaps for ln in b.lines)
    )
    if len(b.lines) <= 2 and styled and 1 <= len(words) <= 10 and not ends_sentence(text) or (
        len(b.lines) == 1 and heading_key(text) in KNOWN_HEADINGS  # (``plain``: no font says bold, a bitmap's)
        and (styled or plain and b.first.alone or text.rstrip(".:") == text.rstrip(".:").upper())
    ):
        if _EMAIL.search(text):
            return ParagraphKind.OTHER
        # code set in a typewriter font (an SQL listing's "WHERE") is read as what it is below, never a heading
        b.code_heading = all(ln.mono for ln in b.lines)
        if _WORD.search(text) and not b.first.marker and text.lstrip()[:1] not in BULLETS and not b.code_heading:
            if _subscripted_label(b):
                return ParagraphKind.OTHER
            b.heading_title = _clean_title(text)
            return ParagraphKind.HEADING
    if roman and _unnumbered_italic(b, body_size):
        b.heading_title, b.level = _clean_title(text), 2
        return ParagraphKind.HEADING
    if is_code(b):
        return ParagraphKind.OTHER  # a listing or an algorithm's numbered steps: not prose (docs/figures-align.md)
    math = sum(ln.math * len(ln.text) for ln in b.lines) / max(sum(len(ln.text) for ln in b.lines), 1)
    # a formula, unless three words of prose run in it ("P = {p0, ..., pn}, a set of ...")
    if math >= 0.35 and not _PROSE.search(text) or (len(b.lines) <= 3 and _EQ_NUMBER.search(text) and math >= 0.15):
        return ParagraphKind.EQUATION
    if display_equation(b, math):
        return ParagraphKind.EQUATION
    small = b.size <= body_size - 0.9
    if small and all(ln.in_graphic for ln in b.lines):
        return ParagraphKind.OTHER  # text set in a figure (a new-user trial saw it spliced into a paragraph)
    note_size = b.size <= body_size - 1.4  # a footnote's size (\footnotesize), not a list set \small
    # a list set small ("1. P = {p0, ..., pn}, a set of ..."): its label is a list's, not a note's mark
    listed = (not refs and not b.first.marker and list_label(text) is not None
              and (not note_size or _text_below(b, body_size)))
    if small and (b.first.marker or _footnote_start(text) and not listed):
        return ParagraphKind.FOOTNOTE if b.first.y0 > 0.55 * height else ParagraphKind.OTHER
    if sum(1 for ln in b.lines if not ln.alone) > len(b.lines) / 2:
        return ParagraphKind.OTHER
    if sum(1 for ln in b.lines if ln.gaps) >= max(1, len(b.lines) // 2):
        return ParagraphKind.OTHER
    letters = sum(map(str.isalpha, text))
    if letters < 0.5 * len(text.replace(" ", "")):
        return ParagraphKind.OTHER
    if small and len(words) < 12:
        return ParagraphKind.OTHER
    if len(words) < 4 and not ends_sentence(text) and (list_label(text) is None or len(words) < 2):
        return ParagraphKind.OTHER  # (a short list item, "• Funding", is text)
    if (small and b.first.y0 > 0.6 * height and b.segment.lines and b.lines[-1] is b.segment.lines[-1]
            and text.lstrip()[:1] not in BULLETS and not text.startswith("- ")):
        return ParagraphKind.FOOTNOTE  # (a bulleted item set small that ends a column is still body)
    return ParagraphKind.BODY


def _subscripted_label(b: Block) -> bool:
    """A point's label in a figure, a letter with a subscript set in bold ("B" and a small "t" beside a mode shape):
    one line, one token of at most three characters, one of them at under three quarters of another's size. A
    new-user trial's paper put its section 3.3 under "Bk" (in-sample for that paper)."""
    text, sizes = b.text.strip(), b.first.sizes
    return (len(b.lines) == 1 and " " not in text and len(text) <= 3 and len(sizes) > 1
            and min(sizes) < 0.75 * max(sizes))


def is_code(b: Block) -> bool:
    """A code listing (every line set in a typewriter font, and no web address: a footnote's URL is text) or an
    algorithm's steps (half its lines, two or more, open with a step number "3:", as ``algorithmic`` sets them)."""
    if all(ln.mono for ln in b.lines):
        return not _URL.search(b.text)
    return len(b.lines) >= 2 and 2 * sum(1 for ln in b.lines if _STEP.match(ln.text)) >= len(b.lines)


def _unnumbered_italic(b: Block, body_size: float) -> bool:
    """IEEEtran's unnumbered subsection (``\\subsection*``): one italic line at the body size, at the column's left
    edge, a few words with no sentence stop, where the paper numbers its sections in Roman (IEEEtran's style)."""
    words = b.text.split()
    return (len(b.lines) == 1 and b.italic and not b.bold and 1 <= len(words) <= 8 and not ends_sentence(b.text)
            and abs(b.size - body_size) < 0.6 and b.first.alone and not b.first.gaps and not b.first.marker
            and b.first.x0 <= b.segment.left + 2.0 and bool(_WORD.search(b.text))
            and not (b.text[:1].islower() and b.text[:1].isascii()))  # "λ Estimators" is a title


def _text_below(b: Block, body_size: float) -> bool:
    """Running text at the body size (four words or more) follows ``b`` lower in its column: ``b`` does not close
    the column, so a small block opening with a number there is a list set small ("1. P = {p0, ..., pn}, a finite
    set of places."), not a footnote."""
    last = b.lines[-1]
    return any(ln.page == last.page and ln.y0 > last.y1 and ln.size >= body_size - 0.6 and len(ln.text.split()) >= 4
               for ln in b.segment.lines)


def _footnote_start(text: str) -> bool:
    return bool(_NOTE_START.match(text))


def display_equation(b: Block, math: float) -> bool:
    """A displayed formula: a few short lines set apart from the margins
    (centred, or with an equation number such as "(3)" at the right margin)
    that hold math, a relation sign or math fonts, and little prose."""
    if len(b.lines) > 3:
        return False
    seg, text = b.segment, b.text
    if len(_WORD.findall(text)) > 8 or text.rstrip(".,;").endswith((":",)):
        return False
    margin = 2.0 * b.size
    numbered = bool(_NUMBER_AT_END.search(text)) and b.last.x1 >= seg.right - margin
    left = min(ln.x0 for ln in b.lines) - seg.left
    right = seg.right - max(ln.x1 for ln in b.lines)
    if left < margin or not numbered and (right < margin or abs(left - right) > 0.2 * seg.width):
        return False
    mathy = math >= 0.15 or bool(_RELATION.search(text)) or any(ln.math > 0.05 for ln in b.lines)
    return mathy and (numbered or math > 0 or bool(_RELATION.search(text)))
