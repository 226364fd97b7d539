"""Text lines of one PDF page, read from PyMuPDF's span dictionary.

A PyMuPDF "line" may hold words far apart (a margin line number and the text
beside it, two table cells) and one visual line may come as several PyMuPDF
lines (justified text set word by word). Here each PyMuPDF line is cut at wide
gaps into ``Line`` fragments; the layout step later joins fragments that share
a baseline inside one column.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from functools import cache, lru_cache, partial
from operator import itemgetter
from typing import Any

from engine.document.pdf.text import bold_lead

#: Font-name fragments of math fonts (TeX, STIX, Cambria, Symbol).
_MATH_FONTS = ("cmmi", "cmsy", "cmex", "msbm", "msam", "math", "symbol", "txsy", "txmi",
               "txex", "stixmath", "rsfs", "esint", "eufm", "cmbsy", "cmmib", "mtmi", "mtsy")
_MATH_CHARS = re.compile("[=+<>±×÷∑∏∫∂∇∈∉⊂⊆∪∩∀∃≤≥≈≠≡→←⇒⇔∞√∝∼‖|^_αβγδεζηθικλμνξπρστυφχψωΓΔΘΛΞΠΣΦΨΩ\U0001d400-\U0001d7ff]")
_BOLD_NAME = re.compile(r"bold|black|heavy|semibold|demi|[-_,]medi|cmbx|bx\d|\bTB\b|TB$|TBI$|BoldItalic", re.I)
_ITALIC_NAME = re.compile(r"ital|oblique|-it$|cmti|cmsl|slant", re.I)
_MARKER = re.compile(r"^[\d*†‡§¶∗⋆♦♣♠♥□⋄a-z]{1,3}$")
_NOTE_MARK = re.compile(r"^[\d*†‡§¶∗⋆,]{1,6}$|^\d{1,3}[–-]\d{1,3}$")
_LETTER_MARK, _NAME = re.compile(r"^[a-z\d*†‡∗](?:,[a-z\d*†‡∗]){0,3}$"), re.compile(r"[A-ZÀ-ÖØ-Þ][a-zß-öø-ÿ]+")
#: A word of prose before a raised number (a citation or note mark, "field²³"; never a unit or a variable).
_PROSE_BEFORE = re.compile(r"(?:^|[^\w])[a-z]{4,}$")
_OPERATOR_BEFORE = re.compile(r"(?:^|\W)(?:log|ln|lg|exp|(?:arc)?(?:sin|cos|tan)h?|cot|sec|csc)$")  # "log² n": a power
#: A one-letter word at the end of a span: a variable when set in italic ("Q" of "Q²").
_VARIABLE = re.compile(r"(?:^|[^\w])[^\W\d_]$")
_CLOSERS, _OPENERS = tuple(",.;:!?)]}'’”%"), tuple("([{‘“/")
#: Mathematical Alphanumeric Symbols to their plain letters and digits.
_MATH_ALNUM = {cp: unicodedata.normalize("NFKC", chr(cp)) for cp in range(0x1D400, 0x1D800)
               if unicodedata.normalize("NFKC", chr(cp)) != chr(cp)}
#: A gap wider than this share of the font size between two spans is a word space.
SPACE_GAP = 0.2


@dataclass(slots=True)
class Line:
    """A run of text on one baseline of a page, in reading units."""

    page: int
    x0: float
    y0: float
    x1: float
    y1: float
    text: str
    size: float
    bold: bool
    baseline: float
    #: Share of characters set in a math font or being math symbols.
    math: float = 0.0
    #: Starts with a raised small marker (footnote number or symbol).
    marker: bool = False
    #: Gaps wider than two font sizes inside the line (table rows).
    gaps: int = 0
    #: Column index after layout: 0 left/only, 1 right, -1 spanning.
    col: int = 0
    #: Character count per font size, for the document's statistics.
    sizes: dict[float, int] = field(default_factory=dict)
    #: No other line shares its baseline in the column (false in table rows).
    alone: bool = True
    #: The text of its leading bold spans, "" when its first span is not bold ("Figure 1.", a run-in "2 Theory").
    lead_bold: str = ""
    #: Set above the text block in the head margin: a running header seen once.
    above_text: bool = False
    #: Inside a drawn box or image (a figure's frame): text set in a figure, when it is small too.
    in_graphic: bool = False
    #: Set in an italic or oblique font (IEEEtran's subsection headings are italic, not bold).
    italic: bool = False
    #: Set in a monospaced (typewriter) font: code, such as an SQL listing's "WHERE", never a heading.
    mono: bool = False

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0


@dataclass(slots=True)
class PageText:
    number: int
    width: float
    height: float
    lines: list[Line]
    has_images: bool = False


#: A label set letter by letter, as Elsevier's CAS classes set "A B S T R A C T" and "A R T I C L E  I N F O".
_LETTER_SPACED = re.compile(r"^\s*(?:[A-Z]\s+){4,}[A-Z]\s*$")


def letter_spaced(text: str) -> str:
    """A label set letter by letter as its word(s), lower-cased ("A B S T R A C T" -> "abstract"); else ""."""
    return re.sub(r"\s+", "", text).lower() if _LETTER_SPACED.match(text) else ""


@lru_cache(maxsize=1024)
def _style(font: str, flags: int) -> tuple[bool, bool, bool]:
    """A span's font is (bold, italic, math): from PyMuPDF's flags (16 bold, 2 italic) or the font's name."""
    low = font.lower()
    return (bool(flags & 16) or bool(_BOLD_NAME.search(font)), bool(flags & 2) or bool(_ITALIC_NAME.search(font)),
            any(m in low for m in _MATH_FONTS))


def _is_math_font(font: str) -> bool:
    return _style(font, 0)[2]


def fold_math(text: str) -> str:
    """"𝑃𝑖" -> "Pi": plain letters for Mathematical Alphanumeric Symbols."""
    return text if text.isascii() or max(text) < "\U0001d400" else text.translate(_MATH_ALNUM)


def footnote_numbers(page_dict: dict[str, Any]) -> frozenset[str]:
    """The numbers that open a footnote on the page: a line starting with a small number, raised or much
    smaller than the text after it."""
    found: set[str] = set()
    for block in page_dict.get("blocks", ()):
        for raw in block.get("lines", ()):
            inked = [s for s in raw.get("spans", ()) if s["text"].strip()][:2]
            if len(inked) < 2:
                continue
            mark, text = inked[0]["text"].strip(), inked[1]
            small, raised = inked[0]["size"] / text["size"], inked[0]["origin"][1] < text["origin"][1] - 1
            # raised, or a superior figure set on the baseline (a table's notes)
            if mark.isdigit() and len(mark) <= 2 and (small < 0.85 and raised or small < 0.75) \
                    and text["text"].lstrip()[:1].isalpha():
                found.add(mark)
    return frozenset(found)


def _note_mark(span: dict[str, Any], prev: dict[str, Any], notes: Callable[[], frozenset[str]] = frozenset) -> bool:
    """A raised footnote or citation mark right after a word ("sourced¹", "S2ORC,¹", "field²³", "it²⁴⁻²⁹"). A
    raised number is an exponent instead after an italic one-letter variable ("Q²"), or where the page's footnotes
    (``notes()``, when it has any; read once, when first asked) open with other numbers and the word before is
    no lower-case word of prose ("GeV²" on a page whose footnotes are 3 and 4, but "field²³" is a citation)."""
    text, before = span["text"].strip(), prev["text"].rstrip()
    if _is_math_font(prev["font"]) or _is_math_font(span["font"]) or not before or before != prev["text"] \
            or not (before[-1].isalpha() or before[-1] in ",.;:)]"):
        return False
    raised, small = span["origin"][1] < prev["origin"][1] - 0.2 * prev["size"], span["size"] < 0.85 * prev["size"]
    if not _NOTE_MARK.match(text):  # with a letter ("b,c", "1,a"): an affiliation mark raised after a name
        return bool(raised and small and _LETTER_MARK.match(text) and _NAME.fullmatch(before.split()[-1]))
    if not (small and (raised or span["flags"] & 1)):
        return False
    if text.isdigit():
        variable = bool(_VARIABLE.search(before)) and _style(prev["font"], prev["flags"])[1] \
            or bool(_OPERATOR_BEFORE.search(before))  # "Q²", or an operator's power: an exponent
        return not (variable or (not _PROSE_BEFORE.search(before) and (numbers := notes()) and text not in numbers))
    return True


def _needs_space(prev: dict[str, Any], span: dict[str, Any]) -> bool:
    """A visible gap between two spans with no space character in either."""
    left, right = prev["text"], span["text"]
    if not left or not right or left[-1].isspace() or right[0].isspace():
        return False
    if right.startswith(_CLOSERS) or left.endswith(_OPENERS):
        return False
    gap = span["bbox"][0] - prev["bbox"][2]
    size = max(prev["size"], span["size"])
    if right.startswith("(") and _is_math_font(prev["font"]):
        return gap >= 0.35 * size  # "𝑓(𝑥)": an italic overhang, not a space
    return gap >= SPACE_GAP * size


def _span_text(spans: list[dict[str, Any]], inks: list[int], notes: Callable[[], frozenset[str]] = frozenset) -> str:
    """The spans' text with gap spaces added and glued footnote marks left out (``inks``: each span's
    character count without its surrounding spaces)."""
    if len(spans) == 1:
        return fold_math(spans[0]["text"])
    parts: list[str] = []
    prev: dict[str, Any] | None = None
    for s, ink in zip(spans, inks):
        if prev is not None:
            if ink <= 6 and ink and _note_mark(s, prev, notes):  # a mark is at most 6 characters
                continue
            if _needs_space(prev, s):
                parts.append(" ")
        parts.append(s["text"])
        prev = s
    return fold_math("".join(parts))


_MONO_NAME = re.compile(r"mono|courier|consol|menlo|cmtt|sftt|txtt|lmtt|typewriter", re.I)


@lru_cache(maxsize=1024)
def _is_mono(font: str, flags: int) -> bool:
    """A monospaced font: PyMuPDF's flag 8 (the font says it is fixed-pitch) or a typewriter font's name."""
    return bool(flags & 8) or bool(_MONO_NAME.search(font))


def _make_line(
    page: int, spans: list[dict[str, Any]], inks: list[int], notes: Callable[[], frozenset[str]] = frozenset
) -> Line | None:
    """One ``Line`` from a run of spans (``inks``: each span's character count without its surrounding spaces)."""
    text = _span_text(spans, inks, notes)
    if not text.strip():
        return None
    weights: dict[float, int] = {}
    bold_chars = italic_chars = math_chars = mono_chars = total = 0
    inked: list[dict[str, Any]] = []
    for s, n in zip(spans, inks):
        if not n:
            continue
        inked.append(s)
        size = round(s["size"] * 2) / 2
        weights[size] = weights.get(size, 0) + n
        total += n
        bold, italic, math = _style(s["font"], s["flags"])
        if bold:
            bold_chars += n
        if italic:
            italic_chars += n
        if _is_mono(s["font"], s["flags"]):
            mono_chars += n
        math_chars += n if math else len(_MATH_CHARS.findall(s["text"]))
    if not total:
        return None
    first = inked[0]
    if len(spans) == 1:
        size, main, marker = next(iter(weights)), first, False
        x0, y0, x1, y1 = first["bbox"]
    else:
        size = max(weights.items(), key=lambda kv: (kv[1], kv[0]))[0]
        # the longest span, counted double in the line's size: the first of equals, as max() picks
        keys = [n * (1 + (abs(s["size"] - size) < 0.3)) for s, n in zip(spans, inks)]
        main = spans[keys.index(max(keys))]
        marker = bool(
            len(inked) > 1
            and first["size"] < 0.85 * inked[1]["size"]
            and first["origin"][1] < inked[1]["origin"][1] - 1
            and _MARKER.match(first["text"].strip())
        )
        ink_boxes = [s["bbox"] for s in inked]
        boxes = [s["bbox"] for s in spans]
        x0, x1 = min(map(itemgetter(0), ink_boxes)), max(map(itemgetter(2), ink_boxes))
        y0, y1 = min(map(itemgetter(1), boxes)), max(map(itemgetter(3), boxes))
    return Line(
        page=page, x0=x0, y0=y0, x1=x1, y1=y1, text=text.strip(), size=size,
        bold=bold_chars >= 0.9 * total, baseline=main["origin"][1],
        math=math_chars / total, marker=marker, sizes=weights, lead_bold=bold_lead(spans, inks, _style),
        italic=italic_chars >= 0.9 * total, mono=mono_chars >= 0.9 * total,
    )


def page_lines(page_dict: dict[str, Any], number: int) -> PageText:
    """Cut the page's PyMuPDF lines into ``Line`` fragments at wide gaps."""
    lines: list[Line] = []
    has_images = False
    notes = cache(partial(footnote_numbers, page_dict))  # read only if a raised number needs them
    for block in page_dict.get("blocks", ()):
        if block.get("type") != 0:
            has_images = True
            continue
        for raw in block.get("lines", ()):
            dx, dy = raw.get("dir", (1.0, 0.0))
            if abs(dy) > 0.05 or dx < 0:
                continue  # rotated text: arXiv stamps, axis labels
            group: list[dict[str, Any]] = []
            inks: list[int] = []
            prev: dict[str, Any] | None = None  # the group's last span with more than spaces
            for span in raw.get("spans", ()):
                text = span["text"]
                if not text:
                    continue
                ink = len(text.strip())
                if ink:
                    if prev is not None and span["bbox"][0] - prev["bbox"][2] > max(span["size"], prev["size"]):
                        line = _make_line(number, group, inks, notes)
                        if line:
                            lines.append(line)
                        group, inks = [], []
                    prev = span
                group.append(span)
                inks.append(ink)
            line = _make_line(number, group, inks, notes) if group else None
            if line:
                lines.append(line)
    return PageText(number, float(page_dict.get("width", 0)), float(page_dict.get("height", 0)), lines, has_images)


#: Words of small text a page must hold before its drawings are read (``small_prose``): smaller runs are never
#: prose (``classify``), and reading the drawings of a page full of plots costs more than its text.
SMALL_WORDS = 12


_CAPTION_START = re.compile(r"^(?:fig\.?|f\s?i\s?g\s?u\s?r\s?e|t\s?a\s?b\s?l\s?e|tab\.)\s*\d", re.I)
_PROSE_WORD = re.compile(r"[^\W\d_]{3,}")


def dominant_size(lines: Iterable[Line]) -> float | None:
    """The font size most characters of ``lines`` are set in (None without text)."""
    weights: dict[float, int] = {}
    for ln in lines:
        for size, n in ln.sizes.items():
            weights[size] = weights.get(size, 0) + n
    return max(weights.items(), key=itemgetter(1))[0] if weights else None  # the first of equals, as most_common


def small_prose(lines: list[Line], height: float) -> bool:
    """The page holds a dozen words or more set at least 0.9 pt smaller than its main size, above its foot (where
    footnotes are) and in another size than its captions: text that may be drawn in a figure, whose frame
    ``graphic_boxes`` finds."""
    main = dominant_size(lines)
    if main is None:
        return False
    captions = {ln.size for ln in lines if _CAPTION_START.match(ln.text)}
    words = (len(_PROSE_WORD.findall(ln.text)) for ln in lines
             if ln.size <= main - 0.9 and ln.size not in captions and ln.y0 < 0.85 * height)
    return sum(n for n in words if n >= 4) >= SMALL_WORDS  # lines of prose, not a plot's labels and ticks


def mark_in_graphic(lines: list[Line], graphics: list[tuple[float, float, float, float]]) -> None:
    """Mark the lines inside one of ``graphics`` (``graphic_boxes``)."""
    for ln in lines:
        ln.in_graphic = any(x0 - 1 <= ln.x0 and y0 - 1 <= ln.y0 and ln.x1 <= x1 + 1 and ln.y1 <= y1 + 1
                            for x0, y0, x1, y1 in graphics)


#: What PyMuPDF's drawing log calls paths and images (``Page.get_bboxlog``).
_GRAPHICS = frozenset({"fill-path", "stroke-path", "fill-image", "fill-imgmask", "fill-shade"})


def graphic_boxes(log: list[tuple[str, Any]], width: float, height: float) -> list[tuple[float, float, float, float]]:
    """The boxes of a page's drawn shapes and images that frame a figure: larger than a line of text (40 × 20 pt),
    smaller than half the page (a page-wide background fill frames nothing), with another shape or image drawn
    inside (a shaded box with only text in it, say a boxed abstract, is no figure: a reviewer's pass); the 40
    largest."""
    import numpy as np

    page = max(1.0, width * height)
    drawn = np.array([tuple(map(float, r)) for kind, r in log if kind in _GRAPHICS] or np.zeros((0, 4)), dtype=float)
    w, h = drawn[:, 2] - drawn[:, 0], drawn[:, 3] - drawn[:, 1]
    big = np.flatnonzero((w >= 40) & (h >= 20) & (w * h < 0.5 * page))
    big = big[np.argsort(-(w * h)[big], kind="stable")]
    out: list[tuple[float, float, float, float]] = []
    for k in big:
        x0, y0, x1, y1 = drawn[k]
        inside = ((drawn[:, 0] >= x0 - 1) & (drawn[:, 1] >= y0 - 1) & (drawn[:, 2] <= x1 + 1) & (drawn[:, 3] <= y1 + 1)
                  & (w * h < 0.9 * w[k] * h[k]))
        if inside.any():
            out.append((float(x0), float(y0), float(x1), float(y1)))
            if len(out) == 40:
                break
    return out


def merge_fragments(a: Line, b: Line) -> Line:
    """Join ``b`` to the right of ``a`` on the same baseline."""
    gap = b.x0 - a.x1
    sep = "" if -1 <= gap < 0.15 * a.size and not a.text.endswith(" ") else " "
    sizes = {**a.sizes, **{k: a.sizes.get(k, 0) + v for k, v in b.sizes.items()}}
    na, nb = len(a.text), len(b.text)
    size = max(sizes.items(), key=lambda kv: (kv[1], kv[0]))[0]
    return Line(
        page=a.page, x0=a.x0, y0=min(a.y0, b.y0), x1=max(a.x1, b.x1), y1=max(a.y1, b.y1),
        text=a.text + sep + b.text, size=size,
        bold=(a.bold * na + b.bold * nb) >= 0.9 * (na + nb),
        italic=(a.italic * na + b.italic * nb) >= 0.9 * (na + nb), mono=(a.mono * na + b.mono * nb) >= 0.9 * (na + nb),
        baseline=a.baseline if na >= nb else b.baseline,
        math=(a.math * na + b.math * nb) / max(na + nb, 1), marker=a.marker,
        gaps=a.gaps + b.gaps + (1 if gap > 2 * a.size else 0), col=a.col, sizes=sizes,
        lead_bold=f"{a.text}{sep}{b.lead_bold}" if b.lead_bold and a.lead_bold == " ".join(a.text.split())
        else a.lead_bold, above_text=a.above_text and b.above_text,
    )


def insert_fragment(host: Line, frag: Line) -> Line:
    """Put a small raised or lowered fragment (a fraction's numerator, a
    sub- or superscript set on its own line) into ``host`` where it sits."""
    text = host.text
    if frag.x0 <= host.x0 + 1:
        text = f"{frag.text} {text}"
    elif frag.x0 >= host.x1 - 1:
        text = f"{text} {frag.text}"
    else:
        at = round((frag.x0 - host.x0) / max(host.width, 1.0) * len(text))
        spaces = [i for i, c in enumerate(text) if c == " "]
        at = min(spaces, key=lambda i: abs(i - at)) if spaces else len(text)
        text = f"{text[:at]} {frag.text} {text[at:].lstrip()}".strip()
    n, m = len(host.text), len(frag.text)
    return Line(
        page=host.page, x0=min(host.x0, frag.x0), y0=min(host.y0, frag.y0), x1=max(host.x1, frag.x1),
        y1=max(host.y1, frag.y1), text=text, size=host.size, bold=host.bold, baseline=host.baseline,
        math=(host.math * n + frag.math * m) / max(n + m, 1), marker=host.marker, gaps=host.gaps,
        col=host.col, sizes=host.sizes, alone=host.alone, lead_bold=host.lead_bold,
        above_text=host.above_text, italic=host.italic, mono=host.mono,
    )
