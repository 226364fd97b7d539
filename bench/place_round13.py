"""Round thirteen's placement study (issue 34, docs/suggest.md "Placement, round thirteen"): where the authors'
paragraph is when the pool the placement model chooses from (the rules' best two) misses it, and candidates fixed
from that account.

The table is round twelve's (``bench.place_round12.build``: the training part only, drafts unpaged; per answered
comment every candidate paragraph's ``FEATURES``, the base encoder's cosine and BM25 ranks, the located paragraphs,
which paragraphs are right, and for U, the training revisions the tuned encoder never saw, the tuned cosine), kept
with U's list in one pickle:

    .venv/bin/python -m bench.place_round13 --table /tmp/place18/table.pkl --account

(built when the pickle is missing). ``--account`` prints counts only: for the comments whose pool holds no right
paragraph, the best right paragraph's rank by the rules, BM25, the base cosine, the tuned cosine (U only: the 58
seen revisions are in-sample for it) and among the located paragraphs; by insertion vs change, fine type, what the
comment names, and for insertions after results. Nothing is fitted or chosen by it.

Without ``--account``: the reference (round twelve's two stages, refitted per fold) and the three candidates of
docs/suggest.md, each measured once over U, leave-one-repository-out, the card's margin uncapped and capped
(``bench.place_alternative.CAP``). ``--write-margin`` re-chooses the shipped model's margin under the cap.
"""

from __future__ import annotations

import argparse
import pickle
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

BUCKETS = ((1, 1), (2, 2), (3, 3), (4, 5), (6, 10), (11, 20), (21, 10**9))


def rank_of(values: np.ndarray) -> np.ndarray:
    """0-based rank of each entry by ``values``, highest first (ties: the earlier first)."""
    ranks = np.empty(len(values), dtype=int)
    ranks[np.argsort(-values, kind="stable")] = np.arange(len(values))
    return ranks


def rules_order(r: dict[str, Any]) -> np.ndarray:
    return np.argsort(-r["total"], kind="stable")


def best_right(r: dict[str, Any], ranks: np.ndarray) -> int | None:
    """1-based rank of the best-ranked right paragraph, None when none is right."""
    right = np.flatnonzero(r["y"])
    return int(ranks[right].min()) + 1 if right.size else None


def rankers(r: dict[str, Any]) -> dict[str, np.ndarray]:
    """0-based ranks of every candidate paragraph by each ranker (``tuned`` only where the row has it)."""
    ex = r["extra_names"]
    out = {"rules": rank_of(r["total"]),
           "bm25": r["extra"][:, ex.index("bm25_rank")].astype(int),
           "cosine": r["extra"][:, ex.index("cosine_rank")].astype(int)}
    index = {pid: j for j, pid in enumerate(r["ids"])}
    loc = np.full(len(r["ids"]), 10**6)
    for k, pid in enumerate(r["located"]):
        if pid in index:
            loc[index[pid]] = min(loc[index[pid]], k)
    out["located"] = loc
    if "tuned" in r:
        out["tuned"] = rank_of(np.asarray(r["tuned"], dtype=np.float64))
    return out


def bucket(rank: int | None) -> str:
    if rank is None:
        return "none"
    for lo, hi in BUCKETS:
        if lo <= rank <= hi:
            return f"{lo}" if lo == hi else (f"{lo}-{hi}" if hi < 10**9 else f">{lo - 1}")
    return "?"


def names(r: dict[str, Any]) -> str:
    """What the comment names, as the rules read it: a part the draft has (``named`` ranks it first) or not."""
    named = r["x"][:, r["features"].index("named")] > 0
    if not named.any():
        return "names no part the draft has"
    inside = bool(r["y"][named].any())
    return "names a part; a right one inside it" if inside else "names a part; every right one outside it"


def after_results(r: dict[str, Any]) -> str:
    """For an insertion: is a right paragraph in a results section, and is it that section's last paragraph?"""
    right = np.flatnonzero(r["y"])
    secs = r["sections"]
    res = [j for j in right if r["roles"][j] == "results"]
    if not res:
        return "no right one in results"
    last = [j for j in res if j + 1 == len(secs) or secs[j + 1].split(" / ")[0] != secs[j].split(" / ")[0]]
    return "right one ends a results section" if last else "right one inside results"


def account(rows: list[dict[str, Any]], fresh: set[str]) -> None:
    n = len(rows)
    pool_hit = [r for r in rows if r["y"][rules_order(r)[:2]].any()]
    none = [r for r in rows if not r["y"].any()]
    miss = [r for r in rows if r["y"].any() and not r["y"][rules_order(r)[:2]].any()]
    print(f"training part: {n} answered comments of {len({r['paper'] for r in rows})} revisions "
          f"({len({r['group'] for r in rows})} repositories); U (tuned encoder unseen): "
          f"{sum(r['paper'] in fresh for r in rows)} comments")
    print(f"  a right one among the rules' best two: {len(pool_hit)}; no candidate paragraph right at all: "
          f"{len(none)}; right ones exist but outside the pool: {len(miss)}")
    print("\n1. the best right paragraph's rank, comments outside the pool (located: rank among the 3 located)")
    cols = ("rules", "bm25", "cosine", "located")
    table: dict[str, Counter] = {c: Counter() for c in cols}
    for r in miss:
        rk = rankers(r)
        for c in cols:
            b = best_right(r, rk[c])
            table[c][bucket(b if b is not None and b <= 10**5 else None) if c == "located" else bucket(b)] += 1
    order = ["1", "2", "3", "4-5", "6-10", "11-20", ">20", "none"]
    print("   " + " ".join(f"{o:>6}" for o in order))
    for c in cols:
        print(f"   {c:8}" + " ".join(f"{table[c][o]:>6}" for o in order[0:]) )
    um = [r for r in miss if "tuned" in r]
    tt = Counter(bucket(best_right(r, rankers(r)["tuned"])) for r in um)
    print(f"   tuned (U, {len(um)} of the misses) " + " ".join(f"{o}:{tt[o]}" for o in order))
    print("\n2. ceilings: a right one in a pool (all comments; U's tuned ones over U's comments only)")
    pools = {
        "rules 2": lambda rk: rk["rules"] < 2, "rules 3": lambda rk: rk["rules"] < 3,
        "rules 5": lambda rk: rk["rules"] < 5, "rules 10": lambda rk: rk["rules"] < 10,
        "rules 2 + located 3": lambda rk: (rk["rules"] < 2) | (rk["located"] < 3),
        "rules 2 + bm25 2": lambda rk: (rk["rules"] < 2) | (rk["bm25"] < 2),
        "rules 2 + cosine 2": lambda rk: (rk["rules"] < 2) | (rk["cosine"] < 2),
        "rules 3 + located 3 + cosine 2": lambda rk: (rk["rules"] < 3) | (rk["located"] < 3) | (rk["cosine"] < 2),
        "rules 3 + cosine 2 + bm25 2": lambda rk: (rk["rules"] < 3) | (rk["cosine"] < 2) | (rk["bm25"] < 2),
    }
    for name, f in pools.items():
        hits = [f(rankers(r)) for r in rows]
        print(f"   {name:32} {sum(bool(r['y'][h].any()) for r, h in zip(rows, hits)):5} of {n}  "
              f"mean pool size {np.mean([h.sum() for h in hits]):.1f}")
    u = [r for r in rows if "tuned" in r]
    for name, f in {"rules 2 (U)": lambda rk: rk["rules"] < 2,
                    "rules 2 + tuned 2 (U)": lambda rk: (rk["rules"] < 2) | (rk["tuned"] < 2),
                    "rules 3 + tuned 2 (U)": lambda rk: (rk["rules"] < 3) | (rk["tuned"] < 2),
                    "rules 2 + located 3 + tuned 2 (U)":
                        lambda rk: (rk["rules"] < 2) | (rk["located"] < 3) | (rk["tuned"] < 2),
                    "rules 3 + located 3 + tuned 2 (U)":
                        lambda rk: (rk["rules"] < 3) | (rk["located"] < 3) | (rk["tuned"] < 2),
                    "rules 3 + cosine 2 + tuned 2 (U)":
                        lambda rk: (rk["rules"] < 3) | (rk["cosine"] < 2) | (rk["tuned"] < 2),
                    }.items():
        hits = [f(rankers(r)) for r in u]
        print(f"   {name:32} {sum(bool(r['y'][h].any()) for r, h in zip(u, hits)):5} of {len(u)}  "
              f"mean pool size {np.mean([h.sum() for h in hits]):.1f}")

    def split(title: str, key) -> None:
        print(f"\n{title}: comments / a right one in the pool / outside it / none right")
        c = Counter()
        for r in rows:
            k = key(r)
            c[(k, "all")] += 1
            c[(k, "pool")] += r in pool_hit
            c[(k, "miss")] += r in miss
            c[(k, "none")] += r in none
        for k in sorted({k for k, _ in c}, key=lambda k: -c[(k, "all")]):
            print(f"   {k:44} {c[(k, 'all')]:5} {c[(k, 'pool')]:5} {c[(k, 'miss')]:5} {c[(k, 'none')]:5}")

    split("3. insertion vs change",
          lambda r: "answered by insertions alone" if r["insertion_only"] else "a changed paragraph")
    split("4. fine type", lambda r: r["kind"])
    split("5. what the comment names", names)
    split("6. insertions for an experiment or result request",
          lambda r: after_results(r) if r["insertion_only"] and r["kind"] in ("experiment", "result") else "other")
    print("\n7. outside the pool: the rules' first vs the nearest right paragraph")
    d = Counter()
    for r in miss:
        first = rules_order(r)[0]
        right = np.flatnonzero(r["y"])
        dist = int(np.abs(right - first).min())
        same = any(r["sections"][j].split(" / ")[0] == r["sections"][first].split(" / ")[0] for j in right)
        away = "1-2" if dist <= 2 else "3-10" if dist <= 10 else ">10"
        d[(away, "same top section" if same else "other section")] += 1
    for k in sorted(d):
        print(f"   {k[0]:5} paragraphs away, {k[1]:14} {d[k]:5}")
    rr = Counter(r["roles"][int(np.flatnonzero(r["y"])[0])] for r in miss)
    print("   the right paragraph's section role (first right one):", dict(rr.most_common()))
    rf = Counter(r["roles"][int(rules_order(r)[0])] for r in miss)
    print("   the rules' first's section role:", dict(rf.most_common()))


CANDIDATES = ("located", "located+tuned", "cosine")
#: The cap ships when the held-out folds, pooled, show two on at most this share (the cap plus the folds' spread).
CAP_SHIP = 0.275


def _inverse_rank(values: np.ndarray) -> np.ndarray:
    return 1.0 / (1.0 + rank_of(np.asarray(values, dtype=np.float64)))


def located_indices(r: dict[str, Any]) -> list[int]:
    index = {pid: j for j, pid in enumerate(r["ids"])}
    return [index[pid] for pid in r["located"] if pid in index]


def pool_of(r: dict[str, Any], name: str) -> np.ndarray:
    """The paragraphs (indices into the row) ``name`` chooses among: the rules' best two first."""
    picked = [*rules_order(r)[:2]]
    if name in ("located", "located+tuned"):
        picked += located_indices(r)
    if name == "located+tuned":
        picked += [*np.argsort(-np.asarray(r["tuned"], dtype=np.float64), kind="stable")[:2]]
    if name == "cosine":
        picked += [*np.argsort(-r["extra"][:, r["extra_names"].index("cosine")], kind="stable")[:2]]
    return np.array([int(j) for j in dict.fromkeys(int(j) for j in picked)])


def first_features(r: dict[str, Any], name: str) -> np.ndarray:
    """The first stage's features of every candidate paragraph: ``FEATURES`` (+ the base cosine and its rank for
    ``cosine``)."""
    if name != "cosine":
        return r["x"]
    cos = r["extra"][:, r["extra_names"].index("cosine")]
    return np.column_stack([r["x"], cos, _inverse_rank(cos)])


class FirstStage:
    """A candidate's first stage, fitted once per set of held-out repositories on every training comment's pool
    (``located+tuned``: the ``located`` pools, the seen revisions having no tuned cosine); ``tuned2``: round
    twelve's reference (``bench.place_round12.References``)."""

    def __init__(self, table: list[dict[str, Any]], name: str) -> None:
        from bench.place_round12 import References

        self.name = name
        self.refs = References(table) if name == "tuned2" else None
        fit_pool = "located" if name == "located+tuned" else name
        self.rows = [] if self.refs else [
            {"xs": first_features(r, name)[p], "ys": r["y"][p], "group": r["group"]}
            for r in table for p in [pool_of(r, fit_pool)]]
        self.fits: dict[frozenset, Any] = {}

    def outside(self, *groups: str) -> Any:
        if self.refs is not None:
            return self.refs.outside(*groups)
        from bench.place_round11 import fit

        key = frozenset(groups)
        if key not in self.fits:
            self.fits[key] = fit([r for r in self.rows if r["group"] not in key], "first")
        return self.fits[key]


def two_stage(table: list[dict[str, Any]], u: list[dict[str, Any]], name: str) -> dict[tuple, dict]:
    """``name``'s placement of every comment of U, leave-one-repository-out over U: the first stage fitted outside g
    (and the row's repository), the second stage on U minus g; the card uncapped and capped, each margin chosen on
    U minus g's out-of-fold second-stage scores."""
    from bench.place_alternative import CAP, choose
    from bench.place_round11 import fit
    from bench.place_round12 import _scored

    first = FirstStage(table, name)
    pool_name = "tuned2" if name == "tuned2" else name
    out = {}
    groups = sorted({r["group"] for r in u})
    for held in groups:
        rows = []
        for r in u:
            p = pool_of(r, pool_name) if pool_name != "tuned2" else rules_order(r)[:2]
            z = first.outside(held, r["group"]).scores(first_features(r, name)[p])
            tuned = np.asarray(r["tuned"], dtype=np.float64)
            rows.append({"key": (r["paper"], r["comment"]), "group": r["group"], "kind": r["kind"],
                         "xs": np.stack([z, tuned[p], _inverse_rank(tuned)[p]], axis=1), "ys": r["y"][p]})
        inner = []
        for h in groups:
            if h != held:
                m = fit([r for r in rows if r["group"] not in (held, h)], "stage2")
                inner += [_scored(m.scores(r["xs"]), r["ys"]) for r in rows if r["group"] == h]
        margins = {"uncapped": choose(inner), "capped": choose(inner, cap=CAP)}
        model = fit([r for r in rows if r["group"] != held], "stage2")
        for r in rows:
            if r["group"] == held:
                s = _scored(model.scores(r["xs"]), r["ys"])
                out[r["key"]] = {**s, "kind": r["kind"], "pool": bool(r["ys"].any()), **{
                    f"two_{c}": bool(s["margin"] <= m) for c, m in margins.items()}, **{
                    f"card_{c}": s["first"] or (s["margin"] <= m and s["second"]) for c, m in margins.items()}}
    return out


def measure(rows: list[dict[str, Any]], fresh: set[str]) -> None:
    import math

    from bench.place_study import sign_test

    u = [r for r in rows if r["paper"] in fresh]
    n = len(u)
    need = max(6, math.ceil(0.015 * n))
    keys = [(r["paper"], r["comment"]) for r in u]
    print(f"U: {n} answered comments of {len({r['paper'] for r in u})} unseen revisions, "
          f"{len({r['group'] for r in u})} repositories; first stages fitted on {len(rows)} training comments; "
          f"drafts unpaged; pass: +{need} and p < 0.05")
    bm25 = sum(bool(r["y"][int(np.argmax(r["x"][:, r["features"].index("bm25")]))]) for r in u)
    print(f"  BM25 first {bm25}; rules' first {sum(bool(r['y'][rules_order(r)[0]]) for r in u)}; a right one in the "
          f"pool: " + ", ".join(f"{c} {sum(bool(r['y'][pool_of(r, c)].any()) for r in u)}"
                                 for c in ("reference", *CANDIDATES)))

    def line(name: str, o: dict[tuple, dict]) -> str:
        first = sum(o[k]["first"] for k in keys)
        two = sum(o[k]["first"] or o[k]["second"] for k in keys)
        cells = [f"{name:14} first {first:4} ({100 * first / n:.1f} %)  best two {two:4}"]
        for c in ("uncapped", "capped"):
            card, shown2 = sum(o[k][f"card_{c}"] for k in keys), sum(o[k][f"two_{c}"] for k in keys)
            cells.append(f"card {c} {card} ({100 * card / n:.1f} %), two shown {shown2} ({100 * shown2 / n:.1f} %)")
        return "  " + "; ".join(cells)

    ref = two_stage(rows, u, "tuned2")
    print(line("reference", ref), flush=True)
    two_ref = sum(ref[k]["two_capped"] for k in keys)
    card_ref = sum(ref[k]["card_capped"] for k in keys)
    first_ref = sum(ref[k]["first"] for k in keys)
    ok = two_ref <= CAP_SHIP * n and card_ref >= first_ref
    print(f"  the cap (reference): two shown {two_ref} of {n} ({100 * two_ref / n:.1f} %, bound "
          f"{100 * CAP_SHIP:.1f} %), card {card_ref} against the first alone {first_ref}: "
          f"{'SHIPS' if ok else 'does not ship'}", flush=True)
    for name in CANDIDATES:
        o = two_stage(rows, u, name)
        gained, lost, p = sign_test([ref[k]["first"] for k in keys], [o[k]["first"] for k in keys])
        kinds: Counter = Counter()
        for k in keys:
            kinds[ref[k]["kind"]] += int(o[k]["first"]) - int(ref[k]["first"])
        d = {f: sum(o[k][f] for k in keys) - sum(ref[k][f] for k in keys) for f in ("first", "card_capped")}
        d["two"] = sum(o[k]["first"] or o[k]["second"] for k in keys) - \
            sum(ref[k]["first"] or ref[k]["second"] for k in keys)
        passed = d["first"] >= need and p < 0.05 and d["two"] >= -2 and d["card_capped"] >= -2 and \
            min(kinds.values()) >= -2
        print(f"{line(name, o)}\n    +{gained} -{lost} p = {p:.3f}  fine types {dict(sorted(kinds.items()))}  "
              f"{'PASSES' if passed else 'fails'}", flush=True)


def write_margin(rows: list[dict[str, Any]], fresh: set[str]) -> None:
    """The shipped model's card margin re-chosen under the cap (round thirteen; its weights unchanged): round nine's
    rule, capped, over U's leave-one-repository-out second-stage scores, each row's z out of fold, as
    ``bench.place_round12.write`` chooses it."""
    import json

    from bench.fit_placement import MODEL
    from bench.place_alternative import CAP, choose, shown
    from bench.place_round11 import fit
    from bench.place_round12 import References, _scored, stage_rows

    u = [r for r in rows if r["paper"] in fresh]
    stage = stage_rows(u, References(rows), None, "tuned2")
    inner = []
    for h in sorted({r["group"] for r in stage}):
        m = fit([r for r in stage if r["group"] != h], "stage2")
        inner += [_scored(m.scores(r["xs"]), r["ys"]) for r in stage if r["group"] == h]
    margin = choose(inner, cap=CAP)
    raw = json.loads(MODEL.read_text(encoding="utf-8"))
    before = raw.get("margin")
    raw["margin"] = round(float(margin), 6)
    got = shown(inner, margin)
    raw.setdefault("meta", {})["margin"] = {
        "rule": f"bench.place_alternative.choose, cap {CAP}: at most {CAP:.0%} of the comments shown two places",
        "chosen_on": f"U's {len(inner)} comments, leave-one-repository-out second-stage scores",
        "two_shown": got["two"], "right_among_shown": got["shown"], "first": got["first"], "before": before,
        "by": "bench.place_round13 --write-margin (round thirteen)"}
    MODEL.write_text(json.dumps(raw, indent=1) + "\n")
    print(f"margin {before} -> {margin:.6f}: on U's out-of-fold scores two shown {got['two']} of {len(inner)}, "
          f"right among shown {got['shown']} (first {got['first']})")


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(Path(__file__).resolve().parents[1] / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--table", required=True, help="the table's pickle: its rows and U (built when missing)")
    ap.add_argument("--account", action="store_true", help="only the account (counts)")
    ap.add_argument("--write-margin", action="store_true", help="re-choose the shipped model's margin under the cap")
    args = ap.parse_args()
    path = Path(args.table).expanduser()
    if not path.exists():  # round twelve's table, with U's list (slow: the corpus and both encoders)
        from bench.place_round12 import build, unseen

        fresh_ids = unseen(args.corpus)
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(pickle.dumps({"rows": build(args.corpus, args.cache, fresh_ids), "fresh": fresh_ids}))
    data = pickle.loads(path.read_bytes())
    rows, fresh = (data["rows"], set(data["fresh"])) if isinstance(data, dict) else \
        (data, {r["paper"] for r in data if "tuned" in r})
    if args.account:
        account(rows, fresh)
        return 0
    if args.write_margin:
        write_margin(rows, fresh)
        return 0
    measure(rows, fresh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
