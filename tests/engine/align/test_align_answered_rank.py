"""Session 25's measurement of the answered model's ranking (``bench.measure_answered_rank``): its six comment-level
features on synthetic comments, each candidate run on built revisions' grouped folds (A0 gives each fold's own
answered model back), and the rule's verdict."""

from __future__ import annotations

import numpy as np
import pytest

from bench.measure_answered_rank import EXTRA, asks_outside, extra_features, run, statuses, u_fall, verdict
from engine.align.learned import FEATURES as LINK
from engine.reviews.model import ReviewComment


def _c(cid: str, text: str, reviewer: str = "Reviewer 1") -> ReviewComment:
    return ReviewComment(id=cid, reviewer=reviewer, text=text)


def _features():
    comments = [_c("a", "Explain the mirrored phase."), _c("b", "Please release the code on GitHub."),
                _c("c", "Typo in the caption."), _c("d", "Add a baseline.", "Reviewer 2")]
    probs = np.array([[0.8, 0.1, 0.0], [0.3, 0.0, 0.0], [0.0, 0.4, 0.0], [0.0, 0.0, 0.0]], dtype=np.float32)
    x = np.zeros((4, 3, len(LINK)), dtype=np.float32)
    x[:, 0, LINK.index("added")] = 1.0  # edit 0 is an added paragraph
    x[:, 1, LINK.index("surface")] = 1.0  # edit 1 is a surface edit
    return [dict(zip(EXTRA, r.tolist())) for r in extra_features(comments, probs, x)]


def test_relative_is_the_best_link_over_the_papers_median_best() -> None:
    f = _features()  # bests 0.8, 0.3, 0.4, 0.0: median 0.35
    assert [r["relative"] for r in f] == pytest.approx([0.45, -0.05, 0.05, -0.35])


def test_shared_counts_the_other_comments_whose_best_edit_is_the_same() -> None:
    f = _features()  # a and b share edit 0; c alone on edit 1; d has no candidate
    assert [r["shared"] for r in f] == pytest.approx([np.log1p(1), np.log1p(1), 0.0, 0.0])


def test_best_added_and_best_surface_read_the_best_edits_kind() -> None:
    f = _features()
    assert [r["best_added"] for r in f] == [1.0, 1.0, 0.0, 0.0]
    assert [r["best_surface"] for r in f] == [0.0, 0.0, 1.0, 0.0]  # no candidate: neither


def test_outside_marks_requests_met_outside_the_papers_text() -> None:
    assert [r["outside"] for r in _features()] == [0.0, 1.0, 0.0, 0.0]
    assert asks_outside("Will you make the implementation and data available to readers?")
    assert asks_outside("An open-source version would help.") and not asks_outside("The code path is unclear.")
    assert not asks_outside("Make the figure larger. The data are available in Table 2.")  # not one sentence


def test_position_is_the_place_among_the_reviewers_comments() -> None:
    assert [r["position"] for r in _features()] == [0.0, 0.5, 1.0, 0.0]  # Reviewer 2 alone: 0


def test_each_candidate_runs_on_grouped_folds_and_a0_gives_the_folds_model_back() -> None:
    from dataclasses import replace

    from engine.align.learn import scored
    from engine.align.learn_answered import answered_rows
    from tests.engine.align.test_align_partly_band import _folds

    fitted, raw = _folds()
    got = {name: run(fitted, name, False, set()) for name in ("A0", "A1")}
    for pp, m, a, _ in fitted:
        assert got["A0"]["bands"][pp.paper.id] == {k: a.bands[k] for k in ("addressed", "partly")}
        own = a.probabilities(answered_rows(pp, scored(pp, m).matrix, m.threshold)[0])
        assert np.array_equal(got["A0"]["probs"][pp.paper.id], own)
        assert got["A1"]["probs"][pp.paper.id].shape == (len(pp.paper.comments),)
    perturbed = run(fitted, "A1", True, set())
    base = [scored(pp, m) for pp, m, _, _ in fitted]
    one = statuses(fitted, [replace(s, answered=got["A1"]["probs"][pp.paper.id]) for s, (pp, *_) in zip(base, fitted)],
                   got["A1"]["bands"])
    two = statuses(fitted, [replace(s, answered=perturbed["probs"][pp.paper.id]) for s, (pp, *_) in zip(base, fitted)],
                   perturbed["bands"])
    assert one.keys() == two.keys() and set(one.values()) <= {"addressed", "partly", "not"}
    assert raw  # the folds' own answered probabilities were scored too


def test_the_session_25_rule_passes_only_a_fall_of_u_within_its_costs() -> None:
    ref = {"U": 55.0, "wrong addressed": 5.0, "found": 82.0, "found p25": 70.0}
    good = ref | {"U": 51.0, "found": 81.5}
    assert verdict(good, ref, (0.5, 7.0), 0.2) == (True, "passes")
    assert "U falls" in verdict(good, ref, (0.0, 7.0), 0.2)[1]  # the 5th percentile must lie above 0
    assert "U falls" in verdict(good | {"U": 52.1}, ref, (0.5, 7.0), 0.2)[1]  # under 3 points
    assert "wrong addressed" in verdict(good | {"wrong addressed": 7.1}, ref, (0.5, 7.0), 0.2)[1]
    assert "found falls" in verdict(good | {"found": 80.9}, ref, (0.5, 7.0), 0.2)[1]
    assert "25th percentile" in verdict(good | {"found p25": 69.9}, ref, (0.5, 7.0), 0.2)[1]
    assert "perturbation" in verdict(good, ref, (0.5, 7.0), 1.5)[1]
    # review18: shares rounded to 0.1 hid a fall of 1.007 points (1,216 against 1,231 of 1,489); counts decide
    counted = {"counts": {"found": 1231, "answered": 1489}}
    assert "found falls 1.01" in verdict(good | {"found": 81.7, "counts": {"found": 1216, "answered": 1489}},
                                         ref | {"found": 82.7} | counted, (0.5, 7.0), 0.2)[1]
    assert verdict(good | {"found": 81.7, "counts": {"found": 1217, "answered": 1489}},
                   ref | {"found": 82.7} | counted, (0.5, 7.0), 0.2) == (True, "passes")


def test_u_fall_resamples_repositories() -> None:
    per = {"p": {"flagged": 1, "unanswered": 4}, "q": {"flagged": 2, "unanswered": 4}}
    ref = {"p": {"flagged": 2, "unanswered": 4}, "q": {"flagged": 3, "unanswered": 4}}
    lo, hi = u_fall(per, ref, {"r1": ["p"], "r2": ["q"]}, n=200)
    assert lo == pytest.approx(25.0) and hi == pytest.approx(25.0)  # one of four fewer in either repository
