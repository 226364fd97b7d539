"""While a model streams tokens into the view, the Qt event loop never stalls > 100 ms."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QPlainTextEdit

from desktop.job_runner import JobRunner
from engine.jobs import CancelToken
from engine.models.llama.llm import LlamaGenerator
from tests.gguf_factory import tiny_gguf  # noqa: F401

MAX_GAP_MS = 100
#: One hiccup of the machine (a collection, another process on the two cores: 150 ms was seen once in a few dozen
#: runs) is not the UI waiting on the model; a blocked loop shows as many long gaps, or one as long as the job.
HICCUP_MS = 500
TOKENS = 400  # ~30 tokens/s with one thread on a loaded 2-core machine: ~15 s of streaming


def test_event_loop_keeps_ticking_while_a_model_generates(qtbot, tiny_gguf: Path) -> None:
    generator = LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1)
    view = QPlainTextEdit()
    qtbot.addWidget(view)
    view.show()
    runner = JobRunner()
    ticks: list[float] = []
    timer = QTimer()
    timer.setInterval(10)
    timer.timeout.connect(lambda: ticks.append(time.perf_counter()))

    sampled = [0]

    def stream(cancel: CancelToken):
        # The model loads inside the job too: loading is part of the work kept off the UI thread.
        # The random tiny model may sample its end token early: go on until TOKENS were sampled.
        seed = 0
        while sampled[0] < TOKENS:
            seed += 1
            yield from generator.stream("The reviewers asked", max_tokens=TOKENS - sampled[0],
                                        seed=seed, temperature=1.0, cancel=cancel)
            sampled[0] += generator.last_usage["completion_tokens"]

    def append(text: str) -> None:
        view.moveCursor(view.textCursor().MoveOperation.End)
        view.insertPlainText(text)

    timer.start()
    started = time.perf_counter()
    with qtbot.waitSignal(runner.sig_job_finished, timeout=120_000) as finished:
        runner.run_stream(stream, on_text=append, label="generate")
    elapsed = time.perf_counter() - started
    timer.stop()
    runner.shutdown()

    assert finished.args[1] == "done"
    tokens = sampled[0]
    assert tokens >= TOKENS
    assert view.toPlainText()
    gaps = [(b - a) * 1000 for a, b in zip(ticks, ticks[1:])]
    assert len(ticks) > elapsed * 1000 / 10 / 3  # the timer really ran throughout
    print(f"\n{tokens} tokens in {elapsed:.2f} s, {len(ticks)} ticks, max event-loop gap {max(gaps):.1f} ms")
    assert sum(g >= MAX_GAP_MS for g in gaps) <= 1 and max(gaps) < HICCUP_MS
    generator.close()
