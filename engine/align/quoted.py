"""The change a comment asks for on the words it quotes, and whether an edit made it.

A comment that quotes a passage and asks to drop or change a word of it ('"it must also be accessible" -- "also"
does not make sense', 'remove "also"') is answered by the edit that takes that word out of that passage. The
passage is looked for in the edit's old text word for word, but tolerant of what a typeset paper adds to it and a
reviewer leaves out (or the other way round): citation markers ("[38]", "(Smith et al., 2019)"), footnote marks,
line-end hyphenation, case, punctuation and whitespace (``plain_words``).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from engine.align.cues import quotes, removals, replacements
from engine.revision import Edit
from engine.revision.intent import change_runs
from engine.reviews.model import ReviewComment

#: What a typeset paper puts inside a sentence that a reviewer's quote leaves out: bracketed citations ("[38]",
#: "[3, 12-14]", "[smith2019]"), author-year citations in parentheses ("(Smith et al., 2019)", "(see Lee 2020a)"),
#: and footnote marks (superscript digits, daggers).
_MARKERS = re.compile(
    r"\[[^\[\]\n]{1,60}\]"
    r"|\((?:see |e\.g\.,? |cf\. )?[A-Z][^()\n]{0,80}?\b(?:1[89]|20)\d\d[a-z]?\)"
    r"|[\u00b9\u00b2\u00b3\u2070-\u2079\u2020\u2021]")
#: A word broken at a line end ("repre- sentation", "repre-\nsentation").
_HYPHENATED = re.compile(r"(\w)-\s*\n\s*(\w)|(\w)- +(\w)")
_WORD = re.compile(r"\w+")


def plain_words(text: str, cased: bool = False) -> list[str]:
    """The words of ``text`` without citation markers, footnote marks and line-end hyphenation (lower-cased unless
    ``cased``): what a quote and the paper it quotes have in common."""
    text = _HYPHENATED.sub(lambda m: "".join(g for g in m.groups() if g), _MARKERS.sub(" ", text))
    return _WORD.findall(text if cased else text.lower())


def count(words: Sequence[str], seq: Sequence[str]) -> int:
    """How often ``seq`` occurs in ``words``, word for word."""
    n, seq = len(seq), list(seq)
    return sum(list(words[k : k + n]) == seq for k in range(len(words) - n + 1)) if n else 0


def drop_requests(text: str) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """``(passage, words)`` pairs: the words the comment wants out of the quoted passage they stand in. A word is
    wanted out when the comment asks to remove it ('remove "also"') or quotes it on its own beside a longer quote
    that holds it ('"it must also be accessible" -- "also" makes no sense'); the passage is empty when no quote
    holds the words to remove. Replacements ("A" should be "B") are ``replacements``'s."""
    quoted = [tuple(plain_words(q)) for q in quotes(text)]
    quoted = [q for q in quoted if q]
    asked = {tuple(plain_words(a)) for pair in replacements(text) for a in pair}
    out: dict[tuple[tuple[str, ...], tuple[str, ...]], None] = {}
    explicit = [tuple(plain_words(w)) for w in removals(text)]
    for words in quoted + explicit:
        if not words or words in asked:
            continue
        holders = [p for p in quoted if len(p) >= len(words) + 2 and count(p, words)]
        if holders:
            out[(max(holders, key=len), words)] = None
        elif words in explicit:
            out[((), words)] = None
    return list(out)


def drop_feature(comments: Sequence[ReviewComment], edits: Sequence[Edit]) -> np.ndarray:
    """1 when the edit makes the change the comment asks on a quoted passage (``drop_requests``): the passage is in
    the edit's old text and no longer in its new text, the words to drop are fewer after the edit, and one run of
    changes took them out (with at most three other words: a deleted paragraph that held them does not count)."""
    out = np.zeros((len(comments), len(edits)), dtype=np.float32)
    asked = [drop_requests(c.full_text) for c in comments]
    words: dict[int, tuple[list[str], list[str]]] = {}
    for i, requests in enumerate(asked):
        for passage, drop in requests:
            for j, e in enumerate(edits):
                if out[i, j] or not e.source_text:
                    continue
                if j not in words:
                    words[j] = plain_words(e.source_text), plain_words(e.target_text or "")
                old, new = words[j]
                if passage and not (count(old, passage) > count(new, passage)):
                    continue
                if count(old, drop) <= count(new, drop):
                    continue
                if any(_took_out(deleted, drop) for deleted, _ in change_runs(e)):
                    out[i, j] = 1.0
    return out


def _took_out(deleted: str, drop: tuple[str, ...]) -> bool:
    gone = plain_words(deleted)
    return bool(count(gone, drop)) and len(gone) <= len(drop) + 3
