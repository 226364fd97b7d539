"""``redraft eval edits --source S --refs R1 R2 ... --output O --metric M [--json]``:
score edited sentences (one a line) against references with SARI (EASSE),
GLEU (JFLEG script) or EM-Diff (EditEval), on a 0-100 scale."""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.cli.common import print_json
from engine.errors import InputError

METRICS = ("sari", "gleu", "em-diff")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("edits", help="score sentence edits with SARI, GLEU or EM-Diff")
    p.add_argument("--source", required=True, help="source sentences, one a line")
    p.add_argument("--refs", required=True, nargs="+", help="reference files, one sentence a line each")
    p.add_argument("--output", required=True, help="system output, one sentence a line (the source itself: the copy baseline)")
    p.add_argument("--metric", choices=METRICS, default="sari", help="metric (default: sari)")
    p.add_argument("--json", action="store_true", help='print {"metric", "score"}')
    p.set_defaults(func=run)


def read_lines(path: str) -> list[str]:
    """Sentences of a file, one a line (a final newline does not add an empty line)."""
    file = Path(path)
    if not file.is_file():
        raise InputError(f"no such file: {path}")
    try:
        return file.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None


def score(metric: str, sources: list[str], outputs: list[str], refs: list[list[str]]) -> float:
    if metric == "sari":
        from engine.metrics.sari import corpus_sari

        return corpus_sari(sources, outputs, refs)
    if metric == "gleu":
        from engine.metrics.gleu import corpus_gleu

        return corpus_gleu(sources, outputs, refs)
    if metric == "em-diff":
        from engine.metrics.emdiff import corpus_em_diff

        return corpus_em_diff(sources, outputs, refs)
    raise InputError(f"unknown metric {metric!r}: use one of {', '.join(METRICS)}")


def run(args: argparse.Namespace) -> int:
    sources = read_lines(args.source)
    outputs = read_lines(args.output)
    refs = [read_lines(r) for r in args.refs]
    value = score(args.metric, sources, outputs, refs)
    if args.json:
        print_json({"metric": args.metric, "score": round(value, 4)})
    else:
        print(f"{args.metric}: {value:.2f} ({len(sources)} sentences, {len(refs)} reference set(s))")
    return 0
