"""Placement's second stage on the training revisions the shipped tuned encoder never saw (issue 34, session 31,
docs/suggest.md "Session 31: placement's second stage on the unseen training revisions").

The refolded tuned encoder (session 30) was tuned on all 86 training revisions of its day; the revisions labelled
since are out of its sample, as round twelve's U was. ``bench.place_round12.unseen`` lists them (U) from
``tuned-layers.json`` and the manifest, and stops when one shares a repository with a revision the encoder saw. Only
the training part is loaded; drafts unpaged (round twelve's table, ``bench.place_round12.build``).

Three placements of U's answered comments, leave-one-repository-out over U's repositories, each outer fold's first
stage round twelve's reference (``bench.place_round12.References``: ``bench.fit_placement.fit`` over the rules' best
two, fitted on every training revision outside the held-out repository g):

- ``F``: that first stage alone;
- ``S``: the shipped second stage as it is (``reranker.json``'s ``second``: weights fitted on the old encoder's
  cosines over round twelve's U, out of sample here) over [z, tuned cosine, its rank];
- ``R``: the second stage refitted on U minus g (``bench.place_round11.fit``, ``"stage2"``), each row's z from the
  first stage fitted outside g and the row's own repository (round twelve's ``stage_rows``).

The card ("here, or here") of each: round nine's rule under round thirteen's 25 % cap, its margin chosen in each
outer fold on U minus g's out-of-fold scores. Descriptive beside them: the rules' and BM25's first, the tuned cosine
alone, and the shipped model whole (its own first stage, fitted on revisions outside U, and its margin).

    .venv/bin/python -m bench.place_unseen --table /tmp/place22/table.pkl [--list] [--build] [--write]

``--table``: the table's pickle ({"rows", "fresh"}); training revisions missing from it are built and added (the
unseen ones with their tuned cosines). ``--write`` ships R: the second stage refitted on all of U, each row's z from
the shipped first stage (fitted on revisions outside U, so out of sample on every row), the first stage unchanged,
the card's margin re-chosen under the cap on U's leave-one-repository-out second-stage scores.

(``OMP_NUM_THREADS=1`` keeps the small fits quick on a loaded machine)
"""

from __future__ import annotations

import argparse
import copy
import json
import math
import pickle
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
#: The rule (docs/suggest.md, session 31, written before any figure): R or F replaces S when its first place gains
#: at least max(GAIN_MIN, ⌈GAIN_SHARE × U's answered comments⌉) and the exact two-sided sign test gives p < P_MAX.
GAIN_MIN, GAIN_SHARE, P_MAX = 3, 0.015, 0.1
#: What must not fall against S: a right one among the best two, the card (capped), any fine type (net comments).
FALL_MAX = 2
PLACEMENTS = ("F", "S", "R")


def update(path: Path, manifest: str, cache: str | None) -> dict[str, Any]:
    """The table at ``path``, with every training revision of ``manifest`` it lacks built and added (U's with
    their tuned cosines); U is listed again from the manifest and every U row must carry a tuned cosine."""
    from bench.place_round12 import build, unseen

    fresh = unseen(manifest)
    data = pickle.loads(path.read_bytes()) if path.exists() else {"rows": [], "fresh": []}
    train = [r["id"] for r in json.loads(Path(manifest).read_text(encoding="utf-8"))["revisions"]
             if r["part"] == "train"]
    have = {r["paper"] for r in data["rows"]}
    missing = [p for p in train if p not in have]
    if missing:
        print(f"building {len(missing)} training revisions: {' '.join(missing)}", flush=True)
        data["rows"] += build(manifest, cache, fresh, only=missing)
    data["fresh"] = fresh
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(data))
    bare = sorted({r["paper"] for r in data["rows"] if r["paper"] in fresh and "tuned" not in r})
    if bare:
        raise SystemExit(f"unseen revisions without tuned cosines in {path}: {', '.join(bare)} (rebuild them)")
    return data


def _second_rows(u: list[dict[str, Any]], refs: Any, held: str | None) -> list[dict[str, Any]]:
    from bench.place_round12 import stage_rows

    return stage_rows(u, refs, held, "tuned2")


def scorer(name: str, rows: list[dict[str, Any]], shipped: Any) -> Callable[[set[str]], Callable]:
    """``name``'s score function fitted without the repositories given: F reads the first stage's logit (column 0),
    S the shipped second stage, R a second stage fitted on ``rows`` outside them."""
    from bench.place_round11 import fit

    def make(excluded: set[str]) -> Callable:
        if name == "F":
            return lambda xs: xs[:, 0]
        if name == "S":
            return shipped.logits
        return fit([r for r in rows if r["group"] not in excluded], "stage2").scores

    return make


def placed(u: list[dict[str, Any]], refs: Any, name: str, shipped: Any = None) -> dict[tuple, dict]:
    """``name``'s placement of every comment of U, leave-one-repository-out over U's repositories, with its card:
    the margin chosen by round nine's rule under the cap on U minus g's out-of-fold scores (inner folds over U's
    other repositories, each row's z from the first stage fitted outside g and the row's repository)."""
    from bench.place_alternative import CAP, choose
    from bench.place_round12 import _scored

    out = {}
    groups = sorted({r["group"] for r in u})
    for held in groups:
        rows = _second_rows(u, refs, held)
        make = scorer(name, rows, shipped)
        inner = []
        for h in groups:
            if h != held:
                f = make({held, h})
                inner += [_scored(f(r["xs"]), r["ys"]) for r in rows if r["group"] == h]
        m = choose(inner, cap=CAP)
        f = make({held})
        for r in rows:
            if r["group"] == held:
                s = _scored(f(r["xs"]), r["ys"])
                two = bool(s["margin"] <= m)
                out[(r["paper"], r["comment"])] = {**s, "kind": r["kind"], "two": two,
                                                   "card": s["first"] or (two and s["second"])}
    return out


def compare(base: dict[tuple, dict], new: dict[tuple, dict], keys: list[tuple]) -> dict[str, Any]:
    """``new`` against ``base`` by the rule: the gain in first places, the sign test, what must not fall."""
    from bench.place_study import sign_test

    n = len(keys)
    need = max(GAIN_MIN, math.ceil(GAIN_SHARE * n))
    gained, lost, p = sign_test([base[k]["first"] for k in keys], [new[k]["first"] for k in keys])
    kinds: Counter = Counter()
    for k in keys:
        kinds[base[k]["kind"]] += int(new[k]["first"]) - int(base[k]["first"])
    total = {f: (sum(new[k][f] for k in keys), sum(base[k][f] for k in keys)) for f in ("first", "card", "two")}
    best2 = [sum(o[k]["first"] or o[k]["second"] for k in keys) for o in (new, base)]
    passed = (total["first"][0] - total["first"][1] >= need and p < P_MAX and best2[0] - best2[1] >= -FALL_MAX
              and total["card"][0] - total["card"][1] >= -FALL_MAX and total["two"][0] <= 0.25 * n
              and min(kinds.values(), default=0) >= -FALL_MAX)
    return {"gain": total["first"][0] - total["first"][1], "need": need, "gained": gained, "lost": lost, "p": p,
            "best_two": best2[0] - best2[1], "card": total["card"][0] - total["card"][1], "two": total["two"][0],
            "kinds": {k: v for k, v in sorted(kinds.items()) if v}, "passes": bool(passed)}


def decisive_size(gained: int, lost: int, n: int, power: float = 0.8, top: int = 200_000) -> int | None:
    """How many answered comments U would need for a gain like this one (the same share of comments differing, the
    same share of them gained) to pass the rule with probability ``power``; None: no gain, or beyond ``top``."""
    from scipy.stats import binom, binomtest

    d = gained + lost
    if gained <= lost or not d:
        return None
    q = gained / d
    size = 50
    while size <= top:
        disc = max(1, round(size * d / n))
        need = max(GAIN_MIN, math.ceil(GAIN_SHARE * size))
        ok = [g for g in range(disc + 1) if 2 * g - disc >= need and binomtest(g, disc).pvalue < P_MAX]
        if ok and binom.sf(ok[0] - 1, disc, q) >= power:
            return size
        size = int(size * 1.1) + 1
    return None


def verdict(first: dict[str, int], r_over_s: dict[str, Any], f_over_s: dict[str, Any]) -> str:
    """What ships by the rule: R or F when it passes over S (both: the more first places right; a tie, F, the
    simpler), else S stays."""
    if r_over_s["passes"] and f_over_s["passes"]:
        return "R" if first["R"] > first["F"] else "F"
    if r_over_s["passes"]:
        return "R"
    return "F" if f_over_s["passes"] else "S"


def measure(rows: list[dict[str, Any]], fresh: list[str]) -> str:
    from bench.place_round12 import References, _rules, _scored
    from engine.generate.rerank import _inverse_rank, shipped_model

    shipped = shipped_model()
    refs = References(rows)
    u = [r for r in rows if r["paper"] in fresh]
    n, keys = len(u), [(r["paper"], r["comment"]) for r in u]
    seen_by_first = set(shipped.meta.get("revisions", []))
    print(f"U: {n} answered comments of {len({r['paper'] for r in u})} unseen revisions, "
          f"{len({r['group'] for r in u})} repositories; the first stages fitted on {len(rows)} comments of "
          f"{len({r['paper'] for r in rows})} training revisions outside each; drafts unpaged; rule: "
          f"+{max(GAIN_MIN, math.ceil(GAIN_SHARE * n))} and p < {P_MAX}; the shipped first stage saw "
          f"{len(seen_by_first & set(fresh))} of U's revisions", flush=True)
    bm25 = sum(bool(r["y"][int(np.argmax(r["x"][:, r["features"].index("bm25")]))]) for r in u)
    rules = sum(bool(r["y"][_rules(r)[0]]) for r in u)
    alone = sum(bool(r["y"][int(np.argmax(r["tuned"]))]) for r in u)
    alone2 = sum(bool(r["y"][_rules(r)[:2]][int(np.argmax(r["tuned"][_rules(r)[:2]]))]) for r in u)
    pool = sum(bool(r["y"][_rules(r)[:2]].any()) for r in u)
    whole = []
    for r in u:  # the shipped model whole: its first stage (outside U), its second stage, its margin
        p = _rules(r)[:2]
        z = shipped.scores(r["x"][p])
        whole.append(_scored(shipped.second.logits(np.stack([z, r["tuned"][p], _inverse_rank(r["tuned"])[p]], 1)),
                             r["y"][p]))
    two_whole = sum(s["margin"] <= shipped.margin for s in whole)
    card_whole = sum(s["first"] or (s["margin"] <= shipped.margin and s["second"]) for s in whole)
    print(f"  descriptive: BM25 first {bm25}; rules' first {rules}; tuned cosine alone first {alone} (over all "
          f"paragraphs), {alone2} (among the rules' best two); a right one among the rules' best two {pool}; the "
          f"shipped model whole: first {sum(s['first'] for s in whole)}, card {card_whole} with its margin "
          f"{shipped.margin:.3f} (two shown {two_whole})", flush=True)
    got = {name: placed(u, refs, name, shipped.second) for name in PLACEMENTS}
    first = {name: sum(o[k]["first"] for k in keys) for name, o in got.items()}
    for name, o in got.items():
        two = sum(o[k]["two"] for k in keys)
        card = sum(o[k]["card"] for k in keys)
        best2 = sum(o[k]["first"] or o[k]["second"] for k in keys)
        print(f"  {name}: first {first[name]} ({100 * first[name] / n:.1f} %), best two {best2}, card {card} "
              f"({100 * card / n:.1f} %), two shown {two} ({100 * two / n:.1f} %)", flush=True)
    tests = {"R over S": compare(got["S"], got["R"], keys), "F over S": compare(got["S"], got["F"], keys),
             "R over F (descriptive)": compare(got["F"], got["R"], keys)}
    for what, c in tests.items():
        print(f"  {what}: {c['gain']:+d} (need +{c['need']}), +{c['gained']} -{c['lost']} p = {c['p']:.3f}, best two "
              f"{c['best_two']:+d}, card {c['card']:+d}, two shown {c['two']}, fine types {c['kinds']}: "
              f"{'PASSES' if c['passes'] else 'fails'}", flush=True)
    for what in ("R over S", "F over S"):
        c = tests[what]
        size = decisive_size(c["gained"], c["lost"], n)
        rate = (c["gained"] - c["lost"]) / n
        why = (f"about {size} answered comments" if size else "no size" + (
            f" (its net gain, {100 * rate:.2f} % of comments, is under the rule's {100 * GAIN_SHARE:.1f} %)"
            if 0 < rate < GAIN_SHARE else " (it gains nothing)" if rate <= 0 else ""))
        print(f"  {what}: for a gain like this one (the same shares of comments differing and gained) to pass the "
              f"rule four times in five, U would need {why}")
    ships = verdict(first, tests["R over S"], tests["F over S"])
    print(f"by the rule: {ships} {'stays (nothing ships)' if ships == 'S' else 'ships'}")
    return ships


def write(rows: list[dict[str, Any]], fresh: list[str]) -> None:
    """R shipped: the second stage refitted on all of U (each row's z from the shipped first stage, which was fitted
    on revisions outside U), the first stage unchanged, the margin re-chosen under the cap on U's
    leave-one-repository-out second-stage scores."""
    from bench.fit_placement import MODEL
    from bench.place_alternative import CAP, choose, shown
    from bench.place_round11 import fit
    from bench.place_round12 import _rules, _scored
    from engine.generate.rerank import SECOND, _inverse_rank, shipped_model
    from engine.models.linear import StandardisedLinear

    model = copy.deepcopy(shipped_model())  # the cached one stays as shipped
    clash = set(model.meta.get("revisions", [])) & set(fresh)
    if clash:
        raise SystemExit(f"the shipped first stage saw {', '.join(sorted(clash))}: its z would be in sample")
    stage = []
    for r in (r for r in rows if r["paper"] in fresh):
        p = _rules(r)[:2]
        x = np.stack([model.scores(r["x"][p]), r["tuned"][p], _inverse_rank(r["tuned"])[p]], axis=1)
        stage.append({"group": r["group"], "xs": x, "ys": r["y"][p]})
    inner = []
    for h in sorted({r["group"] for r in stage}):
        m = fit([r for r in stage if r["group"] != h], "stage2")
        inner += [_scored(m.scores(r["xs"]), r["ys"]) for r in stage if r["group"] == h]
    second = fit(stage, "stage2")
    before = {"weights": model.second.weights_dict() if model.second else None, "margin": model.margin}
    model.second = StandardisedLinear(SECOND, second.mean, second.scale, second.coef, second.intercept)
    model.margin = choose(inner, cap=CAP)
    got = shown(inner, model.margin)
    model.meta["second_stage"] = {
        "revisions": sorted(fresh), "comments": len(stage),
        "why": "the training revisions the shipped tuned encoder (session 30's refold) never saw; each row's z from "
               "the shipped first stage, fitted on revisions outside them",
        "lopo_top1": {"model": got["first"], "card": got["shown"], "two_shown": got["two"], "of": len(stage)},
        "before": before}
    model.meta["margin"] = {"rule": f"bench.place_alternative.choose, cap {CAP}",
                            "chosen_on": f"U's {len(inner)} comments, leave-one-repository-out second-stage scores",
                            "two_shown": got["two"], "right_among_shown": got["shown"], "first": got["first"]}
    model.meta["fitted_by"] = "bench.place_unseen --write (session 31; the first stage as bench.place_round12 wrote it)"
    MODEL.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
    print(f"wrote {MODEL.relative_to(ROOT)}: second stage {second.coef.round(3).tolist()}, margin "
          f"{model.margin:.3f}; {model.meta['second_stage']['lopo_top1']}")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", help="the table's pickle (missing training revisions are built and added)")
    ap.add_argument("--list", action="store_true", help="only list U (the unseen training revisions)")
    ap.add_argument("--write", action="store_true", help="ship R: refit the second stage on all of U and write it")
    ap.add_argument("--build", action="store_true", help="only build the table and say what U holds (no figure)")
    args = ap.parse_args()
    if args.list:
        from bench.place_round12 import unseen

        fresh = unseen(args.corpus)
        print(f"{len(fresh)} training revisions the tuned encoder never saw:", " ".join(fresh))
        return 0
    if not args.table:
        ap.error("--table is required")
    data = update(Path(args.table).expanduser(), args.corpus, args.cache)
    if args.build:
        u = [r for r in data["rows"] if r["paper"] in data["fresh"]]
        print(f"table: {len(data['rows'])} answered comments of {len({r['paper'] for r in data['rows']})} training "
              f"revisions; U: {len({r['paper'] for r in u})} of the {len(data['fresh'])} unseen revisions have "
              f"answered comments, {len({r['group'] for r in u})} repositories, {len(u)} answered comments")
        return 0
    if args.write:
        write(data["rows"], data["fresh"])
        return 0
    measure(data["rows"], data["fresh"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
