"""The scaffold's placeholders before and after a change: two ``bench.bench_suggest --scaffold --out`` files of the
same comments compared (docs/suggest.md, "Session 33: a shorter placeholder and a named work's CITATION (both off),
the card's room").

    .venv/bin/python -m bench.scaffold_brief candidates BEFORE.json > /tmp/candidates.txt   # to read by hand
    .venv/bin/python -m bench.scaffold_brief compare BEFORE.json AFTER.json --named NAMED.txt

``candidates`` prints every comment with a mark of a reference (a year 1900-2029, "et al", a bracketed number, "doi",
"arXiv", a web address), for a reader to judge which name a specific work; its pattern shares nothing with
``engine.generate.brief.named_works``, whose output it judges. ``--named`` is the reader's file: one comment key
(``paper comment_id``) a line, the comments that name a work. ``compare`` prints, before and after: ROUGE-L of the
draft against the authors' inserted words (the bench's own mean), the placeholders' words per scaffold (mean,
median), invented facts (``bench.count_inventions``, as the bench counted them), and scaffolds with a CITATION
placeholder among the comments that name a work and among the others. The files hold review text: keep them in
``/tmp``, never in the repository.
"""

from __future__ import annotations

import argparse
import json
import re
import statistics
from typing import Any

_MARK = re.compile(r"\b(?:19\d\d|20[0-2]\d)\b|\bet\s+al\b|\[\s*\d|\bdoi\b|\barxiv\b|https?://|www\.", re.I)
_PLACEHOLDER = re.compile(r"\[\[([A-Z]+): ([^\[\]]*?)\]\]")


def _rows(path: str) -> list[dict[str, Any]]:
    with open(path, encoding="utf-8") as f:
        return json.load(f)["suggestions"]


def key(row: dict[str, Any]) -> str:
    return f"{row['paper']} {row['comment_id']}"


def placeholder_words(edit: str) -> int:
    return sum(len(m.group(2).split()) for m in _PLACEHOLDER.finditer(edit))


def has_citation(edit: str) -> bool:
    return any(m.group(1) == "CITATION" for m in _PLACEHOLDER.finditer(edit))


def summary(path: str, named: set[str]) -> dict[str, Any]:
    with open(path, encoding="utf-8") as f:
        data = json.load(f)
    rows = data["suggestions"]
    words = [placeholder_words(r["edit"]) for r in rows]
    return {"scaffolds": len(rows), "rougeL": data["summary"]["content"].get("suggestion", {}).get("rougeL"),
            "rouge_comments": data["summary"]["content"].get("comments"),
            "placeholder_words_mean": round(statistics.fmean(words), 2) if words else 0.0,
            "placeholder_words_median": statistics.median(words) if words else 0,
            "inventions": sum(r["inventions"]["total"] for r in rows),
            "citation_named": sum(has_citation(r["edit"]) for r in rows if key(r) in named),
            "named": sum(key(r) in named for r in rows),
            "citation_others": sum(has_citation(r["edit"]) for r in rows if key(r) not in named),
            "others": sum(key(r) not in named for r in rows)}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="what", required=True)
    c = sub.add_parser("candidates")
    c.add_argument("results")
    m = sub.add_parser("compare")
    m.add_argument("before")
    m.add_argument("after")
    m.add_argument("--named", required=True, help="the reader's file: one 'paper comment_id' a line")
    args = ap.parse_args()
    if args.what == "candidates":
        for r in _rows(args.results):
            if _MARK.search(r["comment"]):
                print(f"== {key(r)}\n{' '.join(r['comment'].split())}\n")
        return 0
    with open(args.named, encoding="utf-8") as f:
        named = {" ".join(line.split()) for line in f if line.strip() and not line.startswith("#")}
    if {key(r) for r in _rows(args.before)} != {key(r) for r in _rows(args.after)}:
        print("the two files hold different comments")
        return 2
    for name, path in (("before", args.before), ("after", args.after)):
        print(name, json.dumps(summary(path, named)))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
