"""Never losing the author's work in the app (session 27's author trial, docs/app.md): a response typed and not saved
when the app is killed (a real SIGKILL of a child app) comes back in the box on reopening, with a word; a project that
cannot be written says so and keeps what was typed; the same project open in two windows shows and exports what the
other wrote. The demo project, built here."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication, QMessageBox

from desktop.app import Shell, build_shell
from engine.jobs import run_job
from engine.paths import app_paths
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from engine.settings import Settings
from tests.engine.project.test_project_filesafe import _lock_folder, _unlock_folder
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "resources" / "demo"
TYPED = "We now also evaluate on TED-LIUM 3 (Table 3); the gains hold, and"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "Révision été"
    folder.mkdir()
    return run_job(build_project_file(folder / "Papier démo.redraft", "demo", DEMO / "draft_v1.md",
                                      DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))


def _open(qtbot, shell: Shell, path: Path) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)


def _select(qtbot, shell: Shell, cid: str) -> None:
    if shell.controller.current_comment != cid:
        with qtbot.waitSignal(shell.controller.sig_comment_shown, timeout=10_000):
            shell.window.comments.select_comment(cid)


def _notes(path: Path) -> dict[str, str]:
    with ProjectSession.open(path) as session:
        return dict(session.project.notes)


def _messages() -> list[str]:
    return [w.text() for w in QApplication.topLevelWidgets() if isinstance(w, QMessageBox) and w.isVisible()]


CHILD = """
    import os, signal, sys
    from pathlib import Path
    from PySide6.QtWidgets import QApplication
    from desktop.app import build_shell
    from engine.settings import Settings
    app = QApplication([])
    shell = build_shell(Settings(theme="light"))
    shell.window.show()
    c, w = shell.controller, shell.window
    loaded = []
    c.sig_project_loaded.connect(loaded.append)
    c.open_project(Path(sys.argv[1]))
    while not loaded:
        app.processEvents()
    w.comments.select_comment("R2.1")
    w.response.text.setPlainText(sys.argv[2])
    w.response.sig_draft_changed.connect(lambda *a: os.kill(os.getpid(), signal.SIGKILL))  # once kept aside
    app.exec()
    """


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_a_response_typed_when_the_app_is_killed_comes_back(qtbot, shell: Shell, project: Path) -> None:
    proc = subprocess.run([sys.executable, "-c", textwrap.dedent(CHILD), str(project), TYPED], cwd=REPO,
                          capture_output=True, text=True, timeout=120,
                          env={**os.environ, "PYTHONPATH": str(REPO), "QT_QPA_PLATFORM": "offscreen"})
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    assert "R2.1" not in _notes(project)  # never saved: before session 27 it was simply gone
    _open(qtbot, shell, project)
    box = shell.window.response
    assert shell.controller.current_comment == "R2.1"
    assert box.text.toPlainText() == TYPED and box.dirty() and "unsaved" in box.state.text()
    assert any("R2.1 was typed but not saved" in m for m in _messages())
    box.save()
    assert _notes(project)["R2.1"] == TYPED
    qtbot.waitUntil(lambda: "R2.1" not in json.dumps(_drafts()), timeout=5_000)  # saved: no longer kept aside


def _drafts() -> dict:
    path = app_paths().data / "unsaved.json"
    return json.loads(path.read_text(encoding="utf-8")) if path.is_file() else {}


def test_a_project_that_cannot_be_written_keeps_what_was_typed(qtbot, shell: Shell, project: Path) -> None:
    """A read-only folder: the project opens read-only and says so; Save says why nothing was saved and the text stays
    in the box; closing the window keeps it aside, and it is back once the project can be written again."""
    if not _lock_folder(project.parent):
        pytest.skip("no way to make a folder read-only for this user here")
    try:
        _open(qtbot, shell, project)
        assert any("open read-only" in m for m in _messages())
        assert "(read-only)" in shell.window.windowTitle()
        _select(qtbot, shell, "R2.1")
        box = shell.window.response
        box.text.setPlainText(TYPED)
        box.save()
        assert any("cannot be written" in m and "still on screen" in m for m in _messages())
        box.save()  # refused again: the same box, not a second one
        assert sum("still on screen" in m for m in _messages()) == 1
        assert box.text.toPlainText() == TYPED and box.dirty()
        shell.window.close()
    finally:
        _unlock_folder(project.parent)
    assert "R2.1" not in _notes(project)
    again = build_shell(Settings(theme="light"))
    qtbot.addWidget(again.window)
    again.window.show()
    try:
        _open(qtbot, again, project)
        assert again.window.response.text.toPlainText() == TYPED and again.window.response.dirty()
    finally:
        again.controller.close()


def test_two_windows_on_one_project_show_and_export_each_others_work(qtbot, shell: Shell, project: Path,
                                                                     tmp_path: Path) -> None:
    other = build_shell(Settings(theme="light"))
    qtbot.addWidget(other.window)
    other.window.show()
    try:
        _open(qtbot, shell, project)
        _open(qtbot, other, project)
        _select(qtbot, shell, "R2.1")
        shell.window.response.text.setPlainText("Window A's answer.")
        shell.window.response.save()
        _select(qtbot, other, "R2.2")  # B's next step reads the file again first
        other.window.response.text.setPlainText("Window B's answer.")
        other.window.response.save()
        assert other.controller.project.notes["R2.1"] == "Window A's answer."
        letter = tmp_path / "letter.md"
        with qtbot.waitSignal(other.controller.sig_export_written, timeout=60_000):
            other.controller.exports.export_letter(letter)
        assert "Window A's answer." in letter.read_text(encoding="utf-8")
        qtbot.waitUntil(lambda: other.window.comments.status_of("R2.1") != "", timeout=5_000)
        _select(qtbot, other, "R2.1")  # the list was redrawn on the next turn: its rows are live
        assert other.window.response.text.toPlainText() == "Window A's answer."
    finally:
        other.controller.close()
    assert _notes(project) == {"R2.1": "Window A's answer.", "R2.2": "Window B's answer."}
