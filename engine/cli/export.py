"""``redraft export PROJECT --letter OUT.{md,tex,docx,pdf} --report OUT.html --marked-pdf OUT.pdf --coverage
OUT.csv``: the response-to-reviewers letter (its format follows the suffix), the revision report, the
marked-up revised PDF and the coverage table of a project. Each option may be given more than once (``--letter
a.md --letter a.pdf``): every file is written. The outputs are checked before anything is written: a suffix no
writer takes, a missing folder, one path named twice or the project file itself is refused with nothing written."""

from __future__ import annotations

import argparse
import os
import shutil
import sys
from pathlib import Path

from engine.cli.stores import open_store
from engine.errors import InputError
from engine.letter import letter_format
from engine.letter.export import (letter_placeholders, placeholder_comments, placeholder_note, write_response_letter,
                                  write_revision_report)

#: How to fill a placeholder from the command line (the note's app wording names menus; review31).
FILL = ("edit the kept suggestion with 'redraft project review PROJECT SUGGESTION edit TEXT' (ids: project show "
        "--json), or write the response with 'redraft respond'")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("export", help="write the response letter (Markdown, LaTeX, Word, PDF) or the revision report (HTML)")
    p.add_argument("project", help="the .redraft project file")
    p.add_argument("--letter", metavar="OUT", action="append", help="response-to-reviewers letter: OUT.md, OUT.tex, "
                   "OUT.docx or OUT.pdf (repeat it for several formats)")
    p.add_argument("--report", metavar="OUT", action="append", help="revision report, OUT.html")
    p.add_argument("--marked-pdf", metavar="OUT", action="append", help="the revised PDF with every change marked and "
                   "annotated with the comments it answers, OUT.pdf")
    p.add_argument("--revised-pdf", metavar="PDF", help="with --marked-pdf: the revised PDF to mark (default: the "
                   "project's revised PDF, or the PDF beside its LaTeX sources)")
    p.add_argument("--no-summary", action="store_true", help="with --marked-pdf: no first page listing the changes")
    p.add_argument("--coverage", metavar="OUT", action="append", help="coverage table for area chairs (one row per comment), OUT.csv")
    p.add_argument("--force", action="store_true", help="with --marked-pdf: read the project's revised version even "
                   "when its file changed since the project was built")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    if not (args.letter or args.report or args.marked_pdf or args.coverage):
        raise InputError("nothing to export: give --letter OUT.md|.tex|.docx|.pdf, --report OUT.html, "
                         "--marked-pdf OUT.pdf and/or --coverage OUT.csv")
    if (args.revised_pdf or args.no_summary) and not args.marked_pdf:
        raise InputError("--revised-pdf and --no-summary go with --marked-pdf OUT.pdf")
    check_outputs(args)  # before the project is read: nothing is written when one output will not do
    with open_store(args.project) as store:
        project = store.load()
    for letter in args.letter or ():
        print(f"wrote {write_response_letter(project, letter)}")
    if args.letter and (note := placeholder_note(letter_placeholders(project), placeholder_comments(project), FILL)):
        print(f"note: {note}", file=sys.stderr)
    for report in args.report or ():
        print(f"wrote {write_revision_report(project, report)}")
    if args.coverage:
        from engine.project.coverage import coverage_view
        from engine.project.coverage_csv import write_coverage_csv

        view = coverage_view(project)  # every comment a row; the low-confidence ones counted and marked
        for coverage in args.coverage:
            print(f"wrote {write_coverage_csv(project, coverage)}: {len(view.rows)} comment(s)"
                  + (f", {view.doubtful_note()}" if view.doubtful else ""))
    if args.marked_pdf:
        from engine.project.marked_pdf import write_marked_pdf
        from engine.project.sources import check_sources

        if not args.revised_pdf:  # the stored path is read again: is it still the file the project was built from?
            for line in check_sources(project, ("new",), force=args.force):
                print(f"redraft: note: {line}", file=sys.stderr)

        first, *copies = args.marked_pdf
        marked = write_marked_pdf(project, first, args.revised_pdf, summary=not args.no_summary)
        print(f"wrote {marked.path}: {marked.summary()}")
        for copy in copies:  # the same pages: drawn once
            print(f"wrote {shutil.copyfile(marked.path, Path(copy).expanduser())}")
    return 0


#: Option -> the suffixes its files take (None: any; the letter's come from its format table).
_SUFFIXES = {"report": None, "coverage": (".csv",), "marked_pdf": (".pdf",)}


def check_outputs(args: argparse.Namespace) -> None:
    """Refuse, before anything is written, an output no writer takes: an unknown suffix, a missing folder, a
    path given twice (the second would silently replace the first) or the project file itself."""
    seen: dict[str, str] = {_key(args.project): "the project file"}
    if args.revised_pdf:
        seen[_key(args.revised_pdf)] = "the revised PDF (--revised-pdf)"
    for option in ("letter", "report", "coverage", "marked_pdf"):
        flag = "--" + option.replace("_", "-")
        for out in getattr(args, option) or ():
            path = Path(out).expanduser()
            if option == "letter":
                letter_format(path)
            elif _SUFFIXES[option] and path.suffix.lower() not in _SUFFIXES[option]:
                raise InputError(f"{flag} {out}: written as {' or '.join(_SUFFIXES[option])}, not "
                                 f"{path.suffix or 'a file without a suffix'}")
            if not path.parent.is_dir():
                raise InputError(f"{flag} {out}: cannot write there, no such folder {path.parent}")
            key = _key(path)
            if key in seen:
                raise InputError(f"{flag} {out}: that path is already {seen[key]}; give each output its own file "
                                 "(nothing was written)")
            seen[key] = f"the output of {flag}"


def _key(path: str | Path) -> str:
    return os.path.normcase(str(Path(path).expanduser().resolve()))
