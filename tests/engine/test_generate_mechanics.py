"""Suggest / instruct / TLDR mechanics with a tiny random GGUF: real llama.cpp,
JSON grammars, retries, context trimming and cancel (the text is noise)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.document.model import Document, Paragraph, Section
from engine.errors import Cancelled, InputError, ModelError
from engine.generate.context import ask_json, load_template, render
from engine.generate.instruct import InstructEditor
from engine.generate.suggest import EditSuggester
from engine.generate.tldr import MAX_WORDS, TldrGenerator
from engine.jobs import CancelToken, run_job
from engine.reviews.model import ReviewComment
from tests.gguf_factory import tiny_chat_gguf, tiny_gguf  # noqa: F401

COMMENT = ReviewComment("c1", "R1", "Only tau = 0.9 is reported; how sensitive is the method to tau?")


def small_document(long: bool = False) -> Document:
    method = "A frame exits at the first head whose confidence exceeds tau."
    if long:
        method += " The exit heads are small two-layer classifiers." * 60
    return Document(
        title="Early exits",
        abstract="We attach exit classifiers to a speech encoder.",
        sections=[Section("Method"), Section("Experiments")],
        paragraphs=[
            Paragraph("p0001", method, section=("Method",)),
            Paragraph("p0002", "With tau = 0.9 the model saves 38% of computation.", section=("Experiments",)),
            Paragraph("p0003", "Lower thresholds save more.", section=("Experiments",)),
        ],
    )


pytestmark = pytest.mark.slow  # byte-level tokens: a prompt is ~1,500 tokens for the tiny model


@pytest.fixture(scope="module")
def generator(tiny_gguf: Path):  # noqa: F811
    from engine.models.llm import LlamaGenerator

    return LlamaGenerator(tiny_gguf, n_ctx=2048)


@pytest.fixture(scope="module")
def chat_generator(tiny_chat_gguf: Path):  # noqa: F811
    from engine.models.llm import LlamaGenerator

    return LlamaGenerator(tiny_chat_gguf, n_ctx=2048)


def test_templates_have_versions_and_render_for_both_kinds() -> None:
    for name in ("suggest_edit.v1", "instruct_edit.v1", "tldr.v1"):
        t = load_template(name)
        assert t.version == "1" and {"system", "example_user", "example_assistant", "user"} <= set(t.sections)
    t = load_template("tldr.v1")
    fields = {"title": "T", "text": "Body.", "focus": "F."}
    messages = render(t, fields, chat=True)
    assert [m["role"] for m in messages] == ["system", "user", "assistant", "user"]
    assert json.loads(messages[2]["content"])["tldr"]  # the worked example is valid JSON
    plain = render(t, fields, chat=False)
    assert plain.endswith("Output:") and "Example output:" in plain
    assert "Example output:" not in render(t, fields, chat=False, one_shot=False)


@pytest.mark.parametrize("kind", ["base", "chat"])
def test_suggestion_validates(kind, generator, chat_generator) -> None:
    generator = generator if kind == "base" else chat_generator
    assert generator.has_chat_template == (kind == "chat")
    suggester = EditSuggester(generator, top_k=2, max_tokens=200, max_chars=40)
    s = suggester.suggest(COMMENT, small_document())
    data = json.loads(json.dumps(s.to_dict()))
    assert data["location"]["paragraph_id"] in ("p0001", "p0002", "p0003", None)
    assert data["location"]["mode"] in ("replace", "insert_after", "new_paragraph")
    assert data["edit"] and data["response"]
    assert all(p["type"] in ("RESULT", "CITATION", "FIGURE", "DETAIL") for p in data["placeholders"])
    assert all({"code", "message", "severity"} == set(f) for f in data["flags"])
    assert data["prompt"] == "suggest_edit.v1@1" and 1 <= data["attempts"] <= 2
    # the checks ran on the model's words: no digit survives outside what the context licenses
    assert not s.removed_values or "invented_number" in [f["code"] for f in data["flags"]]


def test_long_context_is_trimmed_with_a_notice(generator) -> None:
    s = EditSuggester(generator, top_k=3, max_tokens=200, max_chars=40).suggest(COMMENT, small_document(long=True))
    assert any("trimmed" in n or "left out" in n for n in s.notices)


def test_retry_doubles_the_tokens(generator) -> None:
    schema = {"type": "object", "properties": {"a": {"type": "string", "maxLength": 30}}, "required": ["a"]}
    prompt = "Answer in JSON:"
    _, attempts = ask_json(generator, prompt, schema, max_tokens=200)
    assert attempts == 1
    full = generator.last_usage["completion_tokens"]
    value, attempts = ask_json(generator, prompt, schema, max_tokens=max(full // 2 + 1, full - 3))
    assert attempts == 2 and isinstance(value["a"], str)
    with pytest.raises(ModelError, match="2 attempt"):
        ask_json(generator, prompt, schema, max_tokens=2)


def test_cancel_stops_a_suggestion(generator) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        EditSuggester(generator, max_tokens=50, max_chars=20).suggest(COMMENT, small_document(), cancel=token)
    with pytest.raises(Cancelled):
        run_job(EditSuggester(generator).iter_suggest([COMMENT], small_document(), cancel=token))


def test_instruction_edit(generator) -> None:
    editor = InstructEditor(generator, max_tokens=120, max_chars=40)
    result = editor.edit("The results shows that our model outperform the baseline.", "grammar")
    data = result.to_dict()
    assert data["intent"] == "fluency" and data["edited"] and isinstance(data["unchanged"], bool)
    assert data["prompt"] == "instruct_edit.v1@1"
    with pytest.raises(InputError, match="unknown intent"):
        editor.edit("x", "poetry")
    with pytest.raises(InputError, match="references"):
        editor.edit("x", "update")
    updated = editor.edit("The corpus has N papers.", "update", ["The corpus now has 2,000 papers."])
    assert updated.intent == "update"


def test_tldr_candidates(generator) -> None:
    tldr = TldrGenerator(generator, max_tokens=160, max_chars=20)
    data = tldr.for_document(small_document())
    assert [c["style"] for c in data["candidates"]] == ["contribution", "result"]
    for c in data["candidates"]:
        assert c["words"] == len(c["text"].split()) and c["words"] <= MAX_WORDS
        assert c["valid"] == (15 <= c["words"] <= 25)
    with pytest.raises(InputError):
        tldr.generate("   ")
