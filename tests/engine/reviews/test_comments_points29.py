"""Session 29 of keeping a reviewer's point together (issue 33): two comments of one paragraph or list item are one
when the second leans on the first ("In other words, ...", "these stations", "Please comment on this!"), not when it
opens on something added ("Beyond that, ...") nor after the reviewer speaking of themselves."""

from __future__ import annotations

import numpy as np
import pytest

from engine.reviews import points
from engine.reviews.comments import build_comments, extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.segment import leans
from engine.reviews.units import review_units

# Invented reviews of an invented paper (a network of river gauges over an invented delta).
LEANING = """## Reviewer 1

The gauges should be read every hour. The neap cycle is lost in the record. In other words, can Figure 3 be trusted?

Please give the rating curve fitted at each station. Several of these stations lie where the banks overtop in a \
flood.

Please give the rating curve of each station. Beyond that, the raw readings should be released with the code.

I did not have time to check the appendix on the sediment budget. Why do these budgets close so well?
"""


def _units(text: str):
    review = parse_reviews(text, "markdown")[0]
    return review, review_units(review)


def _at(units, start: str) -> int:
    return next(i for i, u in enumerate(units) if u.text.startswith(start))


def _built(picked: list[str], merge: bool = True):
    """The comments of ``LEANING`` with the sentences opening on ``picked`` scored 0.9 and the others 0.05 (below
    every floor), so that the rule alone decides."""
    review, units = _units(LEANING)
    prob = np.full(len(units), 0.05)
    prob[[_at(units, p) for p in picked]] = 0.9
    old, points.MERGE_LEANING = points.MERGE_LEANING, merge
    try:
        return build_comments(review, "R1", units, prob, ["explanation"] * len(units), 0.5)
    finally:
        points.MERGE_LEANING = old


@pytest.mark.parametrize("text, expected", [
    ("In other words, how can the tidal part be trusted?", True),
    ("Several of these floods overtopped the banks.", True),
    ("How does this assumption change the budget?", True),
    ("Please comment on this!", True),
    ("Such a gap cannot be filled by interpolation.", True),
    ("This paper is clearly written.", False),
    ("Beyond that, the raw readings should be released.", False),
    ("Also, this figure lacks units.", False),
    ("The rating curve of station 12 is fitted on six floods.", False),
])
def test_what_leans_on_the_sentence_before(text: str, expected: bool) -> None:
    assert leans(text) is expected


def test_a_piece_that_leans_on_the_comment_before_it_is_the_same_comment() -> None:
    """"In other words, ..." after a request of its paragraph, and a sentence naming "these stations" after the
    request that names them, each join the comment before them; without the rule they were comments of their own
    (after a request, and sharing no content word, a sentence opened another point)."""
    asks = ["The gauges should", "In other words", "Please give the rating curve fitted", "Several of these"]
    before = _built(asks, merge=False)
    got = _built(asks)
    assert len(before) == len(got) + 2 == 4, [c.text for c in before]
    hourly = next(c for c in got if c.text.startswith("The gauges should"))
    assert "In other words" in hourly.text and hourly.id == "R1.1"
    stations = next(c for c in got if c.text.startswith("Please give the rating curve fitted"))
    assert "banks overtop" in stations.text and stations.id == "R1.2"
    assert stations.span[0] < stations.span[1] and stations.confidence == 0.9


def test_a_piece_that_carries_its_own_context_stays_apart() -> None:
    """A piece that carries the sentence it builds on as context (in no comment, between the two) leans on that
    sentence, not on the comment before it: it stays a comment of its own ("This is not clear to me." after its own
    sentence, a new-user trial's case in tests/engine/letter/test_letter_follow_ups.py)."""
    asks = ["The gauges should", "In other words"]
    review, units = _units(LEANING)
    prob = np.full(len(units), 0.05)
    prob[[_at(units, p) for p in asks]] = 0.9
    prob[_at(units, "The neap cycle")] = 0.35  # what the question builds on: its context, in no comment
    got = build_comments(review, "R1", units, prob, ["explanation"] * len(units), 0.5)
    assert got[0].text == "The gauges should be read every hour."
    assert got[1].text.startswith("In other words") and got[1].context.startswith("The neap cycle")


def test_something_added_or_after_the_reviewer_on_themselves_stays_apart() -> None:
    """"Beyond that, ..." opens a point of its own although it points back; a question after the reviewer speaking
    of themselves ("I did not have time to check ...") is not about that sentence, whatever it names."""
    got = _built(["Please give the rating", "Beyond that", "I did not have time", "Why do these budgets"])
    texts = [c.text for c in got]
    assert not any("rating curve of each" in t and "raw readings" in t for t in texts), texts
    assert not any("did not have time" in t and "these budgets" in t for t in texts), texts


def test_another_paragraph_is_another_point_however_it_opens() -> None:
    """A piece that leans on something only ever joins a comment of its own paragraph or list item."""
    text = ("## Reviewer 1\n\nThe gauges should be read every hour.\n\nThis would resolve the tidal signal in "
            "Figure 3 and the neap cycle in Figure 4.\n")
    review, units = _units(text)
    prob = np.full(len(units), 0.9)
    got = build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)
    assert [c.id for c in got] == ["R1.1", "R1.2"]


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_the_shipped_models_keep_a_leaning_question_on_its_point(encoder: str | None) -> None:
    """End to end with the default and the words-and-cues model: a question that opens on "In other words" right
    after a request of its paragraph is no comment of its own (it was, before session 29)."""
    text = ("## Reviewer 1\n\nThe gauges should be read every hour. In other words, can the tidal part of Figure 3 be "
            "trusted?\n")
    comments = extract_comments(parse_reviews(text, "markdown"), encoder=encoder)
    assert [c.text for c in comments] == ["The gauges should be read every hour. In other words, can the tidal part "
                                          "of Figure 3 be trusted?"]


def test_the_bench_sorts_a_missed_point_by_its_cause() -> None:
    """``bench.comment_points.cause``: the second paragraph of ``LEANING`` as a gold point, cut in two comments that
    together would hold it (merging off), is a split that merging would mend; with no sentence picked it is the
    classifier's, sorted by its best sentence's score; merged (the rule on), it is found."""
    from bench.comment_points import cause
    from bench.measure_corpus_comments import match

    review, units = _units(LEANING)
    gold = ("Please give the rating curve fitted at each station. Several of these stations lie where the banks "
            "overtop in a flood.")
    prob = np.full(len(units), 0.05)
    prob[[_at(units, "Please give the rating curve fitted"), _at(units, "Several of these")]] = 0.9
    rows = [(review, "R1", units, prob, ["edit"] * len(units))]

    def built(merge: bool, p=prob) -> list:
        old, points.MERGE_LEANING = points.MERGE_LEANING, merge
        try:
            return [(review, units, p, c) for c in build_comments(review, "R1", units, p, ["edit"] * len(units), 0.5)]
        finally:
            points.MERGE_LEANING = old

    apart = built(False)
    assert match([gold], [c.to_dict() for *_, c in apart])["found"] == 0
    assert cause(gold, apart, rows) == "split-merged"
    assert match([gold], [c.to_dict() for *_, c in built(True)])["found"] == 1
    low = np.full(len(units), 0.05)
    assert cause(gold, built(False, low), [(review, "R1", units, low, ["edit"] * len(units))]) == "none-low"
