"""The app's hint "answered in many places? mark it" (``engine.align.broad``): broad20's score, moved from the bench
into the engine unchanged, fitted on the training part; it travels with the alignment and changes no decision."""

from __future__ import annotations

import json

import numpy as np

from engine.align.broad import FEATURES, broad_features, broad_hints, placed, shipped_broad
from engine.align.evidence import FEATURES as EVIDENCE_FEATURES
from engine.align.records import Alignment
from engine.align.status import assess_alignment
from engine.reviews.model import ReviewComment


def comment(cid: str, text: str) -> ReviewComment:
    return ReviewComment(id=cid, reviewer="Reviewer 1", text=text, action="Edit")


COMMENTS = [comment("R1.1", "Please proofread the whole paper carefully: there are typos and grammar errors "
                            "throughout, and the notation is inconsistent."),
            comment("R1.2", "In Table 3 the second row reports 0.42, but the text says 0.24.")]


def test_the_shipped_model_reads_the_features_and_says_how_it_was_fitted() -> None:
    model = shipped_broad()
    assert tuple(model.features) == FEATURES and 0.0 < model.threshold < 1.0
    held = model.meta["held-out calls on the grouped folds"]
    assert held["comments"] > 1000 and 0 < held["right"] <= held["called"] and held["labelled"] > held["right"]


def test_hints_from_the_evidence_tensor_one_per_comment() -> None:
    edits = 6
    evidence = np.zeros((len(COMMENTS), edits, len(EVIDENCE_FEATURES)), np.float32)
    ev = {n: k for k, n in enumerate(EVIDENCE_FEATURES)}
    evidence[1, 2, ev["named"]] = 1.0  # the table comment names the table an edit is in
    allowed = np.zeros((len(COMMENTS), edits), bool)
    allowed[1, 2] = True
    surface = [True, True, False, False, False, False]
    x = broad_features(COMMENTS, placed(evidence), allowed, surface)
    col = {f: k for k, f in enumerate(FEATURES)}
    assert x[0, col["cue"]] == 1 and x[0, col["unplaced"]] == 1 and x[1, col["unplaced"]] == 0
    hints = broad_hints(COMMENTS, evidence, allowed, surface)
    assert len(hints) == 2 and all(isinstance(h, bool) for h in hints)
    p = shipped_broad().probabilities(x)
    assert p[0] > p[1] and hints == (p >= shipped_broad().threshold).tolist()
    assert broad_hints([], evidence[:0], allowed[:0], surface) == []


def test_the_hint_travels_with_the_alignment_and_moves_no_decision() -> None:
    a = Alignment("R1.1", [], {"e1": 0.3, "e2": 0.2, "e3": 0.01}, calibrated=True, answered=0.6, broad=True)
    back = Alignment.from_dict(json.loads(json.dumps(a.to_dict())))
    assert back.broad and back == a
    assert "broad" not in Alignment("R1.2", []).to_dict() and not Alignment.from_dict({"comment_id": "R1.2"}).broad
    plain = Alignment("R1.1", [], dict(a.scores), calibrated=True, answered=0.6)
    assert assess_alignment(a) == assess_alignment(plain)
