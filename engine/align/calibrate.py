"""Tuning decision thresholds on labelled data (maximise micro-F1, as ARIES E does)."""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.align.base import decide


@dataclass(frozen=True)
class Scored:
    """One paper's score matrix with its comment ids, candidate edit ids and gold pairs."""

    comment_ids: list[str]
    edit_ids: list[str]
    matrix: np.ndarray
    gold: dict[str, set[str]]
    #: Each comment's answered-at-all probability (``engine.align.answered``), when its statuses read one.
    answered: np.ndarray | None = None


def predictions(items: Sequence[Scored], threshold: float, max_edits: int | None,
                keep: set[str] | None = None) -> dict[str, set[str]]:
    out: dict[str, set[str]] = {}
    for s in items:
        picked = decide(s.matrix, threshold, max_edits) if s.edit_ids else [[] for _ in s.comment_ids]
        for i, cid in enumerate(s.comment_ids):
            if keep is None or cid in keep:
                out[cid] = {s.edit_ids[j] for j in picked[i]}
    return out


def candidate_thresholds(items: Sequence[Scored], limit: int = 400) -> list[float]:
    values = np.unique(np.concatenate([s.matrix.ravel() for s in items if s.matrix.size] or [np.zeros(1)]))
    if len(values) > limit:
        values = np.unique(np.quantile(values, np.linspace(0, 1, limit)))
    return [float(v) for v in values] + [float(values.max()) + 1e-6]


def calibrate_threshold(
    items: Sequence[Scored], max_edits: int | None = None, keep: set[str] | None = None,
    min_recall: float | None = None,
) -> tuple[float, float]:
    """``(threshold, micro-F1)`` maximising micro-F1 over the comments in ``keep`` (all if None); among equal
    F1s, the highest threshold. The links at a threshold are ``predictions``' (each row's edits at or above it,
    best first, at most ``max_edits``), counted for every candidate threshold at once from each row sorted once.

    With ``min_recall``, the highest threshold whose recall reaches it (a high-recall pre-filter).
    """
    thresholds = np.array(sorted(candidate_thresholds(items), reverse=True))
    tp, shown, golds = np.zeros(len(thresholds)), np.zeros(len(thresholds)), 0
    for s in items:
        for i, cid in enumerate(s.comment_ids):
            if keep is not None and cid not in keep:
                continue
            gold = s.gold.get(cid, set())
            golds += len(gold)
            if not s.edit_ids:
                continue
            order = np.argsort(-s.matrix[i], kind="stable")  # as ``decide`` orders a row
            values = s.matrix[i][order].astype(np.float64)
            hits = np.cumsum([s.edit_ids[j] in gold for j in order])
            n = np.searchsorted(-values, -thresholds, side="right")  # edits at or above each threshold
            if max_edits:
                n = np.minimum(n, max_edits)
            tp += np.where(n > 0, hits[np.maximum(n - 1, 0)], 0)
            shown += n
    f1 = np.where(tp > 0, 2 * tp / np.maximum(shown + golds, 1), 0.0)
    if min_recall is not None:
        reached = np.flatnonzero((tp / golds if golds else np.zeros(len(tp))) >= min_recall)
        return (float(thresholds[reached[0]]), float(f1[reached[0]])) if len(reached) else (float("inf"), -1.0)
    k = int(np.argmax(f1))
    return float(thresholds[k]), float(f1[k])


def status_bands(probs: np.ndarray, answered: np.ndarray, grid: Sequence[float], max_wrong: float,
                 shown: np.ndarray | None = None, min_found: float | None = None) -> dict[str, float]:
    """Status bands on comment probabilities, chosen on labelled comments: ``addressed``, the lowest ``grid`` value
    whose "addressed" calls (among the ``shown`` comments, all by default) are wrong at most ``max_wrong`` of the
    time, 1.0 when none is; ``partly``, the value not above it that best separates answered comments from the rest
    (found rate minus false-found rate) or, with ``min_found``, the highest value not above it whose calls (shown
    comments at or above it) still find that share of the answered comments (the lowest value when none does). Both
    rounded down to 4 decimals, so a band keeps the comments it was chosen to keep. Used by the link model's bands
    (``engine.align.learn``) and the answered-at-all model's (``engine.align.learn_answered``)."""
    shown = np.ones(len(probs), dtype=bool) if shown is None else shown
    addressed = 1.0
    for t in grid:
        calls = (probs >= t) & shown
        if calls.sum() >= 3 and (calls & ~answered).sum() <= max_wrong * calls.sum():
            addressed = float(t)
            break
    best, partly = -1.0, addressed
    below = [g for g in grid if g <= addressed]
    for t in below:
        flagged = (probs >= t) & shown
        if min_found is not None:
            if t == below[0] or (answered.any() and flagged[answered].mean() >= min_found):
                partly = float(t)
            continue
        j = flagged[answered].mean() - (flagged[~answered].mean() if (~answered).any() else 0.0)
        if j > best:
            best, partly = j, float(t)
    return {"addressed": _down(addressed), "partly": _down(partly)}


def _down(value: float) -> float:
    return math.floor(value * 1e4 + 1e-6) / 1e4
