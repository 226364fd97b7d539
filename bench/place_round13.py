"""Round thirteen's placement study (issue 34, docs/suggest.md "Placement, round thirteen"): where the authors'
paragraph is when the pool the placement model chooses from (the rules' best two) misses it, and candidates fixed
from that account.

The table is round twelve's (``bench.place_round12.build``: the training part only, drafts unpaged; per answered
comment every candidate paragraph's ``FEATURES``, the base encoder's cosine and BM25 ranks, the located paragraphs,
which paragraphs are right, and for U, the training revisions the tuned encoder never saw, the tuned cosine), kept
with U's list in one pickle:

    .venv/bin/python -m bench.place_round13 --table /tmp/place18/table.pkl --account

``--account`` prints counts only: for the comments whose pool holds no right paragraph, the best right
paragraph's rank by the rules, BM25, the base cosine, the tuned cosine (U only: the 58 seen revisions are
in-sample for it) and among the located paragraphs; by insertion vs change, fine type, what the comment names, and
for insertions after results. Nothing is fitted or chosen by it.
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
                    "rules 2 + located 3 + tuned 2 (U)": lambda rk: (rk["rules"] < 2) | (rk["located"] < 3) | (rk["tuned"] < 2),
                    "rules 3 + located 3 + tuned 2 (U)": lambda rk: (rk["rules"] < 3) | (rk["located"] < 3) | (rk["tuned"] < 2),
                    "rules 3 + cosine 2 + tuned 2 (U)": lambda rk: (rk["rules"] < 3) | (rk["cosine"] < 2) | (rk["tuned"] < 2),
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

    split("3. insertion vs change", lambda r: "answered by insertions alone" if r["insertion_only"] else "a changed paragraph")
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
        d[("1-2" if dist <= 2 else "3-10" if dist <= 10 else ">10", "same top section" if same else "other section")] += 1
    for k in sorted(d):
        print(f"   {k[0]:5} paragraphs away, {k[1]:14} {d[k]:5}")
    rr = Counter(r["roles"][int(np.flatnonzero(r["y"])[0])] for r in miss)
    print("   the right paragraph's section role (first right one):", dict(rr.most_common()))
    rf = Counter(r["roles"][int(rules_order(r)[0])] for r in miss)
    print("   the rules' first's section role:", dict(rf.most_common()))


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", required=True, help="the pickle written by /tmp build (rows and U)")
    ap.add_argument("--account", action="store_true")
    args = ap.parse_args()
    data = pickle.loads(Path(args.table).expanduser().read_bytes())
    rows, fresh = (data["rows"], set(data["fresh"])) if isinstance(data, dict) else \
        (data, {r["paper"] for r in data if "tuned" in r})
    if args.account:
        account(rows, fresh)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
