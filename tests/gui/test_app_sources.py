"""The app asks before reading a file at a stored path that is not the one the project was built from: its PDF
pane stays closed and the marked-up PDF off until the author says yes."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from desktop.app import Shell
from engine.document.model import Document
from engine.project import Project
from engine.project.sources import fingerprint
from engine.revision.model import RevisionDiff
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 - the fixture

__all__ = ["shell"]

pytestmark = pytest.mark.shared_data


def test_changed_pdf_is_read_only_after_asking(qtbot, shell: Shell, shared_data: Path, tmp_path: Path) -> None:  # noqa: F811
    base = shared_data / "revision" / "cgo18"
    old, new = tmp_path / "submission.pdf", tmp_path / "camera_ready.pdf"
    shutil.copy(base / "submission.pdf", old)
    shutil.copy(base / "submission.pdf", new)  # built from the submission's bytes at the revised path ...
    drafts = Document(source_format="pdf", source_path=str(old)), Document(source_format="pdf", source_path=str(new))
    project = Project(id="p", name="cgo18", path=tmp_path / "cgo18.redraft", old_path=str(old), new_path=str(new),
                      old=drafts[0], new=drafts[1], diff=RevisionDiff(*drafts),
                      sources={"old": fingerprint(old), "new": fingerprint(new)})
    shutil.copy(base / "camera_ready.pdf", new)  # ... which now holds another file
    presenter, w = shell.controller.presenter, shell.window
    presenter.show_project(project)
    box = presenter.sources_box
    assert box is not None and box.isVisible()
    assert "The revised version camera_ready.pdf is not the file this project was built from" in box.text()
    assert "submission.pdf" not in box.text().split("\n")[0]  # the draft is as it was
    assert w.pdf_old.path == str(old) and w.pdf_new.path is None
    assert not w.commands.export_marked.isEnabled()
    qtbot.mouseClick(box.button(QMessageBox.StandardButton.Yes), Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: w.pdf_new.path == str(new))
    assert w.commands.export_marked.isEnabled()


def test_no_question_when_the_files_are_as_built(shell: Shell, shared_data: Path, tmp_path: Path) -> None:  # noqa: F811
    pdf = tmp_path / "submission.pdf"
    shutil.copy(shared_data / "revision" / "cgo18" / "submission.pdf", pdf)
    project = Project(id="p", name="cgo18", path=tmp_path / "cgo18.redraft", old_path=str(pdf),
                      sources={"old": fingerprint(pdf)})
    shell.controller.presenter.show_project(project)
    assert shell.controller.presenter.sources_box is None and shell.window.pdf_old.path == str(pdf)
