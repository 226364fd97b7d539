"""TLDRs as a job (issue 34, tldr34): which candidate and which try the model is on, as ``Progress`` records, and
why a failed candidate is not a TLDR in one set of words (the CLI's and the app's). The demo's revised draft and the
tiny random GGUF, whose noise fails the checks, so both tries are written."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.generate.flags import Flag, failure
from engine.generate.tldr import TldrGenerator
from engine.generate.tldr_words import MAX_WORDS, MIN_WORDS, TRIES, failure_words
from engine.jobs import Progress, run_job
from engine.models.llama.llm import LlamaGenerator
from engine.resources import resource
from tests.gguf_factory import tiny_gguf  # noqa: F401


def _steps(job) -> tuple[list[Progress], dict]:
    seen: list[Progress] = []
    result = run_job(job, seen.append)
    return seen, result


def test_each_try_of_the_written_candidate_is_a_step(tiny_gguf: Path) -> None:  # noqa: F811
    doc = load_document(resource("demo", "draft_v2.md"))
    generator = LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1)
    seen, data = _steps(TldrGenerator(generator, max_tokens=24).document_steps(doc))
    extractive, written = data["candidates"]
    assert extractive["style"] == "extractive" and written["style"] == "rewrite"
    assert written["valid"] is False and written["attempts"] == TRIES  # the noise fails: asked again once
    labels = [p.label for p in seen]
    assert labels == ["candidate 2 of 2, reading the paper", "candidate 2 of 2, try 1 of 2",
                      "candidate 2 of 2, try 2 of 2"]
    assert [(p.done, p.total) for p in seen] == [(0, 2), (0, 2), (1, 2)]  # a determinate bar: two tries
    # the blocking call the CLI and the benchmarks use is the same job, run through
    again = TldrGenerator(generator, max_tokens=24).for_document(doc)
    assert [c["attempts"] for c in again["candidates"]] == [c["attempts"] for c in data["candidates"]]


def test_two_modes_count_their_tries_together(tiny_gguf: Path) -> None:  # noqa: F811
    doc = load_document(resource("demo", "draft_v2.md"))
    generator = LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1)
    seen, data = _steps(TldrGenerator(generator, max_tokens=16, time_limit=None).document_steps(
        doc, modes=("rewrite", "pick")))
    assert len(data["candidates"]) == 3
    assert [p.label for p in seen][-1] == "candidate 3 of 3, try 1 of 1"
    assert all(p.total == 4 for p in seen) and seen[-1].done == 2  # the second candidate starts halfway


def test_failure_words_name_what_failed() -> None:
    timed_out = {"text": "", "words": 0, "valid": False,
                 "flags": [failure("timed_out", "the time limit ended it before a complete sentence").to_dict()]}
    # nothing written: the failed check alone, not "0 words", and without the "failed check:" lead the chip has
    assert failure_words(timed_out) == "the time limit ended it before a complete sentence"
    short = {"text": "A tool for stepping back.", "words": 5, "valid": False,
             "flags": [Flag("too_short", f"5 words; a TLDR has {MIN_WORDS}-{MAX_WORDS}").to_dict()]}
    assert failure_words(short) == f"5 words; a TLDR has {MIN_WORDS}–{MAX_WORDS}"  # a warning flag is no failure
    ungrounded = {"text": "one two three", "flags": [failure("ungrounded", "shares few words (4%)").to_dict(),
                                                     Flag("trimmed", "cut", "info").to_dict()]}
    assert failure_words(ungrounded) == "3 words; a TLDR has 15–25; shares few words (4%)"
    cut = {"text": "pK.", "flags": [failure("cut_off", "1 word: not a complete answer").to_dict()]}
    assert failure_words(cut) == "1 word: not a complete answer"  # the count said once, not twice
    passed = {"text": " ".join(["word"] * 20), "flags": []}
    assert failure_words(passed) == ""
