"""The reviewer-expertise loss of the gold-standard study (Stelmakh et al.).

For each participant, every pair of rated papers with different ratings
``e_i != e_j`` costs ``|e_i - e_j|`` when the predicted scores order them the
other way and half of that when the scores tie; pairs rated equally cost and
weigh nothing. The loss is the summed cost divided by the summed ``|e_i - e_j|``
(the cost of the reversed ordering), so it lies in [0, 1], lower is better.

"Easy" triples pair a paper rated >= 4 with one rated <= 2; "hard" triples
pair two papers both rated >= 4 with different ratings. Their accuracy counts a
triple as right only when the scores order it strictly the right way (a tie is
wrong). Confidence intervals resample participants with replacement (1,000
times), score every profile draw on each resample and take the 2.5th and
97.5th percentiles of the draw-averaged figure, as the study's script does.
"""

from __future__ import annotations

import csv
import math
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations
from pathlib import Path

import numpy as np

from engine.errors import InputError

#: participant -> paper -> value (a rating, or a predicted score).
Table = Mapping[str, Mapping[str, float]]


def read_ratings(path: str | Path) -> dict[str, dict[str, float]]:
    """Ratings from the study's TSV (``ParticipantID``, ``Paper1..10``, ``Expertise1..10``)."""
    path = Path(path)
    if not path.is_file():
        raise InputError(f"ratings file not found: {path}")
    ratings: dict[str, dict[str, float]] = {}
    with path.open(newline="", encoding="utf-8") as fh:
        reader = csv.DictReader(fh, delimiter="\t")
        if not reader.fieldnames or "ParticipantID" not in reader.fieldnames:
            raise InputError(f"{path.name}: expected a TSV with a ParticipantID column")
        for row in reader:
            rated: dict[str, float] = {}
            for k in range(1, 11):
                paper = (row.get(f"Paper{k}") or "").strip()
                value = (row.get(f"Expertise{k}") or "").strip()
                if not paper:
                    continue
                try:
                    rated[paper] = float(value)
                except ValueError:
                    raise InputError(f"{path.name}: participant {row['ParticipantID']}: bad rating {value!r}") from None
            ratings[str(row["ParticipantID"]).strip()] = rated
    if not ratings:
        raise InputError(f"{path.name}: no ratings")
    return ratings


@dataclass(frozen=True)
class ParticipantFigures:
    """Per-participant sums the loss and triple accuracies are ratios of."""

    loss: float
    weight: float
    easy_correct: int
    easy_total: int
    hard_correct: int
    hard_total: int


def _score(scores: Table, participant: str, paper: str) -> float:
    try:
        return float(scores[participant][paper])
    except KeyError:
        raise InputError(f"no predicted score for participant {participant}, paper {paper}") from None


def participant_figures(scores: Table, ratings: Table, participant: str) -> ParticipantFigures:
    loss = weight = 0.0
    easy = [0, 0]
    hard = [0, 0]
    for p1, p2 in combinations(list(ratings[participant]), 2):
        e1, e2 = ratings[participant][p1], ratings[participant][p2]
        if e1 == e2:
            continue
        true_diff = e1 - e2
        pred_diff = _score(scores, participant, p1) - _score(scores, participant, p2)
        weight += abs(true_diff)
        agree = pred_diff * true_diff
        if agree < 0:
            loss += abs(true_diff)
        elif agree == 0:
            loss += abs(true_diff) / 2
        if max(e1, e2) >= 4 and min(e1, e2) <= 2:
            easy[0] += agree > 0
            easy[1] += 1
        if min(e1, e2) >= 4:
            hard[0] += agree > 0
            hard[1] += 1
    return ParticipantFigures(loss, weight, easy[0], easy[1], hard[0], hard[1])


def expertise_loss(scores: Table, ratings: Table, participants: Iterable[str] | None = None) -> float:
    """The normalised loss (0 = every ordering right, 1 = every one reversed)."""
    figs = [participant_figures(scores, ratings, p) for p in (participants or ratings)]
    weight = sum(f.weight for f in figs)
    return sum(f.loss for f in figs) / weight if weight else math.nan


def triple_accuracy(
    scores: Table, ratings: Table, kind: str = "easy", participants: Iterable[str] | None = None
) -> dict[str, float]:
    """``{"score", "correct", "total"}`` for the easy or hard triples."""
    if kind not in ("easy", "hard"):
        raise ValueError(f"kind must be 'easy' or 'hard', not {kind!r}")
    figs = [participant_figures(scores, ratings, p) for p in (participants or ratings)]
    correct = sum(getattr(f, f"{kind}_correct") for f in figs)
    total = sum(getattr(f, f"{kind}_total") for f in figs)
    return {"score": correct / total if total else math.nan, "correct": correct, "total": total}


def bootstrap_samples(n_participants: int, n: int = 1000, seed: int = 0) -> np.ndarray:
    """``n`` × participants matrix of how often each participant is drawn per resample."""
    rng = np.random.default_rng(seed)
    picks = rng.integers(0, n_participants, size=(n, n_participants))
    counts = np.zeros((n, n_participants), dtype=np.float64)
    np.add.at(counts, (np.repeat(np.arange(n), n_participants), picks.ravel()), 1.0)
    return counts


def evaluate_draws(
    draws: Sequence[Table],
    ratings: Table,
    participants: Sequence[str] | None = None,
    n_boot: int = 1000,
    seed: int = 0,
) -> dict[str, object]:
    """Loss and easy/hard accuracy averaged over profile draws, each with a 95% bootstrap CI.

    ``draws`` holds one score table per profile draw (d_20_1..d_20_10); the
    same participant resamples are used for every draw and every figure.
    """
    people = list(participants or ratings)
    if not draws:
        raise InputError("no score tables to evaluate")
    # figures[d, p, k]: loss, weight, easy_correct, easy_total, hard_correct, hard_total
    figures = np.array([
        [[*vars(participant_figures(scores, ratings, p)).values()] for p in people] for scores in draws
    ], dtype=np.float64)
    counts = bootstrap_samples(len(people), n_boot, seed)

    def ratio(num: int, den: int) -> tuple[float, list[float], np.ndarray]:
        if not figures[:, :, den].any():  # no pair of this kind (e.g. no hard triple)
            return math.nan, [math.nan, math.nan], np.full(len(draws), math.nan)
        point = figures[:, :, num].sum(axis=1) / figures[:, :, den].sum(axis=1)
        boot = (figures[:, :, num] @ counts.T) / np.maximum(figures[:, :, den] @ counts.T, 1e-12)
        boot = boot.mean(axis=0)
        return float(point.mean()), [float(np.percentile(boot, 2.5)), float(np.percentile(boot, 97.5))], point

    loss, loss_ci, per_draw = ratio(0, 1)
    easy, easy_ci, _ = ratio(2, 3)
    hard, hard_ci, _ = ratio(4, 5)
    return {
        "loss": loss, "loss_ci": loss_ci, "loss_std_over_draws": float(per_draw.std()),
        "easy": easy, "easy_ci": easy_ci, "easy_triples": int(figures[0, :, 3].sum()),
        "hard": hard, "hard_ci": hard_ci, "hard_triples": int(figures[0, :, 5].sum()),
        "participants": len(people), "draws": len(draws),
    }
