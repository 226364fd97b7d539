"""``redraft expertise``: how well a reviewer's own papers match a paper, or a whole track.

    redraft expertise --profile PROFILE [--profile PROFILE ...] --paper PAPER [--scorer S] [--json]
    redraft expertise --matrix --reviewers ARCHIVES_DIR --submissions SUBMISSIONS_JSON --out OUT.json [--scorer S]

OUT.json is ``{reviewer_id: {submission_id: score}}`` with reviewer ids taken
from the archive names (``~<id>.jsonl``), the format the gold-standard
repository's evaluation script reads. Several ``--profile`` (an area chair's
reviewers of one submission) print a table, best match first, then each
reviewer's evidence; the encoder loads once.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

from engine.cli.common import print_json
from engine.errors import InputError
from engine.expertise.matrix import DEFAULT_SCORER, SCORERS


def add_model_args(p: argparse.ArgumentParser) -> None:
    p.add_argument("--scorer", choices=SCORERS, default=DEFAULT_SCORER, help=f"scorer (default: {DEFAULT_SCORER})")
    p.add_argument("--encoder", metavar="DIR",
                   help="a local transformers/sentence-transformers folder (e.g. SPECTER2) instead of the embedded MiniLM")
    p.add_argument("--recent", type=int, default=20, help="keep the N most recent profile papers (default: 20)")
    p.add_argument("--seed", type=int, default=0, help="seed of the shuffle that orders same-year papers")


def embeds(scorer: str) -> bool:
    """Whether the scorer needs an encoder (``open_model("encoder", path=args.encoder)``)."""
    return scorer == "fused" or scorer.startswith("embed")


def _encoder(args: argparse.Namespace) -> Any:
    from engine.models.factory import open_model

    return open_model("encoder", path=args.encoder or "") if embeds(args.scorer) else None


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("expertise", help="reviewer expertise for a paper (or a reviewers x submissions matrix)")
    p.add_argument("--profile", action="append",
                   help="the reviewer's papers: a PDF folder, .bib, Semantic Scholar .json or OpenReview .jsonl "
                        "(repeat it for each reviewer of the paper)")
    p.add_argument("--paper", help="the paper to score (PDF, .tex, .md, .txt, or a JSON record)")
    p.add_argument("--matrix", action="store_true", help="area-chair mode: every reviewer against every submission")
    p.add_argument("--reviewers", metavar="ARCHIVES_DIR", help="folder of ~<reviewer>.jsonl archives (with --matrix)")
    p.add_argument("--submissions", metavar="JSON", help="OpenReview submissions JSON (with --matrix)")
    p.add_argument("--out", metavar="OUT.json", help="where to write the matrix (with --matrix)")
    p.add_argument("--csv", metavar="OUT.csv", help="also write the table (one row per reviewer) as CSV")
    p.add_argument("--json", action="store_true", help="print JSON")
    add_model_args(p)
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if args.recent < 1:
        raise InputError("--recent must be at least 1")
    if args.matrix:
        if args.csv:
            raise InputError("--csv is for --profile and --paper; --matrix writes --out OUT.json")
        return run_matrix(args)
    if not args.profile or not args.paper:
        raise InputError("give --profile and --paper (or --matrix with --reviewers, --submissions and --out)")
    from engine.expertise.evidence import explain
    from engine.expertise.profile import load_profile, load_submission

    full = args.scorer == "tpms-full"
    paths = list(dict.fromkeys(args.profile))
    profiles = [load_profile(p, recent=args.recent, seed=args.seed, full_text=full) for p in paths]
    names = [p.reviewer for p in profiles]
    if len(set(names)) < len(names):
        raise InputError("two profiles have the same reviewer name (" + ", ".join(
            sorted({n for n in names if names.count(n) > 1})) + "); give each reviewer's papers their own folder or file name")
    paper = load_submission(args.paper, full_text=full)
    encoder = _encoder(args)
    reports = sorted((explain(p, paper, args.scorer, encoder) for p in profiles), key=lambda r: -r.score)
    if args.csv:
        from engine.expertise.export import write_expertise_csv

        written = write_expertise_csv(reports, args.csv, {p.reviewer: len(p.papers) for p in profiles})
        print(f"redraft: wrote {written}", file=sys.stderr)
    if args.json:
        print_json(reports[0].to_dict() if len(reports) == 1 else [r.to_dict() for r in reports])
        return 0
    if len(reports) > 1:
        _print_table(reports, {p.reviewer: len(p.papers) for p in profiles})
    for report in reports:
        _print_report(report)
    shared = [n for n in reports[0].notices if all(n in r.notices for r in reports)] if len(reports) > 1 else []
    for report in reports:
        for n in report.notices:
            if n not in shared:
                who = f"{report.reviewer}: " if len(reports) > 1 else ""
                print(f"redraft: note: {who}{n}", file=sys.stderr)
    for n in shared:
        print(f"redraft: note: {n}", file=sys.stderr)
    return 0


def _print_table(reports: list[Any], papers: dict[str, int]) -> None:
    """Reviewer, score, estimate, papers and conflicts, best match first."""
    width = max(8, *(len(r.reviewer) for r in reports))
    print(f"{'reviewer':<{width}}  score  estimate  papers  conflicts")
    for r in reports:
        estimate = f"{r.estimate:.1f}/5" if r.estimate is not None else "-"
        conflicts = ", ".join(dict.fromkeys(c.kind for c in r.conflicts)) or "none"
        print(f"{r.reviewer:<{width}}  {r.score:5.3f}  {estimate:>8}  {papers[r.reviewer]:>6}  {conflicts}")
    print()


def _print_report(report: Any) -> None:
    estimate = f", estimated expertise {report.estimate:.1f}/5" if report.estimate is not None else ""
    print(f"{report.reviewer} vs {report.paper!r}: {report.scorer} score {report.score:.3f}{estimate}")
    for c in report.conflicts:
        print(f"  CONFLICT ({c.kind}): {c.detail}")
    if report.shared_terms:
        print(f"  shared key terms: {', '.join(report.shared_terms)}")
    for e in report.evidence:
        embed = f", embedding {e.embed:.2f}" if e.embed is not None else ""
        year = f" ({e.year})" if e.year else ""
        print(f"  - {e.title}{year}: TF-IDF {e.tfidf:.2f}{embed}; terms: {', '.join(e.shared_terms) or '-'}")


def run_matrix(args: argparse.Namespace) -> int:
    if not (args.reviewers and args.submissions and args.out):
        raise InputError("--matrix needs --reviewers ARCHIVES_DIR, --submissions JSON and --out OUT.json")
    from engine.expertise.matrix import read_archives, read_submissions, score_matrix_job
    from engine.jobs import run_job

    profiles = read_archives(args.reviewers, args.recent, args.seed)
    submissions = read_submissions(args.submissions)
    result = run_job(score_matrix_job(profiles, submissions, args.scorer, _encoder(args)))
    out = Path(args.out)
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(result.to_dict()), encoding="utf-8")
    summary = {"reviewers": len(profiles), "submissions": len(submissions), "scorer": args.scorer, "out": str(out)}
    if args.json:
        print_json(summary)
    else:
        print(f"{len(profiles)} reviewers x {len(submissions)} submissions ({args.scorer}) -> {out}")
    return 0
