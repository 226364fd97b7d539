"""The time limit on a slow machine (issue 34, cancel17): the speed of the first generation is measured (tokens per
second after its first token) and remembered on the generator; when the rewrite and the response cannot finish
within the limit at that speed, the scaffold is offered at once, saying why, instead of after the whole limit. The
real tiny GGUF writes; the slow machine is the same model with a pause after every token."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from engine.document.model import Document, Paragraph
from engine.generate.pace import PACE_AFTER, Pace, can_finish, measured, read_pace
from engine.generate.suggest import EditSuggester
from engine.models.llama.llm import LlamaGenerator
from engine.reviews.model import ReviewComment
from tests.gguf_factory import tiny_gguf  # noqa: F401

DRAFT = Document(title="Rainfall forecasts", paragraphs=[
    Paragraph("p1", "We merge the rainfall records of twelve stations into one daily series.", section=("Data",)),
    Paragraph("p2", "The forecasts improve on the seasonal baseline at every station.", section=("Results",)),
])
COMMENT = ReviewComment("R1.1", "Reviewer 1", "Please compare the forecasts against a persistence baseline.")


class Loaded:
    """``generator`` on a loaded machine: ``delay`` seconds after each token it streams."""

    def __init__(self, generator, delay: float) -> None:
        self._generator, self.delay = generator, delay

    def __getattr__(self, name):
        return getattr(self._generator, name)

    def stream(self, *args, **kwargs):
        for piece in self._generator.stream(*args, **kwargs):
            time.sleep(self.delay)
            yield piece


@pytest.fixture
def tiny(tiny_gguf: Path) -> LlamaGenerator:
    return LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1)


def test_the_pace_is_read_after_a_few_tokens() -> None:
    assert read_pace(0.0, 1.0, 2.0, PACE_AFTER - 1) is None
    pace = read_pace(0.0, 1.0, 1.7, PACE_AFTER)
    assert pace == Pace((PACE_AFTER - 1) / 0.7, 1.0) and abs(pace.seconds(10) - 2.0) < 1e-9
    assert can_finish(pace, 10, 1.0) and not can_finish(pace, 10, 0.9) and can_finish(pace, 10 ** 6, None)


def test_a_slow_machine_gets_the_scaffold_at_once(tiny: LlamaGenerator) -> None:
    slow = Loaded(tiny, 0.25)  # 4 tokens/s: 120 + 64 tokens need some 46 s, the limit is 20 s
    suggester = EditSuggester(slow, max_tokens=120, response_tokens=64, time_limit=20.0, scaffold=True)
    start = time.monotonic()
    first = suggester.suggest(COMMENT, DRAFT)
    took = time.monotonic() - start
    assert first.kind == "scaffold" and first.edit == first.scaffold.draft
    assert [f.code for f in first.rewrite_flags] == ["too_slow"]
    assert first.flags[0].code == "rewrite_too_slow" and "tokens/s on this machine" in first.flags[0].message
    assert took < 20.0 * 0.5  # stopped once the pace was read, not at the limit
    pace = measured(slow)  # remembered on the generator the suggester holds
    assert pace is not None and 2.0 < pace.tokens_per_s < 4.5
    start = time.monotonic()
    again = suggester.suggest(COMMENT, DRAFT)  # the speed is known: no token is written at all
    assert again.kind == "scaffold" and again.attempts == 0 and again.rewrite == ""
    assert time.monotonic() - start < 2.0


def test_a_machine_fast_enough_is_not_stopped(tiny: LlamaGenerator) -> None:
    suggester = EditSuggester(tiny, max_tokens=24, response_tokens=16, time_limit=30.0, scaffold=True)
    rec = suggester.suggest(COMMENT, DRAFT)
    assert measured(tiny) is not None and measured(tiny).tokens_per_s > 24 / 30
    assert all(f.code != "too_slow" for f in rec.flags + rec.rewrite_flags)
    assert rec.attempts >= 1
    # another model than the embedded one is never cut for speed: its rewrite is the suggestion, flagged
    rewrite = EditSuggester(Loaded(tiny, 0.25), max_tokens=12, response_tokens=8, time_limit=4.0, scaffold=False)
    assert all(f.code != "too_slow" for f in rewrite.suggest(COMMENT, DRAFT).flags)
