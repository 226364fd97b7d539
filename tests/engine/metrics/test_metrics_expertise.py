"""The gold-standard expertise loss, triples and bootstrap on hand-computed cases."""

from __future__ import annotations

import numpy as np
import pytest

from engine.errors import InputError
from engine.metrics.expertise import (
    bootstrap_samples, evaluate_draws, expertise_loss, participant_figures, read_ratings, triple_accuracy,
)

# One participant, four papers rated 5, 4, 2, 2.
RATINGS = {"r1": {"a": 5.0, "b": 4.0, "c": 2.0, "d": 2.0}}
# Pairs with different ratings and their weights |Δε|:
#   a-b 1, a-c 3, a-d 3, b-c 2, b-d 2  (c-d rated equally: skipped)  -> total 11


def test_perfect_order_costs_nothing_and_reversed_costs_everything():
    assert expertise_loss({"r1": {"a": 4, "b": 3, "c": 2, "d": 1}}, RATINGS) == 0.0
    assert expertise_loss({"r1": {"a": 1, "b": 2, "c": 3, "d": 3}}, RATINGS) == 1.0


def test_errors_weigh_by_rating_gap_and_ties_count_half():
    # b above a (error, 1); c tied with a (tie, 3/2); d correct everywhere; c-d tie ignored (equal ratings)
    scores = {"r1": {"a": 0.5, "b": 0.9, "c": 0.5, "d": 0.1}}
    # b-c: 0.9 > 0.5 correct; b-d correct; a-d correct
    assert expertise_loss(scores, RATINGS) == pytest.approx((1 + 1.5) / 11)
    figs = participant_figures(scores, RATINGS, "r1")
    assert (figs.loss, figs.weight) == (2.5, 11.0)


def test_constant_scores_give_one_half():
    assert expertise_loss({"r1": dict.fromkeys("abcd", 1.0)}, RATINGS) == 0.5


def test_loss_pools_participants_before_dividing():
    ratings = {**RATINGS, "r2": {"x": 1.0, "y": 5.0}}
    scores = {"r1": {"a": 4, "b": 3, "c": 2, "d": 1}, "r2": {"x": 1.0, "y": 0.0}}
    # r1 costs 0 of 11, r2 costs 4 of 4: (0 + 4) / (11 + 4), not the mean of 0 and 1
    assert expertise_loss(scores, ratings) == pytest.approx(4 / 15)


def test_easy_and_hard_triples():
    ratings = {"r1": {"a": 5.0, "b": 4.5, "c": 4.0, "d": 2.0, "e": 1.0, "f": 3.0}}
    scores = {"r1": {"a": 0.9, "b": 0.95, "c": 0.7, "d": 0.7, "e": 0.1, "f": 0.5}}
    # easy (>=4 vs <=2): a-d, a-e, b-d, b-e, c-d (tie -> wrong), c-e  -> 5 of 6
    assert triple_accuracy(scores, ratings, "easy") == {"score": 5 / 6, "correct": 5, "total": 6}
    # hard (both >=4, different): a-b (wrong), a-c, b-c  -> 2 of 3
    assert triple_accuracy(scores, ratings, "hard") == {"score": 2 / 3, "correct": 2, "total": 3}
    with pytest.raises(ValueError):
        triple_accuracy(scores, ratings, "medium")


def test_missing_prediction_is_a_clear_error():
    with pytest.raises(InputError, match="no predicted score"):
        expertise_loss({"r1": {"a": 1.0}}, RATINGS)


def test_bootstrap_counts_resample_participants_with_replacement():
    counts = bootstrap_samples(5, n=200, seed=1)
    assert counts.shape == (200, 5)
    assert (counts.sum(axis=1) == 5).all()
    assert (counts == 0).any() and (counts >= 2).any()
    assert np.array_equal(counts, bootstrap_samples(5, n=200, seed=1))


def test_evaluate_draws_averages_draws_and_brackets_the_point():
    ratings = {"r1": {"a": 5.0, "b": 1.0}, "r2": {"a": 4.0, "b": 2.0}, "r3": {"a": 5.0, "b": 4.0}}
    right = {"r1": {"a": 1, "b": 0}, "r2": {"a": 1, "b": 0}, "r3": {"a": 1, "b": 0}}
    wrong_r3 = {**right, "r3": {"a": 0, "b": 1}}
    result = evaluate_draws([right, wrong_r3], ratings, n_boot=500, seed=0)
    # draw 1: 0; draw 2: 1 / (4 + 2 + 1)
    assert result["loss"] == pytest.approx((0 + 1 / 7) / 2)
    lo, hi = result["loss_ci"]
    assert 0 <= lo <= result["loss"] <= hi <= 1
    assert result["easy"] == 1.0 and result["easy_triples"] == 2  # r1 (5 vs 1) and r2 (4 vs 2)
    assert result["hard"] == pytest.approx(0.5) and result["hard_triples"] == 1
    assert result["draws"] == 2 and result["participants"] == 3


def test_read_ratings(tmp_path):
    tsv = tmp_path / "ratings.tsv"
    header = ["ParticipantID"] + [f"Paper{k}" for k in range(1, 11)] + [f"Expertise{k}" for k in range(1, 11)]
    row = ["42", "p1", "p2"] + [""] * 8 + ["4.5", "1.0"] + [""] * 8
    tsv.write_text("\t".join(header) + "\n" + "\t".join(row) + "\n")
    assert read_ratings(tsv) == {"42": {"p1": 4.5, "p2": 1.0}}
    bad = tmp_path / "bad.tsv"
    bad.write_text("a\tb\n1\t2\n")
    with pytest.raises(InputError, match="ParticipantID"):
        read_ratings(bad)


@pytest.mark.shared_data
def test_real_ratings_file(shared_data):
    ratings = read_ratings(shared_data / "expertise" / "evaluations_dev.tsv")
    assert len(ratings) == 33
    assert all(1.0 <= v <= 5.0 for r in ratings.values() for v in r.values())
