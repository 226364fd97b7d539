"""Two precision candidates (issue 33, session 33; docs/comments.md, "Session 33"), each behind a switch that is off.

``engine.reviews.comments`` reads both when it decides whether a sentence unit is a comment:

- **C1, an opening summary or a strengths section read as context** (``OPENING_CONTEXT``, ``opening_context``): in a
  review's first paragraph (not a list item, not under a heading that asks for weaknesses or questions) and in any
  paragraph under a summary or strengths heading (``headings.section_kind`` "poor": "Summary", "Strengths",
  "Contributions"), a sentence with no cue of a change (``bare``) is never a comment of its own: what the paper does,
  and praise, are what the reviewer read, not what the authors should change.
- **C2, a threshold of its own for a sentence with no request marker** (``NO_MARKER_MARGIN``, ``cut``): a sentence
  with no request word, no request in so many words and no question is a comment from the model's threshold plus
  this margin (0: the threshold itself); the margin is chosen inside the folds of DISAPERE train
  (``bench.measure_precision34``).
"""

from __future__ import annotations

from engine.reviews.cues import TYPO, Cues, read_cues
from engine.reviews.units import SentenceUnit

#: C1: a cue-less sentence of a review's opening paragraph or of a summary or strengths section is no comment.
OPENING_CONTEXT = False
#: C2: how far above the threshold a sentence with no request marker must score to be a comment (0: never higher).
NO_MARKER_MARGIN = 0.0


def bare(text: str) -> bool:
    """No cue of a change: no request word or request in so many words, no question, no negative, weak or soft word
    (a "but", a "not"), no implied change, no typo note."""
    c = read_cues(text)
    return not (c.request or c.explicit or c.question or c.negative or c.weak or c.soft or c.implied
                or TYPO.search(text))


def opening_context(units: list[SentenceUnit]) -> frozenset[int]:
    """The units C1 keeps from being comments (empty while ``OPENING_CONTEXT`` is off)."""
    if not OPENING_CONTEXT:
        return frozenset()
    read = [u for u in units if not u.skip]
    first = read[0].block if read else -1
    return frozenset(k for k, u in enumerate(units) if not u.skip and bare(u.text) and (
        u.kind == "poor" or u.block == first and not u.is_item and u.kind != "rich"))


def cut(c: Cues, threshold: float) -> float:
    """The threshold a sentence with cues ``c`` is held to: ``threshold``, plus ``NO_MARKER_MARGIN`` when it holds no
    request marker (C2)."""
    return threshold if c.request or c.explicit or c.question else threshold + NO_MARKER_MARGIN
