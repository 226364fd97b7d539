"""The broad-comment features, model and first-stage widening (bench.broad_score), on synthetic comments."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bench.broad_score import (FEATURES, BroadModel, broad_features, choose_threshold, compatible_edits,
                                fit_broad, placed, widen)
from engine.align.evidence import FEATURES as EV
from engine.errors import InputError
from engine.reviews.model import ReviewComment


def comment(i: int, text: str, kind: str = "") -> ReviewComment:
    return ReviewComment(id=f"p/R1.{i}", reviewer="R1", text=text, fine_type=kind)


def evidence(n: int, m: int, located: dict[tuple[int, int], float] | None = None) -> np.ndarray:
    ev = np.zeros((n, m, len(EV)), dtype=np.float32)
    for (i, j), v in (located or {}).items():
        ev[i, j, EV.index("located")] = v
    return ev


def test_features_read_the_words_the_place_and_the_revision():
    comments = [comment(0, "Please proofread the whole paper; there are typos throughout.", "typo"),
                comment(1, "In Section 3 the bound on the step size is not justified.", "explanation")]
    allowed = np.array([[True, True, False], [False, False, True]])
    x = broad_features(comments, placed(evidence(2, 3, {(1, 2): 1.0})), allowed, [True, True, False])
    col = {f: k for k, f in enumerate(FEATURES)}
    assert x.shape == (2, len(FEATURES)) and x.dtype == np.float64
    assert x[0, col["cue"]] == 1 and x[1, col["cue"]] == 0
    assert x[0, col["proofread"]] == 1 and x[1, col["proofread"]] == 0
    assert x[0, col["unplaced"]] == 1 and x[1, col["unplaced"]] == 0  # the second is located at edit 2
    assert x[0, col["linkable"]] == pytest.approx(np.log1p(2)) and x[1, col["linkable"]] == pytest.approx(np.log1p(1))
    assert x[0, col["surface_edits"]] == pytest.approx(np.log1p(2)) and x[0, col["edits"]] == pytest.approx(np.log1p(3))
    assert x[0, col["type_typo"]] == 1 and x[1, col["type_explanation"]] == 1 and x[1, col["type_typo"]] == 0


def test_no_edits_gives_finite_rows():
    x = broad_features([comment(0, "Shorten the introduction.")], np.zeros((1, 0), bool), np.zeros((1, 0), bool), [])
    assert np.isfinite(x).all() and x[0, FEATURES.index("unplaced")] == 1


def test_compatible_edits_and_widen():
    # edits: surface, substantive, neither (e.g. a whitespace change)
    comp = compatible_edits(["typo", "explanation"], [True, False, False], [False, True, False])
    assert comp.tolist() == [[True, True, False], [False, True, False]]
    mask = np.array([[False, False, True], [False, False, False]])
    wide = widen(mask, np.array([True, False]), comp)
    assert wide.tolist() == [[True, True, True], [False, False, False]]  # only the broad row opens


def test_fit_threshold_and_round_trip():
    rng = np.random.default_rng(0)
    x = rng.normal(size=(200, len(FEATURES)))
    y = (x[:, 0] + 0.3 * rng.normal(size=200) > 1.0).astype(int)
    model = fit_broad(x, y)
    p = model.probabilities(x)
    model.threshold = choose_threshold(p, y)
    called = model.broad(x)
    assert 0 < called.sum() < 200 and (called & (y > 0)).sum() > 0.7 * y.sum()
    again = BroadModel.from_dict(json.loads(json.dumps(model.to_dict())))
    assert np.array_equal(again.broad(x), called) and again.threshold == pytest.approx(model.threshold, abs=1e-6)


def test_threshold_maximises_f1_and_takes_the_higher_on_ties():
    probs = np.array([0.9, 0.8, 0.4, 0.2])
    assert choose_threshold(probs, np.array([1, 1, 0, 0])) == pytest.approx(0.8)
    assert choose_threshold(probs, np.array([0, 0, 0, 0])) == pytest.approx(1.0)


def test_one_class_fits_a_model_that_calls_nothing():
    model = fit_broad(np.ones((5, len(FEATURES))), np.zeros(5, int))
    model.threshold = 0.5
    assert not model.broad(np.ones((3, len(FEATURES)))).any()


def test_a_file_of_other_features_is_refused():
    raw = BroadModel(FEATURES, np.zeros(len(FEATURES)), np.ones(len(FEATURES)), np.zeros(len(FEATURES)), 0.0).to_dict()
    raw["features"] = raw["features"][:-1]
    with pytest.raises(InputError):
        BroadModel.from_dict(raw)
