"""Instruction edits on a selected passage (EditEval tasks, XATU intents):
fluency, clarity, coherence, simplification, paraphrase, neutral tone, and
updating from given references. The model writes the edited text, then a
two-sentence explanation (XATU), as plain text; each is checked by
``guard.check_text`` (copy of the prompt, grounding, loop, cut-off) and asked
again once when it fails, then flagged. Numbers the passage and references do
not hold become ``[[RESULT]]`` placeholders, and an output (nearly) equal to
the input is flagged ``unchanged``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher
from typing import Any

from engine.errors import InputError
from engine.generate.checks import Flag, replace_unsupported_numbers
from engine.generate.context import ContextPart, fit_parts, is_chat, load_template, render_task
from engine.generate.extractive import split_sentences
from engine.generate.guard import Deadline, ask_checked
from engine.jobs import CancelToken
from engine.models.protocols import Generator

PROMPT = "instruct_edit.v2"
#: Instruction edits by name (``redraft edit --intent``); not the edit intents of ``engine.revision.intent``.
INSTRUCTIONS = {
    "fluency": "Fix the grammar and fluency of the text.",
    "clarity": "Make the text clearer and easier to understand.",
    "coherence": "Make the text more coherent: fix the flow and connections between sentences.",
    "simplification": "Simplify the text: shorter sentences and simpler words, same content.",
    "paraphrase": "Paraphrase the text: different wording, same meaning.",
    "neutral": "Make the tone neutral: remove subjective, biased or promotional wording.",
    "update": "Update the text with the information in the references below.",
}
ALIASES = {"grammar": "fluency", "gec": "fluency", "clear": "clarity", "simplify": "simplification",
           "simple": "simplification", "neutralize": "neutral", "neutral-tone": "neutral", "npov": "neutral",
           "references": "update", "update-references": "update", "cohesion": "coherence"}
#: Word-level similarity at or above which the output counts as the input.
UNCHANGED_RATIO = 0.98


def resolve_intent(name: str) -> str:
    key = name.strip().lower().replace("_", "-")
    key = ALIASES.get(key, key)
    if key not in INSTRUCTIONS:
        raise InputError(f"unknown intent {name!r}: use one of {', '.join(INSTRUCTIONS)}")
    return key


@dataclass
class InstructEdit:
    intent: str
    original: str
    edited: str
    explanation: str
    flags: list[Flag] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)
    model: str = ""
    prompt: str = ""
    attempts: int = 1

    @property
    def valid(self) -> bool:
        return not any(f.severity == "error" for f in self.flags)

    @property
    def unchanged(self) -> bool:
        return any(f.code == "unchanged" for f in self.flags)

    def to_dict(self) -> dict[str, Any]:
        return {"intent": self.intent, "original": self.original, "edited": self.edited,
                "explanation": self.explanation, "unchanged": self.unchanged,
                "flags": [f.to_dict() for f in self.flags], "notices": list(self.notices),
                "model": self.model, "prompt": self.prompt, "attempts": self.attempts,
                "valid": self.valid}


def similarity(a: str, b: str) -> float:
    return SequenceMatcher(None, a.split(), b.split(), autojunk=False).ratio()


def two_sentences(text: str) -> tuple[str, list[Flag]]:
    sentences = split_sentences(text)
    if len(sentences) > 2:
        return " ".join(sentences[:2]), [Flag("explanation_trimmed", "explanation cut to two sentences", "info")]
    if len(sentences) < 2:
        return " ".join(sentences), [Flag("short_explanation", "the explanation is not two sentences")]
    return " ".join(sentences), []


class InstructEditor:
    """Edits a passage by intent with an injected ``Generator``."""

    def __init__(self, generator: Generator, max_tokens: int = 384, why_tokens: int = 80,
                 time_limit: float | None = 50.0, on_text: Callable[[str], None] | None = None) -> None:
        self.generator, self.max_tokens, self.why_tokens = generator, max_tokens, why_tokens
        self.time_limit, self.on_text = time_limit, on_text
        self.template = load_template(PROMPT)

    def _render(self, fields: dict[str, str], task: str, **extra: str) -> Any:
        return render_task(self.template, fields, task, is_chat(self.generator), **extra)

    def edit(self, text: str, intent: str, references: list[str] | None = None,
             cancel: CancelToken | None = None) -> InstructEdit:
        intent = resolve_intent(intent)
        if not text.strip():
            raise InputError("no text to edit")
        refs = [r for r in (references or []) if r.strip()]
        if intent == "update" and not refs:
            raise InputError("the update intent needs references (--refs) to update from")
        deadline = Deadline(self.time_limit, cancel)
        parts = [ContextPart("passage", text.strip(), 0, 16)]
        parts += [ContextPart(f"reference {i + 1}", r, 1 + i) for i, r in enumerate(refs)]

        def join(texts: dict[str, str]) -> dict[str, str]:
            shown = [f"[{i + 1}] {texts[f'reference {i + 1}']}" for i in range(len(refs)) if texts.get(f"reference {i + 1}")]
            return {"text": texts.get("passage", ""), "references": ("References:\n" + "\n".join(shown) + "\n") if shown else ""}

        answer = min(self.max_tokens, 2 * self.generator.count_tokens(text) + 32)
        fields = {"instruction": INSTRUCTIONS[intent], "task": self.template.sections["why_task"] + " x" * answer}
        fitted = fit_parts(self.generator, self.template, fields, parts, self.why_tokens, join)
        if fitted.texts.get("passage", "") != text.strip():
            raise InputError(f"the passage is too long for {self.generator.name}; select less text")
        fields.update(join(fitted.texts))
        prompt_texts = [v for k, v in self.template.sections.items() if k != "user"]
        sources = [text] + refs
        edited, tries = ask_checked(
            self.generator, [self._render(fields, t) for t in ("edit_task", "edit_retry")], answer, deadline,
            prompt_texts, sources, self.on_text, "edited")
        new, removed = replace_unsupported_numbers(edited.text, text + "\n" + "\n".join(refs))
        why, more = ask_checked(
            self.generator, [self._render(fields, t, edited=" ".join(new.split())) for t in ("why_task", "why_retry")],
            self.why_tokens, deadline, prompt_texts, sources + [new, INSTRUCTIONS[intent]], self.on_text, "explanation")
        explanation, flags = two_sentences(why.text)
        flags = edited.flags + [f for f in why.flags] + flags
        if removed:
            flags.append(Flag("invented_number", f"numbers not in the passage replaced by placeholders: {', '.join(removed)}", "info"))
        if not edited.failed and similarity(text, new) >= UNCHANGED_RATIO:
            flags.append(Flag("unchanged", "the output is (nearly) the input: the model changed nothing of note"))
        return InstructEdit(intent, text, new, explanation, flags, fitted.notices, self.generator.name,
                            self.template.label, tries + more)
