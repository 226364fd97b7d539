"""Word spaces read from glyph positions, for scripts whose PDFs set none, and for words run together.

A Korean paper typeset with a Hangul font (XeLaTeX or LuaLaTeX with Noto Serif KR, say)
often carries no space character between words: the space is only a gap between two
glyphs of one span, and MuPDF's span text runs the words together ("반응하는지를집중적으로").
Only pages that hold such text pay for reading glyph positions (``rawdict``): there,
each span's text is rebuilt from its glyphs with a space wherever the gap between two
glyphs is a word space (wider than the span's usual gap by ``GLYPH_GAP`` of the font size).

Latin text can lose a space the same way: where a tight line sets a word space as a shift of the next glyph, with
no space glyph, and the shift is narrower than MuPDF's guess of a space, two words run together ("we
typicallywant to", GigaScience's Merriweather at 7.4 pt: a gap of 1.08 pt). A page holding a word that reads as two
of the document's words run together has that line's glyphs read (``run_together``, ``respace_lines``), and a space
goes in only where that word has a word gap between its glyphs.
"""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

from engine.document.pdf.lines import Line

#: A gap between two glyphs wider than the span's usual gap (its lower quartile) by this share of the font size is a word
#: space: the glyphs of a word touch (gaps under 0.02 of the size), a justified line's spaces shrink to 0.15.
GLYPH_GAP = 0.1
#: Hangul syllables and jamo: a script written with spaces between words, often set without space glyphs.
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")
_LOWER_WORD = re.compile(r"[a-z]+")
_WORD_END = re.compile(r"([a-z]+)-\s*$")
#: Two words on either side of a comma or semicolon with no space after it ("tuples,page"): a space is put after the
#: mark only where its glyphs have a word gap there, as for ``joined_words``.
_COMMA_JOINT = re.compile(r"(?<![A-Za-z0-9])[a-z]{2,}[,;][A-Za-z]{2,}")


def needs_glyph_gaps(lines: list[Line]) -> bool:
    """The page's text holds Hangul with fewer spaces than a prose line has (a word every 5 syllables or so), in all
    or in one line of 15 syllables or more (a page whose other paragraphs were set with space glyphs)."""
    text = "".join(ln.text for ln in lines)
    if not _HANGUL.search(text):
        return False
    hangul = len(_HANGUL.findall(text))
    return hangul >= 20 and text.count(" ") < hangul / 8 or any(_run_together(ln.text) for ln in lines)


def _run_together(text: str) -> bool:
    hangul = len(_HANGUL.findall(text))
    return hangul >= 15 and text.count(" ") < hangul / 8


def spaced_spans(raw: dict[str, Any]) -> dict[str, Any]:
    """PyMuPDF's ``rawdict`` of a page as its ``dict``: each span's ``text`` from its glyphs, with a space at
    each word gap; ``chars`` dropped."""
    for block in raw.get("blocks", ()):
        for line in block.get("lines", ()):
            for span in line.get("spans", ()):
                span["text"] = _glyph_text(span.pop("chars", ()), span["size"])
    return raw


def _glyph_text(chars: Any, size: float) -> str:
    """The glyphs' text with a space at each gap wider than ``GLYPH_GAP`` of the size beyond the span's usual gap
    (a justified line stretches the gaps between the glyphs of a word too)."""
    chars = list(chars)
    gaps = [b["bbox"][0] - a["bbox"][2] for a, b in zip(chars, chars[1:])]
    usual = max(0.0, sorted(gaps)[len(gaps) // 4]) if gaps else 0.0
    parts = [chars[0]["c"]] if chars else []
    for gap, a, b in zip(gaps, chars, chars[1:]):
        if gap >= usual + GLYPH_GAP * size and not a["c"].isspace() and not b["c"].isspace():
            parts.append(" ")
        parts.append(b["c"])
    return "".join(parts)


#: Two-letter words that run into their neighbours as often as long ones do ("numberof", "willbe", "ofthe").
_SHORT_WORDS = frozenset("an as at be by do if in is it no of on or so to up we".split())


def joined_words(vocab: Counter[str]) -> set[str]:
    """The document's words that may be two or more of its words run together: seven letters or more, written once,
    splitting into two words it writes twice or more, of three letters or more ("typically" + "want"); or five
    letters or more, written once or at most a tenth as often as the rarest of its parts, splitting into words it writes
    twice or more of which a two-letter one is a common short word ("number" + "of", "and" + "it" + "contains").
    Only glyphs can say whether a space is there ("some" + "times" is one word)."""
    out = set()
    for w, n in vocab.items():
        if len(w) < 5 or "-" in w:
            continue
        if n <= 1 and len(w) >= 7 and any(vocab[w[:i]] >= 2 and vocab[w[i:]] >= 2 for i in range(3, len(w) - 2)):
            out.add(w)
        elif (parts := _short_split(w, vocab)) and (n <= 1 or n * 10 <= min(vocab[p] for p in parts)):
            out.add(w)
    return out


def _short_split(word: str, vocab: Counter[str]) -> list[str]:
    """``word`` as two to four of the document's words (each written twice or more), at least one of them a
    ``_SHORT_WORDS`` one, the others of three letters or more; [] when it splits no such way."""
    def split(rest: str, depth: int, short: bool) -> list[str] | None:
        if not rest:
            return [] if short else None
        if depth == 4:
            return None
        for i in range(2, len(rest) + 1):
            head = rest[:i]
            if (head in _SHORT_WORDS or i >= 3) and head != word and vocab.get(head, 0) >= 2:
                tail = split(rest[i:], depth + 1, short or head in _SHORT_WORDS)
                if tail is not None:
                    return [head, *tail]
        return None

    return split(word, 0, False) or []


def run_together(lines: list[Line], vocab: Counter[str], joined: set[str]) -> set[str]:
    """The page's ``joined_words``, and a word after a line-end hyphen whose first half completes the word broken
    there ("rela-" + "tivelysmall": "relatively" and "small" are the paper's words)."""
    text = "\n".join(ln.text for ln in lines)
    # a substring search for each of the few joined words, a word-bounded one where it is found
    out = {w for w in joined if w.isascii() and w in text and re.search(rf"(?<![a-z]){w}(?![a-z])", text)}
    out.update(_COMMA_JOINT.findall(text))
    broken = ""
    for ln in lines:
        if broken and (first := _LOWER_WORD.search(ln.text)):
            word = first.group()
            if len(word) >= 7 and vocab[broken + word] <= 1 and any(
                    vocab[broken + word[:i]] >= 2 and vocab[word[i:]] >= 2 for i in range(1, len(word) - 2)):
                out.add(word)
        if ln.text.rstrip().endswith("-"):
            end = _WORD_END.search(ln.text)
            broken = end.group(1) if end else ""
        elif broken and _LOWER_WORD.search(ln.text):
            broken = ""  # (a margin's line number between a broken word's two lines keeps it)
    return out


def respace_lines(page: Any, lines: list[Line], words: set[str], flags: int) -> None:
    """Put a space where one of ``words`` in ``lines`` has a word gap between two of its glyphs (``GLYPH_GAP`` of
    the size beyond the span's usual gap), reading the glyphs of those lines only (``page`` is a PyMuPDF page)."""
    import pymupdf

    for ln in lines:
        if not any(w in words for w in _tokens(ln.text)):
            continue
        raw = page.get_text("rawdict", flags=flags, clip=pymupdf.Rect(ln.x0, ln.y0, ln.x1, ln.y1))
        spaced: dict[str, str] = {}
        for block in raw.get("blocks", ()):
            for line in block.get("lines", ()):
                for span in line.get("spans", ()):
                    chars = span.get("chars", ())
                    text = "".join(c["c"] for c in chars)
                    gaps = [b["bbox"][0] - a["bbox"][2] for a, b in zip(chars, chars[1:])]
                    usual = max(0.0, sorted(gaps)[len(gaps) // 4]) if gaps else 0.0
                    for m in (*_LOWER_WORD.finditer(text), *_COMMA_JOINT.finditer(text)):
                        cuts = [k for k in range(m.start() + 1, m.end())
                                if gaps[k - 1] >= usual + GLYPH_GAP * span["size"]
                                and (text[k - 1] in ",;" or "," not in m.group() and ";" not in m.group())
                                ] if m.group() in words else []
                        if cuts:
                            spaced[m.group()] = "".join(
                                (" " if k in cuts else "") + text[k] for k in range(m.start(), m.end()))
        for word, fixed in spaced.items():
            ln.text = re.sub(rf"(?<![A-Za-z]){re.escape(word)}(?![A-Za-z])", fixed, ln.text)


def _tokens(text: str) -> list[str]:
    """The lower-case words of ``text`` and its words joined by a comma or semicolon with no space."""
    return _LOWER_WORD.findall(text) + _COMMA_JOINT.findall(text)
