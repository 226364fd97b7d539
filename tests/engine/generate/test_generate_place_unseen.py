"""Placement's second stage on the unseen training revisions (``bench.place_unseen``, session 31) on synthetic
candidate tables: the first stage alone (F), a given second stage as it is (S) and one refitted per fold (R), each
out of fold over the unseen revisions' repositories with its capped card; the rule's comparison and verdict; the
refit written with the first stage unchanged."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

import bench.fit_placement
from bench.place_round12 import References
from bench.place_unseen import compare, placed, verdict, write
from engine.generate.rerank import SECOND, PlacementModel, shipped_model
from engine.models.linear import StandardisedLinear
from tests.engine.generate.placement_tables import tuned_table


def _table(groups: int = 6, per: int = 12, n: int = 8, seed: int = 3) -> list[dict]:
    return tuned_table(groups, per, n, seed, paper="quillon", alternate=True, features=True)


def _stage(coef: list[float]) -> StandardisedLinear:
    return StandardisedLinear(SECOND, np.zeros(3), np.ones(3), np.array(coef, dtype=float), 0.0)


def test_the_three_placements_are_scored_out_of_fold_with_a_capped_card() -> None:
    table = _table()
    refs = References(table)
    keys = [(r["paper"], r["comment"]) for r in table]
    first = {name: sum(o["first"] for o in placed(table, refs, name, stage).values())
             for name, stage in (("F", None), ("S", _stage([0.0, 0.0, 5.0])), ("R", None))}
    assert first["R"] >= 0.9 * len(keys)  # refitted per fold, it learns the tuned cosine
    assert first["S"] >= 0.9 * len(keys)  # a second stage that reads the tuned rank, as it is
    assert first["F"] <= 0.7 * len(keys)  # the first stage's features say nothing of which of the two
    wrong = placed(table, refs, "S", _stage([0.0, 0.0, -5.0]))  # a stale stage that reads it backwards
    assert sum(o["first"] for o in wrong.values()) <= 0.1 * len(keys)
    got = placed(table, refs, "R")
    assert set(got) == set(keys)
    assert all(o["first"] <= o["card"] and (o["card"] <= (o["first"] or o["second"])) for o in got.values())
    assert frozenset({"repo0", "repo1"}) in refs.fits  # each row's z from a first stage fitted outside both folds


def _placed(firsts: list[bool], kind: str = "criticism", two: bool = False) -> dict:
    return {(f"p{i}", "R1"): {"first": f, "second": not f, "card": f or two, "two": two, "kind": kind}
            for i, f in enumerate(firsts)}


def test_the_rule_asks_the_gain_and_the_sign_test_and_keeps_the_card() -> None:
    base = _placed([False] * 8 + [True] * 92)
    keys = list(base)
    better = _placed([True] * 7 + [False] + [True] * 91 + [False])  # +7 -1 on 100: p = 0.07, gain 6 >= 3
    c = compare(base, better, keys)
    assert (c["gain"], c["need"], c["gained"], c["lost"]) == (6, 3, 7, 1) and c["passes"]
    few = _placed([True] * 4 + [False] * 4 + [True] * 92)  # +4 -0: p = 0.125
    assert not compare(base, few, keys)["passes"]
    noisy = {k: {**v, "two": True} for k, v in better.items()}  # two places on every card: over the cap
    assert not compare(base, noisy, keys)["passes"]
    kinds = ["typo"] * 10 + ["criticism"] * 90
    base_k = {(f"p{i}", "R1"): {"first": not 10 <= i < 20, "second": False, "card": not 10 <= i < 20, "two": False,
                                "kind": k} for i, k in enumerate(kinds)}
    new_k = {k: {**v, "first": (i >= 3), "card": (i >= 3)} for i, (k, v) in enumerate(base_k.items())}
    c = compare(base_k, new_k, list(base_k))  # +10 -3 (p = 0.09), but the typos fall by 3 net
    assert (c["gain"], c["kinds"]["typo"], c["passes"]) == (7, -3, False)


def test_the_verdict_keeps_the_shipped_stage_unless_one_passes() -> None:
    yes, no = {"passes": True}, {"passes": False}
    assert verdict({"R": 50, "F": 40}, no, no) == "S"
    assert verdict({"R": 50, "F": 40}, yes, no) == "R"
    assert verdict({"R": 40, "F": 45}, no, yes) == "F"
    assert verdict({"R": 50, "F": 50}, yes, yes) == "F"  # a tie: the simpler one
    assert verdict({"R": 51, "F": 50}, yes, yes) == "R"


def test_the_refit_keeps_the_first_stage_and_refits_the_second_on_u(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    table = _table()
    out = tmp_path / "reranker.json"
    monkeypatch.setattr(bench.fit_placement, "MODEL", out)
    monkeypatch.setattr("bench.place_unseen.ROOT", tmp_path)
    before = shipped_model()
    write(table, sorted({r["paper"] for r in table}))
    model = PlacementModel.from_dict(json.loads(out.read_text(encoding="utf-8")))
    assert np.allclose(model.coef, before.coef) and np.allclose(model.mean, before.mean)  # the first stage as shipped
    assert model.second is not None and model.second.coef[2] > 0  # the refit reads the tuned rank
    assert model.meta["second_stage"]["comments"] == len(table)
    assert model.meta["second_stage"]["lopo_top1"]["two_shown"] <= 0.25 * len(table)
    assert shipped_model() is before and before.second.coef.tolist() != model.second.coef.tolist()


def test_a_decisive_size_grows_as_the_gain_thins() -> None:
    from bench.place_unseen import decisive_size

    assert decisive_size(3, 3, 200) is None and decisive_size(0, 0, 200) is None
    strong, weak = decisive_size(12, 2, 200), decisive_size(12, 8, 200)
    assert strong is not None and weak is not None and strong < weak
    assert decisive_size(12, 2, 200) <= 400  # 6 to 1 among 7 % of comments differing: a few hundred suffice


def test_the_measure_prints_the_three_and_the_verdict(capsys: pytest.CaptureFixture) -> None:
    from bench.place_unseen import measure

    table = _table(groups=5, per=10)
    fresh = sorted({r["paper"] for r in table})[1:]  # one revision stays seen: it feeds the first stage only
    assert measure(table, fresh) in ("F", "S", "R")
    out = capsys.readouterr().out
    assert "U: 40 answered comments of 4 unseen revisions, 4 repositories" in out
    assert all(f"  {name}: first" in out for name in ("F", "S", "R")) and "by the rule:" in out
