"""``redraft project new NAME --old OLD [--new NEW] --reviews REVIEWS`` builds a
project file; ``redraft project show PATH [--json]`` prints what it holds."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.align import METHODS
from engine.cli.common import print_json
from engine.jobs import Progress, run_job
from engine.project import Project, ProjectStore, default_project_path, remember_project
from engine.project.pipeline import DEFAULT_ALIGNER, build_project


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("project", help="build a revision project file, or show one")
    cmds = p.add_subparsers(dest="project_command", metavar="ACTION")
    cmds.required = True
    new = cmds.add_parser("new", help="build a project from the draft, the revised version and the reviews")
    new.add_argument("name", help="project name")
    new.add_argument("--old", required=True, help="the draft the reviewers read (PDF, LaTeX, Markdown, text)")
    new.add_argument("--new", help="the revised version (optional)")
    new.add_argument("--reviews", required=True, help="the reviews file (text, Markdown, OpenReview JSON, PDF)")
    new.add_argument("--aligner", choices=METHODS, default=DEFAULT_ALIGNER,
                     help=f"comment-edit aligner (default: {DEFAULT_ALIGNER})")
    new.add_argument("--model", metavar="GGUF", help="LLM for the llm-pairwise, llm-multi and cascade aligners")
    new.add_argument("--out", metavar="PATH", help="project file (default: <data dir>/projects/NAME.redraft)")
    new.add_argument("--overwrite", action="store_true", help="replace an existing project file")
    new.add_argument("--force", action="store_true", help="go on when the reviews look like an author response")
    new.set_defaults(func=run_new)
    show = cmds.add_parser("show", help="print the comments, their status and their edits")
    show.add_argument("path", help="the .redraft project file")
    show.add_argument("--json", action="store_true", help="print the project as JSON")
    show.set_defaults(func=run_show)


def _progress(p: Progress) -> None:
    if sys.stderr.isatty():
        print(f"\r{100 * p.fraction:5.1f}% {p.label[:70]:70}", end="", file=sys.stderr, flush=True)


def run_new(args: argparse.Namespace) -> int:
    if not args.force:  # refuses non-reviews (exit 2) and author responses, before the project file is made
        from engine.cli.comments import check_reviews_file

        check_reviews_file(args.reviews)
    path = Path(args.out).expanduser() if args.out else default_project_path(args.name)
    generator = None
    if args.model and args.aligner in ("llm-pairwise", "llm-multi", "cascade"):
        from engine.models.llm import LlamaGenerator

        generator = LlamaGenerator(args.model)
    store = ProjectStore.create(path, args.name, overwrite=args.overwrite)
    try:
        project = run_job(build_project(store, args.old, args.new, args.reviews, aligner=args.aligner,
                                        generator=generator), _progress)
    finally:
        store.close()
        if sys.stderr.isatty():
            print(file=sys.stderr)
        remember_project(path)
    print(f"wrote {path}")
    print(_headline(project))
    return 0


def _headline(project: Project) -> str:
    statuses = list(project.statuses().values())
    line = f"{project.name}: {len(project.comments)} comment(s)"
    if project.diff is not None:
        line += (f", {statuses.count('addressed')} addressed, {statuses.count('not addressed')} not addressed"
                 f" ({project.aligner}); {project.diff.summary()}")
    else:
        line += "; no revised version"
    return line


def project_json(project: Project) -> dict[str, Any]:
    return {
        "id": project.id, "name": project.name, "path": str(project.path),
        "old_path": project.old_path, "new_path": project.new_path, "reviews_path": project.reviews_path,
        "stages": project.stages, "aligner": project.aligner,
        "reviewers": [r.to_dict() for r in project.reviews],
        "diff": project.diff.to_dict(include_documents=False) if project.diff else None,
        "comments": [
            {**c.to_dict(), "status": project.status(c.id),
             "edit_ids": project.alignments[c.id].edit_ids if c.id in project.alignments else [],
             "response": project.response(c.id),
             "suggestions": [s.to_dict() for s in project.suggestions.get(c.id, [])]}
            for c in project.comments
        ],
        "tldrs": project.tldrs,
    }


def run_show(args: argparse.Namespace) -> int:
    with ProjectStore.open(args.path) as store:
        project = store.load()
    if args.json:
        print_json(project_json(project))
        return 0
    print(_headline(project))
    print(f"draft: {project.old_path or '-'}; revised: {project.new_path or '-'}; "
          f"stages: {', '.join(project.stages) or 'none'}")
    for reviewer, comments in project.comments_by_reviewer().items():
        print(f"{reviewer}:")
        for c in comments:
            edits = ", ".join(e.id for e in project.aligned_edits(c.id))
            print(f"  {c.id:6} [{project.status(c.id)}{': ' + edits if edits else ''}] {c.full_text[:100]}")
    return 0
