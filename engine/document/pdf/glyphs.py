"""Word spaces read from glyph positions, for scripts whose PDFs set none.

A Korean paper typeset with a Hangul font (XeLaTeX or LuaLaTeX with Noto Serif KR, say)
often carries no space character between words: the space is only a gap between two
glyphs of one span, and MuPDF's span text runs the words together ("반응하는지를집중적으로").
Only pages that hold such text pay for reading glyph positions (``rawdict``): there,
each span's text is rebuilt from its glyphs with a space wherever the gap between two
glyphs is a word space (wider than the span's usual gap by ``GLYPH_GAP`` of the font size).
"""

from __future__ import annotations

import re
from typing import Any

from engine.document.pdf.lines import Line

#: A gap between two glyphs wider than the span's usual gap (its lower quartile) by this share of the font size is a word
#: space: the glyphs of a word touch (gaps under 0.02 of the size), a justified line's spaces shrink to 0.15.
GLYPH_GAP = 0.1
#: Hangul syllables and jamo: a script written with spaces between words, often set without space glyphs.
_HANGUL = re.compile("[\u1100-\u11ff\u3130-\u318f\uac00-\ud7a3]")


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
