"""TeX's font codes read as the characters they stand for, where a font has no Unicode map (session 29, pdfgap30).

A PDF made with bitmap (Type3) fonts, as pdfTeX or dvips make it on a machine without the Type1 versions of the
fonts (LaTeX's T1-encoded text fonts without cm-super, most often), carries no Unicode map for those fonts: PyMuPDF
gives each glyph's code in the font. Letters, digits and most punctuation are right, as TeX's T1 and OT1 encodings
keep ASCII there, but the ligatures, quotes and dashes are control characters, so "efficient" read "e\\x1ecient",
which the reader then cut or dropped ("e cient", "eect"), and every sentence with a ligature differed from the same
sentence typeset with Type1 fonts: a revision whose two PDFs were made on two machines read as edits everywhere.

Which encoding a font uses is read from its ligatures, counted over the pages read so far: a code 0x1B–0x1F next to
a lower-case letter is one of T1's ff, fi, fl, ffi, ffl; 0x0B–0x0F is one of OT1's. A font with neither is left as it
is: a maths font's big delimiters (cmex) sit in the control range too, never beside a word's letters.
"""

from __future__ import annotations

import re
from typing import Any

#: The codes a text font's span may hold that are no characters (tab and newline are PyMuPDF's own).
_CODES = re.compile("[\x00-\x08\x0b-\x1f]")
_T1_LIGATURE = re.compile("[a-z][\x1b-\x1f]|[\x1b-\x1f][a-z]")
_OT1_LIGATURE = re.compile("[a-z][\x0b-\x0f]|[\x0b-\x0f][a-z]")

#: LaTeX's T1 (Cork) encoding, its control range: quotes, guillemets, dashes, the compound-word mark (no glyph),
#: the dotless i and j (set under an accent) and the five f-ligatures. Its accents (0x00-0x0C) are left.
T1 = {0x0D: "‚", 0x0E: "‹", 0x0F: "›", 0x10: "“", 0x11: "”", 0x12: "„", 0x13: "«", 0x14: "»", 0x15: "–", 0x16: "—",
      0x17: "", 0x18: "", 0x19: "i", 0x1A: "j", 0x1B: "ff", 0x1C: "fi", 0x1D: "fl", 0x1E: "ffi", 0x1F: "ffl"}
#: TeX's OT1 encoding: the Greek capitals, the f-ligatures, the dotless i and j, ß, æ, œ, ø, Æ, Œ, Ø; and in a text
#: font whose ligatures say it is OT1, the quotes and dashes set at ASCII codes.
OT1 = {0x00: "Γ", 0x01: "Δ", 0x02: "Θ", 0x03: "Λ", 0x04: "Ξ", 0x05: "Π", 0x06: "Σ", 0x07: "Υ", 0x08: "Φ",
       0x0B: "ff", 0x0C: "fi", 0x0D: "fl", 0x0E: "ffi", 0x0F: "ffl", 0x10: "i", 0x11: "j", 0x19: "ß", 0x1A: "æ",
       0x1B: "œ", 0x1C: "ø", 0x1D: "Æ", 0x1E: "Œ", 0x1F: "Ø", 0x5C: "“", 0x22: "”", 0x7B: "–", 0x7C: "—"}
_TABLES = {"T1": str.maketrans(T1), "OT1": str.maketrans(OT1)}


class TexCodes:
    """Each font's encoding as its ligatures show it, counted over the pages of one PDF (``decode`` each page's
    dictionary in reading order)."""

    def __init__(self) -> None:
        self._counts: dict[str, list[int]] = {}  # font name -> [T1 ligatures, OT1 ligatures] seen

    def decode(self, page_dict: dict[str, Any]) -> dict[str, Any]:
        """``page_dict`` with the text of its spans in a font read as T1 or OT1 decoded (in place)."""
        coded = [span for block in page_dict.get("blocks", ()) for line in block.get("lines", ())
                 for span in line.get("spans", ()) if _CODES.search(span["text"])]
        ot1_fonts = {name for name, (t1, ot1) in self._counts.items() if ot1 > t1}  # its quotes sit at ASCII codes
        if not coded and not ot1_fonts:
            return page_dict
        for span in coded:
            counts = self._counts.setdefault(span["font"], [0, 0])
            counts[0] += len(_T1_LIGATURE.findall(span["text"]))
            counts[1] += len(_OT1_LIGATURE.findall(span["text"]))
        fonts = {span["font"] for span in coded} | ot1_fonts
        for block in page_dict.get("blocks", ()):
            for line in block.get("lines", ()):
                for span in line.get("spans", ()):
                    if span["font"] in fonts and (table := self._table(span["font"])) is not None:
                        span["text"] = span["text"].translate(table)
        return page_dict

    def _table(self, font: str) -> dict[int, str] | None:
        t1, ot1 = self._counts.get(font, (0, 0))
        return _TABLES["T1"] if t1 > ot1 else _TABLES["OT1"] if ot1 > t1 else None
