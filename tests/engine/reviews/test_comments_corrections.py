"""Corrections people make to the comment list survive a new extraction (engine side)."""

from __future__ import annotations

from engine.reviews.corrections import apply_corrections, renumber
from engine.reviews.model import ReviewComment


def _c(cid: str, reviewer: str, text: str, fine: str = "explanation") -> ReviewComment:
    return ReviewComment(id=cid, reviewer=reviewer, text=text, fine_type=fine, confidence=0.7)


FIRST = [
    _c("R1.1", "Reviewer 1", "Please compare against Longformer on the same benchmarks."),
    _c("R1.2", "Reviewer 1", "Why is the window size fixed to 128?"),
    _c("R1.3", "Reviewer 1", "The writing is clear and pleasant."),  # a wrong comment the user deletes
    _c("R2.1", "Reviewer 2", "Report the variance over seeds in Table 2."),
    _c("R2.2", "Reviewer 2", "Add results on a second corpus."),
]
#: A new extraction: the ids moved (a new comment first), one text changed by a word.
SECOND = [
    _c("R1.1", "Reviewer 1", "The baseline list is short."),
    _c("R1.2", "Reviewer 1", "Please compare against Longformer on the same benchmarks."),
    _c("R1.3", "Reviewer 1", "Why is the window size fixed at 128?"),
    _c("R1.4", "Reviewer 1", "The writing is clear and pleasant."),
    _c("R2.1", "Reviewer 2", "Report the variance over seeds in Table 2."),
    _c("R2.2", "Reviewer 2", "Add results on a second corpus."),
]
CORRECTIONS = [
    {"kind": "delete", "anchor": "The writing is clear and pleasant.", "reviewer": "Reviewer 1"},
    {"kind": "edit", "anchor": "Why is the window size fixed to 128?", "reviewer": "Reviewer 1",
     "text": "Why is the window size fixed to 128 tokens, and how sensitive are results to it?"},
    {"kind": "retype", "anchor": "Report the variance over seeds in Table 2.", "reviewer": "Reviewer 2",
     "fine_type": "result"},
    {"kind": "merge", "anchors": ["Report the variance over seeds in Table 2.", "Add results on a second corpus."],
     "reviewer": "Reviewer 2"},
    {"kind": "add", "reviewer": "Reviewer 2", "text": "Cite the 2023 survey.", "fine_type": "edit"},
    {"kind": "reassign", "anchor": "Please compare against Longformer on the same benchmarks.",
     "reviewer": "Reviewer 1", "to": "Reviewer 2"},
]


def test_corrections_replay_on_a_new_extraction() -> None:
    out, notices = apply_corrections(SECOND, CORRECTIONS)
    assert notices == []
    texts = [c.text for c in out]
    assert "The writing is clear and pleasant." not in texts
    assert "Why is the window size fixed to 128 tokens, and how sensitive are results to it?" in texts
    merged = next(c for c in out if "variance over seeds" in c.text)
    assert "second corpus" in merged.text and merged.fine_type == "result" and merged.reviewer == "Reviewer 2"
    added = next(c for c in out if c.text == "Cite the 2023 survey.")
    assert added.fine_type == "edit" and added.confidence == 1.0
    moved = next(c for c in out if "Longformer" in c.text)
    assert moved.reviewer == "Reviewer 2" and moved.id.startswith("R2.")
    for c in out:  # ids agree with reviewers and are unique
        assert c.id.startswith("R1." if c.reviewer == "Reviewer 1" else "R2.")
    assert len({c.id for c in out}) == len(out)


def test_a_correction_whose_comment_is_gone_is_reported() -> None:
    out, notices = apply_corrections(FIRST, [{"kind": "delete", "anchor": "Nothing like this anywhere.",
                                              "reviewer": "Reviewer 1"}])
    assert out == renumber(FIRST) and len(notices) == 1 and "no longer matches" in notices[0]


def test_split_keeps_the_reviewer_and_numbers_the_parts() -> None:
    out, _ = apply_corrections(FIRST, [{"kind": "split", "anchor": FIRST[3].text, "reviewer": "Reviewer 2",
                                        "parts": ["Report the variance over seeds.", "Put it in Table 2."]}])
    assert [c.id for c in out if c.reviewer == "Reviewer 2"] == ["R2.1", "R2.2", "R2.3"]
    assert [c.text for c in out if c.reviewer == "Reviewer 2"][:2] == ["Report the variance over seeds.",
                                                                      "Put it in Table 2."]
