"""Placement's second stage from features out of sample on every training revision (issue 34, session 32,
docs/suggest.md "Session 32: placement's second stage from features out of sample ...").

(B) a second stage over the rules' best two on [z, c, rank(c)]: z the first stage's logit (round twelve's reference,
``bench.place_round12.References``), c the **untuned** embedded encoder's sentence-pooled cosine of the comment with
the paragraph (the table's ``extra`` column ``cosine``: ``engine.align.embed.cosine_matrix(..., "sentence")``, the
cosine the build's locator computes) and rank(c) its inverse rank over all candidate paragraphs. The encoder saw no
corpus text, so B can be fitted and judged leave-one-repository-out over **all** training revisions: for held-out
repository g, fitted on every training row outside g (each row's z from the first stage fitted outside g and the
row's repository), its card's margin chosen under the 25 % cap on the inner folds' out-of-fold scores.

The rule (written before any figure): on U (the unseen revisions, ``bench.place_unseen``) B against S, place22's
form (``bench.place_unseen.compare``); on all training revisions B must not fall below F (the first stage alone,
its card chosen the same way). F, S and R on U are ``bench.place_unseen.placed``'s, unchanged.

    OMP_NUM_THREADS=1 .venv/bin/python -m bench.place_untuned --table /tmp/place23/table.pkl [--cache …]
"""

from __future__ import annotations

import argparse
import math
import time
from collections import Counter
from pathlib import Path
from typing import Any, Callable

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
#: B's features, fixed by the rule: the first stage's logit, the untuned cosine, its inverse rank.
B_FEATURES = ("z", "cosine", "cosine_rank")


def choose_fast(results: list[dict[str, Any]], cost: float | None = None, cap: float | None = None) -> float:
    """``bench.place_alternative.choose``, vectorised (the same margin: the candidates in the same order, the same
    sums, the first maximum); hundreds of folds over ~1,900 comments make the plain one slow."""
    from bench.place_alternative import COST

    cost = COST if cost is None else cost
    margins = np.array([r["margin"] for r in results], dtype=np.float64)
    first = np.array([bool(r["first"]) for r in results])
    extra = np.array([bool(r["second"]) and not bool(r["first"]) for r in results])
    cands = np.array([-1.0] + sorted({float(m) for m in margins if np.isfinite(m)}))
    order = np.argsort(margins, kind="stable")
    sorted_m = margins[order]
    two = np.searchsorted(sorted_m, cands, side="right")
    gained = np.concatenate([[0], np.cumsum(extra[order])])[two]
    if cap is not None:
        keep = two <= cap * len(results)
        cands, two, gained = cands[keep], two[keep], gained[keep]
    gain = [int(first.sum() + g) - cost * int(t) for g, t in zip(gained, two)]
    return float(cands[int(np.argmax(gain))])


def b_rows(rows: list[dict[str, Any]], refs: Any, held: str) -> list[dict[str, Any]]:
    """Every row's B features over the rules' best two for outer fold ``held``: z from the first stage fitted
    outside ``held`` and the row's repository (outside ``held`` alone for its own rows)."""
    from bench.place_round12 import _inverse_rank, _rules

    out = []
    for r in rows:
        p = _rules(r)[:2]
        c = r["extra"][:, r["extra_names"].index("cosine")]
        z = refs.outside(held, r["group"]).scores(r["x"][p])
        out.append({"paper": r["paper"], "comment": r["comment"], "group": r["group"], "kind": r["kind"],
                    "xs": np.stack([z, c[p], _inverse_rank(c)[p]], axis=1), "ys": r["y"][p]})
    return out


def loro(rows: list[dict[str, Any]], refs: Any, name: str, log: Callable[[str], None] = print) -> dict[tuple, dict]:
    """``name`` ("B" or "F") for every comment, leave-one-repository-out over every repository of ``rows``, with its
    card: the margin chosen under the cap on the inner folds' out-of-fold scores (every repository outside g)."""
    from bench.place_alternative import CAP
    from bench.place_round11 import fit
    from bench.place_round12 import _rules, _scored

    out: dict[tuple, dict] = {}
    groups = sorted({r["group"] for r in rows})
    start = time.time()
    for i, held in enumerate(groups):
        if name == "B":
            stage = b_rows(rows, refs, held)

            def make(excluded: set[str]) -> Callable:
                return fit([s for s in stage if s["group"] not in excluded], "stage2").scores
        else:
            stage = [{"paper": r["paper"], "comment": r["comment"], "group": r["group"], "kind": r["kind"],
                      "x": r["x"][_rules(r)[:2]], "ys": r["y"][_rules(r)[:2]]} for r in rows]

            def make(excluded: set[str]) -> Callable:
                return refs.outside(*excluded).scores
        inner = []
        for h in groups:
            if h != held:
                f = make({held, h})
                inner += [_scored(f(s["xs"] if name == "B" else s["x"]), s["ys"]) for s in stage if s["group"] == h]
        m = choose_fast(inner, cap=CAP)
        f = make({held})
        for s in stage:
            if s["group"] == held:
                sc = _scored(f(s["xs"] if name == "B" else s["x"]), s["ys"])
                two = bool(sc["margin"] <= m)
                out[(s["paper"], s["comment"])] = {**sc, "kind": s["kind"], "two": two,
                                                   "card": sc["first"] or (two and sc["second"])}
        if i % 10 == 9:
            log(f"    {name}: {i + 1} of {len(groups)} folds, {time.time() - start:.0f} s")
    return out


def totals(o: dict[tuple, dict], keys: list[tuple]) -> str:
    n = len(keys)
    first = sum(o[k]["first"] for k in keys)
    best2 = sum(o[k]["first"] or o[k]["second"] for k in keys)
    card = sum(o[k]["card"] for k in keys)
    two = sum(o[k]["two"] for k in keys)
    return (f"first {first} ({100 * first / n:.1f} %), best two {best2}, card {card} ({100 * card / n:.1f} %), "
            f"two shown {two} ({100 * two / n:.1f} %)")


def by_kind(got: dict[str, dict[tuple, dict]], keys: list[tuple]) -> list[str]:
    kinds = Counter(got[next(iter(got))][k]["kind"] for k in keys)
    lines = []
    for kind, n in kinds.most_common():
        cells = ", ".join(f"{name} {sum(o[k]['first'] for k in keys if o[k]['kind'] == kind)}"
                          for name, o in got.items())
        lines.append(f"    {kind} ({n}): {cells}")
    return lines


def b_verdict(on_u: dict[str, dict[str, Any]], b_over_f_all: dict[str, Any], first: dict[str, int]) -> str:
    """What ships by the rule: of F, B and R those that pass over S on U (B also: not below F on all training
    revisions, no fine type there by more than 2 net); the most first places on U; a tie F, then B, then R."""
    ok = {"F": on_u["F"]["passes"], "R": on_u["R"]["passes"],
          "B": on_u["B"]["passes"] and b_over_f_all["gain"] >= 0
          and min(b_over_f_all["kinds"].values(), default=0) >= -2}
    passing = [n for n in ("F", "B", "R") if ok[n]]
    if not passing:
        return "S"
    return max(passing, key=lambda n: (first[n], -("F", "B", "R").index(n)))


def measure(rows: list[dict[str, Any]], fresh: list[str]) -> str:
    from bench.place_round12 import References, _rules
    from bench.place_unseen import GAIN_MIN, GAIN_SHARE, compare, placed
    from engine.generate.rerank import shipped_model

    def log(s: str) -> None:
        print(s, flush=True)

    refs = References(rows)
    u = [r for r in rows if r["paper"] in fresh]
    all_keys = [(r["paper"], r["comment"]) for r in rows]
    keys = [(r["paper"], r["comment"]) for r in u]
    log(f"all training: {len(rows)} answered comments of {len({r['paper'] for r in rows})} revisions, "
        f"{len({r['group'] for r in rows})} repositories; U: {len(u)} of {len({r['paper'] for r in u})} revisions, "
        f"{len({r['group'] for r in u})} repositories; drafts unpaged; rule on U: "
        f"+{max(GAIN_MIN, math.ceil(GAIN_SHARE * len(u)))} over S and p < 0.1")
    for label, part in (("all training", rows), ("U", u)):
        ci = [r["extra_names"].index("cosine") for r in part]
        alone = sum(bool(r["y"][int(np.argmax(r["extra"][:, i]))]) for r, i in zip(part, ci))
        alone2 = sum(bool(r["y"][_rules(r)[:2]][int(np.argmax(r["extra"][_rules(r)[:2], i]))])
                     for r, i in zip(part, ci))
        rules = sum(bool(r["y"][_rules(r)[0]]) for r in part)
        pool = sum(bool(r["y"][_rules(r)[:2]].any()) for r in part)
        log(f"  descriptive, {label}: rules' first {rules}; the untuned cosine alone first {alone} (over all "
            f"paragraphs), {alone2} (among the rules' best two); a right one among the rules' best two {pool}")
    got_all = {name: loro(rows, refs, name, log) for name in ("F", "B")}
    log(f"  all training, leave-one-repository-out: F {totals(got_all['F'], all_keys)}")
    log(f"  all training, leave-one-repository-out: B {totals(got_all['B'], all_keys)}")
    b_f = compare(got_all["F"], got_all["B"], all_keys)
    log(f"  B over F, all training: {b_f['gain']:+d} (the form's +{b_f['need']}), +{b_f['gained']} -{b_f['lost']} "
        f"p = {b_f['p']:.3f}, best two {b_f['best_two']:+d}, card {b_f['card']:+d}, fine types {b_f['kinds']}; "
        f"the rule's condition (gain >= 0, no fine type below -2): "
        f"{'met' if b_f['gain'] >= 0 and min(b_f['kinds'].values(), default=0) >= -2 else 'not met'}")
    log("  by fine type, all training (first place right):")
    for line in by_kind({"F": got_all["F"], "B": got_all["B"]}, all_keys):
        log(line)
    shipped = shipped_model()
    got = {name: placed(u, refs, name, shipped.second) for name in ("F", "S", "R")}
    got["B"] = {k: got_all["B"][k] for k in keys}
    first = {name: sum(o[k]["first"] for k in keys) for name, o in got.items()}
    for name in ("F", "S", "R", "B"):
        log(f"  U: {name} {totals(got[name], keys)}")
    on_u = {name: compare(got["S"], got[name], keys) for name in ("F", "R", "B")}
    for name, c in on_u.items():
        log(f"  U: {name} over S: {c['gain']:+d} (need +{c['need']}), +{c['gained']} -{c['lost']} p = {c['p']:.3f}, "
            f"best two {c['best_two']:+d}, card {c['card']:+d}, two shown {c['two']}, fine types {c['kinds']}: "
            f"{'PASSES' if c['passes'] else 'fails'}")
    d = compare(got["F"], got["B"], keys)
    log(f"  U, descriptive: B over F {d['gain']:+d}, +{d['gained']} -{d['lost']} p = {d['p']:.3f}")
    log("  by fine type, U (first place right):")
    for line in by_kind({n: got[n] for n in ("F", "S", "R", "B")}, keys):
        log(line)
    ships = b_verdict(on_u, b_f, first)
    log(f"by the rule: {ships} {'stays (nothing ships)' if ships == 'S' else 'ships'}")
    return ships


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", required=True, help="the table's pickle (bench.place_unseen's; missing rows built)")
    args = ap.parse_args()
    from bench.place_unseen import update

    data = update(Path(args.table).expanduser(), args.corpus, args.cache)
    measure(data["rows"], data["fresh"])
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
