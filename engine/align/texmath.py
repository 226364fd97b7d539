"""TeX math in a comment, read as the edits read it: for the lexical side of an alignment only.

Reviewers write math in TeX (``$\\alpha_i$``, ``\\mathcal{F}``, ``\\le``) while an edit's text is what the LaTeX reader
(``engine.document.latex.text``, on pylatexenc) or a PDF made of the paper's math: ``αi``, ``F``, ``≤``. BM25 and the
cue features then see ``alpha``, ``mathcal``, ``w_i`` where the edit has ``αi``. ``lexical_text`` rewrites each math
span of a text (``$…$``, ``$$…$$``, ``\\(…\\)``, ``\\[…\\]``) and each bare math macro outside them (``\\mathcal{F}``,
``\\le``, ``\\alpha_i``) with the reader's own inline-math text (a bare text macro, ``\\textit{…}``, ``\\cite{…}``,
``\\item``, with the reader's running text), so the two sides read the same words; the rest of the
text is left alone (a review's ``%``, ``~`` or ``--`` are not TeX). The text the encoders read is not changed
(``lexical_comments`` gives copies for the lexical features).
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import replace
from functools import lru_cache

from engine.reviews.model import ReviewComment

_BRACED = r"\{(?:[^{}]|\{(?:[^{}]|\{[^{}]*\})*\})*\}"
_SCRIPT = rf"\s*[_^]\s*(?:{_BRACED}|\\[A-Za-z]+|[A-Za-z0-9])"
#: A bare macro with its braced arguments and sub/superscripts: ``\mathcal{F}``, ``\le``, ``\alpha_i``, ``\hat{x}_t``
#: (``\boldsymbol \theta``: a macro followed by another is one run).
_MACRO = rf"\\[A-Za-z]+\*?(?:\s*{_BRACED})*(?:{_SCRIPT})*(?:\s*\\[A-Za-z]+\*?(?:\s*{_BRACED})*(?:{_SCRIPT})*)*"
_SPAN = re.compile(
    r"\$\$(?P<display>[^$]{1,2000}?)\$\$"
    r"|(?<![\\$])\$(?P<inline>(?:\\\$|[^$\n]|\n(?![ \t]*\n)){1,500}?)(?<!\\)\$"
    r"|\\\((?P<paren>.{1,500}?)\\\)"
    r"|\\\[(?P<bracket>.{1,2000}?)\\\]"
    rf"|(?P<macro>{_MACRO})", re.S)


#: Bare macros of running text, not math: read in text mode (their arguments may hold inline math of their own).
_TEXT_MACRO = re.compile(r"\\(?:text[A-Za-z]*|emph|url|href|item|begin|end|verb|[A-Za-z]*cite[A-Za-z]*|footnote|"
                         r"(?:sub)*section|paragraph|label|[A-Za-z]*ref|mbox|underline|[lc]?dots)(?![A-Za-z])")


@lru_cache(maxsize=1)
def _reader():
    """The LaTeX reader's text converter (imported on first use: most comments hold no TeX)."""
    from engine.document.latex.text import LatexText

    return LatexText()


@lru_cache(maxsize=2048)
def math_text(latex: str) -> str:
    """The inline-math text the LaTeX reader gives ``$latex$`` (``\\Delta W_i`` -> ``ΔWi``)."""
    reader = _reader()
    try:
        text = reader.convert(f"${latex}$")
    except Exception:  # noqa: BLE001 - pylatexenc is tolerant, but a comment's math must never stop an alignment
        return latex
    finally:
        reader.footnotes.clear()
    return text


@lru_cache(maxsize=2048)
def tex_text(latex: str) -> str:
    """The text the LaTeX reader gives ``latex`` read as running text (``\\textit{the $x_i$}`` -> ``the xi``)."""
    reader = _reader()
    try:
        return reader.convert(latex)
    except Exception:  # noqa: BLE001 - as in ``math_text``
        return latex
    finally:
        reader.footnotes.clear()


def lexical_text(text: str) -> str:
    """``text`` with its TeX math (``$…$``, ``$$…$$``, ``\\(…\\)``, ``\\[…\\]``, bare math macros) as the LaTeX reader
    reads inline math, everything else as it was; text without ``$`` or a backslash is returned as is."""
    if "$" not in text and "\\" not in text:
        return text

    def one(m: re.Match[str]) -> str:
        latex = m.group(m.lastgroup).strip()
        if m.lastgroup == "macro" and _TEXT_MACRO.match(latex):  # \textit{... $x_i$ ...}: text, its math inline
            return tex_text(latex)
        return math_text(latex)

    return _SPAN.sub(one, text)


def lexical_comment(c: ReviewComment) -> ReviewComment:
    """``c`` with its text and lead-in through ``lexical_text`` (the same comment otherwise)."""
    text, context = lexical_text(c.text), lexical_text(c.context)
    return c if (text, context) == (c.text, c.context) else replace(c, text=text, context=context)


def lexical_comments(comments: Sequence[ReviewComment]) -> list[ReviewComment]:
    return [lexical_comment(c) for c in comments]
