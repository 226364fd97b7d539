"""A comment added in the window after the revision was aligned is aligned too, on a worker, with the
encoder the app's jobs use: its status goes from "unknown" to what a rebuild would give it."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QDialogButtonBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from engine.align.status import Status
from engine.project.session import ProjectSession
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
ASK = "Report the wall-clock latency of the early exits on a phone CPU, not only the saved computation."


def test_a_comment_added_in_the_window_is_aligned_on_a_worker(qtbot, shell: Shell, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    path = tmp_path / "demo.redraft"
    request = ProjectRequest("demo", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"), str(DEMO / "reviews.md"))
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(request, path)
    before = {x.id for x in c.project.comments}
    w.commands.add_comment.trigger()
    dialog = c.corrections.dialog
    dialog.reviewer.setEditText("Reviewer 1")
    dialog.editor.setPlainText(ASK)
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    (new_id,) = {x.id for x in c.project.comments} - before
    qtbot.waitUntil(lambda: new_id in c.project.alignments, timeout=60_000)  # aligned on a worker
    status = c.project.status(new_id)
    assert status != Status.UNKNOWN
    with ProjectSession.open(path) as session:  # stored
        assert session.project.status(new_id) == status
