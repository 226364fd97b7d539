"""Round twelve's second stage (issue 33), a bench tool that nothing ships: its features read a sentence's
neighbours and place, a fitted stage survives its JSON, the exported trees give scikit-learn's own probabilities,
and ``bench.second_stage_corpus`` makes extraction use a stage's probability and threshold."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bench.second_stage import FEATURES, SecondStage, features, fit_logistic, fit_trees
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

# An invented review of an invented paper (a tide model of an invented bay).
REVIEW = """## Reviewer 1

The paper fits a tide model to the gauges of a small bay. The fit is careful.

The friction term is fixed over the whole bay. It should vary with depth. Why was one value chosen?

Minor comments:

Figures and tables

- The legend of Figure 3 is too small.
- Line 12: "gauge" -> "gauges".
"""


def _units():
    (review,) = parse_reviews(REVIEW, "markdown")
    return review_units(review)


def _col(name: str) -> int:
    return FEATURES.index(name)


def test_features_read_the_neighbours_and_the_place() -> None:
    units = _units()
    n = len(units)
    prob = np.linspace(0.1, 0.9, n)
    x = features(units, prob, prob, np.zeros(n, dtype=bool))
    assert x.shape == (n, len(FEATURES))
    z = np.log(prob / (1 - prob))
    assert x[1, _col("prev_logit")] == pytest.approx(z[0]) and x[0, _col("prev_exists")] == 0
    assert x[0, _col("next_logit")] == pytest.approx(z[1]) and x[n - 1, _col("next_exists")] == 0
    assert x[:, _col("review_mean")] == pytest.approx(np.full(n, z.mean()))
    ask = next(k for k, u in enumerate(units) if u.text.startswith("It should vary"))
    assert x[ask, _col("cue_request")] == 1 and x[ask, _col("first_in_block")] == 0
    # the friction paragraph's other two sentences: the block's max and mean leave the sentence itself out
    mates = [k for k, u in enumerate(units) if u.block == units[ask].block and k != ask]
    assert x[ask, _col("block_others_max")] == pytest.approx(max(z[mates]))
    assert x[ask, _col("block_others_mean")] == pytest.approx(np.mean(z[mates]))
    legend = next(k for k, u in enumerate(units) if u.text.startswith("The legend"))
    assert x[legend, _col("is_item")] == 1 and x[legend, _col("labelled")] == 1  # under "Figures and tables"
    assert x[legend, _col("kind_rich")] == 1  # in the section "Minor comments"
    assert x[0, _col("labelled")] == 0 and x[0, _col("kind_rich")] == 0 and x[0, _col("first_in_block")] == 1


def _synthetic(seed: int = 0) -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(seed)
    x = rng.normal(size=(1500, len(FEATURES)))
    y = (x[:, 0] + 0.8 * x[:, 3] * x[:, 9] + rng.normal(size=len(x)) > 0).astype(int)
    return x, y


def test_a_logistic_stage_is_sklearns_and_survives_its_json() -> None:
    from sklearn.linear_model import LogisticRegression

    x, y = _synthetic()
    stage = fit_logistic(x, y, threshold=0.6)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    ref = LogisticRegression(C=1.0, max_iter=5000).fit((x - mean) / scale, y)
    held, _ = _synthetic(1)
    assert stage.probability(held) == pytest.approx(ref.predict_proba((held - mean) / scale)[:, 1], abs=1e-9)
    back = SecondStage.from_json(json.loads(json.dumps(stage.to_json())))
    assert back.threshold == 0.6 and np.array_equal(back.probability(held), stage.probability(held))


def test_exported_trees_give_sklearns_probabilities() -> None:
    from sklearn.ensemble import HistGradientBoostingClassifier

    x, y = _synthetic()
    stage = fit_trees(x, y)
    ref = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40,
                                         l2_regularization=1.0, early_stopping=False, random_state=0).fit(x, y)
    held, _ = _synthetic(2)
    back = SecondStage.from_json(json.loads(json.dumps(stage.to_json())))
    assert back.probability(held) == pytest.approx(ref.predict_proba(held)[:, 1], abs=1e-12)


def test_a_stage_of_other_features_is_refused() -> None:
    x, y = _synthetic()
    d = fit_logistic(x, y).to_json()
    d["features"] = d["features"][:-1]
    with pytest.raises(ValueError):
        SecondStage.from_json(d)


def test_the_corpus_bench_extracts_with_the_stage(monkeypatch: pytest.MonkeyPatch) -> None:
    from bench.second_stage_corpus import apply
    from engine.reviews import comments

    (review,) = parse_reviews(REVIEW, "markdown")
    before = comments.extract_comments([review])
    if not isinstance(comments.default_model()[0], comments.CommentEncoder):
        pytest.skip("the fine-tuned encoder is not shipped in this build")
    monkeypatch.setattr(comments, "score_units", comments.score_units)
    monkeypatch.setattr(comments, "model_threshold", comments.model_threshold)
    n = len(FEATURES)
    # a stage that reads only the request cue: the request is picked, the rest fall below every floor
    stage = SecondStage("logistic", 0.5, np.zeros(n), np.ones(n), np.eye(n)[_col("cue_request")] * 20, -10.0)
    apply(stage)
    after = comments.extract_comments([review])
    assert len(before) >= 2
    assert [c.text for c in after] == ["It should vary with depth."]
