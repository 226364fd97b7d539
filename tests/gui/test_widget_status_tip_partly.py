"""trial36: the comment list's status tooltip said "Redraft is 98% sure the revision addresses it." under "Check: …
Redraft is not sure it does": it says why now (``status.partly_reason``)."""

from __future__ import annotations

from engine.align.status import Status
from widgets.comment_list import status_tip


def test_the_tooltip_of_a_likely_answered_partly_comment_says_why() -> None:
    assert "98% sure the revision addresses it, but no one edit is sure to answer it." in status_tip(Status.PARTLY, 0.98)
    assert "40% sure the revision addresses it." in status_tip(Status.PARTLY, 0.40)
