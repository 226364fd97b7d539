"""TLDRs of a paper: one sentence of 15-25 words, from an LLM (several
candidates: contribution- and result-focused) or extractive (no model).

The LLM reads the title and the abstract, introduction and conclusion when
the document has them (SciTLDR's AIC input), else the abstract, trimmed to
the model's context. An answer outside 15-25 words is asked again once with
its word count; then the best answer is cut to its first sentence and, when
still too long, at a clause boundary or after 25 words (flagged).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.document.model import Document
from engine.errors import InputError
from engine.generate.checks import Flag
from engine.generate.context import ContextPart, ask_json, fit_parts, is_chat, load_template, render
from engine.generate.extractive import extractive_tldr, split_sentences
from engine.jobs import CancelToken
from engine.models.protocols import Generator

MIN_WORDS, MAX_WORDS = 15, 25
PROMPT = "tldr.v1"
FOCUS = {
    "contribution": "State the paper's main contribution: what it proposes, builds or does.",
    "result": "State the paper's main result or finding and what it shows.",
}
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
        return MIN_WORDS <= self.words <= MAX_WORDS

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
    """LLM TLDR candidates with the length rule enforced."""

    def __init__(self, generator: Generator, max_tokens: int = 64, attempts: int = 2, max_chars: int | None = None) -> None:
        self.generator = generator
        self.max_tokens, self.attempts, self.max_chars = max_tokens, attempts, max_chars
        self.template = load_template(PROMPT)
        self.notices: list[str] = []

    def schema(self) -> dict[str, Any]:
        prop: dict[str, Any] = {"type": "string", "minLength": 1}
        if self.max_chars:
            prop["maxLength"] = self.max_chars
        return {"type": "object", "properties": {"tldr": prop}, "required": ["tldr"]}

    def _prompt(self, title: str, parts: dict[str, str], style: str, note: str = "") -> Any:
        order = [("abstract", 0), ("introduction", 1), ("conclusion", 2)]
        ctx = [ContextPart(name, parts.get(name, ""), prio) for name, prio in order]

        def join(texts: dict[str, str]) -> dict[str, str]:
            return {"text": "\n\n".join(t for t in (texts.get(n, "") for n, _ in order) if t)}

        fields = {"title": title or "(untitled)", "focus": FOCUS[style] + note}
        fitted = fit_parts(self.generator, self.template, fields, ctx, self.max_tokens * 2, join)
        for n in fitted.notices:
            if n not in self.notices:
                self.notices.append(n)
        return render(self.template, {**fields, **join(fitted.texts)}, is_chat(self.generator), fitted.one_shot)

    def generate(
        self, text: str | dict[str, str], title: str = "", styles: tuple[str, ...] = ("contribution",),
        max_tokens: int | None = None, cancel: CancelToken | None = None,
    ) -> list[TldrCandidate]:
        """One candidate per style; ``text`` is the abstract or {abstract, introduction, conclusion}."""
        parts = {"abstract": text} if isinstance(text, str) else text
        if not any(v.strip() for v in parts.values()):
            raise InputError("nothing to summarise: the text is empty")
        tokens = max_tokens or self.max_tokens
        out = []
        for style in styles:
            if style not in FOCUS:
                raise InputError(f"unknown TLDR style {style!r}: use {', '.join(FOCUS)}")
            value, used = ask_json(self.generator, self._prompt(title, parts, style), self.schema(), tokens,
                                   self.attempts, cancel, tokens * 4)
            answer = str(value["tldr"])
            n = len(answer.split())
            if not MIN_WORDS <= n <= MAX_WORDS:
                note = f" Your previous answer had {n} words; write {MIN_WORDS} to {MAX_WORDS}."
                retry, more = ask_json(self.generator, self._prompt(title, parts, style, note), self.schema(),
                                       tokens, self.attempts, cancel, tokens * 4)
                used += more
                if abs(len(str(retry["tldr"]).split()) - 20) < abs(n - 20):
                    answer = str(retry["tldr"])
            final, flags = enforce_length(answer)
            out.append(TldrCandidate(final, style, flags, used))
        return out

    def for_document(self, document: Document, styles: tuple[str, ...] = ("contribution", "result"),
                     cancel: CancelToken | None = None) -> dict[str, Any]:
        parts, source = tldr_source(document)
        candidates = self.generate(parts, document.title, styles, cancel=cancel)
        return {"source": source, "title": document.title, "model": self.generator.name, "prompt": self.template.label,
                "candidates": [c.to_dict() for c in candidates], "notices": list(self.notices)}


def extractive_for_document(document: Document) -> dict[str, Any]:
    """The extractive TLDR of a document's abstract (or first body paragraphs)."""
    parts, _ = tldr_source(document)
    sentence = extractive_tldr(split_sentences(parts["abstract"]), document.title)
    return {"source": "abstract", "title": document.title, "model": "extractive",
            "candidates": [{"text": sentence, "style": "extractive", "words": len(sentence.split()),
                            "valid": MIN_WORDS <= len(sentence.split()) <= MAX_WORDS, "flags": [], "attempts": 0}],
            "notices": []}
