"""Round fourteen's decision rule (docs/suggest.md, "Placement, round fourteen"): the reference and the three
candidates over U, leave-one-repository-out, judged by the rule committed before they were measured (+1.5 points of
U's comments, a paired bootstrap over repositories whose 90 % interval lies above 0, two places shown on at most 25 %
of the cards). Run through ``python -m bench.place_round14 --table … --variants …``.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import numpy as np

from bench.place_round14 import THEORY_MIN, VARIANTS, _inverse_rank

#: The paired bootstrap over repositories: resamples and seed, fixed before any candidate was measured.
BOOTSTRAP, SEED = 10000, 20
#: What a candidate must gain, in points of U's answered comments, and the card's two-places bound.
GAIN_POINTS, TWO_SHARE = 1.5, 0.25


def bootstrap_low(ref: dict[tuple, dict], new: dict[tuple, dict], groups: dict[tuple, str]) -> float:
    """The 5th percentile of the first-place gain (comments) over repositories resampled with replacement: the
    lower end of its 90 % interval."""
    per: Counter = Counter()
    for k, g in groups.items():
        per[g] += int(new[k]["first"]) - int(ref[k]["first"])
    gains = np.array([per[g] for g in sorted(per)], dtype=np.float64)
    rng = np.random.default_rng(SEED)
    draws = rng.integers(0, len(gains), size=(BOOTSTRAP, len(gains)))
    return float(np.percentile(gains[draws].sum(axis=1), 5))


def judge(name: str, ref: dict[tuple, dict], new: dict[tuple, dict], groups: dict[tuple, str]) -> bool:
    """Print ``name``'s figures against the reference on the same comments and whether it passes the rule."""
    from bench.place_study import sign_test

    keys = sorted(groups)
    n = len(keys)
    first = {o: sum(x[k]["first"] for k in keys) for o, x in (("ref", ref), ("new", new))}
    two = sum(new[k]["two_capped"] for k in keys)
    card = sum(new[k]["card_capped"] for k in keys)
    best2 = sum(new[k]["first"] or new[k]["second"] for k in keys)
    gain = 100 * (first["new"] - first["ref"]) / n
    low = bootstrap_low(ref, new, groups)
    gained, lost, p = sign_test([ref[k]["first"] for k in keys], [new[k]["first"] for k in keys])
    kinds: Counter = Counter()
    for k in keys:
        kinds[ref[k]["kind"]] += int(new[k]["first"]) - int(ref[k]["first"])
    ok = gain >= GAIN_POINTS and low > 0 and two <= TWO_SHARE * n
    print(f"  {name:22} first {first['new']:4} ({100 * first['new'] / n:.1f} %; {gain:+.1f} points)  best two {best2}"
          f"  card {card} ({100 * card / n:.1f} %), two shown {two} ({100 * two / n:.1f} %)  +{gained} -{lost} "
          f"(sign test p = {p:.3f}); bootstrap 5th percentile of the gain {low:+.0f}; fine types "
          f"{dict(sorted(kinds.items()))}  {'PASSES' if ok else 'fails'}", flush=True)
    return ok


KIND_PRODUCTS = ("located", "rule_gap", "base", "bm25")


def kind_features(r: dict[str, Any], theory: bool) -> np.ndarray:
    """``kind``'s first-stage features: ``FEATURES``, the paper's kind (1: theory) and its products with
    ``KIND_PRODUCTS``."""
    t = float(theory)
    cols = [r["x"][:, r["features"].index(f)] * t for f in KIND_PRODUCTS]
    return np.column_stack([r["x"], np.full(len(r["x"]), t), *cols])


def two_stage_kind(table: list[dict[str, Any]], u: list[dict[str, Any]], theory: dict[str, bool]) -> dict:
    """Round twelve's two stages with ``kind_features`` in the first stage (fitted on the rules' best two of every
    training revision outside g and the row's repository), leave-one-repository-out over U, the card capped as
    ``bench.place_round13.two_stage``."""
    from bench.place_alternative import CAP, choose
    from bench.place_round11 import fit
    from bench.place_round12 import _scored

    def top2(r):
        return np.argsort(-r["total"], kind="stable")[:2]

    rows = [{"xs": kind_features(r, theory[r["paper"]])[top2(r)], "ys": r["y"][top2(r)], "group": r["group"]}
            for r in table]
    fits: dict[frozenset, Any] = {}

    def outside(*groups: str) -> Any:
        key = frozenset(groups)
        if key not in fits:
            fits[key] = fit([x for x in rows if x["group"] not in key], "first")
        return fits[key]

    out = {}
    groups = sorted({r["group"] for r in u})
    for held in groups:
        stage = []
        for r in u:
            p = top2(r)
            z = outside(held, r["group"]).scores(kind_features(r, theory[r["paper"]])[p])
            tuned = np.asarray(r["tuned"], dtype=np.float64)
            stage.append({"key": (r["paper"], r["comment"]), "group": r["group"], "kind": r["kind"],
                          "xs": np.stack([z, tuned[p], _inverse_rank(tuned)[p]], axis=1), "ys": r["y"][p]})
        inner = []
        for h in groups:
            if h != held:
                m = fit([x for x in stage if x["group"] not in (held, h)], "stage2")
                inner += [_scored(m.scores(x["xs"]), x["ys"]) for x in stage if x["group"] == h]
        margins = {"uncapped": choose(inner), "capped": choose(inner, cap=CAP)}
        model = fit([x for x in stage if x["group"] != held], "stage2")
        for x in stage:
            if x["group"] == held:
                sc = _scored(model.scores(x["xs"]), x["ys"])
                out[x["key"]] = {**sc, "kind": x["kind"], **{f"two_{c}": bool(sc["margin"] <= m)
                                                            for c, m in margins.items()},
                                 **{f"card_{c}": sc["first"] or (sc["margin"] <= m and sc["second"])
                                    for c, m in margins.items()}}
    return out


def first_stage_all(table: list[dict[str, Any]]) -> int:
    """Descriptive: the first stage alone (``bench.fit_placement.fit`` over the rules' best two), leave-one-repository-
    out over all 86 training revisions: its first places right."""
    from bench.fit_placement import fit

    rows = [{"x": r["x"][p], "y": r["y"][p], "group": r["group"]}
            for r in table for p in [np.argsort(-r["total"], kind="stable")[:2]]]
    right = 0
    for held in sorted({r["group"] for r in rows}):
        m = fit([r for r in rows if r["group"] != held])
        right += sum(bool(r["y"][int(np.argmax(m.scores(r["x"])))]) for r in rows if r["group"] == held)
    return right


def measure(rows: list[dict[str, Any]], fresh: set[str], variants: dict[str, list[dict[str, Any]]]) -> None:
    """The reference and the three candidates over U, judged by the rule of docs/suggest.md (round fourteen)."""
    from bench.place_round13 import two_stage

    u = [r for r in rows if r["paper"] in fresh]
    groups = {(r["paper"], r["comment"]): r["group"] for r in u}
    n = len(u)
    print(f"U: {n} answered comments of {len({r['paper'] for r in u})} revisions, {len(set(groups.values()))} "
          f"repositories; pass: +{GAIN_POINTS} points ({int(np.ceil(GAIN_POINTS / 100 * n))} comments), the "
          f"bootstrap's 5th percentile above 0, two places shown on at most {TWO_SHARE:.0%}")
    ref = two_stage(rows, u, "tuned2")
    first = sum(ref[k]["first"] for k in groups)
    print(f"  {'reference':22} first {first:4} ({100 * first / n:.1f} %)  best two "
          f"{sum(ref[k]['first'] or ref[k]['second'] for k in groups)}  card "
          f"{sum(ref[k]['card_capped'] for k in groups)}, two shown {sum(ref[k]['two_capped'] for k in groups)}",
          flush=True)
    print(f"  descriptive, the first stage alone over all 86 (leave-one-repository-out): reference "
          f"{first_stage_all(rows)} of {len(rows)}", flush=True)
    for name in VARIANTS[1:]:
        table = variants[name]
        vu = [r for r in table if r["paper"] in fresh]
        assert {(r["paper"], r["comment"]) for r in vu} == set(groups), "the variant's comments differ"
        before = {(r["paper"], r["comment"]): r["total"] for r in rows}
        moved = sum(not np.array_equal(before[(r["paper"], r["comment"])], r["total"]) for r in table)
        print(f"  ({name}: the rules' scores differ for {moved} of {len(rows)} training comments; the first stage "
              f"alone over all 86: {first_stage_all(table)})", flush=True)
        judge(name, ref, two_stage(table, vu, "tuned2"), groups)
    parts = {r["paper"]: r["parts"] for r in variants[VARIANTS[1]]}
    theory = {p: c >= THEORY_MIN for p, c in parts.items()}
    print(f"  (kind: theory drafts by their parts, >= {THEORY_MIN}: {sum(theory.values())} of {len(theory)})")
    judge("kind", ref, two_stage_kind(rows, u, theory), groups)
