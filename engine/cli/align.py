"""``redraft align --old OLD --new NEW --reviews REVIEWS [--method M]``: which
comments the revision addressed, and with which edits."""

from __future__ import annotations

import argparse
import sys

from engine.align import DEFAULT_METHOD, METHODS, make_aligner
from engine.align.config import NEEDS_GENERATOR
from engine.cli.comments import load_comments
from engine.cli.common import print_json
from engine.inputs import review_format_names
from engine.document import load_document
from engine.revision import diff_documents


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("align", help="match review comments to the edits that address them")
    p.add_argument("--old", required=True, help="the version the reviewers read")
    p.add_argument("--new", required=True, help="the revised version")
    p.add_argument("--reviews", required=True, help=f"the reviews ({review_format_names()})")
    p.add_argument("--method", choices=METHODS, default=DEFAULT_METHOD,
                   help=f"aligner (default: {DEFAULT_METHOD}; docs/figures-align.md compares them)")
    p.add_argument("--model", metavar="GGUF", help="LLM for llm-pairwise, llm-multi, cascade and learned-llm (which re-judges the learned aligner's best 3 per comment)")
    p.add_argument("--threshold", type=float, help="decision threshold (default: from settings)")
    p.add_argument("--json", action="store_true", help="print comments, edits and alignments as JSON")
    p.add_argument("--force", action="store_true", help="go on when the reviews read as a paper or an author response")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    _, comments, notices = load_comments(args.reviews, force=args.force)
    diff = diff_documents(load_document(args.old), load_document(args.new))
    generator = None
    if args.model and args.method in NEEDS_GENERATOR:
        from engine.models.llama.llm import LlamaGenerator

        generator = LlamaGenerator(args.model)
    overrides = {"threshold": args.threshold} if args.threshold is not None else {}
    aligner = make_aligner(args.method, generator=generator, **overrides)
    alignments = aligner.align(comments, diff)
    for n in notices + aligner.notices:
        print(f"redraft: note: {n}", file=sys.stderr)
    from engine.align.status import assess_alignment

    assessments = [assess_alignment(a) for a in alignments]
    if args.json:
        print_json({
            "method": aligner.name,
            "threshold": aligner.threshold,
            "comments": [c.to_dict() for c in comments],
            "edits": [e.to_dict() for e in diff.changed_edits()],
            "alignments": [a.to_dict() for a in alignments],
            "statuses": [s.to_dict() for s in assessments],
        })
        return 0
    print(f"{diff.summary()}; {len(comments)} comment(s); method {aligner.name}")
    for c, a, s in zip(comments, alignments, assessments):
        print(f"{c.id:6} {s.label()}")
        print(f"       {c.full_text[:110]}")
        for ev in s.evidence:
            e = diff.edit(ev.edit_id)
            why = f": {ev.why}" if ev.why else ""
            closest = "closest, not counted: " if ev.candidate else ""
            print(f"       - {closest}{e.id} ({e.section or 'no section'}), {_score(a, ev.probability)}{why}")
    return 0


def _score(alignment, value: float) -> str:
    return f"p = {value:.2f}" if alignment.calibrated else f"score {value:.2f}"
