"""A reviewer's list item with nothing picked is never left out when ``segment.ITEM_FLOOR`` is set (issue 33: a
journal referee's numbered point missing from the letter; docs/comments.md, "Round eleven, the lead")."""

from __future__ import annotations

import numpy as np
import pytest

import engine.reviews.segment as segment
from engine.reviews.comments import build_comments, extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

# Invented referee report on an invented paper (a model of river ice break-up).
REPORT = """## Reviewer 1

The authors model river ice break-up with a one-dimensional hydraulic model. My comments:

1. Please report the sensitivity of the break-up date to the ice strength parameter.
2. The calibration period of 1990 to 2005 overlaps the validation period of 2000 to 2010.
3. Please add the discharge record of the upstream gauge to Figure 4.
"""


def _units_and_probs(review):
    units = review_units(review)
    prob = np.full(len(units), 0.05)
    for k, u in enumerate(units):
        if u.text.startswith("Please"):
            prob[k] = 0.9
        elif "overlaps" in u.text:
            prob[k] = 0.24  # below the threshold: today no comment
    return units, prob


def test_an_item_below_the_threshold_is_its_own_low_confidence_comment_from_the_floor(monkeypatch) -> None:
    review = parse_reviews(REPORT)[0]
    units, prob = _units_and_probs(review)
    items = [u for u in units if u.is_item]
    assert len(items) == 3
    fine = ["criticism"] * len(units)
    monkeypatch.setattr(segment, "ITEM_FLOOR", None)
    off = build_comments(review, "R1", units, prob, fine, 0.5)
    assert [c.text for c in off] == [items[0].text, items[2].text]  # the overlap point is lost
    monkeypatch.setattr(segment, "ITEM_FLOOR", 0.2)
    on = build_comments(review, "R1", units, prob, fine, 0.5)
    assert [c.text for c in on] == [items[0].text, items[1].text, items[2].text]  # in reading order
    assert [c.id for c in on] == ["R1.1", "R1.2", "R1.3"] and on[1].confidence == pytest.approx(0.24)
    monkeypatch.setattr(segment, "ITEM_FLOOR", 0.3)
    assert len(build_comments(review, "R1", units, prob, fine, 0.5)) == 2  # under the floor: still none
    assert all(not u.is_item for u in units if u.text.startswith("The authors"))  # running text is never added


def test_with_a_zero_floor_every_list_item_of_a_real_extraction_is_in_a_comment(monkeypatch) -> None:
    monkeypatch.setattr(segment, "ITEM_FLOOR", 0.0)
    reviews = parse_reviews(REPORT)
    comments = extract_comments(reviews)
    items = [u for u in review_units(reviews[0]) if u.is_item and not u.skip]
    assert all(any(u.text in c.text for c in comments) for u in items)
