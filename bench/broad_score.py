"""Broad comments: those that ask for a change throughout the paper (proofread, notation throughout, shorten,
restructure, "fix all the minor points"), whose many links lie beyond the ``learned`` aligner's per-comment cap and
first stage (docs/figures-align.md, "Session 26: broad comments").

``broad_features`` gives each comment the features a small logistic model (``BroadModel``) reads to say whether it is
broad; every feature is known before the first stage (the comment's text and fine type, the lexical evidence of its
row, the revision's edits). ``widen`` opens a broad comment's first stage to every edit compatible with its fine
type (``cues.compatible``). The features and the rule were fixed before any figure of the round. Measured by
``bench.measure_broad``; neither candidate passed its rule. Since session 29 the features and the model live in the
engine (``engine.align.broad``: the app's hint "answered in many places? mark it"); ``fit_broad``, ``choose_threshold``
stay here (``bench.measure_marked --write-hint`` fits the shipped ``broad.json``).
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from engine.align.broad import CUE, FEATURES, FORMAT, BroadModel, broad_features, placed  # noqa: F401 (the bench's names)
from engine.align.cues import SURFACE_TYPES


def compatible_edits(kinds: Sequence[str], surface: Sequence[bool], substantive: Sequence[bool]) -> np.ndarray:
    """Comments × edits: the edit's intent can answer the comment's fine type (``cues.compatible``)."""
    s = np.asarray(surface, dtype=bool)[None, :]
    sub = np.asarray(substantive, dtype=bool)[None, :]
    typo = np.array([k in SURFACE_TYPES for k in kinds], dtype=bool)[:, None]
    return np.where(s, typo, sub)


def widen(mask: np.ndarray, broad: np.ndarray, compatible: np.ndarray) -> np.ndarray:
    """``mask`` with each ``broad`` row opened to every ``compatible`` edit."""
    return mask | (broad[:, None] & compatible)


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
