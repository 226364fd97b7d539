"""Session 29 new-user trial (trial30): what an area chair met adding the authors' letter to a built project.

File → Add Authors' Response… opened its file dialog in the app's own working folder (the source tree, when started
from a terminal there), never where the reviews and the letter were. The demo paper; nothing fetched."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QFileDialog, QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from tests.engine.project.test_project_response import DEMO
from tests.gguf_factory import tiny_gguf  # noqa: F401 (fixture)
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)


def test_the_letters_file_dialog_opens_where_the_reviews_are(qtbot, shell: Shell, tmp_path: Path,
                                                              monkeypatch) -> None:
    c, w = shell.controller, shell.window
    folder = tmp_path / "from the journal"
    folder.mkdir()
    reviews = folder / "reports.md"
    reviews.write_text((DEMO / "reviews.md").read_text(encoding="utf-8"), encoding="utf-8")
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("later", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"),
                                        str(reviews)), tmp_path / "later.redraft")
    for box in w.findChildren(QMessageBox):
        box.accept()
    asked: list[str] = []

    def chooser(parent, caption, start, filters):
        asked.append(start)
        return "", ""  # the author cancels: nothing is read

    monkeypatch.setattr(QFileDialog, "getOpenFileName", chooser)
    w.commands.add_letter.trigger()  # File → Add Authors' Response…
    assert asked == [str(folder)]
    assert c.project.letter == {} and c.rounds.dialog is None


def test_generate_suggest_edit_writes_a_suggestion(qtbot, shell: Shell, tiny_gguf: Path, tmp_path: Path) -> None:
    """Generate → Suggest Edit (Ctrl+G, the toolbar's Suggest Edit) failed with "no paragraph False in the draft":
    the action's triggered(bool) was passed on as the paragraph the author chose (trial30, keyboard pass)."""
    import time as clock

    from desktop.app import build_demo_now
    from engine.models.llama.llm import LlamaGenerator
    from tests.engine.generate.test_generate_pace import Loaded

    c, w = shell.controller, shell.window
    c.use_session(build_demo_now(tmp_path))
    qtbot.waitUntil(lambda: c.project is not None and c.current_comment is not None, timeout=30_000)
    c.owner.set_generator(Loaded(LlamaGenerator(tiny_gguf, n_ctx=2048, n_gpu_layers=0, threads=1), 0.25))
    c.editing.suggest_options = {"max_tokens": 40, "response_tokens": 16, "time_limit": 20.0, "scaffold": True}
    cid = next(x.id for x in c.project.comments if x.id != c.current_comment)
    with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
        w.comments.select_comment(cid)
    before = len(c.project.suggestions.get(cid, []))
    failures: list[str] = []
    shell.runner.sig_error_reported.connect(failures.append)
    w.commands.suggest.trigger()  # as the menu, the shortcut and the toolbar do: triggered(False)
    start = clock.monotonic()
    qtbot.waitUntil(lambda: bool(failures) or len(c.project.suggestions.get(cid, [])) == before + 1,
                    timeout=120_000)
    assert not failures and clock.monotonic() - start < 120
    assert "no paragraph" not in w.statusBar().currentMessage()


def test_a_second_enter_after_create_does_not_stop_the_build(qtbot, shell: Shell, tmp_path: Path) -> None:
    """Create, once pressed, is disabled and the focus went to Stop: a second Enter or Space stopped the build
    (trial30, keyboard only). The focus now goes to the progress line; Esc still stops."""
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QDialogButtonBox

    from desktop.project_wizard import ProjectWizard

    dialog = ProjectWizard(shell.window)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    dialog.activateWindow()
    create = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    stop = dialog.buttons.button(QDialogButtonBox.StandardButton.Cancel)
    create.setEnabled(True)
    create.setFocus()
    stops: list[bool] = []
    dialog.sig_cancel_requested.connect(lambda: stops.append(True))
    dialog.set_building(7)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None, timeout=2_000)
    assert QApplication.focusWidget() is not stop and stop.text() == "Stop"
    for key in (Qt.Key.Key_Return, Qt.Key.Key_Space):
        QTest.keyClick(QApplication.focusWidget(), key)
    assert stops == [] and dialog.building
    QTest.keyClick(QApplication.focusWidget(), Qt.Key.Key_Escape)
    assert stops == [True]
    dialog.set_building(None)
    assert stop.text() == "Cancel"
