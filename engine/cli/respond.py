"""``redraft respond PROJECT COMMENT_ID --text … | --file … | --no-change REASON | --accept-suggestion [ID] |
--clear``: the author's response to one comment, stored in the project through its session (undoable:
``redraft project undo``). Only responses given here, written in the app, or of accepted suggestions
reach the letter; the other comments are marked "to answer" there."""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.cli.stores import open_store
from engine.errors import InputError
from engine.project.responses import letter_response, no_change_text, suggested_response
from engine.project.session import ProjectSession

#: The longest response file read (a response is a few paragraphs).
MAX_FILE_BYTES = 1_000_000


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("respond", help="write, replace or clear the response to one comment")
    p.add_argument("project", help="the .redraft project file")
    p.add_argument("comment", help="the comment's id, as `redraft project show` lists it (e.g. R1.2)")
    how = p.add_mutually_exclusive_group(required=True)
    how.add_argument("--text", help="the response")
    how.add_argument("--file", metavar="PATH", help="read the response from a UTF-8 text file")
    how.add_argument("--no-change", metavar="REASON", help="the paper does not change for this comment, because …")
    how.add_argument("--accept-suggestion", metavar="SUGGESTION", nargs="?", const="",
                     help="take a suggestion's response as yours (the newest one not rejected, or the id given)")
    how.add_argument("--clear", action="store_true", help="remove the response (the comment is to answer again)")
    p.set_defaults(func=run)


def _read(path: str) -> str:
    file = Path(path).expanduser()
    if not file.is_file():
        raise InputError(f"no such file: {file}")
    if file.stat().st_size > MAX_FILE_BYTES:
        raise InputError(f"{file} is too large for a response ({file.stat().st_size:,} bytes)")
    try:
        return file.read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise InputError(f"{file} is not UTF-8 text") from None


def response_text(args: argparse.Namespace, session: ProjectSession) -> str:
    """The text to store, from whichever option was given."""
    if args.clear:
        return ""
    if args.no_change is not None:
        return no_change_text(args.no_change)
    if args.accept_suggestion is not None:
        return suggested_response(session.project, args.comment, args.accept_suggestion or None).response.strip()
    text = _read(args.file) if args.file else args.text
    if not text.strip():
        raise InputError("the response is empty (use --clear to remove a response)")
    return text.strip()


def run(args: argparse.Namespace) -> int:
    with ProjectSession(open_store(args.project)) as session:
        try:
            session.project.comment(args.comment)
        except KeyError:
            known = ", ".join(c.id for c in session.project.comments[:6])
            raise InputError(f"no comment {args.comment!r} in this project (its comments: {known}"
                             f"{', …' if len(session.project.comments) > 6 else ''})") from None
        try:
            changes = session.set_response(args.comment, response_text(args, session))
        except KeyError as err:
            raise InputError(f"no suggestion {err.args[0]!r} in this project") from None
        except ValueError as err:
            raise InputError(str(err)) from None
        answer = letter_response(session.project, args.comment)
        print(f"{args.comment}: {'response unchanged' if not changes.any else changes.label}; "
              f"the letter says: {answer.kind.value}")
    return 0
