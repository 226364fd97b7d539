"""Session 29's per-pair signal for broad comments (bench.broad_pairs), on synthetic comments and edits."""

from __future__ import annotations

import numpy as np
import pytest

from bench.broad_pairs import (PAIR2, ROW_FEATURES, best_f1_cut, edit_kinds, pair2_features, request_kinds,
                               row_features)
from engine.revision import Edit, EditType
from engine.revision.model import DiffSpan
from engine.revision.intent import classify_edit


def edit(eid: str, old: str, new: str, kind: EditType = EditType.MINOR, same: str = "") -> Edit:
    """An edit that rewrote ``old`` as ``new`` after the unchanged words ``same``."""
    diff = (DiffSpan("equal", same), DiffSpan("delete", old), DiffSpan("insert", new)) if old != new else (
        DiffSpan("equal", old),)
    return Edit(id=eid, type=kind, source_ids=("o1",), target_ids=("n1",), source_text=f"{same} {old}",
                target_text=f"{same} {new}", section="Zorbing", diff=diff)


def test_request_kinds_read_the_four_requests():
    assert request_kinds("Please proofread the whole text, it has many typos.")["proofread"]
    got = request_kinds("The notation for the flumox weights is inconsistent between sections.")
    assert got["notation"] and not got["proofread"] and not got["shorten"]
    assert request_kinds("The glimber part is too long; please condense it.")["shorten"]
    assert request_kinds("I suggest to reorganise the quibble derivation.")["restructure"]
    assert not any(request_kinds("Why is the vorpal rate fixed at two?").values())


def test_edit_kinds():
    math = edit("e1", "$q_t$", "$\\rho_t$", same="the rate")
    short = edit("e2", "is, as noted above, large and quite variable", "varies", same="the glimber flux")
    moved = edit("e3", "Vorpal blades are sharp.", "Vorpal blades are sharp.", EditType.MOVED)
    k1, k2, k3 = (edit_kinds(e, classify_edit(e)) for e in (math, short, moved))
    assert k1["math"] and not k1["shrink"]
    assert k2["shrink"] and not k2["math"]
    assert k3["move"] and not k3["shrink"]
    typo = edit("e4", "recieve", "receive", same="the flumox blades")
    assert edit_kinds(typo, classify_edit(typo))["fix"]


def test_row_features():
    raw = np.array([[0.3, 0.1, 0.05, 0.9], [0.0, 0.0, 0.0, 0.0]])
    mask = np.array([[True, True, True, False], [False, False, False, False]])
    x = row_features(raw, mask, threshold=0.2)
    assert x.shape == (2, len(ROW_FEATURES))
    assert x[0].tolist() == pytest.approx([np.log1p(2), 0.45, 0.3])  # 0.9 is outside the first stage
    assert x[1].tolist() == [0.0, 0.0, 0.0]


def test_pair2_features_rank_ratio_and_crossings():
    raw = np.array([[0.2, 0.4, 0.1], [0.3, 0.0, 0.6]])
    mask = np.array([[True, True, False], [True, False, True]])
    requests = [request_kinds("Make the notation consistent."), request_kinds("Shorten the glimber section.")]
    kinds = [{"fix": False, "math": True, "shrink": False, "move": False},
             {"fix": False, "math": False, "shrink": True, "move": False},
             {"fix": True, "math": False, "shrink": True, "move": True}]
    x = pair2_features(raw, mask, requests, kinds)
    col = {f: k for k, f in enumerate(PAIR2)}
    assert x.shape == (2, 3, len(PAIR2))
    assert x[0, 1, col["rank"]] == 1.0 and x[0, 0, col["rank"]] == 0.5
    assert x[0, 0, col["ratio"]] == pytest.approx(0.5) and x[1, 2, col["ratio"]] == pytest.approx(1.0)
    assert x[0, 0, col["logit"]] == pytest.approx(np.log(0.2 / 0.8))
    assert x[0, 0, col["notation_x_math"]] == 1 and x[1, 0, col["notation_x_math"]] == 0
    assert x[1, 2, col["shorten_x_shrink"]] == 1 and x[0, 1, col["shorten_x_shrink"]] == 0
    assert not x[0, 2].any() and not x[1, 1].any()  # outside the first stage: all 0


def test_best_f1_cut_adds_pairs_only_while_f1_rises():
    # fixed links: 10 right, 10 wrong, 10 missed (5 of them among these pairs)
    scores = np.array([0.9, 0.8, 0.7, 0.6, 0.5, 0.4, 0.3])
    right = np.array([1, 1, 0, 1, 0, 0, 0])
    cut = best_f1_cut(scores, right, (10, 10, 10), grid_top=1.0)
    assert cut == pytest.approx(0.6)  # linking 0.9..0.6 gives tp 13, fp 11, fn 7: F1 0.591 > any other cut
    assert best_f1_cut(scores, np.zeros(7), (10, 10, 10), grid_top=1.0) == 1.0  # nothing right: add none
    assert best_f1_cut(scores, right, (10, 10, 10), grid_top=0.75, floor=0.55) == pytest.approx(0.6)
    assert best_f1_cut(np.zeros(0), np.zeros(0), (1, 1, 1), grid_top=0.2) == 0.2


def test_best_f1_cut_ties_keep_the_higher():
    # one right and one wrong pair: adding both leaves F1 where it was with 1 right, 1 wrong, 1 missed (2/4 -> 4/8)
    assert best_f1_cut(np.array([0.5, 0.4]), np.array([1, 0]), (1, 1, 2), grid_top=1.0) == pytest.approx(0.5)
