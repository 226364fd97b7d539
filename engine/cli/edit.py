"""``redraft edit --intent I --text T [--refs R ...] [--model M] [--json]``: edit a
passage by intent (fluency, clarity, coherence, simplification, paraphrase,
neutral, update) with a two-sentence explanation."""

from __future__ import annotations

import argparse

from engine.cli.common import print_json
from engine.cli.suggest import add_model_args, open_model, print_flags, print_notes


def register(sub: argparse._SubParsersAction) -> None:
    from engine.generate.instruct import INSTRUCTIONS

    p = sub.add_parser("edit", help="edit a passage by intent, with an explanation")
    p.add_argument("--intent", required=True, help=f"one of {', '.join(INSTRUCTIONS)}")
    p.add_argument("--text", required=True, help="the passage to edit")
    p.add_argument("--refs", nargs="*", default=[], help="reference texts (for --intent update)")
    add_model_args(p, max_tokens=384)
    p.add_argument("--json", action="store_true", help="print the edit as JSON")
    p.set_defaults(func=run)


def run(args: argparse.Namespace) -> int:
    from engine.generate.instruct import InstructEditor, resolve_intent

    intent = resolve_intent(args.intent)  # fail fast, before loading a model
    generator, note = open_model(args)
    result = InstructEditor(generator, max_tokens=args.max_tokens, time_limit=args.time_limit).edit(
        args.text, intent, args.refs)
    data = result.to_dict()
    data["model_note"] = note
    if args.json:
        print_json(data)
        return 0
    print_notes(([note] if note else []) + result.notices)
    print(f"Model: {result.model}{' (small embedded default)' if note else ''}")
    if not result.valid:
        print("FAILED CHECKS: not a usable edit (see the flags below)")
    print(f"Edited: {result.edited}")
    print(f"Why: {result.explanation}")
    print_flags(result.flags)
    return 0
