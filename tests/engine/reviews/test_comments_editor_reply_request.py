"""An associate editor's note that only asks for a reply to every point ("Please respond to each point.") is no
comment: it was the editor's comment E.1, which no response letter quotes, so a letter quoting every reviewer's
point read as quoting 6 of 7 and the statuses did not read it (trial29's journal reviews, written for the test)."""

from __future__ import annotations

from engine.reviews.comments import extract_comments
from engine.reviews.parse import parse_reviews

REVIEWS = """Associate Editor
Comments to the Author:
Both reviewers see merit in the policy but ask for a clearer analysis. Please respond to each point.

Reviewer: 1

Comments to the Author
1. The claim that the scheduling problem is hard is stated without a proof or a reference.

2. Please explain how often the latency model is fitted again when a model is added at run time.
"""


def test_a_request_to_reply_to_each_point_is_no_comment() -> None:
    got = extract_comments(parse_reviews(REVIEWS, "text"), encoder="lexical")
    assert not any("respond to each point" in c.text for c in got)
    assert [c.reviewer for c in got] == ["Reviewer 1", "Reviewer 1"]


def test_a_request_about_one_point_of_the_paper_stays() -> None:
    text = REVIEWS.replace("Please respond to each point.",
                           "Please respond to each point about the proof of the second lemma, which is unclear.")
    got = extract_comments(parse_reviews(text, "text"), encoder="lexical")
    assert any("proof of the second lemma" in c.text for c in got)
