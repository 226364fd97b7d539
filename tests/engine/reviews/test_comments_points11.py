"""Round eleven of keeping a reviewer's point together (issue 33): a long paragraph argued at length is one comment
where its picked sentences speak of the same thing; a request word makes a comment from a lower floor; a replacement
at a place in the paper is a note however long; the sentence a request builds on is its context from 0.3, and from
0.2 when the request refers back to it."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

from engine.reviews.comments import REQUEST_FLOOR, build_comments, extract_comments, picked
from engine.reviews.parse import parse_reviews
from engine.reviews.segment import BACK_FLOOR, POINT_WORDS, SETUP_FLOOR, place_note, same_point, setup_context
from engine.reviews.units import review_units

# Invented reviews of an invented paper (a glacier model over an invented mountain range).
LONG = """## Reviewer 1

The sliding law in Section 3 is taken from a study of temperate glaciers in a maritime climate, and the paper \
applies it unchanged to the whole of the range, where most glaciers sit on frozen beds for much of the year. The \
authors write that the choice matters little, but the sliding law controls how fast the ice front advances, and the \
advance rates in Figure 6 are what the conclusions rest on. A frozen bed would slow the ice front by an order of \
magnitude in the northern valleys, and the timing of the maximum extent would move with it. The sliding law should \
be varied between the two regimes, and the advance rates shown for each. The discussion of the northern valleys \
would then rest on firmer ground than a single run can give, since the reader cannot tell how much of the timing \
comes from the climate forcing and how much from the sliding law itself, which no figure in the paper separates.

Unrelated to the above, the colour bar in Figure 2 is unreadable.
"""

NOTES = """## Reviewer 1

Line 45: the two glaciers join at the valley mouth and form a single lobe → the two glaciers form one lobe at the \
valley mouth.

Line 50: the lobe is a remarkable and well documented feature of the range, shown in many earlier studies.
"""

SETUP = """## Reviewer 1

The runs stop at the present-day ice extent. Were they continued into the future?
"""


def _units(text: str):
    review = parse_reviews(text, "markdown")[0]
    return review, review_units(review)


def _at(units, start: str) -> int:
    return next(i for i, u in enumerate(units) if u.text.startswith(start))


def test_a_long_paragraph_argued_at_length_is_one_comment() -> None:
    """A paragraph of more than ``POINT_WORDS`` words whose picked sentences speak of the same thing (the sliding
    law) gives one comment holding them all; a sentence of the next paragraph on something else is a comment of
    its own. With stated probabilities, so that the rule alone decides."""
    review, units = _units(LONG)
    block = units[0].block
    assert sum(len(u.text.split()) for u in units if u.block == block) > POINT_WORDS
    first, request = _at(units, "The sliding law in Section 3"), _at(units, "The sliding law should")
    colour = _at(units, "Unrelated to the above")
    prob = np.full(len(units), 0.1)
    prob[[first, request, colour]] = 0.9
    assert same_point(units, [first], request)
    assert not same_point(units, [request], colour)  # another paragraph
    comments = build_comments(review, "R1", units, prob, ["experiment"] * len(units), 0.5)
    assert len(comments) == 2
    assert comments[0].text.startswith("The sliding law in Section 3") and "should be varied" in comments[0].text
    assert "advance rates in Figure 6" not in comments[0].text  # a sentence picked by none stays out of its text
    assert comments[1].text.startswith("Unrelated to the above")


def test_sentences_of_a_long_paragraph_on_different_things_stay_apart() -> None:
    """Two picked sentences of a long paragraph that share no content word stay two comments."""
    review, units = _units(LONG)
    first, last = _at(units, "The sliding law in Section 3"), _at(units, "The discussion of the northern")
    prob = np.full(len(units), 0.1)
    prob[[first, last]] = 0.9
    units[last] = replace(units[last], text="Also, typeset every unit upright.")
    assert not same_point(units, [first], last)
    comments = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)
    assert [c.text.split()[0] for c in comments[:2]] == ["The", "Also,"]


def test_a_request_word_makes_a_comment_from_the_request_floor() -> None:
    """A sentence with a request word ("should") is a comment from ``REQUEST_FLOOR`` up, below the threshold; one
    without is not, nor a sentence just under the floor."""
    ask = "The advance rates should be shown for each sliding law."
    assert picked(ask, REQUEST_FLOOR, 0.525)
    assert not picked(ask, REQUEST_FLOOR - 0.01, 0.525)
    assert not picked("The advance rates are shown for one sliding law.", REQUEST_FLOOR, 0.525)
    assert not picked("I would recommend acceptance.", 0.9, 0.525)  # a verdict stays out whatever its score


def test_a_replacement_at_a_place_is_a_note_however_long() -> None:
    """A sentence that opens on a line and gives a replacement (an arrow) is a place note even past the fifteen
    words of a short note; a remark at a line with no problem, request or replacement is not."""
    review, units = _units(NOTES)
    note = units[_at(units, "Line 45")].text
    assert len(note.split()) > 15 and place_note(note)
    assert not place_note(units[_at(units, "Line 50")].text)


def test_the_sentence_a_request_builds_on_is_its_context_from_the_setup_floor() -> None:
    """The sentence before a question in its short paragraph, scored ``SETUP_FLOOR`` (0.3) and in no comment, is
    the question's context; scored just under it, it is not."""
    review, units = _units(SETUP)
    before, ask = _at(units, "The runs stop"), _at(units, "Were they")
    prob = np.full(len(units), 0.1)
    prob[ask] = 0.9
    prob[before] = SETUP_FLOOR
    assert SETUP_FLOOR == 0.3
    assert setup_context(units, ask, {ask}, prob) == units[before].text
    comments = build_comments(review, "R1", units, prob, ["explanation"] * len(units), 0.5)
    assert comments[0].context == units[before].text
    prob[before] = SETUP_FLOOR - 0.01
    assert setup_context(units, ask, {ask}, prob) == ""


def test_the_shipped_models_keep_a_long_argued_paragraph_whole() -> None:
    """End to end with the words-and-cues model: the long paragraph gives no more than one comment."""
    comments = extract_comments(parse_reviews(LONG, "markdown"), encoder="lexical")
    assert sum(1 for c in comments if "sliding law" in c.text) <= 1


BACK = """## Reviewer 1

The introduction makes several strong claims about the speed of the ice front. Citations should be given for these \
claims.
"""


def test_a_comment_that_refers_back_carries_the_sentence_it_names_from_the_back_floor() -> None:
    """A request that refers back ("these claims") carries the sentence before it as context from ``BACK_FLOOR``
    (0.2), below the setup floor; a request that does not refer back does not, at the same score, nor one whose
    sentence before opens on the reviewer ("We thank ...", a new-user trial's test in test_comments.py)."""
    review, units = _units(BACK)
    before, ask = _at(units, "The introduction"), _at(units, "Citations")
    prob = np.full(len(units), 0.1)
    prob[ask] = 0.9
    prob[before] = BACK_FLOOR
    assert BACK_FLOOR < SETUP_FLOOR
    assert setup_context(units, ask, {ask}, prob) == units[before].text
    assert build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)[0].context == units[before].text
    prob[before] = BACK_FLOOR - 0.01
    assert setup_context(units, ask, {ask}, prob) == ""
    plain = [replace(u, text="Citations should be given.") if i == ask else u for i, u in enumerate(units)]
    prob[before] = BACK_FLOOR
    assert setup_context(plain, ask, {ask}, prob) == ""
    mine = [replace(u, text="We thank the authors for the careful runs.") if i == before else u
            for i, u in enumerate(units)]
    assert setup_context(mine, ask, {ask}, prob) == ""  # the reviewer on themselves: not what "these claims" names
    prob[before] = SETUP_FLOOR
    assert setup_context(mine, ask, {ask}, prob) == mine[before].text  # from the setup floor, as before this round
