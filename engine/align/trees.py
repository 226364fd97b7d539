"""Gradient-boosted trees for the ``learned`` link model: their file form and a numpy evaluator.

The trees are fitted with scikit-learn's ``HistGradientBoostingClassifier`` (``engine.align.learn.fit_weights``
when ``learn.TREES`` is set; docs/figures-align.md, "Session 22") and exported by ``Forest.from_sklearn`` to plain
lists: per tree, per node, the split feature (-1 at a leaf), its threshold, where a missing value goes, the two
children and the leaf value. ``Forest.raw`` walks them in numpy: a feature, as the pair features are made
(float32), is compared with the threshold in float64 (exactly as scikit-learn compares), and the leaf values are
added tree after tree in float64, in scikit-learn's order, so no sum depends on how a CPU vectorises it.
``TreeLinkModel`` is a ``LinkModel`` whose logits are the forest's; the decision settings (threshold, cap, bands)
and the file's other fields are the logistic model's.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.align.evidence import sigmoid
from engine.align.link_model import FEATURES, LinkModel
from engine.errors import InputError

FORMAT = "redraft-align-link-trees"


@dataclass
class Forest:
    """Binary-classification trees: ``raw(x) = baseline + Σ_t leaf_t(x)`` (a logit). Arrays are trees × nodes,
    padded; a leaf (and padding) points to itself, so every tree is walked ``depth`` steps."""

    baseline: float
    feature: np.ndarray  # int, -1 at a leaf
    threshold: np.ndarray  # float64: x <= threshold goes left
    missing_left: np.ndarray  # bool: a NaN goes left
    left: np.ndarray
    right: np.ndarray
    value: np.ndarray  # float64 leaf values (0 at inner nodes)
    n_features: int
    #: The most splits from a root to a leaf, over all trees (the steps ``raw`` walks).
    depth: int

    @property
    def n_trees(self) -> int:
        return int(self.feature.shape[0])

    def raw(self, x: np.ndarray) -> np.ndarray:
        """The logit of each row of ``x`` (rows × ``n_features``), float64."""
        x = np.asarray(x)
        if x.ndim != 2 or x.shape[1] != self.n_features:
            raise ValueError(f"expected rows of {self.n_features} features, got shape {x.shape}")
        x = x.astype(np.float64)  # float32 features are exact in float64: the comparison is scikit-learn's
        n, k = x.shape
        t, w = self.feature.shape
        offset = (np.arange(t) * w)[:, None]  # the nodes of all trees in one flat array: tree j's at j·w …
        feat, thr, missing = np.maximum(self.feature, 0).ravel(), self.threshold.ravel(), self.missing_left.ravel()
        left, right = (self.left + offset).ravel(), (self.right + offset).ravel()
        node = np.repeat(offset, n, axis=1)  # trees × rows, each at its tree's root
        flat, row = x.ravel(), (np.arange(n) * k)[None, :]
        for _ in range(self.depth):
            v = flat[row + feat[node]]
            go_left = v <= thr[node]
            if np.isnan(v).any():
                go_left = np.where(np.isnan(v), missing[node], go_left)
            node = np.where(go_left, left[node], right[node])
        leaves = self.value.ravel()[node]
        out = np.full(n, self.baseline, dtype=np.float64)
        for j in range(t):  # tree after tree, as scikit-learn adds them
            out += leaves[j]
        return out

    def to_dict(self) -> dict[str, Any]:
        trees = []
        for k in range(self.n_trees):
            used = _reachable(self.left[k], self.right[k], self.feature[k])
            trees.append({"feature": self.feature[k, :used].tolist(), "threshold": self.threshold[k, :used].tolist(),
                          "missing_left": self.missing_left[k, :used].astype(int).tolist(),
                          "left": self.left[k, :used].tolist(), "right": self.right[k, :used].tolist(),
                          "value": self.value[k, :used].tolist()})
        return {"baseline": float(self.baseline), "n_features": int(self.n_features), "trees": trees}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> Forest:
        trees = raw["trees"]
        return cls.from_nodes(float(raw["baseline"]), int(raw["n_features"]), [
            [(f, th, bool(ml), le, ri, va) for f, th, ml, le, ri, va in
             zip(t["feature"], t["threshold"], t["missing_left"], t["left"], t["right"], t["value"])] for t in trees])

    @classmethod
    def from_nodes(cls, baseline: float, n_features: int, trees: list[list[tuple]]) -> Forest:
        """From per-tree node lists ``(feature, threshold, missing_left, left, right, value)`` (feature -1: a
        leaf, its children ignored)."""
        if not trees or any(not t for t in trees):
            raise InputError("a tree model without trees")
        width = max(len(t) for t in trees)
        shape = (len(trees), width)
        feature, left, right = (np.full(shape, -1, np.int64), np.zeros(shape, np.int64), np.zeros(shape, np.int64))
        threshold, value = np.zeros(shape, np.float64), np.zeros(shape, np.float64)
        missing = np.zeros(shape, bool)
        for k, nodes in enumerate(trees):
            left[k], right[k] = np.arange(width), np.arange(width)  # padding and leaves point to themselves
            for j, (f, th, ml, le, ri, va) in enumerate(nodes):
                if not -1 <= int(f) < n_features:
                    raise InputError(f"tree {k}: split feature {f} out of range")
                feature[k, j], missing[k, j] = int(f), bool(ml)
                if int(f) >= 0:
                    if not (0 < int(le) < len(nodes) and 0 < int(ri) < len(nodes)):
                        raise InputError(f"tree {k}: node {j} has a child out of range")
                    threshold[k, j], left[k, j], right[k, j] = float(th), int(le), int(ri)
                else:
                    value[k, j] = float(va)
        depth = max(_tree_depth(nodes, k) for k, nodes in enumerate(trees))
        return cls(float(baseline), feature, threshold, missing, left, right, value, int(n_features), depth)

    @classmethod
    def from_sklearn(cls, model: Any) -> Forest:
        """The trees of a fitted binary ``HistGradientBoostingClassifier`` (numerical features only)."""
        if getattr(model, "n_trees_per_iteration_", 1) != 1:
            raise ValueError("only binary classifiers are exported")
        trees = []
        for (predictor,) in model._predictors:
            nodes = predictor.nodes
            if np.any(nodes["is_categorical"]):
                raise ValueError("categorical splits are not exported")
            trees.append([(-1 if leaf else int(f), float(th), bool(ml), int(le), int(ri), float(va))
                          for f, th, ml, le, ri, va, leaf in zip(
                              nodes["feature_idx"], nodes["num_threshold"], nodes["missing_go_to_left"],
                              nodes["left"], nodes["right"], nodes["value"], nodes["is_leaf"])])
        return cls.from_nodes(float(np.ravel(model._baseline_prediction)[0]), int(model.n_features_in_), trees)


def _reachable(left: np.ndarray, right: np.ndarray, feature: np.ndarray) -> int:
    """How many leading nodes of one padded tree are real (1 + the largest child index of an inner node)."""
    inner = np.flatnonzero(feature >= 0)
    return 1 + int(max(left[inner].max(), right[inner].max())) if inner.size else 1


def _tree_depth(nodes: list[tuple], k: int) -> int:
    """The most splits from the root of one tree (node lists as ``Forest.from_nodes`` takes them) to a leaf; a node
    reached twice (a cycle, or a shared child) is refused."""
    seen, stack, depth = set(), [(0, 0)], 0
    while stack:
        j, d = stack.pop()
        if j in seen:
            raise InputError(f"tree {k}: node {j} is reached twice")
        seen.add(j)
        if int(nodes[j][0]) >= 0:
            stack += [(int(nodes[j][3]), d + 1), (int(nodes[j][4]), d + 1)]
        else:
            depth = max(depth, d)
    return depth


@dataclass
class TreeLinkModel(LinkModel):
    """A ``LinkModel`` whose logit is a gradient-boosted forest over ``features`` (raw, not standardised)."""

    forest: Forest | None = None

    def logits(self, x: np.ndarray) -> np.ndarray:
        shape = x.shape[:-1]
        return self.forest.raw(x.reshape(-1, x.shape[-1])).reshape(shape)

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """As ``LinkModel.probabilities``, the forest walked for the ``mask`` pairs only."""
        out = np.zeros(mask.shape, dtype=np.float32)
        if mask.any():
            out[mask] = sigmoid(self.forest.raw(x[mask]))
        return out

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "version": 1, "features": list(self.features), "forest": self.forest.to_dict(),
                **self.settings_dict()}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> TreeLinkModel:
        if raw.get("format") != FORMAT:
            raise InputError("not a Redraft tree alignment model")
        if tuple(raw["features"]) != FEATURES:
            raise InputError("alignment model features differ from this version's (refit it)")
        return with_forest(Forest.from_dict(raw["forest"]), float(raw["threshold"]), int(raw["max_edits"]),
                           dict(raw["bands"]), dict(raw.get("meta", {})), int(raw["first_stage"]))


def with_forest(forest: Forest, threshold: float = 0.5, max_edits: int = 5, bands: dict[str, float] | None = None,
                meta: dict[str, Any] | None = None, first_stage: int | None = None) -> TreeLinkModel:
    """A ``TreeLinkModel`` over ``FEATURES`` (its linear fields unused: zeros)."""
    from engine.align.link_model import FIRST_STAGE

    if forest.n_features != len(FEATURES):
        raise InputError("alignment model features differ from this version's (refit it)")
    k = len(FEATURES)
    zeros = np.zeros(k, np.float32)
    return TreeLinkModel(FEATURES, zeros, np.ones(k, np.float32), zeros, 0.0, threshold, max_edits,
                         bands if bands is not None else {"addressed": 0.5, "partly": 0.35}, meta or {},
                         FIRST_STAGE if first_stage is None else first_stage, forest)
