"""``redraft export PROJECT --letter OUT.{md,tex,docx,pdf} --report OUT.html``: the
response-to-reviewers letter (its format follows the suffix) and the revision report of a project."""

from __future__ import annotations

import argparse

from engine.cli.project import open_store
from engine.errors import InputError
from engine.letter import letter_format
from engine.project.export import write_response_letter, write_revision_report


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write the response letter (Markdown, LaTeX, Word, PDF) or the revision report (HTML)")
    p.add_argument("project", help="the .redraft project file")
    p.add_argument("--letter", metavar="OUT", help="response-to-reviewers letter: OUT.md, OUT.tex, OUT.docx or OUT.pdf")
    p.add_argument("--report", metavar="OUT", help="revision report, OUT.html")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not args.letter and not args.report:
        raise InputError("nothing to export: give --letter OUT.md|.tex|.docx|.pdf and/or --report OUT.html")
    if args.letter:
        letter_format(args.letter)  # an unknown suffix is refused before the project is read
    with open_store(args.project) as store:
        project = store.load()
    if args.letter:
        print(f"wrote {write_response_letter(project, args.letter)}")
    if args.report:
        print(f"wrote {write_revision_report(project, args.report)}")
    return 0
