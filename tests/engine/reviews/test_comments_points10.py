"""Round ten of keeping a reviewer's point together (issue 33): the sentences after a request in its short paragraph
or list item that the model finds half-way actionable (the reason, an example, the wording asked for) go on that
request's comment; a note at a place in the paper that names a problem or asks is a comment from a lower floor."""

from __future__ import annotations

import numpy as np

import pytest

from engine.reviews.comments import build_comments, picked
from engine.reviews.parse import parse_reviews
from engine.reviews.segment import PLACE_FLOOR, POINT_WORDS, TRAIL_FLOOR, place_note, trailing
from engine.reviews.units import review_units

# Invented reviews of an invented paper (spectra of turbulent jets).
TRAIL = """## Reviewer 1

The spectra in Figure 5 are hard to read on a linear scale. The tails carry most of the argument. Perhaps \
a log scale with "power spectral density" as the axis label would show them. The paper is otherwise well written.

Please give the probe's bandwidth. Also, could the raw signals be released?

- The inflow profile should be stated. Without it the runs cannot be repeated.
- I recommend acceptance.
"""


def _units(text: str):
    review = parse_reviews(text, "markdown")[0]
    return review, review_units(review)


def _at(units, start: str) -> int:
    return next(i for i, u in enumerate(units) if u.text.startswith(start))


def test_the_sentences_after_a_request_go_on_its_comment() -> None:
    """With stated probabilities: the two sentences after the problem that score ``TRAIL_FLOOR`` or more join its
    text, the praise after them does not, and neither does a sentence scored below the floor."""
    review, units = _units(TRAIL)
    ask, tails, label = _at(units, "The spectra in Figure 5"), _at(units, "The tails"), _at(units, "Perhaps")
    praise = _at(units, "The paper is otherwise")
    prob = np.full(len(units), 0.1)
    prob[ask] = 0.9
    prob[[tails, label, praise]] = TRAIL_FLOOR
    assert trailing(units, [ask], {ask}, prob) == [tails, label]
    comments = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)
    first = comments[0]
    assert first.text.startswith("The spectra in Figure 5") and "The tails carry most" in first.text
    assert "power spectral density" in first.text and "well written" not in first.text
    assert first.span[1] == units[label].end  # the comment's place in the review reaches its last sentence
    prob[tails] = TRAIL_FLOOR - 0.01
    assert trailing(units, [ask], {ask}, prob) == []  # the first below the floor ends it
    prob[tails] = 0.9  # a comment of its own already: not taken twice
    assert trailing(units, [ask], {ask, tails}, prob) == []
    prob[tails] = TRAIL_FLOOR  # just before another comment's first sentence: that comment's, not this one's
    assert trailing(units, [ask], {ask, label}, prob, frozenset({label})) == []


def test_after_a_request_a_second_request_is_its_own_point() -> None:
    """"Please give the bandwidth." then "Also, could the raw signals be released?": two things asked, two points;
    the second, below the threshold, does not join the first."""
    review, units = _units(TRAIL)
    ask, more = _at(units, "Please give"), _at(units, "Also, could")
    prob = np.full(len(units), 0.1)
    prob[ask], prob[more] = 0.9, 0.45
    assert trailing(units, [ask], {ask}, prob) == []


def test_a_list_item_carries_its_reason_and_not_the_next_item() -> None:
    """In a list item the reason after the request joins it; the item after it (a verdict) is another block."""
    review, units = _units(TRAIL)
    ask, why, verdict = _at(units, "The inflow profile"), _at(units, "Without it"), _at(units, "I recommend")
    prob = np.full(len(units), 0.1)
    prob[ask] = 0.9
    prob[[why, verdict]] = 0.45
    assert trailing(units, [ask], {ask}, prob) == [why]
    got = [c.text for c in build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)]
    assert "The inflow profile should be stated. Without it the runs cannot be repeated." in got
    assert not any("I recommend" in t for t in got)


def test_running_text_keeps_its_sentences_apart() -> None:
    """A paragraph over ``POINT_WORDS`` words holds several points: nothing after a request joins it."""
    filler = " ".join(f"The probe at station {n} samples the jet every millisecond." for n in range(15))
    assert len(filler.split()) > POINT_WORDS
    review, units = _units(f"## Reviewer 1\n\n{filler} Please give the probe's bandwidth. It sets the cut-off.\n")
    ask = _at(units, "Please give")
    prob = np.full(len(units), 0.6)
    assert trailing(units, [ask], {ask}, prob) == []


@pytest.mark.parametrize(("text", "note"), [
    ("Lines 12-15: this sentence is unclear.", True),
    ("p. 7, l. 12 - why is the jet width not given here?", True),
    ("Fig. 3: the two colours cannot be told apart.", True),
    ("Line 40: consider citing the earlier jet study.", True),
    ("Line 30 - a remarkable result.", False),  # a remark at a place with nothing wrong and nothing asked
    ("Figure 3 shows the mean velocity profile.", False),  # a sentence about a figure, not a note at it
    ("Section 3.2.", False),  # a place alone (``location_only``)
    ("The jet is not resolved near the nozzle.", False),  # no place
])
def test_what_counts_as_a_note_at_a_place(text: str, note: bool) -> None:
    assert place_note(text) is note


def test_a_note_at_a_place_is_a_comment_from_its_floor() -> None:
    """Below the threshold, a note at a place that names a problem is picked from ``PLACE_FLOOR`` up; the same words
    without the place, and the place with a remark that names nothing to change, are not."""
    threshold = 0.5
    assert picked("Lines 12-15: this sentence is unclear.", PLACE_FLOOR, threshold)
    assert not picked("Lines 12-15: this sentence is unclear.", PLACE_FLOOR - 0.01, threshold)
    assert not picked("This sentence is unclear.", PLACE_FLOOR, threshold)
    assert not picked("Line 30 - a remarkable result.", 0.45, threshold)
    review, units = _units("## Reviewer 1\n\nThe jet model is clear.\n\nLines 12-15: this sentence is unclear.\n")
    prob = np.full(len(units), 0.1)
    note = _at(units, "Lines 12-15")
    prob[note] = PLACE_FLOOR
    got = build_comments(review, "R1", units, prob, ["typo"] * len(units), threshold)
    assert [c.text for c in got] == ["Lines 12-15: this sentence is unclear."]
