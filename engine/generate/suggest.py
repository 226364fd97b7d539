"""Edit suggestions for a review comment: text to add to the paper, where it
goes, and a one-sentence response to the reviewer.

The edit is placed by ``engine.generate.placement`` (the comment's located
paragraphs, the parts of the paper it names, the kind of change its fine type
implies): a new paragraph after the chosen one, or the exact sentence a typo
names; the best places go to the model within its context (trimmed, with
notices). Two plain-text answers (the edit, then the response, which shares
the prompt's prefix and so its KV cache) are each checked by
``guard.check_text`` (copy of the prompt, grounding, loop, cut-off) and asked
again once with a changed prompt when they fail; an answer that fails twice
is kept only as a flagged failure (``valid`` false). The edit then goes through
``checks.check_edit`` (invented numbers and citations to placeholders,
reviewer mentions out, ARIES failure modes flagged, fluent inventions failed). The whole suggestion
runs under one wall-clock limit; with the scaffold on, a rewrite that cannot finish within it at the generator's
measured speed is given up at once (``engine.generate.pace``).

Every suggestion carries its scaffold (``engine.generate.scaffold``: where, what kind of change, a draft with
placeholders). With the small embedded model, a rewrite or response that fails a check is withheld and the
scaffold is the suggestion (``kind`` "scaffold"); with any other model the rewrite is the suggestion, flagged.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from collections.abc import Generator as Gen
from dataclasses import dataclass, field
from typing import Any

from engine.document.model import Document, Paragraph
from engine.errors import Cancelled, InputError
from engine.generate import placeholders
from engine.generate.alternative import Alternative, alternative
from engine.generate.checks import Flag, check_edit, response_failures
from engine.generate.context import ContextPart, fit_parts, is_chat, load_template, render_task
from engine.generate.flags import failure
from engine.generate.guard import Deadline, Generated, ask_checked, complete_sentences
from engine.generate.pace import Pace, can_finish, measured, too_slow
from engine.generate.placement import place
from engine.generate.scaffold import Scaffold, build_scaffold
from engine.generate.source_syntax import in_source
from engine.jobs import CancelToken, Job, Progress
from engine.models.protocols import Encoder, Generator
from engine.reviews.model import ReviewComment

PROMPT = "suggest_edit.v2"
MODES = ("replace", "insert_after")  # engine.generate.placement's modes


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
    #: The sentence a ``replace`` edit rewrites ('' otherwise), and why the edit was placed there.
    sentence: str = ""
    placed: str = ""
    flags: list[Flag] = field(default_factory=list)
    removed_values: list[str] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    model: str = ""
    prompt: str = ""
    attempts: int = 1
    seconds: float = 0.0
    #: "rewrite" (the model's edit) or "scaffold" (the draft to complete, ``engine.generate.scaffold``).
    kind: str = "rewrite"
    scaffold: Scaffold | None = None
    #: A scaffold's withheld rewrite: the model's text, and the checks it failed.
    rewrite: str = ""
    rewrite_flags: list[Flag] = field(default_factory=list)
    #: The placement's second place when the placement model scores it close (``engine.generate.alternative``).
    alternative: Alternative | None = None
    #: For a LaTeX or Markdown draft ("latex", "markdown"; '' otherwise): the edit and the placed paragraph in the
    #: draft's own syntax (``engine.generate.source_syntax``), what the author copies into the source.
    syntax: str = ""
    source_edit: str = ""
    source_original: str = ""

    @property
    def valid(self) -> bool:
        """No failed check: the only kind of suggestion offered as a candidate."""
        return not any(f.severity == "error" for f in self.flags)

    @property
    def placeholders(self) -> list[placeholders.Placeholder]:
        return placeholders.find(self.edit)

    def to_dict(self) -> dict[str, Any]:
        return {
            "comment_id": self.comment_id, "comment": self.comment, "response": self.response,
            "location": {"paragraph_id": self.paragraph_id, "section": self.section, "mode": self.mode},
            "edit": self.edit, "original": self.original, "sentence": self.sentence, "placed": self.placed,
            "placeholders": [p.to_dict() for p in self.placeholders],
            "flags": [f.to_dict() for f in self.flags], "removed_values": list(self.removed_values),
            "notices": list(self.notices), "model": self.model, "prompt": self.prompt, "attempts": self.attempts,
            "valid": self.valid, "seconds": round(self.seconds, 2), "kind": self.kind,
            "scaffold": self.scaffold.to_dict() if self.scaffold else None, "rewrite": self.rewrite,
            "rewrite_flags": [f.to_dict() for f in self.rewrite_flags],
            "alternative": self.alternative.to_dict() if self.alternative else None,
            "syntax": self.syntax, "source_edit": self.source_edit, "source_original": self.source_original,
        }


class EditSuggester:
    """Suggests an edit per comment with an injected ``Generator``.

    ``max_tokens`` bounds the edit, ``response_tokens`` the response, ``max_chars`` both in characters,
    ``time_limit`` (seconds) the whole suggestion; ``on_text`` receives the
    labelled stream (``engine.generate.fields``) as it is written. With ``scaffold`` (by default: when the
    generator is the small embedded model) a rewrite that fails a check is withheld and the scaffold is the
    suggestion; otherwise the rewrite is the suggestion, flagged."""

    def __init__(self, generator: Generator, encoder: Encoder | None = None, top_k: int = 2,
                 max_tokens: int = 120, response_tokens: int = 64, time_limit: float | None = 50.0,
                 on_text: Callable[[str], None] | None = None, max_chars: int | None = None,
                 scaffold: bool | None = None) -> None:
        self.generator, self.encoder, self.top_k = generator, encoder, top_k
        self.scaffold = is_embedded(generator) if scaffold is None else scaffold
        #: Longest edit or response in characters (a UI's room): longer text ends at its last sentence within it.
        self.max_chars = max_chars
        self.max_tokens, self.response_tokens, self.time_limit = max_tokens, response_tokens, time_limit
        self.on_text = on_text
        self.template = load_template(PROMPT)

    def _fields(self, comment: ReviewComment, document: Document, paragraphs: list[Paragraph],
                ) -> tuple[dict[str, str], list[str], str]:
        parts = [ContextPart("comment", comment.full_text, 0, 16)]
        parts += [ContextPart(f"paragraph {p.id}", p.text, 1 + i) for i, p in enumerate(paragraphs)]

        def join(texts: dict[str, str]) -> dict[str, str]:
            paras = [texts.get(f"paragraph {p.id}", "") for p in paragraphs]
            return {"comment": texts.get("comment", ""), "paragraphs": "\n\n".join(t for t in paras if t) or "(none)"}

        section = " > ".join(paragraphs[0].section) if paragraphs and paragraphs[0].section else "body"
        fields = {"title": document.title or "(untitled)", "section": section,
                  "task": self.template.sections["edit_retry"] + " x" * (self.max_tokens + 40)}
        fitted = fit_parts(self.generator, self.template, fields, parts, self.response_tokens, join)
        filled = {**fields, **join(fitted.texts)}
        shown = "\n".join([filled["title"], filled["paragraphs"]])
        return filled, fitted.notices, shown

    def _render(self, fields: dict[str, str], task: str, **extra: str) -> Any:
        return render_task(self.template, fields, task, is_chat(self.generator), **extra)

    def prompt(self, comment: ReviewComment, document: Document, paragraphs: list[Paragraph]) -> tuple[Any, list[str], str]:
        """The rendered edit prompt, the notices of what was trimmed, and the context text shown."""
        fields, notices, shown = self._fields(comment, document, paragraphs)
        return self._render(fields, "edit_task"), notices, shown

    def prompt_texts(self) -> list[str]:
        """The prompt's own words: an answer that repeats 8 of them in a row copied the prompt."""
        return [self.template.sections[k] for k in ("system", "edit_task", "edit_retry", "response_task", "response_retry")]

    def prepare(self, comment: ReviewComment, document: Document, cancel: CancelToken | None = None,
                paragraphs: list[Paragraph] | None = None) -> Job[int]:
        """The placement's encoder pass for ``comment`` ahead of ``suggest`` (same ``paragraphs``), as a job:
        ``Progress`` "reading the draft for placement…", cancellable, its vectors cached for the draft's later
        suggestions (``engine.generate.placement_read``); nothing to do once the draft was read. Run before
        ``suggest``, it keeps that pass out of the rewrite's time limit."""
        from engine.generate.placement_read import read_for_placement

        return (yield from read_for_placement(comment, document, paragraphs, self.encoder, cancel))

    def suggest(self, comment: ReviewComment, document: Document, cancel: CancelToken | None = None,
                paragraphs: list[Paragraph] | None = None, position: float | None = None,
                at: str | None = None) -> Suggestion:
        """One suggestion for ``comment``, placed by ``engine.generate.placement.place`` from ``paragraphs``
        (where the comment was located, best first), the parts of the paper it names and its fine type; the
        model sees the ``top_k`` best places, the chosen one first. ``position``: the comment's place among its
        reviewer's comments, 0..1 (``placement.review_position``), a feature of the placement model. ``at``: the
        paragraph the author chose instead (the placement's alternative): the edit goes after it. For a LaTeX or
        Markdown draft the suggestion also comes in the draft's own syntax (``source_syntax.in_source``)."""
        suggestion = self._suggest(comment, document, cancel, paragraphs, position, at)
        in_source(suggestion, document)
        return suggestion

    def _suggest(self, comment: ReviewComment, document: Document, cancel: CancelToken | None,
                 paragraphs: list[Paragraph] | None, position: float | None, at: str | None) -> Suggestion:
        if not comment.text.strip():
            raise InputError("the comment is empty")
        start = time.monotonic()
        deadline = Deadline(self.time_limit, cancel)
        if deadline.user_cancelled:
            raise Cancelled()
        placement = place(comment, document, paragraphs, self.encoder, self.top_k, position, cancel=cancel)
        if at is not None:
            try:
                placement = placement.moved_to(document.paragraph(at))
            except KeyError:
                raise InputError(f"no paragraph {at!r} in the draft") from None
        paragraphs = placement.ranked
        scaffold = build_scaffold(comment, paragraphs, document)
        other = alternative(placement, comment, document)
        fields, notices, shown = self._fields(comment, document, paragraphs)
        sources = [shown, comment.full_text]
        budget = self.max_tokens + self.response_tokens
        pace = measured(self.generator)
        if self.scaffold and pace is not None and not can_finish(pace, budget, deadline.left()):
            slow = [failure("too_slow", too_slow(pace, budget, self.time_limit))]  # known slow: no wait at all
            return self._scaffolded(comment, scaffold, "", slow, notices, 0, start, placement.reason, other)

        def watch(pace: Pace, pieces: int) -> bool:  # the first call on this machine: its pace, once measured
            return bool(self.scaffold) and not can_finish(pace, budget - pieces, deadline.left())

        edit, tries = ask_checked(
            self.generator, [self._render(fields, "edit_task"), self._render(fields, "edit_retry")],
            self.max_tokens, deadline, self.prompt_texts(), sources, self.on_text, "edit", stop=("\n\n",),
            topic="" if _about_wording(comment) else comment.full_text, watch=watch)
        if edit.ended == "slow":
            slow = [failure("too_slow", too_slow(measured(self.generator), budget, self.time_limit))]
            return self._scaffolded(comment, scaffold, edit.text, slow, notices, tries, start, placement.reason,
                                    other)
        self._cap(edit)
        paper = "\n".join([document.title, document.abstract or "", *(p.text for p in document.paragraphs)])
        numbers = [s.number for s in document.sections if s.number]
        checked = check_edit(edit.text, comment.full_text, shown, paper, numbers) if not edit.failed else None
        edit_text = checked.text if checked else edit.text
        rewrite_flags = [*edit.flags, *(checked.flags if checked else [])]
        if self.scaffold and any(f.failed for f in rewrite_flags):
            return self._scaffolded(comment, scaffold, edit_text, rewrite_flags, notices, tries, start, placement.reason,
                                    other)
        quoted = " ".join(edit_text.split())
        response, more = ask_checked(
            self.generator, [self._render(fields, "response_task", edit=quoted),
                             self._render(fields, "response_retry", edit=quoted)],
            self.response_tokens, deadline, self.prompt_texts(), sources + [edit_text], self.on_text, "response",
            stop=("\n",))
        self._cap(response)
        response.flags += response_failures(response.text)  # "The paper provides …" answers no reviewer
        flags = [f for f in edit.flags] + (checked.flags if checked else [])
        flags += [Flag(f.code, f.message.replace("failed check: ", "failed check: response: "), f.severity)
                  if f.severity == "error" else f for f in response.flags]
        if self.scaffold and any(f.failed for f in flags):  # the response failed: the model's text is not offered
            return self._scaffolded(comment, scaffold, edit_text, flags, notices, tries + more, start,
                                    placement.reason, other)
        target = placement.paragraph
        return Suggestion(
            comment_id=comment.id, comment=comment.full_text, response=response.text,
            paragraph_id=target.id if target else None, section=" > ".join(target.section) if target else "",
            mode=placement.mode if target else "new_paragraph", edit=edit_text, original=placement.original,
            sentence=placement.sentence, placed=placement.reason,
            flags=flags, removed_values=checked.removed if checked else [], notices=notices,
            model=self.generator.name, prompt=self.template.label, attempts=tries + more,
            seconds=time.monotonic() - start, scaffold=scaffold, alternative=other,
        )

    def _scaffolded(self, comment: ReviewComment, scaffold: Scaffold, rewrite: str, failed: list[Flag],
                    notices: list[str], tries: int, start: float, placed: str = "",
                    other: Alternative | None = None) -> Suggestion:
        """The scaffold as the suggestion, the model's failed rewrite withheld beside it (one info flag says why)."""
        why = "; ".join(f.short for f in failed if f.failed)
        slow = all(f.code == "too_slow" for f in failed if f.failed)  # given up for this machine's speed
        return Suggestion(
            comment_id=comment.id, comment=comment.full_text, response=scaffold.response,
            paragraph_id=scaffold.paragraph_id, section=scaffold.section, mode=scaffold.mode, edit=scaffold.draft,
            original=scaffold.quote, sentence=scaffold.quote if scaffold.mode == "replace" else "", placed=placed,
            flags=[Flag("rewrite_too_slow", f"the model's rewrite was given up: {why}", "info") if slow else
                   Flag("rewrite_withheld", f"the model's rewrite was withheld: {why}", "info")], notices=notices, model=self.generator.name, prompt=self.template.label, attempts=tries,
            seconds=time.monotonic() - start, kind="scaffold", scaffold=scaffold, rewrite=rewrite, rewrite_flags=failed,
            alternative=other)

    def _cap(self, gen: Generated) -> None:
        if self.max_chars and len(gen.text) > self.max_chars:
            gen.text = complete_sentences(gen.text[: self.max_chars]) or gen.text[: self.max_chars].rstrip()
            gen.flags.append(Flag("shortened", f"cut to at most {self.max_chars} characters", "info"))

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


def is_embedded(generator: Generator) -> bool:
    """The generator is the small embedded model (its GGUF file, or a copy), whose rewrites are offered only when
    they pass."""
    from engine.models.embedded import is_embedded_file

    path = getattr(generator, "model_path", None)
    return path is not None and is_embedded_file(path)


def _about_wording(comment: ReviewComment) -> bool:
    """A typo or proofreading comment: its fix rewrites a passage and need not repeat the comment's words."""
    from engine.align.cues import proofreading, replacements
    from engine.reviews.fine_types import fine_type

    text = comment.full_text
    return fine_type(comment) == "typo" or bool(proofreading(text)) or bool(replacements(text))
