"""Edit → Comment → Add Comment…: a request the extraction missed (here, in reviews where it found
none: an implicit request, "… would strengthen the paper", is missed) is added in the window, with its reviewer;
a bad input keeps the dialog and the author's text; the comment is stored and selected."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from engine.project.session import ProjectSession
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)
from widgets.comment_list import COL_TEXT

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
MISSED = "Real-device latency numbers would strengthen the paper."


def _ok(dialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def test_a_missed_comment_is_added_in_the_window(qtbot, shell: Shell, tmp_path: Path) -> None:
    reviews = tmp_path / "reviews.md"
    reviews.write_text(f"# Reviewer 1\n\nThe paper is clearly written.\n\n# Reviewer 2\n\n{MISSED}\n", encoding="utf-8")
    c, w = shell.controller, shell.window
    path = tmp_path / "missed.redraft"
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("missed", str(DEMO / "draft_v1.md"), None, str(reviews)), path)
    assert MISSED not in [x.text for x in c.project.comments]  # the extraction's miss this test is about
    assert not c.project.comments  # praise, and a request the extraction misses: the author is told what to do
    (box,) = [b for b in w.findChildren(QMessageBox) if b.isVisible()]
    assert box.accessibleName() == "Notice" and "Add Comment" in box.text()
    box.accept()
    before = {x.id for x in c.project.comments}
    add = w.commands.add_comment
    assert add.isEnabled() and add in w.comments.tree.actions()  # Edit → Comment and the right-click menu
    add.trigger()
    dialog = c.corrections.dialog
    assert dialog.isVisible() and dialog.reviewer.currentText()  # a reviewer is proposed
    dialog.reviewer.setEditText("Reviewer 2")
    dialog.editor.setPlainText("   ")
    _ok(dialog)
    assert dialog.isVisible() and dialog.error.isVisible() and dialog.reviewer.currentText() == "Reviewer 2"
    dialog.reviewer.setEditText("")
    dialog.editor.setPlainText(MISSED)
    _ok(dialog)
    assert dialog.isVisible() and "reviewer" in dialog.error.text() and dialog.editor.toPlainText() == MISSED
    dialog.reviewer.setEditText("Reviewer 2")
    _ok(dialog)
    assert not dialog.isVisible()
    (new_id,) = {x.id for x in c.project.comments} - before
    assert c.session.models is c.owner  # located with the jobs' encoder, not a second copy
    assert c.current_comment == new_id and MISSED in w.comments._items[new_id].text(COL_TEXT)
    with ProjectSession.open(path) as session:  # stored, and kept when the reviews are read again
        added = session.project.comment(new_id)
    assert (added.reviewer, added.text) == ("Reviewer 2", MISSED)
    assert new_id == "R2.h1"  # "Reviewer 2"'s first comment, not "C.h1"
    qtbot.waitUntil(lambda: w.status_text.text().startswith(f"{len(before) + 1} comment"), timeout=6_000)
    shot(shell, "app_comment_added", tmp_path)
