"""An optional LLM pass over rule-based comments: keep the actionable ones and
fix their action class and directness, read as grammar-constrained JSON."""

from __future__ import annotations

import json
from collections.abc import Generator as Gen
from dataclasses import replace

from engine.errors import ModelError
from engine.jobs import CancelToken, Progress, run_job
from engine.models.protocols import Generator
from engine.resources import prompt
from engine.reviews.model import ACTIONS, DIRECTNESS, ReviewComment

SCHEMA = {
    "type": "object",
    "properties": {
        "actionable": {"type": "boolean"},
        "action": {"type": "string", "enum": list(ACTIONS)},
        "directness": {"type": "string", "enum": list(DIRECTNESS)},
    },
    "required": ["actionable", "action", "directness"],
}


def iter_refine(
    comments: list[ReviewComment], generator: Generator, cancel: CancelToken | None = None,
    notices: list[str] | None = None,
) -> Gen[Progress, None, list[ReviewComment]]:
    """Ask ``generator`` about each comment; a comment the model calls not actionable is dropped.

    A reply the model cannot give as valid JSON keeps the rule-based comment
    (and adds a line to ``notices``).
    """
    template = prompt("comments_refine")
    kept: list[ReviewComment] = []
    failures = 0
    for i, c in enumerate(comments):
        if cancel is not None:
            cancel.check()
        yield Progress(i, len(comments), f"checking comment {c.id}")
        text = template.replace("{section}", c.section or "(none)").replace("{comment}", c.full_text)
        try:
            answer = json.loads(generator.generate(text, max_tokens=48, json_schema=SCHEMA, cancel=cancel))
        except (ModelError, ValueError):
            failures += 1
            kept.append(c)
            continue
        if answer["actionable"]:
            kept.append(replace(c, action=answer["action"], directness=answer["directness"]))
    if failures and notices is not None:
        notices.append(f"the model gave no usable answer for {failures} comment(s); kept the rule-based reading")
    yield Progress(len(comments), len(comments), "comments checked")
    return kept


def refine_comments(comments: list[ReviewComment], generator: Generator, cancel: CancelToken | None = None) -> list[ReviewComment]:
    return run_job(iter_refine(comments, generator, cancel))
