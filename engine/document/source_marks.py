"""A Markdown, R Markdown or Quarto paragraph's marks: each citation, cross-reference and inline maths span as it
reads and as it was written (``Paragraph.marks``; ``latex/marks.py`` is the LaTeX reader's).

Each span is rendered on its own with the reader's functions (``markdown_math.math_text``, ``rmarkdown.inline_latex``'s
patterns) and kept only when that rendering occurs in the paragraph's text; the text itself is not touched.
"""

from __future__ import annotations

import re

from engine.document import rmarkdown
from engine.document.markdown_math import DISPLAY_MATH as _DISPLAY_MATH, INLINE_MATH as _INLINE_MATH
from engine.document.markdown_math import math_text as _math_text
from engine.document.text import normalize_text

Mark = tuple[str, str, str]
#: A word, then spaces (one line break at most), right before a reference.
_WORD_BEFORE = re.compile(r"(?<![A-Za-z\\])([A-Za-z]+\.?)[ \t]*\n?[ \t]*$")


def markdown_marks(raw: str, text: str) -> tuple[Mark, ...]:
    """The marks of a paragraph whose inline source is ``raw`` and which reads ``text``."""
    taken: list[tuple[int, int]] = [m.span() for m in _DISPLAY_MATH.finditer(raw)]
    found: list[tuple[int, str, str, str]] = []

    def take(m: re.Match[str], kind: str, rendered: str) -> None:
        start, end = m.span()
        if any(s < end and start < e for s, e in taken):
            return
        taken.append((start, end))
        rendered, source = normalize_text(rendered), m.group(0)
        before = _WORD_BEFORE.search(raw[max(0, start - 40):start]) if kind == "ref" else None
        if before and (len(rendered) <= 2 or not any(c.isalpha() for c in rendered)) and f"{before.group(1)} {rendered}" in text:
            start, rendered = start - len(before.group(0)), f"{before.group(1)} {rendered}"
            source = f"{before.group(1)} {source}"  # "Figure \\@ref(fig:map)" reads "Figure ??"
        if rendered and rendered in text:
            found.append((start, kind, rendered, source))

    for m in _INLINE_MATH.finditer(raw):
        take(m, "math", _math_text(m.group(1)))
    for m in rmarkdown._CITE.finditer(raw):
        take(m, "cite", "[" + ", ".join(k.strip() for k in m.group(1).split(",") if k.strip()) + "]")
    for m in rmarkdown._REF.finditer(raw):
        take(m, "ref", "??")
    for m in rmarkdown._PANDOC_GROUP.finditer(raw):
        shown = rmarkdown._pandoc_group(m)
        if shown != m.group(0):
            take(m, "cite", shown)
    for m in rmarkdown._PANDOC_KEY.finditer(raw):
        key = m.group(1)
        quarto = "-" in key and key.split("-")[0] in rmarkdown._QUARTO_REF
        take(m, "ref" if quarto else "cite", rmarkdown._narrative(m))
    return tuple((kind, rendered, source) for _, kind, rendered, source in sorted(found))
