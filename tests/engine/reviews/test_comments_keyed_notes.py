"""Session 24 (issue 33): reviewer points keyed by line or page. A note that opens on a page or line key, in a review
that lists several such notes, is a comment whatever the model scores it (K3), and a paragraph that opens on a key
is one point (K5, measured and left off: it cost DISAPERE dev 0.2 F1); notes typed "–55 ..." are items (K1, left off:
no training review has them) and "2 - L39: ..." lines numbered in sequence are items (K4, left off: it changes
DISAPERE train's units). Reviews invented for the test (an invented paper on fungal colonies on leaves)."""

from __future__ import annotations

import numpy as np
import pytest

from engine.reviews import keyed as K
from engine.reviews import split as S
from engine.reviews.comments import build_comments, extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

NOTES = """## Reviewer 1

The manuscript follows the growth of fungal colonies on oak leaves over one summer.

Line 12: the colonies are counted twice in the first week.

Line 30: the word grown should be growing.

p. 4, l. 7: which of the two plots is meant here?

Lines 55-57: the sentence about spore size repeats the one before it.
"""

ONE_KEY = """## Reviewer 1

The manuscript follows the growth of fungal colonies on oak leaves over one summer.

Line 12: the colonies are counted twice in the first week.
"""

PARAGRAPH = """## Reviewer 1

Line 40: the spore counts are taken from a single leaf per tree. A single leaf varies a great deal across the \
crown. The counts from the lower branches differ from those near the top by a factor of three in most surveys.

Line 61: replace colonys with colonies.

Line 70: the legend of the second map names the wrong summer.

The summary of the results in the abstract is clear. The growth curves are well drawn.
"""


def _units(text: str):
    review = parse_reviews(text, "markdown")[0]
    return review, review_units(review)


@pytest.mark.parametrize("text, is_keyed", [
    ("Line 39: typo in the species name.", True),
    ("L39 the species name is misspelled", True),
    ("p. 3, l. 12: which dataset is this?", True),
    ("Lines 128/132/137: the three components", True),
    ("\u201355 change grown to growing", True),
    ("1 - L39: the species name is misspelled", True),
    ("(page 13, lines 282-285) the estimate is too high", True),
    ("Line 4", False),                                   # a place alone: nothing after it
    ("The line 39 is long.", False),
    ("\u20135 is the lowest temperature recorded.", False),  # one digit after a dash: a number, not a line
    ("Figure 3: the colours are hard to tell apart.", False),  # a figure is a place, not a line or page key
])
def test_a_line_or_page_key(text: str, is_keyed: bool) -> None:
    assert K.keyed(text) is is_keyed


def test_a_list_of_line_notes_is_a_comment_per_note_whatever_the_model_scores(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every note of a review with ``KEYED_MIN`` keyed notes or more is a comment from ``KEYED_FLOOR`` up; the
    opening summary (no key) stays out. Probabilities stated at the floor, so the rule alone decides."""
    assert K.KEYED_FORM == "any" and K.KEYED_FLOOR == 0.2 and K.KEYED_MIN == 3
    review, units = _units(NOTES)
    prob = np.full(len(units), K.KEYED_FLOOR)
    prob[0] = 0.05  # the summary, below the threshold
    assert build_comments(review, "R1", units, np.minimum(prob, 0.1), ["edit"] * len(units), 0.525) == []
    comments = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.525)
    assert [c.text.split(":")[0] for c in comments] == ["Line 12", "Line 30", "p. 4, l. 7", "Lines 55-57"]
    monkeypatch.setattr(K, "KEYED_FORM", None)  # the rule off: the note with no cue word is lost
    off = [c.text.split(":")[0] for c in build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.525)]
    assert "Lines 55-57" not in off and len(off) < 4


def test_one_place_named_is_not_a_list_of_notes() -> None:
    """A single keyed sentence is left to the model and the older place rule (``segment.place_note``)."""
    review, units = _units(ONE_KEY)
    assert not K.keyed_review(units)
    prob = np.full(len(units), 0.05)
    assert build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.525) == []


def test_a_paragraph_that_opens_on_a_line_is_one_point(monkeypatch: pytest.MonkeyPatch) -> None:
    """K5 (on as shipped since session 31, no paragraph limit): the reasons after a keyed note (scored low) go on
    its comment; the later notes are comments of their own; the closing praise, in a paragraph with no key, stays
    out."""
    assert K.PARAGRAPH_WORDS == 0
    review, units = _units(PARAGRAPH)
    prob = np.where([K.keyed(u.text) for u in units], K.KEYED_FLOOR, 0.1)
    prob[0] = 0.9  # the note itself
    comments = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.525)
    assert len(comments) == 3
    first = comments[0].text
    assert first.startswith("Line 40:") and first.endswith("in most surveys.") and "A single leaf" in first
    assert comments[1].text.startswith("Line 61:") and comments[2].text.startswith("Line 70:")
    assert all("abstract" not in c.text for c in comments)


def test_two_comments_of_one_keyed_paragraph_become_one(monkeypatch: pytest.MonkeyPatch) -> None:
    """K5: a sentence later in a keyed paragraph, picked on its own, and the one between (scored low)
    go on the note that opens it."""
    monkeypatch.setattr(K, "PARAGRAPH_WORDS", 0)
    review, units = _units(PARAGRAPH)
    prob = np.where([K.keyed(u.text) for u in units], K.KEYED_FLOOR, 0.1)
    prob[0], prob[2] = 0.9, 0.9
    comments = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.525)
    assert comments[0].text.startswith("Line 40:") and "by a factor of three" in comments[0].text
    assert sum("single leaf" in c.text for c in comments) == 1


def test_line_notes_reach_the_comments_with_the_shipped_models() -> None:
    """End to end with the shipped default: each keyed note of the invented review is in a comment."""
    comments = extract_comments(parse_reviews(NOTES, "markdown"))
    found = [c for c in comments if any(k in c.text for k in ("Line 12", "Line 30", "l. 7", "Lines 55-57"))]
    assert len(found) == 4


DASHED = """## Reviewer 1

The manuscript follows the growth of fungal colonies on oak leaves. My remarks are on wording.

\u201355 change grown to growing
\u2013120 a comma after however
\u2013131 an en dash in the range of days
\u2013140 the sentence on spore size has no verb
"""

NUMBERED = """## Reviewer 1

1 - L39: the species name is misspelled
2 - L52: which of the two plots is meant here?
3 - L60: the colour of the second curve is not given
"""

ENUMERATED = """## Reviewer 1

-1 The counts are taken from one leaf per tree.
-2 The maps name the wrong summer.
-3 The legend is hard to read.
"""


def test_notes_typed_after_a_dash_are_items_when_switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """K1 (off as shipped): "\u201355 ..." lines run together into one sentence unit; switched on, each is a list item
    that keeps its line number, and each scored from ``KEYED_FLOOR`` up becomes a comment of its own (K3 reads the
    dash and number as a key)."""
    assert S.KEY_LINES is None
    review, units = _units(DASHED)
    assert sum(u.text.startswith("\u2013") for u in units) == 1
    monkeypatch.setattr(S, "KEY_LINES", 3)
    review, units = _units(DASHED)
    notes = [u for u in units if u.text.startswith("\u2013")]
    assert len(notes) == 4 and all(u.is_item for u in notes) and K.keyed_review(units)
    notes = [c.text for c in extract_comments([review]) if c.text.startswith("\u2013")]
    # each note a comment of its own; the shipped models score the en-dash note below KEYED_FLOOR (this commit)
    assert len(notes) >= 3 and all(n.count("\u2013") <= 1 for n in notes)


def test_an_enumeration_after_dashes_is_not_read_as_line_numbers(monkeypatch: pytest.MonkeyPatch) -> None:
    """"-1 The counts ..." numbers the points 1, 2, 3: one digit after the dash is no line key (DISAPERE train has such
    a review; K1 leaves its units as they are)."""
    monkeypatch.setattr(S, "KEY_LINES", 3)
    _, units = _units(ENUMERATED)
    assert not any(u.is_item for u in units) and not K.keyed_review(units)


def test_points_numbered_with_a_spaced_dash_are_items_when_switched_on(monkeypatch: pytest.MonkeyPatch) -> None:
    """K4 (off as shipped): "1 - L39: ..." lines run together; switched on, numbered in sequence, each is an item
    whose text opens on its line key."""
    assert S.NUM_DASH is None
    _, units = _units(NUMBERED)
    assert not any(u.is_item for u in units) and units[0].text.count(" - L") == 2  # two points in one sentence
    monkeypatch.setattr(S, "NUM_DASH", 2)
    _, units = _units(NUMBERED)
    assert [u.text.split(":")[0] for u in units] == ["L39", "L52", "L60"] and all(u.is_item for u in units)
