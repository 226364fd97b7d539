"""``redraft eval KIND ...``: evaluate a feature on labelled data.

A dispatcher: each kind lives in ``engine/cli/eval_<kind>.py`` with
``register(subparsers)``; add a kind by adding its name to ``KINDS``.
"""

from __future__ import annotations

import argparse
import importlib

KINDS = ["align", "tldr", "edits", "expertise", "comments", "extract"]


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("eval", help="evaluate a feature on labelled data")
    kinds = p.add_subparsers(dest="eval_kind", metavar="KIND")
    kinds.required = True
    for kind in KINDS:
        importlib.import_module(f"engine.cli.eval_{kind}").register(kinds)
