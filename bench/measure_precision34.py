"""Session 33's precision candidates measured as their rule says (issue 33; docs/comments.md, "Session 33").

    nice .venv/bin/python -m bench.measure_precision34 ../shared/data/disapere/train.jsonl OUT/oof_base.npz \
        [--opening] [--margin auto|M] [--corpus] [--work DIR] [--scores DIR]

``--opening`` switches C1 on (``precision.OPENING_CONTEXT``). ``--margin auto`` is C2 with its margin chosen inside
the folds: for each of ``engine.reviews.fit``'s five folds of forums the margin of ``GRID`` with the best sentence
F1 on the other four (the smaller margin on a tie) is applied to that fold, and the pooled out-of-fold comments are
scored; the margin chosen on all five folds together is what would ship, and the one ``--corpus`` uses. ``--margin
M`` sets it. DISAPERE train is scored as ``bench.score_encoder_oof`` scores the default (the fold encoders' logits,
the words model out of fold, ``encoder.json``'s settings); with ``--corpus`` the training part's points are counted
as ``bench.comment_points`` counts them (found, comments, no point), with the same switches. Dev is never read; the
checked and blind parts are never loaded.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from engine.reviews import precision

#: C2's margins tried inside the folds (0: the shipped threshold for every sentence).
GRID = (0.0, 0.025, 0.05, 0.075, 0.1, 0.15, 0.2)
FOLDS = 5
KEYS = ("precision", "recall", "f1", "fine_macro_f1", "comments_per_review", "extracted_ok", "extracted_wrong")


def forum_comments(f: dict, p, fine: list, threshold: float) -> list[dict]:
    """One forum's comments (dicts), as ``engine.reviews.fit._score`` builds them."""
    from engine.reviews.comments import build_comments, prefixes

    out, pos = [], 0
    for r, prefix, units in zip(f["reviews"], prefixes(f["reviews"]), f["units"]):
        n = len(units)
        out += [c.to_dict() for c in build_comments(r, prefix, units, p[pos:pos + n], fine[pos:pos + n], threshold)]
        pos += n
    return out


def score(data: list, made: dict) -> dict:
    from engine.reviews.evaluate import score_forums

    return score_forums([(f["forum"], f["gold"]) for f in data if f["md"] in made], lambda md: made[md])


def made_with(data: list, scored: list, threshold: float, margin: float, forums: list[int]) -> dict:
    precision.NO_MARKER_MARGIN = margin
    return {data[i]["md"]: forum_comments(data[i], *scored[i], threshold) for i in forums}


def nested(data: list, scored: list, threshold: float) -> tuple[dict, list, float]:
    """The pooled figures with each fold's margin chosen on the other four; the margins; the margin of all five."""
    every = list(range(len(data)))
    per_margin = {m: made_with(data, scored, threshold, m, every) for m in GRID}
    chosen, pooled = [], {}
    for k in range(FOLDS):
        rest = [data[i] for i in every if i % FOLDS != k]
        best = max(GRID, key=lambda m: (score(rest, per_margin[m])["f1"], -m))
        chosen.append(best)
        pooled.update({data[i]["md"]: per_margin[best][data[i]["md"]] for i in every if i % FOLDS == k})
    whole = max(GRID, key=lambda m: (score(data, per_margin[m])["f1"], -m))
    return score(data, pooled), chosen, whole


def main(argv: list[str] | None = None) -> int:
    from bench.precision_account import oof_comments

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("oof", type=Path)
    ap.add_argument("--opening", action="store_true", help="C1 on")
    ap.add_argument("--margin", default="0", help="C2: 'auto' (chosen inside the folds) or a number")
    ap.add_argument("--corpus", action="store_true", help="also the training part's points")
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-encoder"))
    ap.add_argument("--scores", type=Path, default=Path("/tmp/redraft-comment-points"))
    args = ap.parse_args(argv)
    precision.OPENING_CONTEXT = args.opening
    data, scored, threshold = oof_comments(args.train, args.oof, args.work)
    every = list(range(len(data)))
    if args.margin == "auto":
        got, chosen, margin = nested(data, scored, threshold)
        print("C2 margins chosen per fold (on the other four):", chosen, "| on all five (would ship):", margin)
    else:
        margin = float(args.margin)
        got = score(data, made_with(data, scored, threshold, margin, every))
    print("DISAPERE train, out of fold:", {k: got[k] for k in KEYS}, got["fine_per_type"])
    if args.corpus:
        from bench.comment_points import measure, scored_revisions
        from corpus.build_revisions import default_out

        precision.NO_MARKER_MARGIN = margin
        points = measure(scored_revisions("train", default_out(), args.scores))
        print("corpus train:", json.dumps({k: v for k, v in points.items() if k != "per_revision"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
