"""TLDRs of a paper: one sentence of 15-25 words, extractive (no model) or
with an LLM, in one of three modes:

- ``rewrite``: the LLM rewrites the extractive sentence into a TLDR;
- ``abstract``: the LLM writes one from the title and the abstract
  (introduction and conclusion too when the document has them, trimmed to
  the model's context);
- ``pick``: the LLM picks among the three best extractive sentences.

Every written candidate goes through ``guard.check_text`` (copy of the
prompt, grounding in the paper, loop, cut-off) and is asked again once with a
changed prompt when it fails; a candidate that fails twice is returned as a
flagged failure (``valid`` false), never as a TLDR. The answer is cut to its
first sentence and, when too long, at a clause boundary or after 25 words.
``DEFAULT_MODE`` (what the app shows first) and ``DEFAULT_LLM_MODES`` were
chosen on a slice of SciTLDR train (docs/generation.md).
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from engine.document.model import Document
from engine.errors import Cancelled, InputError
from engine.generate.checks import Flag
from engine.generate.context import ContextPart, fit_parts, is_chat, load_template, render_task
from engine.generate.extractive import extractive_tldr, score_sentences, split_sentences
from engine.generate.guard import Deadline, ask_steps
from engine.generate.tldr_words import MAX_WORDS, MIN_WORDS, TRIES
from engine.jobs import CancelToken, Job, Progress, run_job
from engine.models.protocols import Generator

PROMPT = "tldr.v2"
MODES = ("rewrite", "abstract", "pick")
#: What the app offers first: see docs/generation.md for the figures it was chosen on.
DEFAULT_MODE = "extractive"
DEFAULT_LLM_MODES = ("rewrite",)
_INTRO = re.compile(r"\bintroduction\b", re.IGNORECASE)
_CONCLUSION = re.compile(r"\b(conclusions?|concluding remarks|summary|discussion and conclusions?)\b", re.IGNORECASE)


@dataclass
class TldrCandidate:
    text: str
    style: str
    flags: list[Flag] = field(default_factory=list)
    attempts: int = 1

    @property
    def words(self) -> int:
        return len(self.text.split())

    @property
    def valid(self) -> bool:
        """15-25 words and no failed check."""
        return MIN_WORDS <= self.words <= MAX_WORDS and not any(f.severity == "error" for f in self.flags)

    def to_dict(self) -> dict[str, Any]:
        return {"text": self.text, "style": self.style, "words": self.words, "valid": self.valid,
                "flags": [f.to_dict() for f in self.flags], "attempts": self.attempts}


def enforce_length(text: str) -> tuple[str, list[Flag]]:
    """One sentence of at most 25 words (cut at a clause if possible); flags say what was done."""
    flags: list[Flag] = []
    text = " ".join(text.split())
    sentences = split_sentences(text)
    if len(sentences) > 1:
        text = sentences[0]
        flags.append(Flag("extra_sentences_dropped", "kept the first sentence only", "info"))
    words = text.split()
    if len(words) > MAX_WORDS:
        cut = MAX_WORDS
        for i in range(MAX_WORDS, MIN_WORDS - 1, -1):
            if words[i - 1].endswith((",", ";", ":")):
                cut = i
                break
        text = " ".join(words[:cut]).rstrip(",;:") + "."
        flags.append(Flag("trimmed", f"cut from {len(words)} to {cut} words", "info"))
    elif len(words) < MIN_WORDS:
        flags.append(Flag("too_short", f"{len(words)} words; a TLDR has {MIN_WORDS}-{MAX_WORDS}"))
    if text and text[-1] not in ".!?":
        text += "."
    return text, flags


def tldr_source(document: Document) -> tuple[dict[str, str], str]:
    """Abstract, introduction and conclusion texts, and a label of what was found."""
    intro = [p.text for p in document.body() if any(_INTRO.search(s) for s in p.section)]
    concl = [p.text for p in document.body() if any(_CONCLUSION.search(s) for s in p.section)]
    abstract = document.abstract.strip()
    if not abstract:
        body = document.body()
        abstract = " ".join(p.text for p in body[:2])
    if not abstract and not intro:
        raise InputError("the document has no abstract or body text to summarise")
    found = ["abstract"] + (["introduction"] if intro else []) + (["conclusion"] if concl else [])
    return {"abstract": abstract, "introduction": "\n".join(intro), "conclusion": "\n".join(concl)}, "+".join(found)


class TldrGenerator:
    """LLM TLDR candidates, checked, with the length rule enforced."""

    def __init__(self, generator: Generator, max_tokens: int = 48, time_limit: float | None = 50.0,
                 on_text: Callable[[str], None] | None = None) -> None:
        self.generator, self.max_tokens, self.time_limit, self.on_text = generator, max_tokens, time_limit, on_text
        self.template = load_template(PROMPT)
        self.notices: list[str] = []

    def _fields(self, title: str, parts: dict[str, str], task_room: str) -> dict[str, str]:
        order = [("abstract", 0), ("introduction", 1), ("conclusion", 2)]
        ctx = [ContextPart(name, parts.get(name, ""), prio) for name, prio in order]

        def join(texts: dict[str, str]) -> dict[str, str]:
            return {"text": "\n\n".join(t for t in (texts.get(n, "") for n, _ in order) if t)}

        fields = {"title": title or "(untitled)", "task": task_room}
        fitted = fit_parts(self.generator, self.template, fields, ctx, self.max_tokens, join)
        self.notices += [n for n in fitted.notices if n not in self.notices]
        return {**fields, **join(fitted.texts)}

    def _render(self, fields: dict[str, str], task: str, **extra: str) -> Any:
        return render_task(self.template, fields, task, is_chat(self.generator), **extra)

    def prompt_texts(self) -> list[str]:
        return [v for k, v in self.template.sections.items() if k != "user"]

    def generate(self, text: str | dict[str, str], title: str = "", mode: str = "rewrite",
                 cancel: CancelToken | None = None) -> TldrCandidate:
        """One candidate; ``text`` is the abstract or {abstract, introduction, conclusion}."""
        return run_job(self.generate_steps(text, title, mode, cancel))

    def generate_steps(self, text: str | dict[str, str], title: str = "", mode: str = "rewrite",
                       cancel: CancelToken | None = None) -> Job[TldrCandidate]:
        """``generate`` as a job: a ``Progress`` (``try N of 2``) before each try of the model."""
        parts = {"abstract": text} if isinstance(text, str) else dict(text)
        if not any(v.strip() for v in parts.values()):
            raise InputError("nothing to summarise: the text is empty")
        if mode not in MODES:
            raise InputError(f"unknown TLDR mode {mode!r}: use {', '.join(MODES)}")
        deadline = Deadline(self.time_limit, cancel)
        sentences = split_sentences(parts["abstract"]) or split_sentences(" ".join(parts.values()))
        best = extractive_tldr(sentences, title)
        if mode == "pick":
            yield Progress(0, 1, "try 1 of 1")
            return self._pick(sentences, title, parts, deadline)
        yield Progress(0, TRIES, "reading the paper")  # fitting it to the model's context takes seconds
        room = self.template.sections["rewrite_task"].replace("{sentence}", best)
        fields = self._fields(title, parts, room)
        tasks = ("rewrite_task", "rewrite_retry") if mode == "rewrite" else ("abstract_task", "abstract_retry")
        assert len(tasks) == TRIES
        gen, used = yield from ask_steps(
            self.generator, [self._render(fields, t, sentence=best) for t in tasks], self.max_tokens, deadline,
            self.prompt_texts(), [title, " ".join(parts.values())], self.on_text, "tldr", min_words=6, stop=("\n",))
        final, flags = enforce_length(gen.text) if gen.text else ("", [])
        return TldrCandidate(final, mode, gen.flags + flags, used)

    def _pick(self, sentences: list[str], title: str, parts: dict[str, str], deadline: Deadline) -> TldrCandidate:
        import numpy as np

        if deadline.user_cancelled:
            raise Cancelled()
        order = list(np.argsort(-score_sentences(sentences, title), kind="stable")[:3])
        top = [sentences[i] for i in order]
        choices = "\n".join(f"{i + 1}. {s}" for i, s in enumerate(top))
        fields = self._fields(title, parts, choices + self.template.sections["pick_task"])
        probs = self.generator.choice_probabilities(self._render(fields, "pick_task", choices=choices),
                                                    [str(i + 1) for i in range(len(top))])
        chosen = top[int(max(probs, key=probs.get)) - 1]
        final, flags = enforce_length(chosen)
        return TldrCandidate(final, "pick", flags, 1)

    def for_document(self, document: Document, modes: tuple[str, ...] = DEFAULT_LLM_MODES,
                     cancel: CancelToken | None = None) -> dict[str, Any]:
        """The extractive TLDR first, then one checked LLM candidate per mode."""
        return run_job(self.document_steps(document, modes, cancel))

    def document_steps(self, document: Document, modes: tuple[str, ...] = DEFAULT_LLM_MODES,
                       cancel: CancelToken | None = None) -> Job[dict[str, Any]]:
        """``for_document`` as a job: one ``Progress`` per try of the model, ``TRIES`` steps a written candidate,
        labelled with the candidate it writes ("candidate 2 of 2, try 1 of 2"; the extractive one is the first)."""
        parts, source = tldr_source(document)
        data = extractive_for_document(document)
        first, total = len(data["candidates"]), len(data["candidates"]) + len(modes)
        for i, mode in enumerate(modes):
            steps = self.generate_steps(parts, document.title, mode, cancel)
            while True:
                try:
                    step = next(steps)
                except StopIteration as stop:
                    data["candidates"].append(stop.value.to_dict())
                    break
                yield Progress(i * TRIES + step.done, len(modes) * TRIES,
                               f"candidate {first + i + 1} of {total}, {step.label}")
        return {**data, "source": source, "model": self.generator.name, "prompt": self.template.label,
                "notices": list(self.notices), "default": DEFAULT_MODE}


def extractive_for_document(document: Document) -> dict[str, Any]:
    """The extractive TLDR of a document's abstract (or first body paragraphs)."""
    parts, _ = tldr_source(document)
    sentence = extractive_tldr(split_sentences(parts["abstract"]), document.title)
    return {"source": "abstract", "title": document.title, "model": "extractive",
            "candidates": [{"text": sentence, "style": "extractive", "words": len(sentence.split()),
                            "valid": MIN_WORDS <= len(sentence.split()) <= MAX_WORDS, "flags": [], "attempts": 0}],
            "notices": []}
