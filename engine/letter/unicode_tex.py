"""Unicode in the ``.tex`` letter: every character a reviewer or author typed reaches the page.

pylatexenc writes accented letters, Greek, dashes and symbols as LaTeX commands. Two kinds of text it leaves as a
bold "?" are handled here: a letter with combining accents that has no precomposed form (``L̂``, ``x̃``,
``ŝ̈``) becomes the accent commands over its base (``\\^{L}``), from pylatexenc's own table of text accents; a
character no LaTeX command spells (CJK, rare symbols) becomes ``\\rdchar{4E2D}{中}``, which the letter's preamble
defines: the character itself under XeLaTeX or LuaLaTeX (in a font that holds it, when one is installed), its code
point ``[U+4E2D]`` under pdfLaTeX, whose 8-bit fonts cannot hold it. Text is put in NFC first, so ``e`` + a
combining acute is ``é``. The preamble loads amsmath and amssymb, whose symbols pylatexenc writes for the maths a
letter quotes from a paper ("∅ ≠ I ⊊ [n]": ``\\varnothing``, ``\\subsetneq``; a new-user trial's letter did not compile
for them, session 24): of 1,234 characters pylatexenc spells, 452 were undefined under pdfLaTeX, 49 are now.
"""

from __future__ import annotations

import unicodedata
from functools import lru_cache
from typing import Any


@lru_cache(maxsize=1)
def combining_accents() -> dict[str, str]:
    """Combining mark -> the text-mode accent command (``"\\u0302" -> "^"``), from pylatexenc's table (its
    math-mode accents, ``\\hat`` and the like, are left out)."""
    from pylatexenc.latex2text._defaultspecs import unicode_accents_list

    out: dict[str, str] = {}
    for macro, mark in unicode_accents_list:
        if len(macro) == 1:  # \' \` \" \^ \~ \= \. and \c \H \k \b \d \r \u \v
            out.setdefault(mark, macro)
    return out


def rdchar(ch: str) -> str:
    """A character no LaTeX command spells, for the preamble's ``\\rdchar``."""
    return f"\\rdchar{{{ord(ch):04X}}}{{{ch}}}"


def accented(s: str, pos: int, u2lobj: Any) -> tuple[int, str] | None:
    """A pylatexenc rule: a base character followed by combining marks, as accent commands over the base."""
    end = pos + 1
    while end < len(s) and unicodedata.combining(s[end]):
        end += 1
    if end == pos + 1 or unicodedata.combining(s[pos]):
        return None
    base = {"i": "\\i", "j": "\\j"}.get(s[pos]) or u2lobj.unicode_to_latex(s[pos])
    accents = combining_accents()
    for mark in s[pos + 1:end]:
        command = accents.get(mark)
        if command is None:  # a mark LaTeX has no accent for: named after its base
            base += rdchar(mark)
        else:
            base = f"\\{command}{{{base}}}"
    return end - pos, "{" + base + "}"


@lru_cache(maxsize=1)
def encoder() -> Any:
    from pylatexenc.latexencode import (
        RULE_CALLABLE,
        UnicodeToLatexConversionRule,
        UnicodeToLatexEncoder,
        get_builtin_conversion_rules,
    )

    rules = [UnicodeToLatexConversionRule(RULE_CALLABLE, accented), *get_builtin_conversion_rules("defaults")]
    return UnicodeToLatexEncoder(conversion_rules=rules, non_ascii_only=False, unknown_char_policy=rdchar,
                                 unknown_char_warning=False, replacement_latex_protection="braces-all")


def to_latex(text: str) -> str:
    """``text`` as LaTeX source that prints it (see the module)."""
    return encoder().unicode_to_latex(unicodedata.normalize("NFC", text))


#: What the letter's preamble says about fonts and characters (pdfLaTeX, XeLaTeX and LuaLaTeX all compile it).
PREAMBLE = r"""\usepackage{iftex}
\ifPDFTeX
  \usepackage[utf8]{inputenc}
  \usepackage[T1]{fontenc}
  \newcommand{\rdchar}[2]{\texttt{[U+#1]}}% no 8-bit font holds it: its code point
\else
  \usepackage{fontspec}
  \IfFontExistsTF{Noto Serif CJK SC}{\newfontfamily\rdfallback{Noto Serif CJK SC}}{%
    \IfFontExistsTF{Droid Sans Fallback}{\newfontfamily\rdfallback{Droid Sans Fallback}}{\let\rdfallback\relax}}
  \newcommand{\rdchar}[2]{{\rdfallback #2}}
\fi
\usepackage{amsmath,amssymb}% the symbols pylatexenc writes for maths quoted from a paper: \varnothing, \subsetneq
\providecommand{\mathscr}[1]{\mathcal{#1}}% script capitals (mathrsfs) as calligraphic ones
\providecommand{\textfrac}[2]{\ensuremath{#1/#2}}% a vulgar fraction
"""
