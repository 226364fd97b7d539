"""A cheap check that a review is in English (comment cues are English)."""

from __future__ import annotations

import re

_STOPWORDS = frozenset(
    "the a an of to in and or is are was were be been it this that these those for on with as by at from not "
    "but if we they their its can could should would will may might paper authors method results".split()
)
_WORD = re.compile(r"[^\W\d_]+", re.UNICODE)


def english_share(text: str, sample: int = 20_000) -> tuple[float, float]:
    """(share of words that are common English words, share of letters outside Latin script)."""
    text = text[:sample]
    words = _WORD.findall(text.lower())
    if not words:
        return 0.0, 0.0
    stop = sum(w in _STOPWORDS for w in words) / len(words)
    letters = [c for c in text if c.isalpha()]
    non_latin = sum(ord(c) > 0x24F for c in letters) / len(letters)
    return stop, non_latin


def english_notice(text: str) -> str | None:
    """A notice when ``text`` does not look like English, else None."""
    words = _WORD.findall(text[:20_000])
    if len(words) < 25:
        return None
    stop, non_latin = english_share(text)
    if non_latin > 0.3 or stop < 0.12:
        return ("the review does not look like English; comment extraction is tuned for English "
                "and may miss or misread comments")
    return None
