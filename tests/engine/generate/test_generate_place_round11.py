"""Round eleven's placement study (``bench.place_round11``) on synthetic text and synthetic candidate pools: the
comment's best sentence-level word match (exact counts), and the pairwise ranker and pointwise model fitted across
repositories, scored out of fold and on the card."""

from __future__ import annotations

import numpy as np

from bench.place_round11 import card, fit, out_of_fold, sentence_words


def test_the_best_sentence_counts_not_the_whole_paragraph() -> None:
    comment = "The damping constant of the sediment model is never justified."
    spread = "The damping was tuned. A constant appears later. The sediment settles. The model runs."
    one = "Rivers flow downhill. The damping constant of the sediment model was fitted to flume data."
    got = sentence_words(comment, [spread, one, "Nothing shared at all here."])
    assert got.dtype == np.int64
    assert got[1] > got[0] >= 1 and got[2] == 0
    assert got[0] == 1  # each sentence of the spread paragraph holds one of the comment's words


def _pools(n_groups: int = 6, per: int = 12, pool: int = 5, seed: int = 3) -> list[dict]:
    """Comments of ``n_groups`` repositories, each with ``pool`` candidates: feature 0 marks the right one (plus
    noise), feature 1 is noise, feature 2 is constant within a comment (a comment-level feature)."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(n_groups):
        for c in range(per):
            right = int(rng.integers(pool))
            x = rng.normal(size=(pool, 3))
            x[:, 0] += 3.0 * (np.arange(pool) == right)
            x[:, 2] = rng.normal()
            rows.append({"paper": f"paper{g}", "group": f"repo{g}", "comment": f"R{c}", "kind": "criticism",
                         "xs": x, "ys": np.arange(pool) == right})
    return rows


def test_the_pairwise_ranker_learns_the_marking_feature_without_an_intercept() -> None:
    rows = _pools()
    model = fit(rows, "pairwise5")
    assert model.intercept == 0.0
    assert model.coef[0] > 5 * abs(model.coef[1])  # the marking feature, not the noise
    assert abs(model.coef[2]) < 1e-6  # constant within each comment: no pair tells it anything
    held = out_of_fold(rows, "pairwise5")
    assert len(held) == len(rows) and len({h["key"] for h in held}) == len(rows)
    assert sum(h["first"] for h in held) >= 0.9 * len(rows)


def test_a_comment_with_no_right_candidate_is_left_out_of_the_fit() -> None:
    rows = _pools()
    spoiled = [{**r, "xs": r["xs"] * 0 + 7.0, "ys": np.zeros(len(r["ys"]), bool)} for r in rows[:5]]
    a, b = fit(rows[5:], "pairwise5"), fit(spoiled + rows[5:], "pairwise5")
    np.testing.assert_allclose(a.coef, b.coef)


def test_the_pointwise_model_and_the_card() -> None:
    rows = [{**r, "xs": r["xs"][:2], "ys": r["ys"][:2]} for r in _pools(pool=5, seed=5) if r["ys"][:2].any()]
    held = out_of_fold(rows, "reference")
    assert all(np.isfinite(h["margin"]) for h in held)
    shown = card(rows, "signals2")
    assert set(shown) == {(r["paper"], r["comment"]) for r in rows}
    first = sum(h["first"] for h in held)
    assert first <= sum(shown.values()) <= len(rows)  # the card shows the first, and sometimes a right second
