"""Session 29 new-user trial (trial30): what an area chair met adding the authors' letter to a built project.

File → Add Authors' Response… opened its file dialog in the app's own working folder (the source tree, when started
from a terminal there), never where the reviews and the letter were. The demo paper; nothing fetched."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QFileDialog, QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from tests.engine.project.test_project_response import DEMO
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
