"""Fitting the ``evidence`` aligner's weights and decision threshold on labelled
papers, and scoring them cross-paper (fit on one paper, score on another) so
no figure is in-sample.

scikit-learn's ``LogisticRegression`` gives the weights (so scores are
probabilities of a gold link); the link threshold is then the micro-F1-optimal
one on the *training* paper(s) only.
"""

from __future__ import annotations

from collections.abc import Generator as Gen, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.align.base import candidate_edits
from engine.align.calibrate import Scored, calibrate_threshold, predictions
from engine.align.evidence import FEATURES, EvidenceAligner, sigmoid
from engine.align.gold import GoldPaper
from engine.jobs import CancelToken, Progress, run_job


@dataclass
class PaperFeatures:
    paper: GoldPaper
    edit_ids: list[str]
    features: np.ndarray  # comments × edits × features
    allowed: np.ndarray  # comments × edits, bool
    labels: np.ndarray  # comments × edits, 0/1


def iter_paper_features(
    aligner: EvidenceAligner, papers: Sequence[GoldPaper], cancel: CancelToken | None = None,
) -> Gen[Progress, None, list[PaperFeatures]]:
    out = []
    for k, p in enumerate(papers):
        yield Progress(k, len(papers), f"evidence: {p.id}")
        edits = candidate_edits(p.diff, aligner.min_chars)
        aligner.diff = p.diff
        feats, allowed = yield from aligner.iter_features(p.comments, edits, cancel)
        labels = np.array([[e.id in p.gold.get(c.id, set()) for e in edits] for c in p.comments], dtype=np.float32)
        out.append(PaperFeatures(p, [e.id for e in edits], feats, allowed, labels))
    return out


def paper_features(aligner: EvidenceAligner, papers: Sequence[GoldPaper]) -> list[PaperFeatures]:
    return run_job(iter_paper_features(aligner, papers))


def fit_weights(train: Sequence[PaperFeatures], c: float = 1.0) -> tuple[list[float], float]:
    """Logistic-regression weights and bias over the pairs an edit can answer at all."""
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([pf.features[pf.allowed] for pf in train])
    y = np.concatenate([pf.labels[pf.allowed] for pf in train])
    model = LogisticRegression(C=c, max_iter=1000)
    model.fit(x, y.astype(int))
    return [round(float(w), 4) for w in model.coef_[0]], round(float(model.intercept_[0]), 4)


def scored(pf: PaperFeatures, weights: Sequence[float], bias: float) -> Scored:
    probs = np.where(pf.allowed, sigmoid(pf.features @ np.asarray(weights, dtype=np.float32) + bias), 0.0)
    return Scored([c.id for c in pf.paper.comments], pf.edit_ids, probs.astype(np.float32), pf.paper.gold)


#: Per-comment caps the fit chooses from.
CAPS = (1, 2, 3, 5)


def fit(train: Sequence[PaperFeatures], caps: Sequence[int] = CAPS) -> dict[str, Any]:
    """Weights, bias, the per-comment cap and the micro-F1-optimal threshold, all from ``train``."""
    weights, bias = fit_weights(train)
    items = [scored(pf, weights, bias) for pf in train]
    best = max(((calibrate_threshold(items, cap), cap) for cap in caps), key=lambda x: (x[0][1], -x[1]))
    (threshold, f1), cap = best
    return {"weights": weights, "bias": bias, "threshold": round(threshold, 4), "max_edits": cap,
            "train_f1": round(100 * f1, 1)}


def cross_paper(features: Sequence[PaperFeatures], caps: Sequence[int] = CAPS) -> list[dict[str, Any]]:
    """For each paper: fitted on all the others, scored on it (needs two papers or more)."""
    from engine.align.evaluate import report

    out = []
    for k, test in enumerate(features):
        train = [pf for j, pf in enumerate(features) if j != k]
        if not train:
            continue
        model = fit(train, caps)
        pred = predictions([scored(test, model["weights"], model["bias"])], model["threshold"], model["max_edits"])
        out.append({"train": [pf.paper.id for pf in train], "test": test.paper.id, **model,
                    **report([test.paper], pred)})
    return out


def feature_names() -> tuple[str, ...]:
    return FEATURES
