"""A response typed and not saved when File → New Round… starts (an author's trial, session 32: a Word author typed
an answer, then added the revised version): the round's message counted only the saved responses ("Kept: 1 of 1"),
and after the round a box said the typed answer was "not saved when Redraft last closed (it did not close normally
…)", though nothing had crashed. The typed answer is saved before the round is built, so the round keeps it and
says so, and no crash message comes."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.app import Shell
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from widgets.round_dialog import RoundFiles

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
TYPED = "The quilted burrows now have their own paragraph."


@pytest.fixture
def draft_only(tmp_path: Path) -> Path:
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", None,
                                      DEMO / "reviews.md", aligner="bm25"))


def test_a_typed_response_is_kept_by_the_round_without_a_crash_message(qtbot, shell: Shell,
                                                                        draft_only: Path) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(draft_only)
    saved, typed = (x.id for x in c.session.project.comments[:2])
    c.session.set_response(saved, "Saved before the round.")
    assert c.presenter.select_comment(typed)
    shell.window.response.text.setPlainText(TYPED)  # typed, not saved
    assert shell.window.response.dirty()

    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        assert c.rounds.start(RoundFiles(revised=str(DEMO / "draft_v2.md"))) is None
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=5_000)
    assert "2 of 2 responses" in c.rounds.message.text()
    assert c.session.project.notes.get(typed) == TYPED and c.session.project.new is not None
    # the revised version answers the same reviews: still their round, in the title and the status line (trial35)
    assert shell.window.windowTitle() == "demo — Redraft" and not shell.window.status_text.text().startswith("Round")
    boxes = [b.text() for b in QApplication.topLevelWidgets() if isinstance(b, QMessageBox) and b.isVisible()]
    assert not [t for t in boxes if "did not close normally" in t]
