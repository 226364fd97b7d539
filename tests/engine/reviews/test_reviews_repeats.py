"""A set of reviews pasted several times over, the last copy cut off part way (a new-user trial's 5.7 MB file):
every copy, the cut one included, is kept once, and no phantom reviewer is made of the cut copy."""

from __future__ import annotations

from engine.reviews.comments import extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.repeats import drop_repeats

# Invented reviews of an invented paper (a sensor-fusion method for indoor drones).
ONCE = """## Reviewer 1

The paper fuses camera and ultrasonic readings to keep small drones stable indoors. The fusion weights are
fixed by hand in Section 3, and I could not find how they were chosen. Please report how sensitive the
hover error is to these weights.

The flight tests use a single room with bare walls. A cluttered room, or one with glass panels, would show
whether the ultrasonic readings still help when echoes are unreliable.

## Reviewer 2

The comparison leaves out the optical-flow baseline that most indoor controllers ship with. Please add it to
Table 2, with the same battery budget as the proposed method.

Figure 4 plots the hover error without units on its vertical axis.
"""


def test_a_cut_off_last_copy_is_a_repeat_not_a_new_reviewer() -> None:
    cut = ONCE[: ONCE.index("A cluttered room")]  # the last paste stops inside Reviewer 1's review
    reviews = parse_reviews("\n".join([ONCE] * 4 + [cut]), "markdown")
    assert len(reviews) == 9
    kept, notice = drop_repeats(reviews)
    assert [r.reviewer for r in kept] == ["Reviewer 1", "Reviewer 2"]
    assert notice is not None and "7 of 9 reviews are copies of an earlier one" in notice
    once = extract_comments(parse_reviews(ONCE, "markdown"), encoder="lexical")
    assert [c.text for c in extract_comments(kept, encoder="lexical")] == [c.text for c in once]


def test_a_short_review_that_shares_a_few_sentences_is_not_a_copy() -> None:
    """Two reviewers who agree on a sentence or two are two reviews: only a text that lies (90% of its word
    triples) inside an earlier review is a copy."""
    other = ONCE.split("## Reviewer 2")[1]
    text = ONCE + "\n## Reviewer 3\n\nThe fusion weights are fixed by hand in Section 3, and I could not find how " \
        "they were chosen. The related work misses recent event-camera controllers, which handle fast motion " \
        "and low light far better than frame cameras; the authors should discuss them.\n"
    kept, notice = drop_repeats(parse_reviews(text, "markdown"))
    assert [r.reviewer for r in kept] == ["Reviewer 1", "Reviewer 2", "Reviewer 3"] and notice is None
    assert other.strip().split("\n")[0] in kept[1].text
