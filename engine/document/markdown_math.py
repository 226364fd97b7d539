"""Maths in Markdown: the spans the Markdown reader sets apart (``$$ ... $$``, ``\\[ ... \\]``, ``$ ... $``) and
how it reads them, shared by the reader (``markdown``) and the record of a paragraph's marks (``source_marks``),
which the reader itself uses.
"""

from __future__ import annotations

import re

from pylatexenc.latex2text import LatexNodes2Text

from engine.document.latex.text import compact_math

DISPLAY_MATH = re.compile(r"\$\$(.+?)\$\$|\\\[(.+?)\\\]", re.S)
INLINE_MATH = re.compile(r"(?<![\\$])\$(?=\S)([^$\n]+?)(?<=\S)\$(?!\d)")
_L2T = LatexNodes2Text(math_mode="text")


def math_text(latex: str) -> str:
    """Inline math as compact text (``\\Delta W_i`` -> ``ΔWi``), as the LaTeX loader does."""
    try:
        return compact_math(_L2T.latex_to_text(latex))
    except Exception:  # pylatexenc is tolerant, but a math snippet must never stop a load
        return compact_math(latex.replace("\\", ""))
