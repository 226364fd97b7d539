"""Reviewer points found on the revisions corpus (docs/corpus.md), one part at a time.

    .venv/bin/python -m bench.measure_corpus_comments --part train [--only ID ...] [--lexical] [--cache DIR] [--show]

Each labelled revision's built ``reviews.md`` is read as Redraft reads a reviews file (``load_reviews``) and its
comments extracted. A gold comment (a reviewer point: its lines of ``reviews.md``, ``corpus/labels/ID.json``)
counts as **found** when one extracted comment, its text plus its context, holds at least 60% of the gold's words
of 3+ letters, as ``../shared/tools/score_comments.py`` counts DISAPERE sentences. An extracted comment is **no
point** when no gold comment holds 60% of its own words (text without context): a heading, a summary, praise, or
a piece cut so far from its point that it no longer reads as it. Fit and read examples on ``--part train`` only;
``--part checked`` is scored once, at the end (docs/corpus.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from corpus.build_revisions import default_out
from corpus.labels import read_labels
from corpus.manifest import ManifestError, entries, load_manifest
from engine.reviews.evaluate import COVER, words


def gold_points(folder: Path, labels: dict) -> list[str]:
    """The text of each labelled comment, from the built reviews.md."""
    md = (folder / "reviews.md").read_text(encoding="utf-8").split("\n")
    return ["\n".join(md[c["lines"][0] - 1 : c["lines"][1]]) for c in labels["comments"]]


def match(gold: list[str], comments: list[dict]) -> dict:
    """Counts for one revision: gold points found, comments that are no point, and the pairs."""
    gw = [words(g) for g in gold]
    cw = [words(c["text"] + " " + (c.get("context") or "")) for c in comments]
    own = [words(c["text"]) for c in comments]
    found = [any(g and len(g & c) / len(g) >= COVER for c in cw) for g in gw]
    no_point = [not o or not any(len(o & g) / len(o) >= COVER for g in gw) for o in own]
    return {"gold": len(gold), "found": sum(found), "comments": len(comments), "no_point": sum(no_point),
            "missed": [g for g, f in zip(gold, found) if not f],
            "stray": [c["text"] for c, n in zip(comments, no_point) if n]}


def measure(part: str, cache: Path, encoder: str | None = None, only: list[str] | None = None) -> dict:
    """Counts per labelled revision of ``part`` (with ``only``, of those revisions) and pooled."""
    from engine.reviews.comments import extract_comments
    from engine.reviews.load import load_reviews

    rows = {}
    for entry in entries(load_manifest(), part, only):
        labels = read_labels(entry["id"])
        folder = cache / entry["id"]
        if labels is None or not (folder / "reviews.md").exists():
            continue
        comments = [c.to_dict() if hasattr(c, "to_dict") else vars(c)
                    for c in extract_comments(load_reviews(folder / "reviews.md"), encoder=encoder)]
        rows[entry["id"]] = match(gold_points(folder, labels), comments)
    total = {k: sum(r[k] for r in rows.values()) for k in ("gold", "found", "comments", "no_point")}
    total["found_share"] = round(100 * total["found"] / max(1, total["gold"]), 1)
    total["no_point_share"] = round(100 * total["no_point"] / max(1, total["comments"]), 1)
    return {"part": part, "revisions": len(rows), **total, "per_revision": rows}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("train", "checked", "blind"), required=True)
    ap.add_argument("--cache", type=Path, default=None, help="the built corpus (default: corpus.build_revisions')")
    ap.add_argument("--lexical", action="store_true", help="the words-and-cues model instead of the default")
    ap.add_argument("--show", action="store_true", help="print the missed points and the comments that are no point")
    ap.add_argument("--only", action="append", metavar="ID", help="just this revision of the part (repeatable)")
    args = ap.parse_args(argv)
    try:
        got = measure(args.part, args.cache or default_out(), "lexical" if args.lexical else None, args.only)
    except ManifestError as err:
        print(f"measure_corpus_comments: error: {err}", file=sys.stderr)
        return 2
    for rid, r in got["per_revision"].items():
        print(f"{rid:28} gold {r['gold']:3}  found {r['found']:3}  comments {r['comments']:3}  no point {r['no_point']:3}")
        if args.show:
            for g in r["missed"]:
                print("   MISSED:", " ".join(g.split())[:300])
            for s in r["stray"]:
                print("   STRAY: ", " ".join(s.split())[:300])
    print(json.dumps({k: v for k, v in got.items() if k != "per_revision"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
