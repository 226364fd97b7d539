"""``redraft tldr PAPER [--extractive | --model M] [--mode rewrite|abstract|pick] [--json]``:
the extractive TLDR, then checked LLM candidates (a failed one is marked, never valid)."""

from __future__ import annotations

import argparse

from engine.cli.common import print_json
from engine.cli.suggest import add_model_args, open_model, print_flags, print_notes
from engine.generate.flags import Flag
from engine.inputs import draft_format_names


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("tldr", help="write a one-sentence TLDR of a paper")
    p.add_argument("paper", help=f"the paper ({draft_format_names()})")
    p.add_argument("--extractive", action="store_true", help="pick an abstract sentence; no model")
    add_model_args(p, max_tokens=48)
    p.add_argument("--mode", action="append", choices=("rewrite", "abstract", "pick"),
                   help="LLM candidate(s) to write (repeatable; default: rewrite)")
    p.add_argument("--json", action="store_true", help="print the candidates as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.document import load_document
    from engine.generate.tldr import DEFAULT_LLM_MODES, TldrGenerator, extractive_for_document

    document = load_document(args.paper)
    note = None
    if args.extractive:
        data = extractive_for_document(document)
    else:
        generator, note = open_model(args)
        modes = tuple(args.mode or DEFAULT_LLM_MODES)
        data = TldrGenerator(generator, max_tokens=args.max_tokens, time_limit=args.time_limit).for_document(
            document, modes)
    data["model_note"] = note
    if args.json:
        print_json(data)
        return 0
    print_notes(([note] if note else []) + data["notices"])
    print(f"Model: {data['model']}{' (small embedded default)' if note else ''}; input: {data['source']}")
    for c in data["candidates"]:
        failed = any(f["severity"] == "error" for f in c["flags"])
        state = "FAILED CHECKS" if failed else "" if c["valid"] else "outside 15-25"
        print(f"[{c['style']}] {c['text'] or '(none)'} ({c['words']} words{', ' + state if state else ''})")
        print_flags([Flag.stored(f) for f in c["flags"]])
    return 0
