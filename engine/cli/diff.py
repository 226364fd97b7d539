"""``redraft diff OLD NEW [--json | --markdown | --html OUT]``: what changed between two versions."""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.cli.common import print_json
from engine.document import load_document
from engine.errors import InputError
from engine.inputs import draft_format_names
from engine.revision import diff_documents
from engine.revision.render import html_page, markdown_report, text_report, to_json


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("diff", help="compare two versions of a paper paragraph by paragraph")
    p.add_argument("old", help=f"the earlier version ({draft_format_names()}; a LaTeX main file or its folder)")
    p.add_argument("new", help="the revised version")
    out = p.add_mutually_exclusive_group()
    out.add_argument("--json", action="store_true", help="print the edits as JSON")
    out.add_argument("--markdown", action="store_true", help="print a Markdown report of the changes")
    out.add_argument("--html", metavar="OUT", help="write a side-by-side HTML page to OUT")
    p.add_argument("--references", action="store_true", help="compare the reference lists too")
    p.add_argument("--force", action="store_true", help="compare even documents that look unrelated")
    p.add_argument("--old-password", help="password of an encrypted old PDF")
    p.add_argument("--new-password", help="password of an encrypted new PDF")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    old = load_document(args.old, password=args.old_password)
    new = load_document(args.new, password=args.new_password)
    diff = diff_documents(old, new, include_references=args.references, check_related=not args.force)
    if args.json:
        print_json(to_json(diff))
    elif args.markdown:
        print(markdown_report(diff))
    elif args.html:
        out = Path(args.html).expanduser()
        title = f"{Path(args.old).name} \u2192 {Path(args.new).name}"
        try:
            out.write_text(html_page(diff, title=title), encoding="utf-8")
        except OSError as err:
            raise InputError(f"cannot write {out}: {err.strerror or err}") from None
        print(f"wrote {out}")
        print(diff.summary())
    else:
        print(text_report(diff))
    return 0
