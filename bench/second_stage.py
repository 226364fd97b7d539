"""A second stage that reads each sentence with its neighbours (issue 33, round twelve, docs/comments.md).

The first stage scores each unit alone (the words model, and the fine-tuned encoder where it reads). This stage
maps those scores to a new probability from the unit's own first-stage logits, its neighbours' (previous and next
unit, the rest of its paragraph or list item, the review), its place (first or last of its paragraph, list item,
under a label such as "Minor comments", the section's kind), its length and its cues. It is fitted by
``bench.second_stage_oof`` on DISAPERE train's out-of-fold first-stage scores, as a logistic regression or a set
of trees (numbers only, JSON). Round twelve's rule kept neither (docs/comments.md): nothing ships, extraction uses
the first stage alone, and this stays a bench tool; ``bench.second_stage_corpus`` applies a fitted one to the
corpus's training part.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.reviews.cues import read_cues
from engine.reviews.segment import location_only, place_note
from engine.reviews.units import SentenceUnit

_CUES = ("request", "question", "negative", "weak", "soft", "explicit", "implied", "praise_only", "verdict",
         "vague", "summary")
FEATURES = (
    "logit", "words_logit", "read",
    "prev_logit", "prev_exists", "prev_same_block", "next_logit", "next_exists", "next_same_block",
    "block_others_max", "block_others_mean", "block_size", "review_mean", "review_size",
    "first_in_block", "last_in_block", "is_item", "index", "labelled", "skip", "kind_rich", "kind_poor",
    "words", "location_only", "place_note",
) + tuple(f"cue_{c}" for c in _CUES)


def _logit(p: np.ndarray) -> np.ndarray:
    q = np.clip(np.asarray(p, dtype=np.float64), 1e-4, 1 - 1e-4)
    return np.log(q / (1 - q))


def features(units: list[SentenceUnit], prob: np.ndarray, words: np.ndarray, read: np.ndarray) -> np.ndarray:
    """One row of ``FEATURES`` per unit of one review: ``prob`` the first stage's probability as extraction
    computes it, ``words`` the words model's alone, ``read`` whether the encoder read the unit."""
    n = len(units)
    x = np.zeros((n, len(FEATURES)), dtype=np.float64)
    if n == 0:
        return x
    z, zw = _logit(prob), _logit(words)
    blocks: dict[int, list[int]] = {}
    for k, u in enumerate(units):
        blocks.setdefault(u.block, []).append(k)
    mean = float(z.mean())
    for k, u in enumerate(units):
        mates = [j for j in blocks[u.block] if j != k]
        c = read_cues(u.text)
        row = [
            z[k], zw[k], float(read[k]),
            z[k - 1] if k > 0 else 0.0, float(k > 0), float(k > 0 and units[k - 1].block == u.block),
            z[k + 1] if k + 1 < n else 0.0, float(k + 1 < n), float(k + 1 < n and units[k + 1].block == u.block),
            max(z[j] for j in mates) if mates else 0.0, float(np.mean([z[j] for j in mates])) if mates else 0.0,
            np.log1p(len(blocks[u.block])), mean, np.log1p(n),
            float(u.index == 0), float(blocks[u.block][-1] == k), float(u.is_item), float(min(u.index, 5)),
            float(bool(u.label)), float(u.skip), float(u.kind == "rich"), float(u.kind == "poor"),
            np.log1p(len(u.text.split())), float(location_only(u.text)), float(place_note(u.text)),
        ] + [float(getattr(c, name)) for name in _CUES]
        x[k] = row
    return x


@dataclass
class SecondStage:
    """A fitted second stage: ``kind`` "logistic" (``mean``, ``scale``, ``coef``, ``intercept``) or "trees"
    (``baseline`` plus each tree's leaf value, trees as arrays of nodes), and its decision ``threshold``."""

    kind: str
    threshold: float
    mean: np.ndarray = field(default_factory=lambda: np.zeros(0))
    scale: np.ndarray = field(default_factory=lambda: np.ones(0))
    coef: np.ndarray = field(default_factory=lambda: np.zeros(0))
    intercept: float = 0.0
    baseline: float = 0.0
    trees: list[dict[str, np.ndarray]] = field(default_factory=list)
    meta: dict[str, Any] = field(default_factory=dict)

    def raw(self, x: np.ndarray) -> np.ndarray:
        """The log-odds of each row of ``x``."""
        if self.kind == "logistic":
            return ((x - self.mean) / self.scale) @ self.coef + self.intercept
        out = np.full(len(x), self.baseline)
        for t in self.trees:
            node = np.zeros(len(x), dtype=np.int64)
            for _ in range(int(t["depth"])):
                leaf = t["leaf"][node]
                go_left = x[np.arange(len(x)), t["feature"][node]] <= t["threshold"][node]
                node = np.where(leaf, node, np.where(go_left, t["left"][node], t["right"][node]))
            out += t["value"][node]
        return out

    def probability(self, x: np.ndarray) -> np.ndarray:
        return 1 / (1 + np.exp(-self.raw(x)))

    def predict(self, units: list[SentenceUnit], prob: np.ndarray, words: np.ndarray, read: np.ndarray) -> np.ndarray:
        """The second stage's probability of each unit of one review."""
        return self.probability(features(units, prob, words, read)) if units else np.zeros(0)

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"format": "redraft-comment-second-stage", "version": 1, "kind": self.kind,
                               "threshold": self.threshold, "features": list(FEATURES), "meta": self.meta}
        if self.kind == "logistic":
            out |= {"mean": self.mean.tolist(), "scale": self.scale.tolist(), "coef": self.coef.tolist(),
                    "intercept": self.intercept}
        else:
            out |= {"baseline": self.baseline, "trees": [{k: v.tolist() for k, v in t.items()} for t in self.trees]}
        return out

    @classmethod
    def from_json(cls, d: dict[str, Any]) -> "SecondStage":
        if d.get("format") != "redraft-comment-second-stage" or tuple(d["features"]) != FEATURES:
            raise ValueError("not a second stage of this version's features")
        if d["kind"] == "logistic":
            return cls("logistic", float(d["threshold"]), np.array(d["mean"]), np.array(d["scale"]),
                       np.array(d["coef"]), float(d["intercept"]), meta=d.get("meta", {}))
        trees = [{k: np.array(v) for k, v in t.items()} for t in d["trees"]]
        return cls("trees", float(d["threshold"]), baseline=float(d["baseline"]), trees=trees, meta=d.get("meta", {}))


def fit_logistic(x: np.ndarray, y: np.ndarray, c: float = 1.0, threshold: float = 0.5) -> SecondStage:
    from sklearn.linear_model import LogisticRegression

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 0, scale, 1.0)
    clf = LogisticRegression(C=c, max_iter=5000).fit((x - mean) / scale, y)
    return SecondStage("logistic", threshold, mean, scale, clf.coef_[0].astype(np.float64), float(clf.intercept_[0]))


def fit_trees(x: np.ndarray, y: np.ndarray, threshold: float = 0.5) -> SecondStage:
    from sklearn.ensemble import HistGradientBoostingClassifier

    clf = HistGradientBoostingClassifier(max_iter=200, learning_rate=0.05, max_leaf_nodes=15, min_samples_leaf=40,
                                         l2_regularization=1.0, early_stopping=False, random_state=0).fit(x, y)
    trees = []
    for (predictor,) in clf._predictors:  # one tree per iteration for two classes
        nodes = predictor.nodes
        trees.append({"feature": nodes["feature_idx"].astype(np.int64), "threshold": nodes["num_threshold"].astype(np.float64),
                      "left": nodes["left"].astype(np.int64), "right": nodes["right"].astype(np.int64),
                      "leaf": nodes["is_leaf"].astype(bool), "value": nodes["value"].astype(np.float64),
                      "depth": np.array(int(nodes["depth"].max()) + 1)})
    return SecondStage("trees", threshold, baseline=float(np.ravel(clf._baseline_prediction)[0]), trees=trees)
