"""What an answer says about the paper (``corpus.replies``): changes the distant labeller's verbs miss, answers
elsewhere, answers without a change; and the unsure comments of a distant-labelled revision, from a small label
file and points file written here."""

from __future__ import annotations

import json

import pytest

from corpus.replies import reply_kind, unsure_comments


@pytest.mark.parametrize("reply, kind", [
    ("Amended as suggested. \\end{reply}", "change"),
    ("We have cut this paragraph.", "change"),
    ("The sentence was reworded to stress the main effect.", "change"),
    ("They are no longer mentioned in the main text.", "change"),
    ("We have added a table of the methods.", "change"),
    ("Thank you for the kind words, we are glad you liked it.", "elsewhere"),
    ("See response to point 2.9. \\end{reply}", "elsewhere"),
    ("", "elsewhere"),
    ("We respectfully disagree: the current choice is the least bad option.", "none"),
    ("YAML supports this shorthand, and the tutorial uses it in several places to keep models short.", "none"),
])
def test_reply_kind(reply: str, kind: str) -> None:
    assert reply_kind(reply) == kind


def test_unsure_comments_are_unlinked_points_whose_answer_states_a_change(tmp_path) -> None:
    labels, cache = tmp_path / "labels", tmp_path / "cache"
    (cache / "rev").mkdir(parents=True)
    labels.mkdir()
    comments = [{"id": f"R1.{k}", "reviewer": 1, "lines": [k, k], "hash": "x", "answered": a}
                for k, a in ((1, "edit"), (2, "response only"), (3, "response only"), (4, "response only"))]
    (labels / "rev.json").write_text(json.dumps({
        "format": "redraft-corpus-labels", "version": 1, "id": "rev", "kind": "distant", "comments": comments,
        "edits": [], "links": [{"comment": "R1.1", "edit": "e1:abc", "strength": "medium", "evidence": ""}]}))
    replies = ["We have added it.", "Amended as suggested.", "We prefer not to: it would break the format.",
               "See our response to point 1."]
    (cache / "rev" / "points.json").write_text(json.dumps(
        [{"reviewer": 1, "lines": [k + 1, k + 1], "reply": r} for k, r in enumerate(replies)]))
    assert unsure_comments([{"id": "rev"}], cache, labels) == {"rev/R1.2", "rev/R1.4"}
    # a checked (hand-labelled) revision has no unsure comments: its unlinked comments were read
    raw = json.loads((labels / "rev.json").read_text())
    (labels / "rev.json").write_text(json.dumps(raw | {"kind": "checked"}))
    assert unsure_comments([{"id": "rev"}], cache, labels) == set()
    # nor a training revision labelled by hand: "response only" there is a sure negative, as on the checked part
    (labels / "rev.json").write_text(json.dumps(raw | {"kind": "hand"}))
    assert unsure_comments([{"id": "rev"}], cache, labels) == set()
