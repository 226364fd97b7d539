"""``redraft eval comments DATA.jsonl [--json] [--lexical | --minilm] [--baseline cues]``: sentence-level
extraction figures on DISAPERE-format data, as ``../shared/tools/score_comments.py``
computes them, plus the macro-F1 of fine types (see ``engine.reviews.evaluate``)."""

from __future__ import annotations

import argparse
import re
import time
from collections.abc import Callable

from engine.cli.common import print_json
from engine.reviews.evaluate import forum_markdown, read_forums, score_forums
from engine.reviews.parse import parse_reviews

#: The keyword baseline of ../shared/data/README.md: a cue regex over each sentence.
CUE_BASELINE = re.compile(
    r"\?|\b(?:should|could|would|please|suggest|recommend|needs?|must|unclear|missing|lack|why|how|what|clarify|"
    r"explain|compare|add|include|discuss|typo|more)\b", re.I)


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("comments", help="score comment extraction on DISAPERE-format data (JSON lines)")
    p.add_argument("data", help="DISAPERE-format JSON lines, e.g. ../shared/data/disapere/dev.jsonl")
    which = p.add_mutually_exclusive_group()
    which.add_argument("--lexical", action="store_true",
                       help="use the words-and-cues model instead of the default fine-tuned encoder blend")
    which.add_argument("--minilm", action="store_true",
                       help="use the frozen-MiniLM blend instead of the default fine-tuned encoder blend")
    p.add_argument("--baseline", choices=["cues"], help="score the keyword baseline on the gold sentences instead")
    p.add_argument("--limit", type=int, metavar="N", help="only the first N forums")
    p.add_argument("--json", action="store_true", help="print the figures as JSON")
    p.set_defaults(func=run)


def _redraft(encoder: object) -> tuple[Callable[[str], list[dict]], str]:
    from engine.reviews.comments import default_model, extract_comments

    model, enc = default_model(encoder)

    def extract(markdown: str) -> list[dict]:
        return [c.to_dict() for c in extract_comments(parse_reviews(markdown, "markdown"), model=model, encoder=enc)]

    return extract, model.name


def run(args: argparse.Namespace) -> int:
    forums = read_forums(args.data)[: args.limit] if args.limit else read_forums(args.data)
    start = time.perf_counter()
    if args.baseline == "cues":
        gold = {}
        for _, reviews in forums:
            gold[forum_markdown(reviews)] = [{"text": s["text"], "context": "", "fine_type": ""}
                                             for r in reviews for s in r["sentences"] if CUE_BASELINE.search(s["text"])]
        figures = score_forums(forums, gold.__getitem__)
        method = "keyword baseline (cue regex on the gold sentences)"
    else:
        extract, name = _redraft("minilm" if args.minilm else "lexical" if args.lexical else None)
        figures = score_forums(forums, extract)
        method = f"redraft ({name} model)"
    figures = {"data": args.data, "method": method, **figures, "seconds": round(time.perf_counter() - start, 2)}
    if args.json:
        print_json(figures)
        return 0
    print(f"{method} on {args.data}: {figures['forums']} forums, {figures['requests']} request sentences")
    print(f"precision {figures['precision']}  recall {figures['recall']}  F1 {figures['f1']}  "
          f"fine-type macro-F1 {figures['fine_macro_f1']}  ({figures['comments_per_review']} comments/review, "
          f"{figures['seconds']} s)")
    print("fine-type F1: " + "  ".join(f"{k} {v}" for k, v in figures["fine_per_type"].items()))
    return 0
