"""A point under a heading of its own that holds no comment is named in the reading-notes bar after a build, and the
bar says what is left once the author adds it (Edit → Comment → Add Comment…): trial23's bar kept the note after the
point was added. Reviews of the demo paper written for the test; the comment is deleted by hand first, so the test
does not depend on what the classifier picks."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from engine.project.notes import reading_notes
from tests.engine.project.test_reading_notes_points import REVIEWS
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
LATENCY = "Could the authors report the wall-clock latency on a real device?"


def test_the_bar_names_a_point_in_no_comment_and_forgets_it_once_added(qtbot, shell: Shell, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    target = tmp_path / "p.redraft"
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("points", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"), str(reviews)),
                         target)
    for box in w.findChildren(QMessageBox):
        box.accept()
    latency = next(x for x in c.project.comments if "latency" in x.text)
    c.editing.do(lambda s: s.delete_comment(latency.id))
    c.show_reading_notes()
    assert w.reading_notes.isVisible()
    assert any("points under their own heading are in no comment" in n.text for n in w.reading_notes.notes)
    w.commands.add_comment.trigger()
    dialog = c.corrections.dialog
    dialog.reviewer.setEditText("Reviewer 1")
    dialog.editor.setPlainText(LATENCY)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dialog.isVisible()
    assert not w.reading_notes.isVisible()  # nothing left to say: the bar goes
    assert not reading_notes(c.project) and not w.commands.reading_notes.isEnabled()
