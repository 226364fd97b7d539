"""``redraft comments REVIEWS [--json]``: the actionable comments in reviews."""

from __future__ import annotations

import argparse
import sys

from engine.cli.common import print_json
from engine.reviews import extract_comments, load_reviews


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("comments", help="list the actionable comments in reviews (text, Markdown, OpenReview JSON, PDF)")
    p.add_argument("reviews", help="the reviews file")
    p.add_argument("--json", action="store_true", help="print reviews and comments as JSON")
    p.add_argument("--model", metavar="GGUF", help="check each comment with this LLM (slower)")
    p.set_defaults(func=run)


def load_comments(path: str, model: str | None = None) -> tuple[list, list, list[str]]:
    """Reviews, comments and notices for ``path`` (comments refined by ``model`` when given)."""
    reviews = load_reviews(path)
    notices = list(dict.fromkeys(n for r in reviews for n in r.notices))
    comments = extract_comments(reviews)
    if model and comments:
        from engine.models.llm import LlamaGenerator
        from engine.jobs import run_job
        from engine.reviews.refine import iter_refine

        comments = run_job(iter_refine(comments, LlamaGenerator(model), notices=notices))
    return reviews, comments, notices


def run(args: argparse.Namespace) -> int:
    reviews, comments, notices = load_comments(args.reviews, args.model)
    for n in notices:
        print(f"redraft: note: {n}", file=sys.stderr)
    if args.json:
        print_json({"reviews": [r.to_dict() for r in reviews], "comments": [c.to_dict() for c in comments],
                    "notices": notices})
        return 0
    if not comments:
        print("no actionable comments found")
        return 0
    for r in reviews:
        mine = [c for c in comments if c.reviewer == r.reviewer]
        scores = ", ".join(f"{k} {v}" for k, v in (("rating", r.rating), ("confidence", r.confidence)) if v)
        print(f"{r.reviewer}" + (f" ({scores})" if scores else "") + f": {len(mine)} comment(s)")
        for c in mine:
            print(f"  {c.id:6} [{c.action}, {c.directness}] {c.full_text}")
    return 0
