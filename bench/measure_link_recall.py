"""Session 31 (issue 32): link recall on the training part's grouped folds (docs/figures-align.md, "Session 31: link
recall on the training folds"; the account was committed before any candidate, the rule before any candidate's
figure).

    nice .venv/bin/python -m bench.measure_link_recall account FOLDS.pkl [--out JSON]

``FOLDS.pkl``: the shipped state's grouped leave-papers-out folds (``bench.measure_refold``'s
``refold-F28.pkl``: each held-out paper's pairs with the shipped encoder's out-of-fold cosines, its outer fold's
link and answered models and the fold's inner scores). ``account`` counts, over every held-out paper, where the gold
links are missed and where the false links come from (``bench.link_recall``); nothing is fitted. Reads the training
part only.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: The facts the account counts each link by.
FACTS = ("score", "cut by the cap", "rank", "next to a shown link (±1, same section)",
         "next to a right shown link (±1, same section)", "next to a shown link (±2, same section)",
         "comment's links shown", "comment has a right link shown", "comment's gold links", "comment's fine type",
         "comment's status", "unit", "change", "comments it is shown for (others)",
         "comments it is gold for (others)")


def views(fitted, corpus: str):
    """Every held-out paper's ``link_recall.PaperView`` under the shipped status rules."""
    from bench.link_recall import paper_view
    from bench.measure_broad import scored_items
    from engine.cli.eval_align_corpus import corpus_unsure

    items = scored_items(fitted, corpus_unsure(corpus, None, "train"))
    return [paper_view(pp, m, item) for (pp, m, _, _), item in zip(fitted, items)]


def account(fitted, corpus: str) -> dict:
    from bench.link_recall import pair_facts, tally

    vs = views(fitted, corpus)
    records = [r for v in vs for r in pair_facts(v)]
    elsewhere = sum(sum(v.gold_elsewhere) for v in vs)
    out = {"links": {o: sum(r["outcome"] == o for r in records) for o in ("hit", "missed", "false")},
           "gold links to no candidate edit": elsewhere, "by": {}}
    for f in FACTS:
        out["by"][f] = {o: dict(sorted(c.items())) for o, c in tally(records, f).items()}
    # first-stage pairs not shown, by score band: how many are gold, overall and where each condition holds (what a
    # lower threshold of their own would add, and at what precision)
    bands: dict[str, dict[str, list[int]]] = {}
    from bench.link_recall import RATIO_BANDS, band, next_to, ranks

    for v in vs:
        rk = ranks(v.raw, v.mask)
        shown_for = v.shown.sum(axis=0)
        best = v.raw.max(axis=1) if v.raw.size else np.zeros(0)
        for i in range(len(v.comments)):
            has = bool(v.shown[i].any())
            for j in range(len(v.edits)):
                if not v.mask[i, j] or v.shown[i, j]:
                    continue
                b = band(float(v.raw[i, j]) / v.threshold, RATIO_BANDS)
                cond = {"all": True, "next to a shown link (±1)": next_to(v, i, j, v.shown[i]),
                        "next to a shown link (±2)": next_to(v, i, j, v.shown[i], 2),
                        "edit shown for another comment": bool(shown_for[j] > 0),
                        "comment has a link shown": has, "comment has none": not has,
                        "rank ≤ 3 in its row": bool(rk[i, j] <= 3),
                        "≥ 0.5 × its row's best": bool(v.raw[i, j] >= 0.5 * best[i])}
                for name, holds in cond.items():
                    if holds:
                        cell = bands.setdefault(b, {}).setdefault(name, [0, 0])
                        cell[0] += int(v.gold[i, j])
                        cell[1] += 1
    out["unshown first-stage pairs: gold of all"] = bands
    return out


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_link_recall")
    ap.add_argument("step", choices=("account",))
    ap.add_argument("folds")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    a = ap.parse_args(argv)
    if not Path(a.folds).is_file():
        print(f"error: no such file: {a.folds}", file=sys.stderr)
        return 2
    fitted = pickle.loads(Path(a.folds).read_bytes())
    got = account(fitted, a.corpus)
    text = json.dumps(got, indent=1, ensure_ascii=False)
    if a.out:
        Path(a.out).write_text(text)
    print(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
