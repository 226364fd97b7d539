"""`redraft eval align --corpus` with the gold narrowed, for the figures a blind set's scoring plan asks beside the
pooled ones (docs/figures-align.md, "Session 21: the sixth blind set"): links of ``high`` strength only, or without
named comments (a few comments that carry many links).

    .venv/bin/python -m bench.eval_align_variants --part blind --only ID [ID ...] [--high-only]
        [--drop ID/COMMENT ...]

Prints the same JSON as ``redraft eval align --corpus … --json``. With ``--high-only`` a comment whose links are all
``medium`` counts as unanswered, so found, hit@1 and wrong "addressed" change meaning there: read its link P/R/F1.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    import corpus.labels as labels
    from engine.cli.eval_align_corpus import run_corpus

    ap = argparse.ArgumentParser(prog="python -m bench.eval_align_variants")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--part", required=True, choices=("checked", "blind"))
    ap.add_argument("--only", nargs="+")
    ap.add_argument("--high-only", action="store_true")
    ap.add_argument("--drop", nargs="*", default=[], help="comments left out, as REVISION/COMMENT (e.g. x-r1/R2.3)")
    a = ap.parse_args(argv)
    real = labels.to_gold
    drop = set(a.drop)

    def narrowed(entries, cache, folder=labels.LABELS, strengths=("high", "medium")):
        gold, notices = real(entries, cache, folder, ("high",) if a.high_only else strengths)
        seen = set()
        for paper in gold["papers"]:
            keep = [c for c in paper["comments"] if c["id"] not in drop]
            seen |= {c["id"] for c in paper["comments"]} & drop
            paper["comments"] = keep
        if missing := sorted(drop - seen):
            raise SystemExit(f"error: no such comment: {', '.join(missing)}")
        return gold, notices

    labels.to_gold = narrowed
    try:
        return run_corpus(argparse.Namespace(corpus=a.corpus, cache=a.cache, part=a.part, only=a.only, json=True))
    finally:
        labels.to_gold = real


if __name__ == "__main__":
    sys.exit(main())
