"""Round thirteen's placement study (``bench.place_round13``) on synthetic candidate tables: the account's ranks, the
pools widened by the located paragraphs and the encoders' best, and the two-stage candidate over them with the
card's margin chosen uncapped and under the cap."""

from __future__ import annotations

import numpy as np

from bench.place_round13 import (
    FirstStage, best_right, bucket, first_features, names, pool_of, rankers, two_stage,
)
from bench.place_table import EXTRA
from engine.generate.rerank import FEATURES


def _row(total, y, located=(), tuned=None, cosine=None, named=None) -> dict:
    n = len(total)
    extra = np.zeros((n, len(EXTRA)))
    cos = np.asarray(cosine if cosine is not None else np.zeros(n), dtype=float)
    extra[:, EXTRA.index("cosine")] = cos
    order = np.argsort(-cos, kind="stable")
    extra[order, EXTRA.index("cosine_rank")] = np.arange(n)
    extra[:, EXTRA.index("bm25_rank")] = np.arange(n)[::-1]
    x = np.zeros((n, len(FEATURES)))
    if named is not None:
        x[:, FEATURES.index("named")] = named
    row = {"total": np.asarray(total, dtype=float), "y": np.asarray(y, dtype=bool), "ids": [f"p{j}" for j in range(n)],
           "located": [f"p{j}" for j in located], "extra": extra, "extra_names": list(EXTRA), "x": x,
           "features": list(FEATURES)}
    if tuned is not None:
        row["tuned"] = np.asarray(tuned, dtype=float)
    return row


def test_the_pools_widen_the_rules_two_by_the_located_and_the_encoders_best() -> None:
    r = _row([5, 4, 3, 2, 1, 0], [0, 0, 0, 0, 1, 0], located=(1, 4, 5), tuned=[0, 0, 0.9, 0, 0, 0.8],
             cosine=[0, 0, 0, 0.7, 0.9, 0])
    assert pool_of(r, "reference").tolist() == [0, 1]
    assert pool_of(r, "located").tolist() == [0, 1, 4, 5]  # the located one already in the two is not repeated
    assert pool_of(r, "located+tuned").tolist() == [0, 1, 4, 5, 2]
    assert pool_of(r, "cosine").tolist() == [0, 1, 4, 3]
    assert first_features(r, "cosine").shape == (6, len(FEATURES) + 2)
    assert first_features(r, "located") is r["x"]


def test_the_account_ranks_the_best_right_paragraph_by_each_ranker() -> None:
    r = _row([5, 4, 3, 2, 1, 0], [0, 0, 0, 0, 1, 0], located=(3, 4), tuned=[0, 0, 0, 0, 0.5, 0.9],
             cosine=[0, 0, 0, 0.7, 0.9, 0])
    rk = rankers(r)
    assert best_right(r, rk["rules"]) == 5 and best_right(r, rk["cosine"]) == 1
    assert best_right(r, rk["located"]) == 2 and best_right(r, rk["tuned"]) == 2
    assert best_right(r, rk["bm25"]) == 2  # the synthetic BM25 ranks the last paragraph first
    assert [bucket(k) for k in (1, 3, 4, 7, 15, 40, None)] == ["1", "3", "4-5", "6-10", "11-20", ">20", "none"]
    assert best_right(_row([1, 0], [0, 0]), rank := np.array([0, 1])) is None and rank.size == 2


def test_what_the_comment_names_is_read_from_the_named_feature() -> None:
    assert names(_row([2, 1, 0], [1, 0, 0])) == "names no part the draft has"
    assert names(_row([2, 1, 0], [1, 0, 0], named=[1, 0, 0])) == "names a part; a right one inside it"
    assert names(_row([2, 1, 0], [0, 0, 1], named=[1, 1, 0])) == "names a part; every right one outside it"


def _table(groups: int = 5, per: int = 12, n: int = 8, seed: int = 3) -> list[dict]:
    """Comments whose right paragraph is mostly the third by the rules (else the first) and always located: only a
    wider pool reaches the third, and the tuned cosine marks the right one."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(groups):
        for c in range(per):
            total = np.sort(rng.normal(size=n))[::-1].copy()
            right = 0 if c % 4 == 0 else 2
            tuned = rng.uniform(0.1, 0.4, size=n)
            tuned[right] += 0.5
            r = _row(total, np.arange(n) == right, located=(0, 2), tuned=tuned, cosine=rng.uniform(size=n))
            r["x"] = rng.normal(size=(n, len(FEATURES)))
            rows.append({**r, "paper": f"paper{g}", "group": f"repo{g}", "comment": f"R{c}", "kind": "criticism"})
    return rows


def test_a_wider_pool_reaches_what_the_rules_two_cannot_and_the_cap_bounds_the_card() -> None:
    table = _table()
    ref = two_stage(table, table, "tuned2")
    got = two_stage(table, table, "located")
    assert set(got) == {(r["paper"], r["comment"]) for r in table}
    assert sum(o["first"] for o in ref.values()) <= 0.25 * len(table)  # three in four never in the rules' two
    assert sum(o["first"] for o in got.values()) >= 0.9 * len(table)  # located, and the tuned cosine picks it
    for o in [*ref.values(), *got.values()]:  # the capped margin is never above the uncapped one
        assert o["first"] <= o["card_capped"] <= o["card_uncapped"] and o["two_capped"] <= o["two_uncapped"]
    first = FirstStage(table, "located+tuned")  # fitted on the located pools: the seen revisions have no tuned cosine
    assert all(len(r["ys"]) == 3 for r in first.rows)
