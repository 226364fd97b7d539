"""Reviewer points keyed by line or page (session 24, issue 33).

Referees list minor points as short notes keyed by the place they read: "Line 39: typo", "p. 3, l. 12: which
dataset?", "–55 change X to Y", "1 - L39: ...". Such a note is a point by its layout, whatever the comment model
scores it, and a paragraph that opens on one is the reviewer's one point about that place. The rules and the
settings below were chosen on the corpus's training part and DISAPERE train (docs/comments.md, "Session 24").
"""

from __future__ import annotations

import re

from engine.reviews.cues import ARROW, EDIT_NOTE, read_cues
from engine.reviews.units import SentenceUnit

#: A page or line key opening a unit: "p. 3", "pp. 3-4", "pg 3", "Page 3", "l. 12", "ll. 3-5", "L39", "Lines
#: 12-14", "Lines 128/132", "–55" (a line number after a dash, two digits or more), after at most three marks and
#: an optional item number ("1 - L39: ...", "2) p. 4: ..."); punctuation after the key is optional ("L173 ...").
KEY = re.compile(r"^\W{0,3}(?:\(?\d{1,2}[.)]?\s*[-\u2013\u2014]\s*|\(?\d{1,2}[.)]\s+)?"
                 r"(?:(?:pp?|pg|pages?|ll?|lines?|ln)\.?\s*\d+|L\d+|(?<![\w-])[-\u2013\u2014]\d{2,4}\b)"
                 r"(?:\s*(?:[-\u2013\u2014/,]|to|and)\s*(?:(?:l|ll|lines?|L)\.?\s*)?\d+)*", re.I)
#: Words of a note that states a change: a replacement, a quotation, "instead of", "missing", "typo" ...
_CHANGE = re.compile(r"[\"\u201c\u201d\u2018\u2019`]|\\to\b|\binstead of\b|\bshould (?:be|read)\b|\bmissing\b|"
                     r"\btypos?\b|\bcomma\b|\bdash\b|\bhyphen\b|\bspelling\b|\brather than\b", re.I)
#: K3: which keyed units are comments from ``KEYED_FLOOR`` up: "cues" (those that ask for or state a change),
#: "any" (every keyed unit with two words or more after its key), None (the rule off).
KEYED_FORM: str | None = "any"
KEYED_FLOOR = 0.2
#: A review holds at least this many keyed units for K3 to apply (a list of notes by line, not one place named).
KEYED_MIN = 3
#: K5: a paragraph that opens on a key is one point up to this many words (None: the rule off; 0: no limit). On, with
#: no limit, since session 31 (C1 there: 1,393 -> 1,425 training points found, no-point comments and DISAPERE train
#: out of fold unchanged; docs/comments.md).
PARAGRAPH_WORDS: int | None = 0


def keyed(text: str) -> bool:
    """Whether ``text`` opens on a page or line key and has something after it."""
    m = KEY.match(text)
    return bool(m) and len(re.findall(r"[A-Za-z]{2,}|\d+", text[m.end():])) >= 1


def keyed_review(units: list[SentenceUnit]) -> bool:
    """Whether a review's units hold a list of notes keyed by line or page (``KEYED_MIN`` or more)."""
    return sum(1 for u in units if not u.skip and keyed(u.text)) >= KEYED_MIN


def keyed_pick(text: str, prob: float, many: bool) -> bool:
    """K3: a keyed note that asks for or states a change (or, in the form "any", any keyed note) in a review of
    many keyed notes is a comment from ``KEYED_FLOOR`` up."""
    if KEYED_FORM is None or not many or prob < KEYED_FLOOR:
        return False
    m = KEY.match(text)
    if not m or len(re.findall(r"[A-Za-z]{2,}", text[m.end():])) < 2:
        return False
    if KEYED_FORM == "any":
        return True
    c = read_cues(text)
    return (c.negative or c.weak or c.request or c.question or c.explicit or c.implied
            or bool(ARROW.search(text) or EDIT_NOTE.search(text) or _CHANGE.search(text)))


def keyed_paragraphs(units: list[SentenceUnit], groups: list[list[int]]) -> list[list[int]]:
    """K5: a comment that opens a paragraph (or list item) on a key takes the paragraph's other sentences (not
    skipped) and the later comments of that paragraph, when the paragraph has at most ``PARAGRAPH_WORDS`` words."""
    if PARAGRAPH_WORDS is None:
        return groups
    blocks: dict[int, list[int]] = {}
    for k, u in enumerate(units):
        blocks.setdefault(u.block, []).append(k)
    out: list[list[int]] = []
    taken: set[int] = set()
    for group in groups:
        rest = [k for k in group if k not in taken]
        if not rest:
            continue  # a later comment of a keyed paragraph, taken whole by the comment that opens it
        first = units[rest[0]]
        members = blocks[first.block]
        if (first.index == 0 and keyed(first.text)
                and (PARAGRAPH_WORDS == 0 or sum(len(units[k].text.split()) for k in members) <= PARAGRAPH_WORDS)):
            rest = sorted(set(rest) | {k for k in members if not units[k].skip and k not in taken})
        taken.update(rest)
        out.append(rest)
    return out
