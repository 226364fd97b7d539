"""A draft's first suggestion in the window (issue 34, cancel17): placement's encoder pass shows in the status bar
("writing a suggestion: reading the draft for placement…"), Cancel stops the suggestion there and nothing is
stored, and the next suggestion finds the draft read. The demo project, the shipped tuned encoder on an empty
embedding cache (this test's own REDRAFT_HOME), the tiny random GGUF as the model."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt

from desktop.app import build_demo_now
from engine.generate import rerank
from engine.generate.placement import place
from engine.generate.placement_read import READING, placement_texts, uncached
from engine.project.work import WRITING, located_in
from engine.models.llama.llm import LlamaGenerator
from tests.gguf_factory import tiny_gguf  # noqa: F401
from tests.gui.app_helpers import light_shell as shell  # noqa: F401
from tests.gui.app_helpers import shot


def test_the_placement_pass_is_shown_and_cancelled(qtbot, shell, tiny_gguf: Path, tmp_path: Path) -> None:
    rerank.placement_encoder.cache_clear()  # opened on this test's empty cache
    c, w = shell.controller, shell.window
    w.resize(1200, 800)
    c.use_session(build_demo_now(tmp_path))
    qtbot.waitUntil(lambda: c.project is not None and c.current_comment is not None, timeout=30_000)
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment("R2.2")
    c.owner.set_generator(LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1))
    c.editing.suggest_options = {"max_tokens": 40, "max_chars": 60, "scaffold": True}
    card = w.suggestion
    seen: list[str] = []
    outcomes: list[str] = []

    def progress(_id: int, done: int, total: int, label: str) -> None:
        if label == READING and not seen:
            seen.extend([w.job_status.text(), card.meta.text()])

    c.runner.sig_job_progress.connect(progress)
    c.runner.sig_job_finished.connect(lambda _id, outcome: outcomes.append(outcome))
    before = list(c.project.suggestions.get("R2.2", []))
    c.editing.suggest()
    qtbot.waitUntil(lambda: bool(seen), timeout=60_000)
    qtbot.wait(20)  # drawn (the encoder's load alone takes longer)
    shot(shell, "app_placement_reading_1200x800", tmp_path)
    qtbot.mouseClick(w.job_status.cancel_button, Qt.MouseButton.LeftButton)  # as the author presses it
    qtbot.waitUntil(lambda: "cancelled" in outcomes and not card.streaming, timeout=120_000)
    assert seen == [f"writing a suggestion: {READING}", "Reading the draft for placement… 0 %"]
    assert list(c.project.suggestions.get("R2.2", [])) == before  # nothing stored
    assert w.job_status.text() != seen[0]

    seen.clear()
    c.runner.sig_job_progress.disconnect(progress)
    c.runner.sig_job_progress.connect(lambda _id, done, total, label: seen.append(label))
    c.editing.suggest()
    qtbot.waitUntil(lambda: not card.streaming and card.suggestion() is not None and
                    len(c.project.suggestions.get("R2.2", [])) == len(before) + 1, timeout=120_000)
    rec = card.suggestion()
    assert rec.kind == "scaffold" and rec.comment_id == "R2.2"
    assert set(seen) <= {READING, WRITING}  # what the cancelled pass had not stored, if anything, read now
    assert seen[-1] == WRITING  # while the model writes, the status bar says so (trial33: it read "reading …")
    comment, draft = c.project.comment("R2.2"), c.project.new or c.project.old
    places = located_in(c.project, "R2.2", draft)
    assert uncached(rerank.placement_encoder(), placement_texts(comment, draft, places)) == []  # cached
    assert rec.location == place(comment, draft, places).paragraph.id or rec.location == \
        (rec.alternative or {}).get("location")
    shot(shell, "app_placement_done_1200x800", tmp_path)
