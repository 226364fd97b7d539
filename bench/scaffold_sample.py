"""Scaffolds to read by hand (docs/suggest.md, "Session 22: the scaffold's wording"): 40 + 40 answered comments of
the training part, chosen by a rule fixed before any was read.

The training revisions in the order of the SHA-256 of their id; from each, the first ``PER_REVISION`` answered
comments (``bench.suggest_places.answered``); set A is the first ``SET_SIZE`` of that sequence, set B the next
``SET_SIZE``. Each comment is located as the project locates it (``engine.align.localize`` with the embedded
encoder, per paper), placed (``engine.generate.placement.place``, the shipped model) and scaffolded
(``engine.generate.scaffold.build_scaffold``); the scaffold's parts are written as JSON lines, with the comment, for
a reader. The output holds the corpus's review text: write it outside the repository (``/tmp``), never commit it.

    .venv/bin/python -m bench.scaffold_sample --corpus corpus/revisions.json --out /tmp/scaffolds.jsonl
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from typing import Any

PER_REVISION = 8
SET_SIZE = 40


def order(manifest: str) -> list[str]:
    """The training revisions' ids in the order of the SHA-256 of the id."""
    with open(manifest, encoding="utf-8") as f:
        revisions = json.load(f)["revisions"]
    ids = [r["id"] for r in revisions if r.get("part") == "train"]
    return sorted(ids, key=lambda i: hashlib.sha256(i.encode()).hexdigest())


def sample(manifest: str, cache: str | None, total: int = 2 * SET_SIZE) -> list[dict[str, Any]]:
    """The first ``total`` scaffolds of the sequence, each a dict with its set ("A" or "B")."""
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import localize
    from engine.generate.placement import place
    from engine.generate.scaffold import build_scaffold
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    rows: list[dict[str, Any]] = []
    for rid in order(manifest):
        if len(rows) >= total:
            break
        items = list(answered(load_papers(manifest, cache, "train", [rid])))[:PER_REVISION]
        if not items:
            continue
        located = localize([a.comment for a in items], items[0].document, encoder, 3)
        for a, loc in zip(items, located):
            if len(rows) >= total:
                break
            found = [a.document.paragraph(pid) for pid, _ in loc.paragraphs]
            placed = place(a.comment, a.document, found, position=a.position)
            s = build_scaffold(a.comment, placed.ranked, a.document)
            rows.append({"set": "A" if len(rows) < SET_SIZE else "B", "n": len(rows) + 1, "paper": rid,
                         "comment_id": a.comment.id, "comment": a.comment.full_text, **s.to_dict()})
            print(f"{rows[-1]['set']} {rows[-1]['n']:3} {rid:32} {a.comment.id}", file=sys.stderr, flush=True)
    return rows


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--corpus", default="corpus/revisions.json")
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--out", required=True, help="JSON lines, outside the repository")
    args = ap.parse_args()
    rows = sample(args.corpus, args.cache)
    with open(args.out, "w", encoding="utf-8") as f:
        for r in rows:
            f.write(json.dumps(r, ensure_ascii=False) + "\n")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
