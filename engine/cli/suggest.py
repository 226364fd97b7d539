"""``redraft suggest PAPER --comment TEXT [--model M] [--lexical] [--json]``: a response, a
location and an edit (with typed placeholders and check flags) for one comment. The comment is located as a
project's build locates it (``engine.align.localize.locate``), then placed (``engine.generate.placement``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from engine.cli.common import print_json
from engine.inputs import draft_format_names


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("suggest", help="suggest an edit that addresses a review comment")
    p.add_argument("paper", help=f"the draft ({draft_format_names()})")
    p.add_argument("--comment", required=True, help="the reviewer's comment")
    add_model_args(p, max_tokens=120)
    p.add_argument("--top-k", type=int, default=2, help="paragraphs shown to the model (default 2)")
    p.add_argument("--lexical", action="store_true",
                   help="locate the comment with BM25 alone (default: BM25 + the embedded encoder, as a project's build)")
    p.add_argument("--embed", action="store_true", help=argparse.SUPPRESS)  # the default since issue 34
    add_at_arg(p)
    p.add_argument("--json", action="store_true", help="print the suggestion as JSON")
    p.set_defaults(func=run)


def add_at_arg(p: argparse.ArgumentParser) -> None:
    p.add_argument("--at", metavar="PARAGRAPH", help="write the edit after this paragraph instead (the id an "
                   "\"also fits\" line names)")


def add_model_args(p: argparse.ArgumentParser, max_tokens: int) -> None:
    p.add_argument("--model", metavar="M", help="GGUF path or registry id (default: the embedded SmolLM2 135M Instruct)")
    p.add_argument("--max-tokens", type=int, default=max_tokens, help=f"answer tokens (default {max_tokens})")
    p.add_argument("--ctx", type=int, default=4096, help="context size to load the model with (default 4096)")
    p.add_argument("--time-limit", type=float, default=50.0, help="seconds before the answer is cut (default 50)")
    p.add_argument("--threads", type=int, help="CPU threads (default: llama.cpp's choice)")
    p.add_argument("--gpu-layers", type=int, help="layers on the GPU (default: all when the build supports it)")


def open_model(args: argparse.Namespace) -> tuple[Any, str | None]:
    """The generator, and a note when it is the small embedded default."""
    from engine.models.embedded import GENERATOR_NOTE, is_embedded_file, is_embedded_generator
    from engine.models.registry import open_generator

    key = args.model or "embedded"
    kwargs = {"n_ctx": args.ctx}
    if getattr(args, "threads", None):
        kwargs["threads"] = args.threads
    if getattr(args, "gpu_layers", None) is not None:
        kwargs["n_gpu_layers"] = args.gpu_layers
    generator = open_generator(key, **kwargs)  # a copy of the embedded GGUF is the small model too (trial26)
    small = is_embedded_generator(key) or is_embedded_file(generator.model_path)
    return generator, GENERATOR_NOTE if small else None


#: Where the edit goes, in words (``--json`` keeps the mode's code).
MODE_WORDS = {"replace": "rewrite the sentence below", "insert_after": "add after this paragraph",
              "new_paragraph": "a new paragraph"}
#: What a placeholder asks the author for, in words (``--json`` keeps its type).
PLACEHOLDER_WORDS = {"RESULT": "a result", "CITATION": "a citation", "FIGURE": "a figure or table",
                     "DETAIL": "a detail"}
#: How much a check's flag weighs, in words (``--json`` keeps the severity and the code).
SEVERITY_WORDS = {"error": "failed check", "warning": "to check", "info": "note"}


def print_flags(flags: list[Any]) -> None:
    """Each check's flag as a reader reads it: ``  failed check: names found in neither …`` (no code)."""
    for f in flags:
        print(f"  {SEVERITY_WORDS.get(f.severity, f.severity)}: {f.short}")


def print_notes(notes: list[str]) -> None:
    for n in notes:
        print(f"redraft: note: {n}", file=sys.stderr)


def run(args: argparse.Namespace) -> int:
    from engine.align.localize import locate
    from engine.cli.stores import note_steps
    from engine.document import load_document
    from engine.jobs import run_job
    from engine.generate.suggest import EditSuggester
    from engine.reviews.model import ReviewComment

    document = load_document(args.paper)
    generator, note = open_model(args)
    comment = ReviewComment("c1", "", args.comment)
    encoder = None
    if not args.lexical:
        from engine.models import factory

        encoder = factory.open_model("encoder")
    located = locate([comment], document, encoder)[0]  # where a project's build would locate it
    suggester = EditSuggester(generator, encoder=encoder, top_k=args.top_k, max_tokens=args.max_tokens,
                              time_limit=args.time_limit)
    places = [document.paragraph(pid) for pid, _ in located.paragraphs]
    run_job(suggester.prepare(comment, document, paragraphs=places), note_steps())  # placement's encoder pass
    suggestion = suggester.suggest(comment, document, paragraphs=places, at=args.at)
    data = suggestion.to_dict()
    data["model_note"] = note
    if args.json:
        print_json(data)
        return 0
    print_notes(([note] if note else []) + suggestion.notices)
    where = _where(document, suggestion.paragraph_id, suggestion.section)
    print(f"Model: {suggestion.model}{' (small embedded default)' if note else ''}; {suggestion.seconds:.1f} s")
    if not suggestion.valid:
        print("FAILED CHECKS: not a usable suggestion (see the flags below)")
    print(f"Response: {suggestion.response}")
    print(f"Location: {where}: {MODE_WORDS.get(suggestion.mode, suggestion.mode)}")
    if suggestion.placed:
        print(f"Why there: {suggestion.placed}")
    if suggestion.alternative:
        alt = suggestion.alternative
        print(also_fits(_where(document, alt.paragraph_id, alt.section), alt.quote))
        print(f"redraft: note: write it there with --at {alt.paragraph_id}", file=sys.stderr)
    if suggestion.sentence:
        print(f"Sentence: {suggestion.sentence}")
    if suggestion.scaffold:
        print(f"Change: {suggestion.scaffold.change}")
        print(f"Where: “{suggestion.scaffold.quote}”")
        if suggestion.scaffold.source_quote:
            print(f"Where, as {'LaTeX' if suggestion.syntax == 'latex' else 'Markdown'}: "
                  f"“{suggestion.scaffold.source_quote}”")
    if suggestion.kind == "scaffold":
        print("Scaffold (a draft to complete; the model's rewrite failed its checks and is withheld):")
    print(f"Edit: {suggestion.edit}")
    if suggestion.source_edit:
        name = "LaTeX" if suggestion.syntax == "latex" else "Markdown"
        print(f"Edit as {name}, to paste into the source: {suggestion.source_edit}")
        if suggestion.source_original:
            print(f"The paragraph in the source ({_line(document, suggestion.paragraph_id)}): "
                  f"{suggestion.source_original}")
    for p in suggestion.placeholders:
        print(f"  to fill in, {PLACEHOLDER_WORDS.get(p.kind, p.kind.lower())}: {p.description}")
    print_flags(suggestion.flags)
    if suggestion.rewrite:
        print(f"Withheld rewrite: {suggestion.rewrite}")
    return 0


def print_in_source(forms, draft) -> None:
    """A stored suggestion's edit (and quote) in the draft's own syntax, when the draft is a source."""
    if not forms:
        return
    name = "LaTeX" if draft.source_format == "latex" else "Markdown"
    if forms[1]:
        print(f"Where, as {name}: “{forms[1]}”")
    print(f"Edit as {name}, to paste into the source: {forms[0].text}")
    from engine.generate.source_syntax import unmapped_flag

    flag = unmapped_flag(forms[0])
    if flag is not None:
        print(f"  note: {flag.message}")


def _line(document, paragraph_id: str | None) -> str:
    """``main.tex, line 42``: where a source paragraph starts."""
    try:
        para = document.paragraph(paragraph_id or "")
    except KeyError:
        return "?"
    name = para.file or Path(document.source_path).name
    return f"{name}, line {para.line}" if para.line else name


def also_fits(where: str, quote: str) -> str:
    """The placement's close second place, in one line (``redraft suggest --at`` writes the edit there)."""
    from engine.generate.scaffold import shorten

    return f"Also fits: ¶ {where}: “{shorten(quote, 16)}”"


def _where(document, paragraph_id: str | None, section: str) -> str:
    """``p0729 (Conclusions, p. 30)``: the paragraph with its section and page (or line), as ``redraft project
    suggest`` says it (a new-user trial read "p0729 (Conclusions)" and had no page to look at)."""
    if not paragraph_id:
        return "new paragraph"
    try:
        para = document.paragraph(paragraph_id)
    except KeyError:
        para = None
    at = "" if para is None else f"p. {para.page}" if para.page is not None else (
        f"line {para.line}" if para.line is not None else "")
    place = ", ".join(x for x in (section or (para.section_title if para is not None else ""), at) if x)
    return f"{paragraph_id} ({place or 'no section'})"
