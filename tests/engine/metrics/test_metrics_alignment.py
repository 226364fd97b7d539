"""Alignment metrics against figures computed by hand."""

from __future__ import annotations

import pytest

from engine.metrics.alignment import alignment_scores, group_prf, macro_prf, micro_prf

# Three comments, edits e1..e5; e4 and e5 are addition-only.
GOLD = {"c1": {"e1", "e4"}, "c2": set(), "c3": {"e5"}}
PRED = {"c1": {"e1", "e2"}, "c2": set(), "c3": {"e3", "e5"}}
GROUPS = {"c1": "paperA", "c2": "paperA", "c3": "paperB"}


def test_micro_over_all_pairs() -> None:
    # TP: (c1,e1) (c3,e5) = 2; FP: (c1,e2) (c3,e3) = 2; FN: (c1,e4) = 1
    s = micro_prf(GOLD, PRED)
    assert s.precision == pytest.approx(2 / 4)
    assert s.recall == pytest.approx(2 / 3)
    assert s.f1 == pytest.approx(2 * 0.5 * (2 / 3) / (0.5 + 2 / 3))  # 4/7


def test_macro_by_comment_counts_empty_agreement_as_100() -> None:
    s = macro_prf(GOLD, PRED)  # each comment its own group
    # c1: P 1/2 R 1/2 F1 1/2; c2: both empty -> P 1, R 1, F1 1; c3: P 1/2 R 1 F1 2/3
    assert s.precision == pytest.approx((0.5 + 1 + 0.5) / 3)
    assert s.recall == pytest.approx((0.5 + 1 + 1) / 3)
    assert s.f1 == pytest.approx((0.5 + 1 + 2 / 3) / 3)


def test_macro_by_paper() -> None:
    s = macro_prf(GOLD, PRED, GROUPS)
    # paperA pools c1 and c2: TP 1, FP 1, FN 1 -> 1/2, 1/2, 1/2; paperB: 1/2, 1, 2/3
    assert s.precision == pytest.approx(0.5)
    assert s.recall == pytest.approx(0.75)
    assert s.f1 == pytest.approx((0.5 + 2 / 3) / 2)


def test_empty_group_rules() -> None:
    assert group_prf(0, 0, 0).f1 == 1.0
    only_pred = group_prf(0, 1, 0)  # predicted something where nothing is true
    assert (only_pred.precision, only_pred.recall, only_pred.f1) == (0.0, 1.0, 0.0)
    only_true = group_prf(0, 0, 2)  # predicted nothing, missed two
    assert (only_true.precision, only_true.recall, only_true.f1) == (1.0, 0.0, 0.0)


def test_addition_only_f1_keeps_only_added_edits() -> None:
    s = alignment_scores(GOLD, PRED, groups=GROUPS, added={"e4", "e5"})
    # restricted gold: c1 {e4}, c3 {e5}; pred: c1 {}, c3 {e5}: TP 1, FP 0, FN 1 -> P 1, R 1/2, F1 2/3
    assert s.ao_micro_f1 == pytest.approx(2 / 3)
    # by paper: A: TP 0 FP 0 FN 1 -> F1 0; B: TP 1 -> F1 1
    assert s.ao_macro_f1 == pytest.approx(0.5)
    assert s.n_true_pairs == 3 and s.n_predicted_pairs == 4 and s.n_comments == 3
    d = s.to_dict()
    assert d["micro_f1"] == pytest.approx(57.1) and d["ao_micro_f1"] == pytest.approx(66.7)


def test_nothing_predicted() -> None:
    s = alignment_scores(GOLD, {})
    assert (s.micro.precision, s.micro.recall, s.micro.f1) == (0.0, 0.0, 0.0)
    # by comment: c1 F1 0, c2 F1 1 (both empty), c3 F1 0
    assert s.macro.f1 == pytest.approx(1 / 3)
    assert s.ao_micro_f1 is None
