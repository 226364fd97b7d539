"""Evaluating an aligner on gold papers: at its configured threshold, at the
threshold tuned on the same data (optimistic), and leave-one-reviewer-out
(thresholds tuned on the other reviewers' comments)."""

from __future__ import annotations

from collections.abc import Generator as Gen
from typing import Any

import numpy as np

from engine.align.base import ScoredAligner, candidate_edits, is_addition
from engine.align.calibrate import Scored, calibrate_threshold, predictions
from engine.align.gold import GoldPaper
from engine.jobs import CancelToken, Progress
from engine.metrics.alignment import alignment_scores


def iter_score_papers(
    aligner: ScoredAligner, papers: list[GoldPaper], cancel: CancelToken | None = None
) -> Gen[Progress, None, list[Scored]]:
    out = []
    for k, p in enumerate(papers):
        yield Progress(k, len(papers), f"{aligner.name}: {p.id}")
        edits = candidate_edits(p.diff, aligner.min_chars)
        if hasattr(aligner, "diff"):  # aligners that read where comments apply
            aligner.diff = p.diff
        matrix = yield from aligner.iter_scores(p.comments, edits, cancel)
        answered = getattr(aligner, "answered", None)  # the learned aligner's answered-at-all probabilities
        out.append(Scored([c.id for c in p.comments], [e.id for e in edits], matrix, p.gold,
                          np.array([answered[c.id] for c in p.comments], np.float32) if answered else None))
    return out


def report(papers: list[GoldPaper], pred: dict[str, set[str]]) -> dict[str, Any]:
    gold = {cid: ids for p in papers for cid, ids in p.gold.items()}
    groups = {c.id: p.id for p in papers for c in p.comments}
    added = {e.id for p in papers for e in p.diff.edits if is_addition(e)}
    by_comment = alignment_scores(gold, pred, added=added).to_dict()
    by_paper = alignment_scores(gold, pred, groups=groups, added=added).to_dict()
    out = {k: v for k, v in by_comment.items()}
    out["paper_macro_f1"] = by_paper["macro_f1"]
    return out


def evaluate_scored(aligner: ScoredAligner, papers: list[GoldPaper], scored: list[Scored]) -> dict[str, Any]:
    """Figures at the configured threshold, the tuned-on-test threshold, and leave-one-reviewer-out."""
    cap = aligner.max_edits
    configured = report(papers, predictions(scored, aligner.threshold, cap))
    tuned_t, _ = calibrate_threshold(scored, cap)
    tuned = report(papers, predictions(scored, tuned_t, cap))
    reviewers: dict[str, set[str]] = {}
    for p in papers:
        for c in p.comments:
            reviewers.setdefault(c.reviewer or "?", set()).add(c.id)
    loro_pred: dict[str, set[str]] = {}
    loro_thresholds = {}
    for name, held_out in reviewers.items():
        train = {cid for ids in reviewers.values() for cid in ids} - held_out
        t, _ = calibrate_threshold(scored, cap, keep=train) if train else (aligner.threshold, 0.0)
        loro_thresholds[name] = round(t, 4)
        loro_pred.update(predictions(scored, t, cap, keep=held_out))
    loro = report(papers, loro_pred)
    return {
        "method": aligner.name,
        "threshold": aligner.threshold,
        "configured": configured,
        "tuned_on_test": {**tuned, "threshold": round(tuned_t, 4)},
        "leave_one_reviewer_out": {**loro, "thresholds": loro_thresholds},
        "candidates": sum(len(s.edit_ids) for s in scored),
        "comments": sum(len(s.comment_ids) for s in scored),
    }


def cross_paper_thresholds(aligner: ScoredAligner, papers: list[GoldPaper], scored: list[Scored]) -> list[dict[str, Any]]:
    """For each paper: the threshold tuned (max micro-F1) on the other papers, figures on it."""
    cap = aligner.max_edits
    out = []
    for k, paper in enumerate(papers):
        train = [s for j, s in enumerate(scored) if j != k]
        if not train:
            continue
        t, _ = calibrate_threshold(train, cap)
        out.append({"train": [p.id for j, p in enumerate(papers) if j != k], "test": paper.id,
                    "threshold": round(t, 4), "max_edits": cap,
                    **report([paper], predictions([scored[k]], t, cap))})
    return out
