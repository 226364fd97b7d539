"""Edit suggestions for a review comment: a response, where to edit, and the
edit text with typed placeholders for every fact the model does not have.

The comment is localised to the paper's body paragraphs (BM25, or BM25 +
embeddings with an encoder); the best paragraphs, the abstract and the
section titles go to the model within its context (trimmed, with notices).
The answer is grammar-constrained JSON; the edit then goes through
``checks.check_edit`` (invented numbers and citations to placeholders,
reviewer mentions out, ARIES failure modes flagged).
"""

from __future__ import annotations

from collections.abc import Generator as Gen
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.document.model import Document, Paragraph
from engine.errors import InputError
from engine.generate import placeholders
from engine.generate.checks import Flag, check_edit
from engine.generate.context import ContextPart, ask_json, fit_parts, is_chat, load_template, render
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder, Generator
from engine.reviews.model import ReviewComment

PROMPT = "suggest_edit.v1"
MODES = ("replace", "insert_after")


@dataclass
class Suggestion:
    comment_id: str
    comment: str
    response: str
    paragraph_id: str | None
    section: str
    mode: str
    edit: str
    original: str = ""
    flags: list[Flag] = field(default_factory=list)
    removed_values: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    model: str = ""
    prompt: str = ""
    attempts: int = 1

    @property
    def placeholders(self) -> list[placeholders.Placeholder]:
        return placeholders.find(self.edit)

    def to_dict(self) -> dict[str, Any]:
        return {
            "comment_id": self.comment_id, "comment": self.comment, "response": self.response,
            "location": {"paragraph_id": self.paragraph_id, "section": self.section, "mode": self.mode},
            "edit": self.edit, "original": self.original,
            "placeholders": [p.to_dict() for p in self.placeholders],
            "flags": [f.to_dict() for f in self.flags], "removed_values": list(self.removed_values),
            "notices": list(self.notices), "model": self.model, "prompt": self.prompt, "attempts": self.attempts,
        }


def rank_paragraphs(comment: ReviewComment, document: Document, encoder: Encoder | None, top_k: int) -> list[Paragraph]:
    """The body paragraphs the comment most likely refers to, best first."""
    body = document.body()
    if not body:
        return []
    if encoder is not None:
        from engine.align.localize import localize

        ids = [pid for pid, _ in localize([comment], document, encoder, top_k)[0].paragraphs]
        return [document.paragraph(pid) for pid in ids]
    from engine.align.bm25 import bm25_matrix

    scores = bm25_matrix([comment.full_text], [p.text for p in body])[0]
    return [body[j] for j in np.argsort(-scores, kind="stable")[:top_k]]


class EditSuggester:
    """Suggests an edit per comment with an injected ``Generator``."""

    def __init__(self, generator: Generator, encoder: Encoder | None = None, top_k: int = 3,
                 max_tokens: int = 512, attempts: int = 2, max_chars: int | None = None) -> None:
        self.generator, self.encoder, self.top_k = generator, encoder, top_k
        self.max_tokens, self.attempts, self.max_chars = max_tokens, attempts, max_chars
        self.template = load_template(PROMPT)

    def schema(self, ids: list[str]) -> dict[str, Any]:
        text: dict[str, Any] = {"type": "string", "minLength": 1}
        if self.max_chars:
            text = {**text, "maxLength": self.max_chars}
        return {
            "type": "object",
            "properties": {"response": text, "location": {"type": "string", "enum": ids + ["new"]},
                           "mode": {"type": "string", "enum": list(MODES)}, "edit": text},
            "required": ["response", "location", "mode", "edit"],
        }

    def prompt(self, comment: ReviewComment, document: Document, paragraphs: list[Paragraph]) -> tuple[Any, list[str], str]:
        """The rendered prompt, the notices of what was trimmed, and the context text shown."""
        sections = "; ".join(dict.fromkeys(s.title for s in document.sections if s.title)) or "(none)"
        parts = [ContextPart("comment", comment.full_text, 0, 16)]
        parts += [ContextPart(f"paragraph {p.id}", f"[{p.id}] ({' > '.join(p.section) or 'no section'}) {p.text}", 1 + i)
                  for i, p in enumerate(paragraphs)]
        parts += [ContextPart("abstract", document.abstract, 10), ContextPart("section titles", sections, 11)]

        def join(texts: dict[str, str]) -> dict[str, str]:
            paras = [texts.get(f"paragraph {p.id}", "") for p in paragraphs]
            return {"comment": texts.get("comment", ""), "abstract": texts.get("abstract", "") or "(not shown)",
                    "sections": texts.get("section titles", "") or "(not shown)",
                    "paragraphs": "\n\n".join(t for t in paras if t) or "(none)"}

        fields = {"title": document.title or "(untitled)"}
        fitted = fit_parts(self.generator, self.template, fields, parts, self.max_tokens, join)
        filled = join(fitted.texts)
        shown = "\n".join([fields["title"], filled["abstract"], filled["sections"], filled["paragraphs"]])
        rendered = render(self.template, {**fields, **filled}, is_chat(self.generator), fitted.one_shot)
        return rendered, fitted.notices, shown

    def suggest(self, comment: ReviewComment, document: Document, cancel: CancelToken | None = None) -> Suggestion:
        if not comment.text.strip():
            raise InputError("the comment is empty")
        paragraphs = rank_paragraphs(comment, document, self.encoder, self.top_k)
        rendered, notices, shown = self.prompt(comment, document, paragraphs)
        value, attempts = ask_json(self.generator, rendered, self.schema([p.id for p in paragraphs]),
                                   self.max_tokens, self.attempts, cancel, self.max_tokens * 4)
        target = next((p for p in paragraphs if p.id == value["location"]), None)
        mode = value["mode"] if target is not None else "new_paragraph"
        anchor = target or (paragraphs[0] if paragraphs else None)
        checked = check_edit(value["edit"], comment.full_text, shown)
        if target is not None and mode == "replace" and " ".join(checked.text.split()) == " ".join(target.text.split()):
            checked.flags.append(Flag("unchanged", "the replacement is the paragraph as it stands"))
        return Suggestion(
            comment_id=comment.id, comment=comment.full_text, response=str(value["response"]).strip(),
            paragraph_id=target.id if target else None, section=" > ".join(anchor.section) if anchor else "",
            mode=mode, edit=checked.text, original=target.text if target is not None else "",
            flags=checked.flags, removed_values=checked.removed, notices=notices,
            model=self.generator.name, prompt=self.template.label, attempts=attempts,
        )

    def iter_suggest(self, comments: list[ReviewComment], document: Document,
                     cancel: CancelToken | None = None) -> Gen[Progress, None, list[Suggestion]]:
        out = []
        for i, c in enumerate(comments):
            if cancel is not None:
                cancel.check()
            yield Progress(i, len(comments), f"suggesting an edit for {c.id}")
            out.append(self.suggest(c, document, cancel))
        yield Progress(len(comments), len(comments), "suggestions ready")
        return out
