"""Session 32 (issue 32): the best candidate edit first, on the training part (docs/figures-align.md, "Session 32:
the best candidate edit first"; the account committed before any candidate, the rule before any candidate's figure).

    nice .venv/bin/python -m bench.measure_rank_first account [--out JSON]

``account``: for the answered comments of the 120 training revisions (``bench.rank_first.rows``: each scored by a
shipped-state model that never saw it), counts of where the gold edits rank when the best edit is not gold, what
that best edit is, the comment's fine type and gold links, whether the comment or the response letter names the
gold edit's place; the same counts over the comments whose best edit is gold, beside. Counts only; nothing fitted.
Reads the training part only.
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


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_rank_first")
    ap.add_argument("step", choices=("account",))
    ap.add_argument("--folds", default=FOLDS86)
    ap.add_argument("--pairs", default=PAIRS120)
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    for f in (a.folds, a.pairs):
        if not Path(f).is_file():
            print(f"error: no such file: {f}", file=sys.stderr)
            return 2
    res = account(a)
    text = json.dumps(res, indent=1, ensure_ascii=False)
    if a.out:
        Path(a.out).write_text(text + "\n")
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
