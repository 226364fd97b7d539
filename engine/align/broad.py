"""Broad comments, the app's hint (issue 32, session 29): a comment that asks for a change throughout the paper
(proofread, notation throughout, shorten, restructure) has its many right edits scored low, and the author can mark it
"answered throughout the paper" (``engine.align.throughout``). The ``learned`` aligner calls a comment *broad* with
broad20's score (session 26: a small logistic model over ``FEATURES``, all known before the first stage, and its
threshold), and the app says, quietly, "answered in many places? mark it". It is right about one time in three on the
training folds (docs/figures-align.md, session 29), so it only suggests: it changes no link and no status.
``resources/models/align/broad.json`` (PROVENANCE.md) is fitted on the training part only (``bench.broad_score``)."""

from __future__ import annotations

import json
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from engine.align.cues import proofreading
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
                   surface: Sequence[bool], asks: Sequence[frozenset[str]] | None = None) -> np.ndarray:
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
        asked = proofreading(text) if asks is None else asks[i]  # the evidence aligner's, when it has them
        row = {"cue": float(bool(CUE.search(text))), "proofread": float(bool(asked)),
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


@lru_cache(maxsize=1)
def shipped_broad() -> BroadModel:
    """The broad-comment model fitted on the training part (``resources/models/align/broad.json``)."""
    from engine.resources import resource

    return BroadModel.from_dict(json.loads(resource("models", "align", "broad.json").read_text(encoding="utf-8")))


def broad_hints(comments: Sequence[ReviewComment], evidence: np.ndarray, allowed: np.ndarray,
                surface: Sequence[bool], asks: Sequence[frozenset[str]] | None = None) -> list[bool]:
    """Which comments the shipped model calls broad, from the aligner's evidence tensor, its linkable pairs, each
    candidate edit's surface intent and (``asks``) each comment's ``cues.proofreading``, as ``broad_features`` reads
    them."""
    if not comments:
        return []
    return shipped_broad().broad(broad_features(comments, placed(evidence), allowed, surface, asks)).tolist()
