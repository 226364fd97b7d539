"""Round eight of keeping a reviewer's point together (issue 33): a short string of questions on one thing, a
question that names what the sentence before it said, and a request after a statement that opens on a place."""

from __future__ import annotations

import pytest

from engine.reviews.comments import extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.segment import same_point
from engine.reviews.units import review_units

# Invented reviews of an invented paper (a scheduler for batteries in a microgrid).
POINTS = """## Reviewer 1

Why does the scheduler stop after the first infeasible hour? Could it not repair the plan and go on? What happens
when two batteries fail at once?

The state of charge is capped at 90% in every experiment, but nowhere is it said where this cap comes from. Are the
savings in Table 3 affected by this choice?

Figure 5: the two shades of green in panel c cannot be told apart in print. I suggest a diverging palette.

The simulator ignores line losses. Why was the horizon fixed at 24 hours?
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_short_string_of_questions_and_a_question_on_this_choice_stay_one_point(encoder: str | None) -> None:
    got = [c.text for c in extract_comments(parse_reviews(POINTS, "markdown"), encoder=encoder)]
    assert any("infeasible hour" in t and "repair the plan" in t and "fail at once" in t for t in got), got
    assert any("capped at 90%" in t and "this choice" in t for t in got), got
    assert any("shades of green" in t and "diverging palette" in t for t in got), got
    # a question on something else after a stated problem is still a point of its own
    assert not any("line losses" in t and "24 hours" in t for t in got), got


def test_what_joins_a_short_paragraphs_point() -> None:
    units = review_units(parse_reviews(POINTS, "markdown")[0])
    at = {u.text.split()[0] + " " + u.text.split()[1]: k for k, u in enumerate(units)}
    assert same_point(units, [at["Why does"]], at["Could it"])  # a question after a question
    assert same_point(units, [at["The state"]], at["Are the"])  # "... this choice?"
    assert same_point(units, [at["Figure 5:"]], at["I suggest"])  # a place that opens a statement is no request
    assert not same_point(units, [at["The simulator"]], at["Why was"])
