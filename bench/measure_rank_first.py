"""Session 32 (issue 32): the best candidate edit first, on the training part (docs/figures-align.md, "Session 32:
the best candidate edit first"; the account committed before any candidate, the rule before any candidate's figure).

    nice .venv/bin/python -m bench.measure_rank_first account [--out JSON]
    nice .venv/bin/python -m bench.measure_rank_first measure [--out JSON]

``account``: for the answered comments of the 120 training revisions (``bench.rank_first.rows``: each scored by a
shipped-state model that never saw it), counts of where the gold edits rank when the best edit is not gold, what
that best edit is, the comment's fine type and gold links, whether the comment or the response letter names the
gold edit's place; the same counts over the comments whose best edit is gold, beside. Counts only; nothing fitted.
``measure``: the candidates (``bench.first_edit``'s rules: H ``taken``, N ``named``, and both, reported) against
the shipped state, pooled over the 120, on the 86 and the 34 apart, with the paired bootstrap over repositories and
the rule's verdict. Reads the training part only.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FOLDS86 = "/tmp/s30/refold/folds/refold-F28.pkl"
PAIRS120 = "/tmp/rank33/pairs120.pkl"
FACTS = ("gold rank", "gold in the top 3, in the best's block", "links shown", "best gold shown", "fine type",
         "gold links", "best is another comment's gold", "best held more strongly by another comment",
         "best next to a gold edit (±1)", "best in a gold edit's section", "best unit", "best change",
         "best large inserted (≥ 100 words)", "best surface", "best neighbour-added", "comment names a place",
         "comment names the gold's place", "comment names the best's place", "comment gives a page or line",
         "gold located", "best located", "gold quoted", "best quoted", "letter answers it",
         "letter names the gold's place", "letter names the best's place")


def pooled(rs, matrices=None) -> dict:
    from bench.rank_first import counts
    from engine.align.corpus_eval import rates

    per = [counts(r, None if matrices is None else matrices[k]) for k, r in enumerate(rs)]
    return rates({k: sum(p[k] for p in per) for k in per[0]})


def account(a) -> dict:
    from bench.rank_first import facts, letters, rows

    rs = rows(a.folds, a.pairs, a.corpus)
    found = letters(rs)
    recs = [f for r in rs for f in facts(r, found.get(r.pid))]
    out = {"revisions": len(rs), "unseen": sum(r.unseen for r in rs),
           "repositories": len({r.repo for r in rs}), "baseline": pooled(rs),
           "baseline, the 86": pooled([r for r in rs if not r.unseen]),
           "baseline, the 34": pooled([r for r in rs if r.unseen]),
           "answered comments with a candidate": len(recs), "misses": sum(not f["hit"] for f in recs), "by": {}}
    for name in FACTS:
        out["by"][name] = {w: dict(sorted(Counter(str(f[name]) for f in recs if f["hit"] == (w == "hit")).items()))
                           for w in ("miss", "hit")}
    out["misses by unseen"] = dict(Counter(str(f["unseen"]) for f in recs if not f["hit"]))
    return out


CANDIDATES = {"H": ("taken",), "N": ("named",), "N then H": ("named", "taken")}
#: The rule (written before any candidate's figure): hit@1 up by this much at least, its bootstrap's 5th percentile
#: above 0, hit@3 down by at most this much.
MIN_RISE, MAX_HIT3_FALL = 1.0, 0.3


def measure(a) -> dict:
    from bench.measure_carry_align import bootstrap
    from bench.rank_first import counts, order, rows
    from engine.align.corpus_eval import rates
    from engine.align.evidence import FEATURES as EV
    from bench.first_edit import first_edits
    from engine.align.status import LINK_P
    from engine.reviews.fine_types import fine_type

    rs = rows(a.folds, a.pairs, a.corpus)
    base = {r.pid: counts(r) for r in rs}
    parts = {"all 120": [r for r in rs], "the 86": [r for r in rs if not r.unseen],
             "the 34 unseen": [r for r in rs if r.unseen]}

    def groups(sub):
        out: dict[str, list[str]] = {}
        for r in sub:
            out.setdefault(r.repo, []).append(r.pid)
        return out

    def pool(per, sub):
        return rates({k: sum(per[r.pid][k] for r in sub) for k in next(iter(per.values()))})

    res = {"B0": {name: pool(base, sub) for name, sub in parts.items()}}
    for name, rules in CANDIDATES.items():
        per, moves = {}, {"re-ranked": 0, "miss to hit": 0, "hit to miss": 0, "by fine type": {}}
        for r in rs:
            named = r.pp.evidence[:, :, EV.index("named")] if r.pp.evidence.size else None
            m, moved = first_edits(r.matrix, LINK_P, rules, named)
            per[r.pid] = counts(r, m)
            for i in map(int, moved.nonzero()[0]):
                c = r.pp.paper.comments[i]
                moves["re-ranked"] += 1
                g = r.pp.paper.gold.get(c.id, set())
                if not g:
                    continue
                was, now = order(r.matrix[i])[:1], order(m[i])[:1]
                hit0 = bool(was and r.pp.edit_ids[was[0]] in g)
                hit1 = bool(now and r.pp.edit_ids[now[0]] in g)
                key = "miss to hit" if hit1 and not hit0 else "hit to miss" if hit0 and not hit1 else None
                if key:
                    moves[key] += 1
                    ft = moves["by fine type"].setdefault(fine_type(c), [0, 0])
                    ft[key == "hit to miss"] += 1
        out = {part: pool(per, sub) for part, sub in parts.items()}
        out["moves"] = moves
        for part, sub in parts.items():
            ci = bootstrap({r.pid: per[r.pid] for r in sub}, {r.pid: base[r.pid] for r in sub}, groups(sub),
                           keys=("hit@1", "hit@3", "F1", "found", "wrong addressed"))
            out[part]["90 % over repositories"] = ci
        whole, ref = out["all 120"], res["B0"]["all 120"]
        rise = round(whole["hit@1"] - ref["hit@1"], 1)
        checks = {"hit@1 rise": rise, "rise >= 1.0": rise >= MIN_RISE,
                  "5th percentile > 0": whole["90 % over repositories"]["hit@1"][0] > 0,
                  "hit@3 fall <= 0.3": ref["hit@3"] - whole["hit@3"] <= MAX_HIT3_FALL}
        out["verdict"] = checks | {"passes": all(v for k, v in checks.items() if k != "hit@1 rise")}
        res[name] = out
    return res


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_rank_first")
    ap.add_argument("step", choices=("account", "measure"))
    ap.add_argument("--folds", default=FOLDS86)
    ap.add_argument("--pairs", default=PAIRS120)
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    for f in (a.folds, a.pairs):
        if not Path(f).is_file():
            print(f"error: no such file: {f}", file=sys.stderr)
            return 2
    res = account(a) if a.step == "account" else measure(a)
    text = json.dumps(res, indent=1, ensure_ascii=False)
    if a.out:
        Path(a.out).write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
