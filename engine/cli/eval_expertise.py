"""``redraft eval expertise --ratings TSV --datasets DIR [--scorer S] [--json]``: the
gold-standard reviewer-expertise loss (with a 95% bootstrap CI over participants)
and easy/hard triple accuracy, averaged over the profile draws in DIR."""

from __future__ import annotations

import argparse
import math
import sys
import time
from typing import Any

from engine.cli.common import print_json
from engine.expertise.matrix import SCORERS
from engine.jobs import run_job

DEFAULT_SCORERS = ["tpms", "tfidf-top3", "embed-top3", "fused"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("expertise", help="reviewer-expertise loss against self-reported ratings")
    p.add_argument("--ratings", required=True, help="ratings TSV (ParticipantID, Paper1..10, Expertise1..10)")
    p.add_argument("--datasets", required=True, help="folder of profile draws (d_20_1 ...) or one draw")
    p.add_argument("--scorer", action="append", choices=SCORERS,
                   help=f"scorer to evaluate (repeatable; default: {', '.join(DEFAULT_SCORERS)})")
    p.add_argument("--encoder", metavar="DIR", help="a local transformers encoder folder instead of the embedded MiniLM")
    p.add_argument("--bootstrap", type=int, default=1000, help="bootstrap resamples of participants (default: 1000)")
    p.add_argument("--seed", type=int, default=0, help="seed of the bootstrap")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run)


def _no_nan(value: Any) -> Any:
    """NaN (no triple of a kind) as JSON null."""
    if isinstance(value, float) and math.isnan(value):
        return None
    if isinstance(value, dict):
        return {k: _no_nan(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_no_nan(v) for v in value]
    return value


ROW = "{:<12} {:>6} {:>14} {:>6} {:>14} {:>6} {:>14} {:>7}"


def run(args: argparse.Namespace) -> int:
    from engine.expertise.evaluate import dataset_folders, evaluate_scorers_job
    from engine.metrics.expertise import read_ratings

    ratings = read_ratings(args.ratings)
    datasets = dataset_folders(args.datasets)
    scorers = args.scorer or DEFAULT_SCORERS
    encoder = None
    if any(s == "fused" or s.startswith("embed") for s in scorers):
        from engine.models.factory import open_model

        encoder = open_model("encoder", path=args.encoder or "")
    start = time.perf_counter()

    def report(p):  # noqa: ANN001
        if not args.json and sys.stderr.isatty():
            print(f"\r{p.label} ({p.done}/{p.total})".ljust(60), end="", file=sys.stderr)

    results = run_job(evaluate_scorers_job(datasets, ratings, scorers, encoder, args.bootstrap, args.seed), report)
    seconds = round(time.perf_counter() - start, 1)
    if args.json:
        print_json(_no_nan({"ratings": args.ratings, "datasets": [d.name for d in datasets], "results": results,
                            "seconds": seconds}))
        return 0
    if sys.stderr.isatty():
        print(file=sys.stderr)
    first = results[0]
    print(f"{first['participants']} participants, {len(datasets)} profile draw(s), "
          f"{first['easy_triples']} easy / {first['hard_triples']} hard triples; 95% CI from {args.bootstrap} resamples")
    print(ROW.format("scorer", "loss", "95% CI", "easy", "95% CI", "hard", "95% CI", "draw sd"))
    for r in results:
        ci = lambda v: f"[{v[0]:.3f}, {v[1]:.3f}]"  # noqa: E731
        print(ROW.format(r["scorer"], f"{r['loss']:.3f}", ci(r["loss_ci"]), f"{r['easy']:.3f}", ci(r["easy_ci"]),
                         f"{r['hard']:.3f}", ci(r["hard_ci"]), f"{r['loss_std_over_draws']:.3f}"))
    print(f"({seconds} s)")
    return 0
