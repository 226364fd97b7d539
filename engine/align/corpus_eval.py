"""Figures of aligners on the revisions corpus (issue 32): per paper and pooled.

Per paper: link micro-F1 (the links shown: at or above the method's threshold, at most its cap), hit@1 and hit@3
(the best-scored edit, or one of the three best, is a gold edit; over answered comments: those with a gold edit),
*found* (answered comments called addressed or partly) and *wrong "addressed"* ("addressed" calls on comments
without a gold edit, over all "addressed" calls), and its cost, *unanswered called found* (comments without a gold
edit called addressed or partly, over those comments). ``learned`` is scored leave-papers-out on the training part
(``engine.align.learn``) or, on the checked part, with the model fitted on all of the training part.
"""

from __future__ import annotations

import statistics
from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from engine.align.calibrate import Scored, predictions

#: A comment's status from its row of probabilities (and its answered-at-all probability, when the scores carry
#: one): "addressed", "partly" or "not".
StatusOf = Callable[..., str]


def app_status(row: np.ndarray, answered: float | None = None) -> str:
    """The app's status of a calibrated aligner's row (``engine.align.status``), from the comment's answered-at-all
    probability when it has one (both on the status scale)."""
    from engine.align.status import Status, status_from_answered, status_from_probabilities

    probs = {str(j): float(p) for j, p in enumerate(row)}
    s = status_from_probabilities(probs) if answered is None else status_from_answered(probs, answered)
    return {Status.ADDRESSED: "addressed", Status.PARTLY: "partly"}.get(s, "not")


def linked_status(threshold: float) -> StatusOf:
    """Uncalibrated methods: a comment with a link shown is addressed (the app counts chosen links as sure)."""
    return lambda row, answered=None: "addressed" if row.size and float(row.max()) >= threshold else "not"


def figures(s: Scored, threshold: float, cap: int | None, status_of: StatusOf) -> dict[str, int]:
    """Counts for one paper (summed for pooled figures)."""
    pred = predictions([s], threshold, cap)
    out = dict.fromkeys(COUNTS, 0)
    for i, cid in enumerate(s.comment_ids):
        row = s.matrix[i] if s.matrix.size else np.zeros(0)
        status = status_of(row) if s.answered is None else status_of(row, float(s.answered[i]))
        tally(out, s.gold.get(cid, set()), pred.get(cid, set()), row, s.edit_ids, status)
    return out


#: What ``figures`` counts for a paper.
COUNTS = ("tp", "fp", "fn", "answered", "hit1", "hit3", "found", "addressed", "wrong", "unanswered", "unanswered found")


def tally(out: dict[str, int], gold: set, got: set, row: np.ndarray, edit_ids: Sequence[str], status: str) -> None:
    """One comment's counts added to ``out``: its gold and shown links, its best three edits by ``row``'s scores
    (over ``edit_ids``) and its status ("addressed", "partly" or "not")."""
    out["tp"] += len(gold & got)
    out["fp"] += len(got - gold)
    out["fn"] += len(gold - got)
    out["addressed"] += status == "addressed"
    if not gold:
        out["wrong"] += status == "addressed"
        out["unanswered"] += 1
        out["unanswered found"] += status in ("addressed", "partly")
        return
    out["answered"] += 1
    order = [edit_ids[j] for j in np.argsort(-row, kind="stable")[:3] if row[j] > 0]
    out["hit1"] += bool(order[:1] and order[0] in gold)
    out["hit3"] += bool(set(order) & gold)
    out["found"] += status in ("addressed", "partly")


def rates(c: dict[str, int]) -> dict[str, float | None]:
    def pct(a: int, b: int) -> float | None:
        return round(100 * a / b, 1) if b else None

    p, r = pct(c["tp"], c["tp"] + c["fp"]), pct(c["tp"], c["tp"] + c["fn"])
    f1 = pct(2 * c["tp"], 2 * c["tp"] + c["fp"] + c["fn"])
    return {"P": p, "R": r, "F1": f1 if f1 is not None else (0.0 if c["fp"] + c["fn"] else None),
            "hit@1": pct(c["hit1"], c["answered"]), "hit@3": pct(c["hit3"], c["answered"]),
            "found": pct(c["found"], c["answered"]), "wrong addressed": pct(c["wrong"], c["addressed"]),
            "addressed calls": c["addressed"], "answered": c["answered"],
            "unanswered called found": pct(c["unanswered found"], c["unanswered"]), "unanswered": c["unanswered"]}


KEYS = ("F1", "hit@1", "hit@3", "found", "wrong addressed")


def summarise(per_paper: dict[str, dict[str, int]]) -> dict[str, Any]:
    """Pooled rates, per-paper rates and their mean and sd (papers where a rate is defined)."""
    pooled = {k: sum(c[k] for c in per_paper.values()) for k in next(iter(per_paper.values()))}
    papers = {pid: rates(c) for pid, c in per_paper.items()}
    spread = {}
    for k in KEYS:
        vals = [r[k] for r in papers.values() if r[k] is not None]
        spread[k] = {"mean": round(statistics.fmean(vals), 1) if vals else None,
                     "sd": round(statistics.stdev(vals), 1) if len(vals) > 1 else None, "papers": len(vals)}
    return {"pooled": rates(pooled), "papers": papers, "spread": spread}


def score_method(items: Sequence[tuple[Scored, float, int | None, StatusOf]]) -> dict[str, Any]:
    return summarise({_pid(s): figures(s, t, cap, st) for s, t, cap, st in items})


def _pid(s: Scored) -> str:
    return s.comment_ids[0].split("/")[0] if s.comment_ids else "?"


def reliability(items: Sequence[Scored], bins: int = 10) -> list[dict[str, float]]:
    """Pairs with a probability above 0, in equal-width bins: mean probability, share that are gold links, count."""
    p = np.concatenate([s.matrix.ravel() for s in items])
    y = np.concatenate([[s.edit_ids[j] in s.gold.get(cid, set()) for cid in s.comment_ids
                         for j in range(len(s.edit_ids))] for s in items]).astype(float)
    keep = p > 0
    return _binned(p[keep], y[keep], bins, "pairs")


def _binned(p: np.ndarray, y: np.ndarray, bins: int, unit: str) -> list[dict[str, float]]:
    out = []
    for k in range(bins):
        sel = (p >= k / bins) & ((p < (k + 1) / bins) if k < bins - 1 else (p <= 1))
        if sel.any():
            out.append({"bin": round(k / bins, 2), "mean_p": round(float(p[sel].mean()), 3),
                        "observed": round(float(y[sel].mean()), 3), unit: int(sel.sum())})
    return out


def answered_reliability(items: Sequence[Scored], bins: int = 10) -> list[dict[str, float]]:
    """Comments in equal-width bins of their answered-at-all probability (raw): mean probability, share answered
    (a gold edit), count."""
    p = np.concatenate([s.answered for s in items if s.answered is not None])
    y = np.concatenate([[bool(s.gold.get(cid)) for cid in s.comment_ids] for s in items if s.answered is not None])
    return _binned(p, y.astype(float), bins, "comments")
