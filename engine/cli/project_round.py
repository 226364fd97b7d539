"""``redraft project round PATH [--revised NEW] [--reviews NEW] [--draft NEW]``: the next round of
a project (a new revised version, another round of reviews, or the last revised version as the draft),
keeping the author's responses, link verdicts and accepted edits where they still apply; it prints
what it kept and names what it dropped (with ``--draft`` alone, the project's revised version: it revised
the old draft). ``--response LETTER`` alone adds the authors' letter to the round the project holds: the
comments are read again with it, nothing of the author's work changes, and each status it moved is printed with
what the letter says (``engine.project.letter_added``)."""

from __future__ import annotations

import argparse
import sys

from engine.align import METHODS
from engine.inputs import draft_format_names, review_format_names


def register(cmds: argparse._SubParsersAction) -> None:
    r = cmds.add_parser("round", help="take a new revised version or new reviews, keeping the author's work")
    r.add_argument("path", help="the .redraft project file")
    r.add_argument("--revised", metavar="NEW", help=f"the new revised version ({draft_format_names()})")
    r.add_argument("--reviews", metavar="NEW", help=f"the new round of reviews ({review_format_names()})")
    r.add_argument("--draft", metavar="NEW", help="a new draft (e.g. the revised version the reviewers read last); "
                   "without --revised the round has no revised version yet: the project's is dropped")
    r.add_argument("--response", metavar="LETTER", help="the authors' response letter of this round (optional; the "
                   "last round's is not kept); alone, it is added to the round the project holds and the statuses "
                   "are read again with it")
    r.add_argument("--aligner", choices=METHODS, help="comment-edit aligner (default: the project's)")
    r.add_argument("--force", action="store_true", help="go on when the reviews read as a paper or an author "
                   "response, or the revised version has the draft's content")
    r.set_defaults(func=run_round)


def run_round(args: argparse.Namespace) -> int:
    from engine.cli.stores import open_store, print_progress
    from engine.errors import InputError
    from engine.project.session import ProjectSession
    from engine.project.work import round_job
    from engine.errors import DoubtfulInput

    if not (args.revised or args.reviews or args.draft):
        if args.response:
            return _add_letter(args)
        raise InputError("give --revised, --reviews or --draft: what is new in this round (or --response alone "
                         "to add the authors' letter to this one)")
    with ProjectSession(open_store(args.path)) as session:
        job = round_job(session, None, draft=args.draft, revised=args.revised, reviews=args.reviews,
                        aligner=args.aligner, force=args.force, response=args.response)
        try:  # new reviews that read as a paper or a response are refused before any document is read
            changes = job.run(on_progress=print_progress)
        except DoubtfulInput as err:
            raise InputError(f"{err} (--force to go on)") from None
        finally:
            if sys.stderr.isatty():
                print(file=sys.stderr)
        report = job.result
    print(f"{session.project.name}, {changes.label}")
    print("kept: " + "; ".join(report.kept))
    for line in report.replaced:
        print(f"replaced: {line}")
    for line in report.dropped:
        print(f"dropped: {line}")
    if not report.dropped:
        print("dropped: none of your responses, link verdicts or accepted edits")
    print(f"round {report.round - ('reviews' in report.changed)} is kept as {report.backup}")
    from engine.project.notes import reading_notes

    for note in reading_notes(session.project):  # how the new files were read, as the app's bar lists them
        print(f"redraft: note: {note.file or note.source}: {note.text}", file=sys.stderr)
    return 0


def _add_letter(args: argparse.Namespace) -> int:
    """``--response LETTER`` alone: the letter added to the project's round, its status changes printed."""
    from engine.cli.stores import open_store
    from engine.errors import InputError
    from engine.project.letter_added import letter_job
    from engine.project.session import ProjectSession

    from engine.errors import DoubtfulInput

    if args.aligner:
        raise InputError("--aligner goes with a new round; --response alone reads the letter with the project's "
                         "aligner")
    with ProjectSession(open_store(args.path)) as session:
        try:
            job = letter_job(session, None, args.response, force=args.force)
        except DoubtfulInput as err:
            raise InputError(f"{err} (--force to go on)") from None
        job.run()
        name = session.project.name
    print(f"{name}: " + "\n".join(job.added.lines()))
    return 0
