"""Round fourteen's placement study (``bench.place_round14``) on synthetic rows: what a comment names, how far the
first place is from a right paragraph, whether the located paragraphs hold one, the paper-kind features, and the
paired bootstrap over repositories that the decision rule reads."""

from __future__ import annotations

import numpy as np

from bench.place_round14 import cues, distance, located_holds
from bench.place_round14_judge import bootstrap_low, kind_features
from engine.generate.rerank import FEATURES


def _row(y, sections=None, located=()) -> dict:
    n = len(y)
    x = np.arange(n * len(FEATURES), dtype=float).reshape(n, len(FEATURES))
    return {"y": np.asarray(y, dtype=bool), "ids": [f"p{j}" for j in range(n)], "x": x, "features": list(FEATURES),
            "sections": sections or ["Intro"] * n, "located": [f"p{j}" for j in located]}


def test_cues_name_statements_proofs_pages_and_nothing():
    assert cues("The proof of Lemma 3 on p. 4 skips a step") == ["lemma", "a proof", "a page"]
    assert cues("Thm. 2.1 and Prop. 5 need Eq. (7)") == ["theorem", "proposition/corollary", "an equation"]
    assert cues("The frobbing of blorfs is unclear") == ["nothing of these"]


def test_distance_and_the_located_paragraphs():
    r = _row([0, 0, 0, 1, 0, 0], ["A", "A", "B", "B", "B", "C"], located=(1, 3))
    assert distance(r, 3) == "0 (right)"
    assert distance(r, 2) == "1-2, same top section"
    assert distance(r, 0) == "3-10, another top section"
    assert located_holds(r) == "located, a later one is right"
    assert located_holds(_row([0, 1], located=(1,))) == "located, the first is right"
    assert located_holds(_row([0, 1], located=(0,))) == "located, none right"
    assert located_holds(_row([0, 1])) == "not located"


def test_kind_features_are_zero_beyond_features_for_an_empirical_paper():
    r = _row([1, 0, 0])
    empirical, theory = kind_features(r, False), kind_features(r, True)
    assert empirical.shape == theory.shape == (3, len(FEATURES) + 5)
    assert not empirical[:, len(FEATURES):].any()
    assert theory[:, len(FEATURES)].tolist() == [1.0, 1.0, 1.0]
    assert np.array_equal(theory[:, len(FEATURES) + 1], r["x"][:, FEATURES.index("located")])


def test_the_bootstrap_low_end_is_above_zero_only_when_most_repositories_gain():
    ref = {(f"p{i}", "c"): {"first": False} for i in range(20)}
    gains = {k: {"first": True} for k in ref}
    groups = {k: k[0] for k in ref}
    assert bootstrap_low(ref, gains, groups) > 0
    mixed = {k: {"first": i % 2 == 0} for i, k in enumerate(ref)}
    losses = {k: {"first": not v["first"]} for k, v in mixed.items()}
    assert bootstrap_low(mixed, losses, groups) < 0
