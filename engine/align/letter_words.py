"""The words the response letter's matching compares (``engine.align.letter``): one tokeniser for the letter, the
comments and reviews it quotes, and the edits' inserted words.

A reviewer writes a formula ``$x_1$`` or ``\\alpha``; the LaTeX letter's reader gives ``x1`` and ``α``, a PDF letter
``x₁``; plain ``\\w+`` tokens made those different words, so a point quoted with its formula lost its 4-grams
(session 29's trial30). Here a word keeps the subscripts and superscripts written on it (``x_1``, ``x_{12}``,
``x^2`` read ``x1``, ``x12``, ``x2``), is read under NFKC (``x₁`` → ``x1``, ``ﬁ`` → ``fi``), and a Greek letter
reads as its name (``α`` → ``alpha``, as ``\\alpha`` reads); then lowercased.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterator

#: A word as the letter's matching reads it: letters and digits, with the subscripts and superscripts written on it
#: (``x_1``, ``x_{12}``, ``x^2``, ``max_iter``) kept in the one word (``letter_words``).
_TOKEN = re.compile(r"[^\W_]+(?:[_^]+(?:\{[^\W_]+\}|[^\W_]+))*")
#: Greek letters by name, as a LaTeX ``\alpha`` reads (``α`` and ``\alpha`` are one word; final sigma as sigma).
_GREEK = {chr(c): unicodedata.name(chr(c)).split()[-1].lower() for c in range(0x391, 0x3CA)
          if unicodedata.category(chr(c)).startswith("L") and "LETTER" in unicodedata.name(chr(c), "")}
_GREEK["\u03c2"] = "sigma"
_SCRIPT = re.compile(r"[_^{}]")


def _normal(token: str) -> str:
    """One word as the matching compares it: NFKC (``x₁`` → ``x1``, ``ﬁ`` → ``fi``), its script marks dropped
    (``x_{1}`` → ``x1``), Greek letters by name (``α`` → ``alpha``), lowercased."""
    word = _SCRIPT.sub("", unicodedata.normalize("NFKC", token))
    if not word.isascii():
        word = "".join(_GREEK.get(ch, ch) for ch in word)
    return word.lower()


def letter_tokens(text: str) -> Iterator[tuple[str, int, int]]:
    """``text``'s words as the letter's matching compares them (``_normal``), with their character offsets: the one
    tokeniser for the letter, the comments and the reviews it quotes, and the edits' inserted words, so a formula
    written ``x_1``, ``x1`` or ``x₁`` and a letter written ``\\alpha`` or ``α`` are the same word on both sides."""
    for m in _TOKEN.finditer(text):
        yield _normal(m.group()), m.start(), m.end()


def letter_words(text: str) -> list[str]:
    """``text``'s words (``letter_tokens``), without their offsets."""
    return [w for w, _, _ in letter_tokens(text)]
