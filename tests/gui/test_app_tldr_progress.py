"""TLDR → Write in the window (issue 34, tldr34; trial37 waited 96-101 s on "writing TLDRs" alone, and its failed
candidate read "(no text)" until the project was opened again): the status bar and the panel say which candidate
and which try the model writes, on a determinate bar; Cancel stops it and stores nothing; a candidate that failed
its checks says what failed, and that it is not kept, and the project opened again shows the TLDRs that were
stored. The demo project; the tiny random GGUF (its noise fails the checks), slowed down per token."""

from __future__ import annotations

from pathlib import Path

import desktop.editing as editing_module
from desktop.app import build_demo_now
from engine.generate.tldr_words import failure_words
from engine.models.llama.llm import LlamaGenerator
from engine.project.work import tldr_job
from tests.engine.generate.test_generate_pace import Loaded
from tests.gguf_factory import tiny_gguf  # noqa: F401
from tests.gui.app_helpers import light_shell as shell  # noqa: F401
from tests.gui.app_helpers import shot
from widgets.tldr_panel import failure_text


class Unstopped(Loaded):
    """The slowed model, writing past a line break (the tiny model's noise breaks the line within a token or two,
    where a real one writes a sentence)."""

    def stream(self, *args, **kwargs):
        yield from super().stream(*args, **{**kwargs, "stop": []})


def _open_demo(qtbot, shell, tiny_gguf: Path, tmp_path: Path, delay: float, kind=Loaded):  # noqa: F811
    c, w = shell.controller, shell.window
    w.resize(1400, 900)
    c.use_session(build_demo_now(tmp_path))
    qtbot.waitUntil(lambda: c.project is not None and c.current_comment is not None, timeout=30_000)
    c.owner.set_generator(kind(LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1), delay))
    return c, w


def test_write_says_its_step_and_what_failed(qtbot, shell, tiny_gguf: Path, tmp_path: Path,  # noqa: F811
                                             monkeypatch) -> None:
    c, w = _open_demo(qtbot, shell, tiny_gguf, tmp_path, 0.02)
    results = []

    def spied(*args, **kwargs):
        job = tldr_job(*args, **kwargs)
        store = job.store
        job.store = lambda s, r: (results.append(r), store(s, r))[1]
        return job

    monkeypatch.setattr(editing_module, "tldr_job", spied)
    seen: list[tuple[str, str, str, int]] = []

    def step(job_id: int, done: int, total: int, label: str) -> None:  # after the status bar and the panel drew it
        seen.append((label, w.job_status.text(), w.tldr.step.text(), w.job_status.bar.maximum()))
        if label.startswith("candidate 2 of 2, try 1") and not any(s[0] == label for s in seen[:-1]):
            shot(shell, "app_tldr_writing_1400x900", tmp_path)

    c.runner.sig_job_progress.connect(step)
    c.editing.tldr("llm")
    qtbot.waitUntil(lambda: not w.tldr.is_streaming(), timeout=120_000)
    labels = [s[0] for s in seen]
    # the runner coalesces progress (one post in flight), so on a busy machine the quick early steps ("loading the
    # model", "reading the paper") may be drawn only as the step after them: each label drawn is one of the job's
    # (test_generate_tldr_steps checks the candidate's steps in order, without the UI thread in between)
    assert labels and all(label == "loading the model" or label.startswith("candidate ") for label in labels)
    tries = [s for s in seen if ", try " in s[0]]
    assert tries and tries[0][0] == "candidate 2 of 2, try 1 of 2"
    for label, status, said, most in tries:
        assert status == f"writing TLDRs: {label}" and said == label[:1].upper() + label[1:] and most == 2
    (result,) = results
    (failed,) = result.failed
    assert failed["attempts"] == 2 and labels[-1].startswith("candidate 2 of 2, try 2 of 2")
    live = [(r.text, r.failed) for r in w.tldr.rows]
    assert live == [(t, False) for t in result.tldrs] + [(failed["text"], True)]
    row = w.tldr.rows[-1]
    words = failure_words(failed)
    assert words and not words.startswith("failed check")
    qtbot.waitUntil(row.why.isVisible, timeout=2_000)  # a row put in a shown panel is shown on the next turn
    assert row.why.text() == failure_text(words, bool(failed["text"]))
    assert "Not kept" in row.why.text() and row.count.toolTip() == f"Not a TLDR: {words}"
    assert "(no text)" not in [r.body.text() for r in w.tldr.rows]
    assert row.body.isVisible() == bool(failed["text"])
    qtbot.wait(50)
    shot(shell, "app_tldr_failed_1400x900", tmp_path)

    path = c.session.path
    c.open_project(path)  # opened again: the stored TLDRs, as the live panel showed them, the failed one gone
    qtbot.waitUntil(lambda: c.project is not None and c.project.tldrs == result.tldrs
                    and [r.text for r in w.tldr.rows] == result.tldrs, timeout=30_000)
    assert [(r.text, r.failed) for r in w.tldr.rows] == [x for x in live if not x[1]]


def test_cancel_stops_the_writing_and_stores_nothing(qtbot, shell, tiny_gguf: Path, tmp_path: Path) -> None:  # noqa: F811
    c, w = _open_demo(qtbot, shell, tiny_gguf, tmp_path, 0.4, Unstopped)  # 48 tokens, some 20 s a try
    kept = list(c.project.tldrs)
    shown = [r.text for r in w.tldr.rows]
    c.editing.tldr("llm")
    # the tiny model's first try ends within a token or two (its end token): Cancel while the second one writes
    qtbot.waitUntil(lambda: "try 2 of 2" in w.tldr.step.text()
                    and len(w.tldr.streamed_text().rsplit("TLDR: ", 1)[-1]) >= 3, timeout=60_000)
    assert w.job_status.cancel_button.isVisible()
    w.job_status.cancel_button.click()
    qtbot.waitUntil(lambda: not w.tldr.is_streaming(), timeout=5_000)  # within a token or two, not the 50 s limit
    assert w.job_status.text() == "Cancelled" and not w.job_status.cancel_button.isVisible()
    assert c.project.tldrs == kept and [r.text for r in w.tldr.rows] == shown
    assert w.tldr.write_button.isEnabled()
