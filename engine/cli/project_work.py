"""``redraft project suggest PROJECT COMMENT_ID`` and ``redraft project tldr PROJECT``: the app's model-backed
steps on a project file, the same session jobs (``engine.project.work``), stored as the app stores them."""

from __future__ import annotations

import argparse
import sys

from engine.cli.common import print_json
from engine.cli.suggest import (add_at_arg, add_model_args, also_fits, open_model, print_flags, print_in_source,
                                print_notes)


def register(cmds: argparse._SubParsersAction) -> None:
    s = cmds.add_parser("suggest", help="suggest an edit and a response for one comment, and store it in the project")
    s.add_argument("path", metavar="PROJECT", help="the .redraft project file")
    s.add_argument("comment", metavar="COMMENT_ID", help="the comment, e.g. R1.2 (see `redraft project show`)")
    add_model_args(s, max_tokens=120)
    s.add_argument("--top-k", type=int, default=2, help="paragraphs shown to the model (default 2)")
    add_at_arg(s)
    s.add_argument("--json", action="store_true", help="print the stored suggestion as JSON")
    s.set_defaults(func=run_suggest)
    t = cmds.add_parser("tldr", help="write TLDR candidates for the latest version, and store those that pass")
    t.add_argument("path", metavar="PROJECT", help="the .redraft project file")
    add_model_args(t, max_tokens=60)
    t.add_argument("--extractive", action="store_true", help="pick a sentence of the paper instead (no model)")
    t.add_argument("--json", action="store_true", help="print the candidates and the stored TLDRs as JSON")
    t.set_defaults(func=run_tldr)


def _session(path: str, models):
    from engine.cli.stores import open_store
    from engine.project.session import ProjectSession

    return ProjectSession(open_store(path), models=models)


def run_suggest(args: argparse.Namespace) -> int:
    from engine.errors import InputError
    from engine.models.factory import ConfiguredModels
    from engine.cli.stores import note_steps
    from engine.project.work import suggest_job

    generator, note = open_model(args)
    models = ConfiguredModels(generator=generator)
    with _session(args.path, models) as session:
        try:
            job = suggest_job(session, models, args.comment, args.at, top_k=args.top_k,
                              max_tokens=args.max_tokens, time_limit=args.time_limit)
        except KeyError:
            raise InputError(f"not in this project: {args.comment}") from None
        changes = job.run(on_progress=note_steps())  # "reading the draft for placement…" on a first suggestion
        rec = job.result
        where = _where(session.project, rec.location)
        other = _where(session.project, rec.alternative["location"]) if rec.alternative else ""
        forms, draft = session.project.in_source(rec), session.project.old
    if args.json:
        extra = {"source_edit": forms[0].text, "source_quote": forms[1]} if forms else {}
        print_json({**rec.to_dict(), "failed": rec.failed, "model_note": note, **extra})
        return 0
    print_notes([note] if note else [])
    print(f"{changes.label} for {rec.comment_id} ({rec.model})")
    if rec.failed:
        print("FAILED CHECKS: stored, but not usable as it stands (see the flags below)")
    print(f"Response: {rec.response}")
    print(f"Location: {where}")
    if other:
        print(also_fits(other, rec.alternative.get("quote", "")))
    if rec.change:
        print(f"Change: {rec.change}")
    if rec.quote:
        print(f"Where: “{rec.quote}”")
    print(f"Edit: {rec.edit}")
    print_in_source(forms, draft)
    print_flags(rec.flags)
    print(f"accept it with `redraft project review {args.path} {rec.id} accept`", file=sys.stderr)
    if other:
        print(f"or write it at the other place with `redraft project suggest {args.path} {rec.comment_id} --at "
              f"{rec.alternative['location']}`", file=sys.stderr)
    return 0


def _where(project, location: str) -> str:
    """The suggestion's paragraph as a reader finds it: its id, section and page (as ``redraft suggest`` prints)."""
    if not location:
        return "new paragraph"
    where = project.paragraph_where(location)
    return f"{location} ({where})" if where else location


def run_tldr(args: argparse.Namespace) -> int:
    from engine.models.factory import ConfiguredModels
    from engine.project.work import tldr_job

    note = None
    models = ConfiguredModels()
    if not args.extractive:
        generator, note = open_model(args)
        models = ConfiguredModels(generator=generator)
    with _session(args.path, models) as session:
        job = tldr_job(session, models, "extractive" if args.extractive else "llm")
        job.run()
        result = job.result
    if args.json:
        print_json({"candidates": result.candidates, "tldrs": result.tldrs, "model_note": note})
        return 0
    print_notes([note] if note else [])
    for c in result.candidates:
        mark = f"FAILED CHECKS ({_tldr_failures(c)}): " if not c.get("valid", True) else ""
        print(f"- {mark}{c.get('text', '')}")
    print(f"stored {len(result.tldrs)} TLDR(s)")
    return 0


def _tldr_failures(candidate: dict) -> str:
    """Why a TLDR candidate was not stored, in words (a new-user trial read "FAILED CHECKS" over a 52-word highlight
    with no reason): the same words the app's TLDR panel shows."""
    from engine.generate.tldr_words import failure_words

    return failure_words(candidate) or "see --json"
