"""``redraft comments REVIEWS [--paper DRAFT] [--json]``: the actionable comments
in reviews and, with ``--paper``, the draft paragraphs each one applies to."""

from __future__ import annotations

import argparse
import sys

from engine.cli.common import print_json
from engine.errors import InputError
from engine.inputs import review_format_names
from engine.reviews import extract_comments, load_reviews
from engine.reviews.guard import paper_text, reviews_look_like_response
from engine.reviews.repeats import drop_repeats


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("comments", help=f"list the actionable comments in reviews ({review_format_names()})")
    p.add_argument("reviews", help=f"the reviews file ({review_format_names()})")
    p.add_argument("--json", action="store_true", help="print reviews and comments as JSON")
    p.add_argument("--model", metavar="GGUF", help="check each comment with this LLM (slower)")
    p.add_argument("--paper", metavar="DRAFT", help="also show where in this draft each comment applies")
    p.add_argument("--top", type=int, default=2, metavar="K", help="draft paragraphs per comment (default: 2)")
    p.add_argument("--force", action="store_true", help="go on when the file reads as a paper or an author response")
    p.set_defaults(func=run)


def load_comments(path: str, model: str | None = None, force: bool = False) -> tuple[list, list, list[str]]:
    """Reviews, comments and notices for ``path`` (comments refined by ``model`` when given).

    A file that reads as a paper or like an author response raises ``InputError`` unless ``force``; a review
    given more than once is kept once (``drop_repeats``: its notice among the notices).
    """
    reviews, _ = drop_repeats(load_reviews(path))  # a review given twice is kept once, and a notice says so
    notices = list(dict.fromkeys(n for r in reviews for n in r.notices))
    refused = paper_text("\n\n".join(r.text for r in reviews)) or reviews_look_like_response(reviews)
    if refused and not force:
        raise InputError(f"{refused} (--force to go on)")
    if refused:
        notices.append(refused)
    comments = extract_comments(reviews)
    if model and comments:
        from engine.models.llama.llm import LlamaGenerator
        from engine.jobs import run_job
        from engine.reviews.refine import iter_refine

        comments = run_job(iter_refine(comments, LlamaGenerator(model), notices=notices))
    return reviews, comments, notices


def run(args: argparse.Namespace) -> int:
    draft = None
    if args.paper:
        from engine.document import load_document

        draft = load_document(args.paper)  # fails fast, before the reviews are read
    reviews, comments, notices = load_comments(args.reviews, args.model, args.force)
    for n in notices:
        print(f"redraft: note: {n}", file=sys.stderr)
    locations = {}
    if draft is not None and comments:
        from engine.align.localize import localize

        locations = {loc.comment_id: loc for loc in localize(comments, draft, top_k=max(args.top, 1))}
    if args.json:
        out = {"reviews": [r.to_dict() for r in reviews], "comments": [c.to_dict() for c in comments],
               "notices": notices}
        if draft is not None:
            out["locations"] = [loc.to_dict() for loc in locations.values()]
        print_json(out)
        return 0
    if not comments:
        print("no actionable comments found")
        return 0
    for r in reviews:  # names are distinct (parse_reviews), so each block prints once
        mine = [c for c in comments if c.reviewer == r.reviewer]
        scores = ", ".join(f"{k} {v}" for k, v in (("rating", r.rating), ("confidence", r.confidence)) if v)
        print(f"{r.reviewer}" + (f" ({scores})" if scores else "") + f": {len(mine)} comment(s)")
        for c in mine:
            kind = f"{c.fine_type} {c.confidence:.2f}, " if c.fine_type else ""
            print(f"  {c.id:6} [{kind}{c.action}, {c.directness}] {c.full_text}")
            for pid, _ in locations[c.id].paragraphs if c.id in locations else []:
                para = draft.paragraph(pid)
                where = " > ".join(para.section) or "—"
                page = f", p. {para.page}" if para.page else ""
                print(f"         → {pid} ({where}{page}): {_clip(para.text, 90)}")
    return 0


def _clip(text: str, width: int) -> str:
    text = " ".join(text.split())
    return text if len(text) <= width else text[: width - 1].rstrip() + "…"
