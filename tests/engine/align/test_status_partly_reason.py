"""trial36: a comment read "partly addressed (check) (98% chance it is addressed, not confirmed …)" in the marked-up
PDF and the report, and its tooltip "Redraft is 98% sure the revision addresses it": the comment's probability was in
the "addressed" band but its best edit's was not (``status_from_answered`` needs both). The reason is said now."""

from __future__ import annotations

from engine.align.status import NO_SURE_EDIT, Status, partly_reason
from engine.project.coverage import CoverageRow
from engine.reviews.model import ReviewComment


def test_a_likely_answered_partly_comment_says_why() -> None:
    assert partly_reason(Status.PARTLY, 0.98) == NO_SURE_EDIT
    assert partly_reason(Status.PARTLY, 0.40) == "" and partly_reason(Status.ADDRESSED, 0.98) == ""
    assert partly_reason(Status.PARTLY, None) == ""
    row = CoverageRow(ReviewComment("R1.2", "Reviewer 1", "Extend the conclusions."), Status.PARTLY, 0.98, False)
    assert row.certainty() == "98% chance it is addressed, but no one edit is sure to answer it, not confirmed"
    low = CoverageRow(ReviewComment("R1.3", "Reviewer 1", "Add references."), Status.PARTLY, 0.40, False)
    assert low.certainty() == "40% chance it is addressed, not confirmed"
