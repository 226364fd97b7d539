"""Broad comments: those that ask for a change throughout the paper (proofread, notation throughout, shorten,
restructure, "fix all the minor points"), whose many links lie beyond the ``learned`` aligner's per-comment cap and
first stage (docs/figures-align.md, "Session 26: broad comments").

``broad_features`` gives each comment the features a small logistic model (``BroadModel``) reads to say whether it is
broad; every feature is known before the first stage (the comment's text and fine type, the lexical evidence of its
row, the revision's edits). ``widen`` opens a broad comment's first stage to every edit compatible with its fine
type (``cues.compatible``). The features and the rule were fixed before any figure of the round. Measured by
``bench.measure_broad``; neither candidate passed its rule, so nothing of it is in the engine.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.align.cues import SURFACE_TYPES, proofreading
from engine.align.evidence import FEATURES as EVIDENCE_FEATURES, sigmoid
from engine.models.linear import StandardisedLinear, read_weights
from engine.reviews.fine_types import fine_type
from engine.reviews.model import FINE_TYPES, ReviewComment

#: Words of a request for a change throughout the paper (fixed before any figure; not tuned).
CUE = re.compile(
    r"\b(?:throughout|whole (?:paper|manuscript|text|document)|entire (?:paper|manuscript|text)|everywhere|"
    r"proof-?read\w*|typos?|typographic\w*|grammar|grammatical|spelling|english|language|notations?|"
    r"consistent(?:ly)?|inconsisten\w*|shorten\w*|concise\w*|too long|lengthy|restructur\w*|reorgani[sz]\w*|"
    r"rewrit\w*|polish\w*|carefully|all (?:the )?(?:minor|typos|figures|tables|equations|references|comments|"
    r"points))\b", re.I)

FEATURES = ("cue", "proofread", "unplaced", "linkable", "surface_edits", "edits", "words") + tuple(
    f"type_{t}" for t in FINE_TYPES if t != "criticism")

FORMAT = "redraft-align-broad"


def placed(evidence: np.ndarray) -> np.ndarray:
    """Comments × edits: the pair has ``located``, ``named`` or ``quoted`` evidence (from the evidence tensor)."""
    ev = {name: k for k, name in enumerate(EVIDENCE_FEATURES)}
    return (evidence[:, :, [ev["located"], ev["named"], ev["quoted"]]] > 0).any(axis=2)


def broad_features(comments: Sequence[ReviewComment], place: np.ndarray, allowed: np.ndarray,
                   surface: Sequence[bool]) -> np.ndarray:
    """Comments × ``FEATURES`` (float64) from the pairs with a place (``placed``: the comment is located at the
    edit's paragraph, names its section, figure, table or equation, or quotes words it changed), the evidence
    aligner's linkable pairs and each candidate edit's surface intent."""
    n_edits = len(surface)
    n_surface = int(sum(bool(s) for s in surface))
    out = np.zeros((len(comments), len(FEATURES)), dtype=np.float64)
    col = {f: k for k, f in enumerate(FEATURES)}
    for i, c in enumerate(comments):
        text = c.full_text
        has_place = bool(n_edits) and bool(place[i].any())
        row = {"cue": float(bool(CUE.search(text))), "proofread": float(bool(proofreading(text))),
               "unplaced": float(not has_place),
               "linkable": float(np.log1p(int(allowed[i].sum()) if n_edits else 0)),
               "surface_edits": float(np.log1p(n_surface)), "edits": float(np.log1p(n_edits)),
               "words": float(np.log1p(len(text.split())))}
        kind = fine_type(c)
        if kind != "criticism":
            row[f"type_{kind}"] = 1.0
        for name, v in row.items():
            out[i, col[name]] = v
    return out


def compatible_edits(kinds: Sequence[str], surface: Sequence[bool], substantive: Sequence[bool]) -> np.ndarray:
    """Comments × edits: the edit's intent can answer the comment's fine type (``cues.compatible``)."""
    s = np.asarray(surface, dtype=bool)[None, :]
    sub = np.asarray(substantive, dtype=bool)[None, :]
    typo = np.array([k in SURFACE_TYPES for k in kinds], dtype=bool)[:, None]
    return np.where(s, typo, sub)


def widen(mask: np.ndarray, broad: np.ndarray, compatible: np.ndarray) -> np.ndarray:
    """``mask`` with each ``broad`` row opened to every ``compatible`` edit."""
    return mask | (broad[:, None] & compatible)


@dataclass
class BroadModel(StandardisedLinear):
    """Whether a comment is broad: a logistic regression over ``FEATURES`` and its threshold."""

    threshold: float = 1.0
    meta: dict[str, Any] = field(default_factory=dict)

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        if not len(x):
            return np.zeros(0)
        return sigmoid(self.logits(np.asarray(x, dtype=np.float64)))

    def broad(self, x: np.ndarray) -> np.ndarray:
        """Which comments are broad (their probability reaches the threshold)."""
        return self.probabilities(x) >= self.threshold

    def to_dict(self) -> dict[str, Any]:
        return {"format": FORMAT, "features": list(self.features), **self.weights_dict(),
                "threshold": round(float(self.threshold), 6), "meta": self.meta}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> "BroadModel":
        mean, scale, coef, intercept = read_weights(raw, FORMAT, "broad-comment model", FEATURES, np.float64)
        return cls(FEATURES, mean, scale, coef, intercept, float(raw["threshold"]), dict(raw.get("meta", {})))


def fit_broad(x: np.ndarray, y: np.ndarray, c: float = 0.1) -> BroadModel:
    """The logistic regression on comment rows ``x`` (labels ``y``: more than 5 gold links), standardised; its
    threshold left at 1.0 (``choose_threshold`` sets it)."""
    from sklearn.linear_model import LogisticRegression

    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-9, scale, 1.0)
    if len(set(y.tolist())) < 2:
        return BroadModel(FEATURES, mean, scale, np.zeros(len(FEATURES)), -50.0)
    lr = LogisticRegression(C=c, max_iter=2000, random_state=0).fit((x - mean) / scale, y)
    return BroadModel(FEATURES, mean, scale, lr.coef_[0].astype(np.float64), float(lr.intercept_[0]))


def choose_threshold(probs: np.ndarray, y: np.ndarray) -> float:
    """The probability that maximises the F1 of "broad" against ``y`` (ties: the higher); 1.0 when no value calls a
    broad comment right."""
    best, out = 0.0, 1.0
    positives = int(np.sum(y))
    for t in sorted(set(probs.tolist()), reverse=True):
        called = probs >= t
        tp = int(np.sum(called & (y > 0)))
        f1 = 2 * tp / (int(called.sum()) + positives) if positives else 0.0
        if f1 > best:
            best, out = f1, float(t)
    return out
