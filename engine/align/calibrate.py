"""Tuning decision thresholds on labelled data (maximise micro-F1, as ARIES E does)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from engine.align.base import decide
from engine.metrics.alignment import micro_prf


@dataclass(frozen=True)
class Scored:
    """One paper's score matrix with its comment ids, candidate edit ids and gold pairs."""

    comment_ids: list[str]
    edit_ids: list[str]
    matrix: np.ndarray
    gold: dict[str, set[str]]


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
    """``(threshold, micro-F1)`` maximising micro-F1 over the comments in ``keep`` (all if None).

    With ``min_recall``, the highest threshold whose recall reaches it (a high-recall pre-filter).
    """
    gold = {cid: s.gold.get(cid, set()) for s in items for cid in s.comment_ids if keep is None or cid in keep}
    best = (float("inf"), -1.0)
    for t in sorted(candidate_thresholds(items), reverse=True):
        prf = micro_prf(gold, predictions(items, t, max_edits, keep))
        if min_recall is not None:
            if prf.recall >= min_recall:
                return t, prf.f1
            continue
        if prf.f1 > best[1]:
            best = (t, prf.f1)
    return best
