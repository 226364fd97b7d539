"""Fitting the ``evidence`` aligner on labelled papers, and scoring it
cross-paper (fitted on one paper, scored on another) so no figure is in-sample.

Platt scaling (scikit-learn's ``LogisticRegression`` on the one mixed score)
makes scores probabilities of a gold link; the per-comment cap and the link
threshold are then the micro-F1-optimal ones on the *training* paper(s) only.
"""

from __future__ import annotations

from collections.abc import Generator as Gen, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.align.base import candidate_edits
from engine.align.calibrate import Scored, calibrate_threshold, predictions
from engine.align.evidence import FEATURES, MIX, EvidenceAligner, mixed_score, probabilities
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


def mixed(pf: PaperFeatures, mix: Sequence[float] = MIX) -> np.ndarray:
    return mixed_score(pf.features, mix)


def fit_platt(train: Sequence[PaperFeatures], mix: Sequence[float] = MIX) -> tuple[float, float]:
    """Platt scaling ``(scale, offset)`` of the mixed score, over the pairs an edit can answer at all."""
    from sklearn.linear_model import LogisticRegression

    x = np.concatenate([mixed(pf, mix)[pf.allowed] for pf in train])[:, None]
    y = np.concatenate([pf.labels[pf.allowed] for pf in train]).astype(int)
    model = LogisticRegression(C=100.0, max_iter=1000).fit(x, y)
    return round(float(model.coef_[0][0]), 4), round(float(model.intercept_[0]), 4)


def scored(pf: PaperFeatures, scale: float, offset: float, mix: Sequence[float] = MIX) -> Scored:
    probs = probabilities(pf.features, pf.allowed, mix, scale, offset)
    return Scored([c.id for c in pf.paper.comments], pf.edit_ids, probs, pf.paper.gold)


#: Per-comment caps the fit chooses from.
CAPS = (3, 5)


def fit(train: Sequence[PaperFeatures], caps: Sequence[int] = CAPS, mix: Sequence[float] = MIX) -> dict[str, Any]:
    """Platt scaling, the per-comment cap and the micro-F1-optimal probability threshold, all from ``train``."""
    scale, offset = fit_platt(train, mix)
    items = [scored(pf, scale, offset, mix) for pf in train]
    (threshold, f1), cap = max(((calibrate_threshold(items, c), c) for c in caps), key=lambda x: (x[0][1], -x[1]))
    return {"scale": scale, "offset": offset, "threshold": round(threshold, 4), "max_edits": cap,
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
        probs = [scored(test, model["scale"], model["offset"])]
        pred = predictions(probs, model["threshold"], model["max_edits"])
        out.append({"train": [pf.paper.id for pf in train], "test": test.paper.id, **model,
                    **report([test.paper], pred), "counted": counted_links(test, probs, model),
                    "statuses": statuses(test, model)})
    return out


def counted_links(pf: PaperFeatures, probs: list[Scored], model: dict[str, Any]) -> dict[str, float]:
    """Micro precision, recall and F1 of the links that count towards a status (a probability of at least
    ``status.PARTLY_P``): the ones the letter, the report and the marked-up PDF cite. Weaker links are shown only as
    "closest edit, not counted"."""
    from engine.align.status import PARTLY_P
    from engine.metrics.alignment import micro_prf

    pred = predictions(probs, max(model["threshold"], PARTLY_P), model["max_edits"])
    prf = micro_prf({c.id: pf.paper.gold.get(c.id, set()) for c in pf.paper.comments}, pred)
    return {"threshold": PARTLY_P, "precision": round(100 * prf.precision, 1), "recall": round(100 * prf.recall, 1),
            "f1": round(100 * prf.f1, 1)}


def statuses(pf: PaperFeatures, model: dict[str, Any]) -> dict[str, Any]:
    """The comment statuses (``engine.align.status``) the fitted ``model`` gives ``pf``'s comments, split by whether
    the gold has an edit for the comment; ``agreement`` is the share of comments called addressed or partly
    exactly when the gold has an edit for them."""
    from engine.align.status import Status, status_from_probabilities

    probs = scored(pf, model["scale"], model["offset"]).matrix
    table: dict[str, dict[str, int]] = {}
    agree = 0
    for i, c in enumerate(pf.paper.comments):
        status = status_from_probabilities(dict(zip(pf.edit_ids, map(float, probs[i]))), model["threshold"])
        has = bool(pf.paper.gold.get(c.id))
        row = table.setdefault(status.value, {"with gold edits": 0, "without": 0})
        row["with gold edits" if has else "without"] += 1
        agree += has == (status in (Status.ADDRESSED, Status.PARTLY))
    return {"counts": table, "agreement": round(100 * agree / max(1, len(pf.paper.comments)), 1)}


def feature_names() -> tuple[str, ...]:
    return FEATURES
