"""Text normalisation shared by the loaders."""

from __future__ import annotations

import re
import unicodedata

_LIGATURES = {
    "\ufb00": "ff",
    "\ufb01": "fi",
    "\ufb02": "fl",
    "\ufb03": "ffi",
    "\ufb04": "ffl",
    "\ufb05": "st",
    "\ufb06": "st",
}
_SPACES = re.compile(r"[ \t\u00a0\u2000-\u200a\u202f\u205f\u3000]+")
#: The spaces ``_SPACES`` folds but a single " ": a text without them nor a double space is left as it is.
_ODD_SPACE = re.compile(r"[\t\u00a0\u2000-\u200a\u202f\u205f\u3000]")
_ZERO_WIDTH = re.compile(r"[\u200b-\u200d\u2060\ufeff\u00ad\ufe00-\ufe0f]")  # and variation selectors ("∑︁")
#: What a PDF gives for a glyph it has no character for: private-use code points (symbol and
#: math fonts without a Unicode map) and U+FFFD (big delimiters of TeX's cmex, txexs...).
_UNMAPPED = "[\ue000-\uf8ff\ufffd\U000f0000-\U0010fffd]"
_UNMAPPED_RUN = re.compile(f"{_UNMAPPED}(?:\\s*{_UNMAPPED})*")
#: Shown in place of such glyphs: the page image shows the maths, the text says where it was.
MATH_MARK = "[math]"


def normalize_text(text: str) -> str:
    """Expand ligatures, drop zero-width and soft-hyphen characters, mark glyphs
    without a character as ``[math]`` (``mark_unmapped``), collapse spaces."""
    if text.isascii():  # none of the characters below but the spaces can be there
        return _collapse_spaces(text).strip()
    for lig, repl in _LIGATURES.items():
        text = text.replace(lig, repl)
    text = mark_unmapped(text.replace("c\u20dd", "\u00a9"))  # "c⃝2020": TeX's \\copyright
    text = unicodedata.normalize("NFC", text)
    text = _ZERO_WIDTH.sub("", text)
    return _collapse_spaces(text).strip()


def _collapse_spaces(text: str) -> str:
    """Each run of spaces (tabs, no-break and other wide spaces) as one " "."""
    return _SPACES.sub(" ", text) if "  " in text or _ODD_SPACE.search(text) else text


def mark_unmapped(text: str) -> str:
    """Each run of glyphs a PDF could not map to characters ("\ufffd\ufffd", private-use
    code points) becomes one ``[math]``, set off by spaces from the words around it."""
    if not _UNMAPPED_RUN.search(text):
        return text

    def mark(m: re.Match[str]) -> str:
        before = " " if m.start() and not text[m.start() - 1].isspace() else ""
        after = " " if m.end() < len(text) and not text[m.end()].isspace() else ""
        return f"{before}{MATH_MARK}{after}"

    return _UNMAPPED_RUN.sub(mark, text)
