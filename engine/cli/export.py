"""``redraft export PROJECT --letter OUT.{md,tex,docx,pdf} --report OUT.html --marked-pdf OUT.pdf --coverage
OUT.csv``: the response-to-reviewers letter (its format follows the suffix), the revision report, the
marked-up revised PDF and the coverage table of a project."""

from __future__ import annotations

import argparse
import sys

from engine.cli.stores import open_store
from engine.errors import InputError
from engine.letter import letter_format
from engine.letter.export import write_response_letter, write_revision_report


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write the response letter (Markdown, LaTeX, Word, PDF) or the revision report (HTML)")
    p.add_argument("project", help="the .redraft project file")
    p.add_argument("--letter", metavar="OUT", help="response-to-reviewers letter: OUT.md, OUT.tex, OUT.docx or OUT.pdf")
    p.add_argument("--report", metavar="OUT", help="revision report, OUT.html")
    p.add_argument("--marked-pdf", metavar="OUT", help="the revised PDF with every change marked and annotated "
                   "with the comments it answers, OUT.pdf")
    p.add_argument("--revised-pdf", metavar="PDF", help="with --marked-pdf: the revised PDF to mark (default: the "
                   "project's revised PDF, or the PDF beside its LaTeX sources)")
    p.add_argument("--no-summary", action="store_true", help="with --marked-pdf: no first page listing the changes")
    p.add_argument("--coverage", metavar="OUT", help="coverage table for area chairs (one row per comment), OUT.csv")
    p.add_argument("--force", action="store_true", help="with --marked-pdf: read the project's revised version even "
                   "when its file changed since the project was built")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not (args.letter or args.report or args.marked_pdf or args.coverage):
        raise InputError("nothing to export: give --letter OUT.md|.tex|.docx|.pdf, --report OUT.html, "
                         "--marked-pdf OUT.pdf and/or --coverage OUT.csv")
    if (args.revised_pdf or args.no_summary) and not args.marked_pdf:
        raise InputError("--revised-pdf and --no-summary go with --marked-pdf OUT.pdf")
    if args.letter:
        letter_format(args.letter)  # an unknown suffix is refused before the project is read
    with open_store(args.project) as store:
        project = store.load()
    if args.letter:
        print(f"wrote {write_response_letter(project, args.letter)}")
    if args.report:
        print(f"wrote {write_revision_report(project, args.report)}")
    if args.coverage:
        from engine.project.coverage import coverage_view, write_coverage_csv

        view = coverage_view(project)  # every comment a row; the low-confidence ones counted and marked
        print(f"wrote {write_coverage_csv(project, args.coverage)}: {len(view.rows)} comment(s)"
              + (f", {view.doubtful_note()}" if view.doubtful else ""))
    if args.marked_pdf:
        from engine.project.marked_pdf import write_marked_pdf
        from engine.project.sources import check_sources

        if not args.revised_pdf:  # the stored path is read again: is it still the file the project was built from?
            for line in check_sources(project, ("new",), force=args.force):
                print(f"redraft: note: {line}", file=sys.stderr)

        marked = write_marked_pdf(project, args.marked_pdf, args.revised_pdf, summary=not args.no_summary)
        print(f"wrote {marked.path}: {marked.summary()}")
    return 0
