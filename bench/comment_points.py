"""Where the training part's reviewer points are lost, sorted by cause (issue 33), and the comments rebuilt fast.

    nice .venv/bin/python -m bench.comment_points --part train [--scores DIR] [--show CAUSE] [--json OUT]

Each labelled revision's ``reviews.md`` is read and scored as ``extract_comments`` scores it (the default model,
all its reviews in one call); the units' probabilities and fine types are kept in ``--scores`` (keyed by the units'
text, so a change to the reader scores again) and the comments are rebuilt from them with ``build_comments``, which
is what a segmentation rule changes: a rule is measured in seconds, not in the minutes a full extraction takes.
The counts are ``bench.measure_corpus_comments``' (found, comments, no point). Each missed point is sorted, first
cause that applies (a sentence of the point is a unit whose words of 3+ letters lie 80 % inside it; a comment holds
a unit when the unit's span lies in the comment's span or the unit is its context):

- ``unread``: no unit is a sentence of the point (it is not read as sentences of its own);
- ``none-high`` / ``none-low``: no comment holds a sentence of it; its best sentence scores 0.3 or more / less;
- ``partial``: one comment holds some of its sentences, and none holds the others;
- ``split-merged`` / ``split``: two or more comments hold its sentences; their text and context together would
  hold 60 % of its words / would not.

Fit and read examples on ``--part train`` only (docs/corpus.md).
"""

from __future__ import annotations

import argparse
import hashlib
import json
import pickle
import sys
from collections import Counter
from pathlib import Path

from bench.measure_corpus_comments import gold_points, match
from engine.reviews.evaluate import COVER, words

CAUSES = ("partial", "split-merged", "split", "none-high", "none-low", "unread")
#: A unit is a sentence of a point when this share of its words lies inside the point.
INSIDE = 0.8
HIGH = 0.3


def scored_revisions(part: str, cache: Path, scores: Path, only: list[str] | None = None) -> dict:
    """``{id: (gold points, [(review, prefix, units, prob, fine)], threshold)}`` for the labelled revisions of
    ``part``, each scored once by the default model and kept in ``scores``."""
    from corpus.labels import read_labels
    from corpus.manifest import entries, load_manifest
    from engine.reviews.comments import default_model, model_threshold, prefixes, score_units
    from engine.reviews.load import load_reviews
    from engine.reviews.units import review_units

    scores.mkdir(parents=True, exist_ok=True)
    model = None
    out = {}
    for entry in entries(load_manifest(), part, only):
        labels = read_labels(entry["id"])
        folder = cache / entry["id"]
        if labels is None or not (folder / "reviews.md").exists():
            continue
        reviews = load_reviews(folder / "reviews.md")
        per_review = [review_units(r) for r in reviews]
        key = hashlib.sha256(json.dumps([[u.text for u in us] for us in per_review]).encode()).hexdigest()[:16]
        file = scores / f"{entry['id']}-{key}.pkl"
        if file.exists():
            scored, cut = pickle.loads(file.read_bytes())
        else:
            if model is None:
                model, encoder = default_model(None)
            scored = score_units(per_review, model, encoder)
            cut = model_threshold(model)
            file.write_bytes(pickle.dumps((scored, cut)))
        rows = [(r, p, us, prob, fine)
                for r, p, us, (prob, fine) in zip(reviews, prefixes(reviews), per_review, scored)]
        out[entry["id"]] = (gold_points(folder, labels), rows, cut)
    return out


def rebuild(rows: list, cut: float) -> list:
    """The comments of one revision from its scored units, as ``extract_comments`` builds them."""
    from engine.reviews.comments import build_comments
    from engine.reviews.language import is_english

    got = []
    for review, prefix, units, prob, fine in rows:
        for c in build_comments(review, prefix, units, prob, fine, cut, None if is_english(review.text) else 0.0):
            got.append((review, units, prob, c))
    return got


def cause(gold: str, built: list, rows: list) -> str:
    """Why one missed point was missed (``CAUSES``)."""
    g = words(gold)
    inside = []  # (review index, unit, prob) of the point's sentences
    for i, (_, _, units, prob, _) in enumerate(rows):
        for k, u in enumerate(units):
            w = words(u.text)
            if w and len(w & g) / len(w) >= INSIDE:
                inside.append((i, u, float(prob[k])))
    if not inside:
        return "unread"
    holders = set()
    for i, u, _ in inside:
        review = rows[i][0]
        for n, (r, _, _, c) in enumerate(built):
            if r is review and (c.span[0] <= u.start and u.end <= c.span[1] or u.text in (c.context or "")):
                holders.add(n)
    if not holders:
        return "none-high" if max(p for _, _, p in inside) >= HIGH else "none-low"
    if len(holders) == 1:
        return "partial"
    merged = set().union(*(words(built[n][3].text + " " + (built[n][3].context or "")) for n in holders))
    return "split-merged" if len(g & merged) / len(g) >= COVER else "split"


def measure(data: dict, show: str | None = None) -> dict:
    """Pooled counts and the causes of the missed points, with the comments rebuilt as the code now builds them."""
    total = Counter()
    causes = Counter()
    per = {}
    for rid, (gold, rows, cut) in data.items():
        built = rebuild(rows, cut)
        m = match(gold, [c.to_dict() for *_, c in built])
        for key in ("gold", "found", "comments", "no_point"):
            total[key] += m[key]
        per[rid] = {k: m[k] for k in ("gold", "found", "comments", "no_point")}
        for g in m["missed"]:
            why = cause(g, built, rows)
            causes[why] += 1
            if show == why:
                print(f"{rid}: {' '.join(g.split())[:400]}")
    return {"revisions": len(data), **total, "causes": {c: causes[c] for c in CAUSES}, "per_revision": per}


def main(argv: list[str] | None = None) -> int:
    from corpus.build_revisions import default_out

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--part", choices=("train",), required=True)
    ap.add_argument("--cache", type=Path, default=None, help="the built corpus (default: corpus.build_revisions')")
    ap.add_argument("--scores", type=Path, default=Path("/tmp/redraft-comment-points"))
    ap.add_argument("--show", choices=CAUSES, help="print the missed points of this cause")
    ap.add_argument("--json", type=Path, help="write the counts per revision here")
    args = ap.parse_args(argv)
    got = measure(scored_revisions(args.part, args.cache or default_out(), args.scores), args.show)
    if args.json:
        args.json.write_text(json.dumps(got, indent=1), encoding="utf-8")
    print(json.dumps({k: v for k, v in got.items() if k != "per_revision"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
