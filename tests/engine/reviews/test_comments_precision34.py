"""Session 33's precision candidates (issue 33, docs/comments.md "Session 33"), in invented reviews of an invented
paper (a gauge for lantern tides): C1, a cue-less sentence of a review's opening paragraph or of a summary or
strengths section is no comment (``precision.OPENING_CONTEXT``); C2, a sentence with no request marker needs the
threshold plus a margin (``precision.NO_MARKER_MARGIN``). The units are scored by hand, so each test reads the rule
and not a model."""

from __future__ import annotations

import numpy as np
import pytest

from engine.reviews import parse_reviews, precision
from engine.reviews.comments import build_comments, picked
from engine.reviews.units import review_units

OPENING = """Reviewer 1

The paper presents a gauge for lantern tides in shallow estuaries. The writing is clear and the figures are tidy.

The sluice timing is never stated for the spring runs.

Please report the drift of the gauge over the winter.
"""

CONTRAST = """Reviewer 1

The paper presents a gauge for lantern tides, but the calibration against the harbour gauge is not shown.

Please report the drift of the gauge over the winter.
"""

HEADED = """Reviewer 1

Summary:

The paper presents a gauge for lantern tides in shallow estuaries.

Strengths:

The field campaign covers three winters.

Weaknesses:

The gauge spacing follows the harbour grid.

Please report the drift of the gauge over the winter.
"""


def _comments(text: str, prob: float = 0.9, threshold: float = 0.5) -> list[str]:
    review = parse_reviews(text, "text")[0]
    units = review_units(review)
    got = build_comments(review, "R1", units, np.full(len(units), prob), ["criticism"] * len(units), threshold)
    return [f"{c.context} {c.text}".strip() for c in got]


def test_both_candidates_are_off_until_their_rule_decides() -> None:
    assert precision.OPENING_CONTEXT is False and precision.NO_MARKER_MARGIN == 0.0


@pytest.mark.parametrize(("text", "bare"), [
    ("The paper presents a gauge for lantern tides in shallow estuaries.", True),
    ("The writing is clear and the figures are tidy.", True),
    ("The writing is clear, but the figures are not labelled.", False),  # a contrast
    ("Please report the drift of the gauge.", False),  # a request
    ("Why is the gauge fixed to the pier?", False),  # a question
    ("The calibration is limited to one harbour.", False),  # a weak word
])
def test_a_sentence_with_no_cue_of_a_change_is_told_apart(text: str, bare: bool) -> None:
    assert precision.bare(text) is bare


def test_c1_reads_an_opening_summary_as_no_comment(monkeypatch: pytest.MonkeyPatch) -> None:
    before = _comments(OPENING)
    assert any("lantern tides" in t for t in before), before  # off: every unit at 0.9 is a comment
    monkeypatch.setattr(precision, "OPENING_CONTEXT", True)
    after = _comments(OPENING)
    assert not any("lantern tides" in t or "figures are tidy" in t for t in after), after
    assert any("sluice timing" in t for t in after) and any("drift of the gauge" in t for t in after), after


def test_c1_keeps_an_opening_sentence_with_a_contrast(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precision, "OPENING_CONTEXT", True)
    after = _comments(CONTRAST)
    assert any("calibration against the harbour gauge" in t for t in after), after


def test_c1_reads_summary_and_strengths_sections_but_not_weaknesses(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(precision, "OPENING_CONTEXT", True)
    after = _comments(HEADED)
    assert not any("lantern tides" in t or "three winters" in t for t in after), after
    assert any("harbour grid" in t for t in after), after  # bare, but under a weaknesses heading
    assert any("drift of the gauge" in t for t in after), after


def test_c2_holds_a_sentence_with_no_request_marker_to_a_higher_threshold(monkeypatch: pytest.MonkeyPatch) -> None:
    statement, question = "The sluice timing differs between the runs.", "Why does the sluice timing differ?"
    assert picked(statement, 0.55, 0.5) and picked(question, 0.55, 0.5)
    monkeypatch.setattr(precision, "NO_MARKER_MARGIN", 0.1)
    assert not picked(statement, 0.55, 0.5) and picked(statement, 0.61, 0.5)
    assert picked(question, 0.55, 0.5)  # a question keeps the threshold
    assert picked("Please state the sluice timing.", 0.55, 0.5)  # so does a request
