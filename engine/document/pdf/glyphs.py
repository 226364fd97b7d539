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


def needs_glyph_gaps(lines: list[Line]) -> bool:
    """The page's text holds Hangul with fewer spaces than a prose line has (a word every 5 syllables or so)."""
    text = "".join(ln.text for ln in lines)
    hangul = len(_HANGUL.findall(text)) if _HANGUL.search(text) else 0
    return hangul >= 20 and text.count(" ") < hangul / 8


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


def joined_words(vocab: Counter[str]) -> set[str]:
    """The document's words that may be two of its words run together: written once (seven letters or more), and
    splitting into two words it writes twice or more, of three letters or more ("typically" + "want"). Only glyphs
    can say whether a space is there ("some" + "times" is one word)."""
    return {w for w, n in vocab.items() if n <= 1 and len(w) >= 7 and "-" not in w
            and any(vocab[w[:i]] >= 2 and vocab[w[i:]] >= 2 for i in range(3, len(w) - 2))}


def run_together(lines: list[Line], vocab: Counter[str], joined: set[str]) -> set[str]:
    """The page's ``joined_words``, and a word after a line-end hyphen whose first half completes the word broken
    there ("rela-" + "tivelysmall": "relatively" and "small" are the paper's words)."""
    text = "\n".join(ln.text for ln in lines)
    # a substring search for each of the few joined words, a word-bounded one where it is found
    out = {w for w in joined if w.isascii() and w in text and re.search(rf"(?<![a-z]){w}(?![a-z])", text)}
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
        if not any(w in words for w in _LOWER_WORD.findall(ln.text)):
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
                    for m in _LOWER_WORD.finditer(text):
                        cuts = [k for k in range(m.start() + 1, m.end())
                                if gaps[k - 1] >= usual + GLYPH_GAP * span["size"]] if m.group() in words else []
                        if cuts:
                            spaced[m.group()] = "".join(
                                (" " if k in cuts else "") + text[k] for k in range(m.start(), m.end()))
        for word, fixed in spaced.items():
            ln.text = re.sub(rf"(?<![A-Za-z]){word}(?![A-Za-z])", fixed, ln.text)
