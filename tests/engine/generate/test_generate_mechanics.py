"""Suggest / instruct / TLDR mechanics with a tiny random GGUF: real llama.cpp sampling,
the loop stop, the time limit, retries with a changed prompt, flags, context
trimming and cancel. The tiny model's text is noise, so every answer fails the
grounding check: exactly the path that must end as a flagged failure."""

from __future__ import annotations

import threading
import time
from pathlib import Path

import pytest

from engine.document.model import Document, Paragraph, Section
from engine.errors import Cancelled, InputError
from engine.generate.context import load_template, render
from engine.generate.fields import parse_fields
from engine.generate.guard import Deadline, check_text, guarded_stream
from engine.generate.instruct import InstructEditor
from engine.generate.suggest import EditSuggester
from engine.generate.tldr import TldrGenerator
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
        abstract="We attach exit classifiers to a speech encoder. With tau = 0.9 the model saves 38% of computation.",
        sections=[Section("Method"), Section("Experiments")],
        paragraphs=[
            Paragraph("p0001", method, section=("Method",)),
            Paragraph("p0002", "With tau = 0.9 the model saves 38% of computation.", section=("Experiments",)),
            Paragraph("p0003", "Lower thresholds save more.", section=("Experiments",)),
        ],
    )


pytestmark = pytest.mark.slow  # byte-level tokens: a prompt is ~1,000 tokens for the tiny model


@pytest.fixture(scope="module")
def generator(tiny_gguf: Path):  # noqa: F811
    from engine.models.llama.llm import LlamaGenerator

    return LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0)


@pytest.fixture(scope="module")
def chat_generator(tiny_chat_gguf: Path):  # noqa: F811
    from engine.models.llama.llm import LlamaGenerator

    return LlamaGenerator(tiny_chat_gguf, n_ctx=2048, n_gpu_layers=0)


def test_templates_carry_no_worked_example_and_render_for_both_kinds() -> None:
    for name in ("suggest_edit.v2", "instruct_edit.v2", "tldr.v2"):
        t = load_template(name)
        assert t.version == "2" and "example_assistant" not in t.sections
    t = load_template("suggest_edit.v2")
    fields = {"title": "T", "section": "Method", "paragraphs": "Body.", "comment": "C?", "task": "Do it."}
    messages = render(t, fields, chat=True, one_shot=False)
    assert [m["role"] for m in messages] == ["system", "user"] and messages[1]["content"].endswith("Do it.")
    assert render(t, fields, chat=False, one_shot=False).endswith("Output:")


def test_a_looping_generation_is_stopped_early(generator) -> None:
    """A grammar makes the tiny model repeat one phrase: the loop stop ends it long before the budget."""
    grammar = 'root ::= ("we train the model on the data. ")+'
    gen = guarded_stream(generator, "Once upon a time", 600, Deadline(60), grammar=grammar)
    assert gen.ended == "loop" and gen.text == "we train the model on the data."
    assert generator.last_usage["completion_tokens"] < 150  # stopped within the third repeat


def test_a_copy_of_the_prompt_fails_the_check(generator) -> None:
    """A grammar makes the tiny model write the prompt's own words: flagged, retried, then a failure."""
    suggester = EditSuggester(generator, max_tokens=120, response_tokens=16)
    words = suggester.template.sections["system"].split(".")[0]
    grammar = 'root ::= "' + words.replace('"', "") + '."'
    gen = guarded_stream(generator, "Write:", 120, Deadline(60), grammar=grammar)
    checked = check_text(gen, suggester.prompt_texts(), [small_document().paragraphs[0].text, COMMENT.text])
    assert gen.ended == "stop" and checked.failed
    assert "copies_prompt" in [f.code for f in checked.flags]


def test_time_limit_ends_a_generation(generator) -> None:
    start = time.monotonic()
    gen = guarded_stream(generator, "Once upon a time", 1500, Deadline(0.02))
    assert gen.ended == "time" and time.monotonic() - start < 2.0
    s = EditSuggester(generator, max_tokens=120, time_limit=0.0).suggest(COMMENT, small_document())
    assert not s.valid and "timed_out" in [f.code for f in s.flags]
    assert s.edit == s.response == ""  # a spent limit generates nothing (the rest is retrieval and prompt set-up)


@pytest.mark.parametrize("kind", ["base", "chat"])
def test_noise_is_retried_once_then_shown_as_a_flagged_failure(kind, generator, chat_generator) -> None:
    generator = generator if kind == "base" else chat_generator
    streamed: list[str] = []
    suggester = EditSuggester(generator, max_tokens=48, response_tokens=24, on_text=streamed.append)
    s = suggester.suggest(COMMENT, small_document())
    data = s.to_dict()
    assert not s.valid and data["valid"] is False
    errors = [f for f in data["flags"] if f["severity"] == "error"]
    assert errors and all(f["message"].startswith("failed check: ") for f in errors)
    assert data["attempts"] == 4  # edit and response, each asked twice
    text = "".join(streamed)
    assert text.count("Edit: ") == 2 and text.count("Response: ") == 2  # the retry restarts the field
    fields = parse_fields(text)
    assert set(fields) <= {"edit", "response"}
    assert data["location"] == {"paragraph_id": "p0002", "section": "Experiments", "mode": "insert_after"}
    assert data["prompt"] == "suggest_edit.v2@2" and data["seconds"] < 50


def test_long_context_is_trimmed_with_a_notice(generator) -> None:
    s = EditSuggester(generator, top_k=3, max_tokens=32, response_tokens=16).suggest(COMMENT, small_document(long=True))
    assert any("trimmed" in n or "left out" in n for n in s.notices)


def test_cancel_is_immediate(generator) -> None:
    token = CancelToken()
    token.cancel()
    with pytest.raises(Cancelled):
        EditSuggester(generator).suggest(COMMENT, small_document(), cancel=token)
    with pytest.raises(Cancelled):
        run_job(EditSuggester(generator).iter_suggest([COMMENT], small_document(), cancel=token))
    token = CancelToken()
    timer = threading.Timer(0.2, token.cancel)
    start = time.monotonic()
    timer.start()
    with pytest.raises(Cancelled):
        # one endless word: neither the end of text nor the loop stop can end it first
        guarded_stream(generator, "Once upon a time", 1900, Deadline(None, token), grammar="root ::= [a-z] root")
    assert time.monotonic() - start < 1.5


def test_instruction_edit(generator) -> None:
    editor = InstructEditor(generator, max_tokens=48, why_tokens=24)
    result = editor.edit("The results shows that our model outperform the baseline.", "grammar")
    data = result.to_dict()
    assert data["intent"] == "fluency" and isinstance(data["unchanged"], bool)
    assert data["prompt"] == "instruct_edit.v2@2" and data["valid"] is False  # noise fails the checks
    with pytest.raises(InputError, match="unknown intent"):
        editor.edit("x", "poetry")
    with pytest.raises(InputError, match="references"):
        editor.edit("x", "update")


def test_tldr_candidates_put_the_extractive_first_and_flag_noise(generator) -> None:
    tldr = TldrGenerator(generator, max_tokens=32)
    data = tldr.for_document(small_document(), modes=("rewrite", "abstract", "pick"))
    styles = [c["style"] for c in data["candidates"]]
    assert styles == ["extractive", "rewrite", "abstract", "pick"]
    for c in data["candidates"][1:3]:
        assert c["valid"] is False and any(f["severity"] == "error" for f in c["flags"])
    picked = data["candidates"][3]["text"]  # the pick is one of the abstract's sentences
    assert picked.rstrip(".") in small_document().abstract
    with pytest.raises(InputError):
        tldr.generate("   ")
