"""``bench.comment_account``'s sorting of a split point (session 32): what lies between its pieces and how they read;
and the references test of the typing account. Invented reviews of an invented paper (a survey of alpine lakes)."""

from __future__ import annotations

import numpy as np

from bench.comment_account import _asks_references, _layout, _pieces, _sentences, _what_splits
from engine.reviews.comments import build_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

LAKES = """## Reviewer 1

Please give the camera model used at each lake. Beyond that, the thaw dates should be checked against the \
station records.

The oxygen profiles end at twelve metres.

Please extend them to the lake bed, as the sediments dominate the winter budget.
"""


def _rows(picked: list[str]):
    review = parse_reviews(LAKES, "markdown")[0]
    units = review_units(review)
    prob = np.full(len(units), 0.05)
    for start in picked:
        prob[next(i for i, u in enumerate(units) if u.text.startswith(start))] = 0.9
    rows = [(review, "R1", units, prob, ["edit"] * len(units))]
    built = [(review, units, prob, c) for c in build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)]
    return rows, built


def _sorted(gold: str, picked: list[str]) -> tuple[str, str]:
    rows, built = _rows(picked)
    inside = _sentences(gold, rows)
    shape, heading = _layout(inside, rows)
    return _what_splits(inside, rows, shape, heading), _pieces(inside, built, rows)


def test_a_point_over_a_paragraph_break_whose_first_piece_states() -> None:
    gold = ("The oxygen profiles end at twelve metres. Please extend them to the lake bed, as the sediments dominate "
            "the winter budget.")
    got = _sorted(gold, ["The oxygen profiles", "Please extend"])
    assert got == ("a paragraph break inside the point", "context cut from its request")


def test_two_requests_in_one_paragraph_with_nothing_between() -> None:
    gold = ("Please give the camera model used at each lake. Beyond that, the thaw dates should be checked against "
            "the station records.")
    picked = ["Please give the camera", "Beyond that"]
    assert len(_rows(picked)[1]) == 2  # "Beyond that, ..." opens a comment of its own
    assert _sorted(gold, picked) == ("nothing between: one paragraph or item", "two requests")


def test_a_request_for_references_is_told_from_a_reference_in_passing() -> None:
    assert _asks_references("The dating is weak. Please cite the earlier varve studies of these lakes.")
    assert _asks_references("Please provide references for the claim that the lakes warm faster.")
    assert not _asks_references("The references are well chosen.")  # no request
    assert not _asks_references("Please extend the profiles to the lake bed.")  # a request, no references
