"""What a comment asks for: its fine type (``model.FINE_TYPES``).

``fine_type(comment)`` is the type extraction gave it, when it gave one, else ``guess_fine_type`` from cue words
(gold files, pasted comments and comments a person adds carry none). The aligners (``engine.align``) and the
suggester (``engine.generate``) read it: which edits can answer a comment, and which fit it.

Fine types follow DISAPERE's fine request types (experiment, explanation, clarification, result, edit, typo) plus
criticism.
"""

from __future__ import annotations

import re

from engine.reviews.model import FINE_TYPES, ReviewComment

#: Cue words for a guessed fine type (gold files and pasted comments carry none). Words taken from one gold
#: paper's comments (icassp20: listening and perceptual tests, all-caps acronyms, "just provide",
#: "self-contained", subsections, mismatch, "training on"; cgo18: "not required") were removed in the
#: reproducibility round: the rest were written in the same commit as icassp20's gold, so its cross-paper rows
#: stay in-sample for them (docs/figures.md).
_CUES: tuple[tuple[str, re.Pattern[str]], ...] = (
    ("typo", re.compile(r"\btypos?\b|\bspell|\bgrammar|\bcapitali[sz]|"
                        r"\bshould be \"|\" should be\b|\bshould read\b|^\W*\"[^\"]{1,60}\"\s+\w+\s*$", re.I)),
    ("edit", re.compile(r"\bremove\b|\bshorten|\bmove\b|\brewrit|\bcaptions?\b|\brestructur|"
                        r"\bsplit(?:ting)?\b", re.I)),
    ("experiment", re.compile(r"\bexperiment|\bbaselines?\b|\bablation|"
                              r"\bcompar(?:e|ison)\b|\bevaluat|\bbenchmark", re.I)),
    ("result", re.compile(r"\bresults?\b.*\b(?:report|show|table|figure|numbers?)\b|\bstatistical|\bsignifican", re.I)),
    ("clarification", re.compile(r"\bclarif|\bunclear\b|\bdefine\b|\bdefinition|\bmention\b|\bwhat (?:is|are|does)\b|"
                                 r"\bhow (?:is|are|do|does)\b|\bambigu|\?", re.I)),
    ("explanation", re.compile(r"\bexplain|\bjustif|\bwhy\b|\bmotivat|\bdiscuss", re.I)),
)


def fine_type(comment: ReviewComment) -> str:
    """The comment's fine type: the extractor's when set, else the first cue that fires, else ``criticism``."""
    if comment.fine_type in FINE_TYPES:
        return comment.fine_type
    return guess_fine_type(comment.full_text)


def guess_fine_type(text: str) -> str:
    for name, pattern in _CUES:
        if pattern.search(text):
            return name
    return "criticism"
