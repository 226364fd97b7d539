"""Reviewers × submissions expertise scores: the scorer registry, the fused
scorer, area-chair input/output in the OpenReview expertise format, and the
1–5 expertise estimate.

The fused scorer maps each paper-level similarity (sublinear TF-IDF cosine and
embedding cosine) to its percentile in a fixed reference distribution, averages
the two percentiles with equal weight and aggregates per reviewer with ACL's
top-3 rule. The reference tables are quantiles of the similarities of all
(submission, profile paper) pairs in the gold-standard data's first profile
draw (unlabelled: no rating went into them), with fine steps in the upper tail
where the top-3 papers live. Fixed tables keep the score absolute, so one paper
against one profile scores on the same scale as a whole track.
"""

from __future__ import annotations

from collections.abc import Generator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from engine.errors import InputError
from engine.expertise.profile import DEFAULT_RECENT, Paper, Profile, paper_from_record, read_openreview_jsonl, select_recent
from engine.expertise.scorers import (
    TPMS_REGIMES, Corpus, aggregate, embedding_paper_similarity, tfidf_paper_similarity, tpms_scores,
)
from engine.jobs import CancelToken, Progress, run_job
from engine.jsontext import parse_json

SCORERS = ["fused", "tpms", "tpms-title", "tpms-full",
           "tfidf-top3", "tfidf-max", "tfidf-mean", "embed-top3", "embed-max", "embed-mean"]
DEFAULT_SCORER = "fused"

_QUANTILES = np.array([
    0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3, 0.35, 0.4, 0.45, 0.5, 0.55, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9,
    0.943766, 0.968377, 0.982217, 0.99, 0.994377, 0.996838, 0.998222, 0.999, 0.999438, 0.999684, 0.999822,
    0.9999, 0.999944, 0.999968, 1.0,
])
#: TF-IDF cosine at each quantile (profile + submission IDF, title + abstract).
_TFIDF_REFERENCE = np.array([
    0.0, 0.0073, 0.0123, 0.0162, 0.0196, 0.0227, 0.0258, 0.0287, 0.0316, 0.0346, 0.0377, 0.0409, 0.0444,
    0.0482, 0.0523, 0.057, 0.0628, 0.07, 0.08, 0.0945, 0.1103, 0.1273, 0.1471, 0.1691, 0.1932, 0.219,
    0.2429, 0.2697, 0.2956, 0.3306, 0.3634, 0.6191, 0.9999, 1.0,
])
#: all-MiniLM-L6-v2 cosine at each quantile. Another encoder gets its own
#: table from the similarities in hand (see ``percentiles``).
_EMBED_REFERENCE = np.array([
    -0.2307, 0.0028, 0.0472, 0.0804, 0.1084, 0.1329, 0.1556, 0.1771, 0.1981, 0.2185, 0.2388, 0.2594,
    0.2804, 0.3023, 0.3251, 0.3498, 0.3769, 0.4072, 0.4435, 0.4863, 0.5227, 0.5563, 0.5882, 0.6176,
    0.6443, 0.6716, 0.698, 0.7216, 0.7417, 0.7645, 0.7926, 0.8874, 0.9999, 1.0,
])
MINILM_NAME = "all-MiniLM-L6-v2"

#: Fused score -> self-reported expertise (1-5): isotonic regression of the
#: gold-standard dev ratings on the fused score, read at the 1st..99th
#: percentiles of the score and interpolated linearly between them.
_CALIBRATION_SCORE = np.array([0.87, 1.22, 1.53, 1.71, 1.80, 1.825, 1.831])
_CALIBRATION_RATING = np.array([1.37, 2.82, 3.18, 3.75, 3.96, 4.52, 4.75])


def percentiles(sim: np.ndarray, reference: np.ndarray | None) -> np.ndarray:
    """Similarities as percentiles of a reference table (or of their own distribution)."""
    if reference is None:
        reference = np.quantile(sim, _QUANTILES) if sim.size else _QUANTILES
    return np.interp(sim, reference, _QUANTILES).astype(np.float32)


def expertise_estimate(fused_score: float | np.ndarray) -> Any:
    """A 1–5 expertise estimate from a fused score (calibrated on the gold-standard dev ratings)."""
    return np.interp(fused_score, _CALIBRATION_SCORE, _CALIBRATION_RATING)


@dataclass
class ScoreMatrix:
    reviewers: list[str]
    submissions: list[str]
    #: reviewers × submissions
    scores: np.ndarray
    scorer: str
    #: paper-level similarities kept for evidence: name -> submissions × profile papers
    paper_similarity: dict[str, np.ndarray] = field(default_factory=dict)
    extras: dict[str, Any] = field(default_factory=dict)

    def to_dict(self) -> dict[str, dict[str, float]]:
        """``{reviewer: {submission: score}}``, the gold-standard repository's prediction format."""
        return {
            r: {s: float(f"{v:.9g}") for s, v in zip(self.submissions, row)}  # float32 exactly, no new ties
            for r, row in zip(self.reviewers, self.scores)
        }


def fused_paper_scores(tf: np.ndarray, em: np.ndarray, encoder_name: str | None) -> np.ndarray:
    """Equal-weight mean of the TF-IDF and embedding similarity percentiles, paper by paper."""
    em_ref = _EMBED_REFERENCE if encoder_name == MINILM_NAME else None
    return 0.5 * percentiles(tf, _TFIDF_REFERENCE) + 0.5 * percentiles(em, em_ref)


def _fused(corpus: Corpus, encoder: Any, cancel: CancelToken | None) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    tf, _ = tfidf_paper_similarity(corpus)
    em = embedding_paper_similarity(corpus, encoder, cancel)
    mixed = fused_paper_scores(tf, em, getattr(encoder, "name", None))
    return aggregate(mixed, corpus.groups, "top3"), {"tfidf": tf, "embed": em}


def score_matrix_job(
    profiles: list[Profile],
    submissions: list[Paper],
    scorer: str = DEFAULT_SCORER,
    encoder: Any = None,
    cancel: CancelToken | None = None,
) -> Generator[Progress, None, ScoreMatrix]:
    """Score every reviewer against every submission; yields progress between stages."""
    if scorer not in SCORERS:
        raise InputError(f"unknown scorer {scorer!r} (choose from {', '.join(SCORERS)})")
    corpus = Corpus(profiles, submissions)
    needs_encoder = scorer == "fused" or scorer.startswith("embed")
    if needs_encoder and encoder is None:
        from engine.models.factory import open_model

        encoder = open_model("encoder")
    yield Progress(0, 2, "comparing papers")
    sims: dict[str, np.ndarray] = {}
    if scorer == "tpms-full" and not any(p.text for p in corpus.papers + submissions):
        raise InputError("tpms-full needs full texts (PDFs); these papers carry titles and abstracts only")
    if scorer in TPMS_REGIMES:
        scores = tpms_scores(corpus, TPMS_REGIMES[scorer])
    elif scorer == "fused":
        scores, sims = _fused(corpus, encoder, cancel)
    else:
        kind, how = scorer.split("-")
        if kind == "tfidf":
            sim, _ = tfidf_paper_similarity(corpus)
        else:
            sim = embedding_paper_similarity(corpus, encoder, cancel)
        sims[kind] = sim
        scores = aggregate(sim, corpus.groups, how)
    if cancel is not None:
        cancel.check()
    yield Progress(2, 2, "scored")
    extras = {"encoder": getattr(encoder, "name", None)} if needs_encoder else {}
    return ScoreMatrix(corpus.reviewers, [s.id for s in submissions], scores, scorer, sims, extras)


def score_matrix(profiles: list[Profile], submissions: list[Paper], scorer: str = DEFAULT_SCORER,
                 encoder: Any = None) -> ScoreMatrix:
    return run_job(score_matrix_job(profiles, submissions, scorer, encoder))


def read_archives(folder: str | Path, recent: int = DEFAULT_RECENT, seed: int = 0) -> list[Profile]:
    """One profile per ``~<reviewer>.jsonl`` in an OpenReview ``archives`` folder."""
    folder = Path(folder)
    if not folder.is_dir():
        raise InputError(f"reviewer archives folder not found: {folder}")
    profiles = []
    for file in sorted(folder.glob("*.jsonl")):
        papers = [p for p in read_openreview_jsonl(file) if p.title or p.abstract]
        if papers:
            name = file.name[: -len(".jsonl")].lstrip("~")
            profiles.append(Profile(name, select_recent(papers, recent, seed), "openreview"))
    if not profiles:
        raise InputError(f"{folder}: no reviewer archive (~<reviewer>.jsonl) with papers")
    return profiles


def read_submissions(path: str | Path) -> list[Paper]:
    """Submissions from OpenReview JSON: ``{id: {"id", "content"}}``, a list of notes, or JSONL."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"submissions file not found: {path}")
    if path.suffix.lower() == ".jsonl":
        return read_openreview_jsonl(path)
    data = parse_json(path.read_text(encoding="utf-8"), path.name)
    if isinstance(data, dict):
        records = [dict(v, id=v.get("id", k)) for k, v in data.items() if isinstance(v, dict)]
    elif isinstance(data, list):
        records = [r for r in data if isinstance(r, dict)]
    else:
        records = []
    papers = [paper_from_record(r) for r in records]
    papers = [p for p in papers if p.title or p.abstract]
    if not papers:
        raise InputError(f"{path.name}: no submission with a title or abstract")
    return papers
