"""The New Project dialog: roles of dropped files, validation, pasted reviews."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from PySide6.QtCore import QMimeData, QPointF, Qt, QUrl
from PySide6.QtGui import QDropEvent
from PySide6.QtWidgets import QDialogButtonBox

from desktop.project_wizard import ProjectWizard, guess_roles
from engine.align import DEFAULT_METHOD
from engine.resources import resource


@pytest.mark.shared_data
def test_guess_roles_on_the_cgo18_files(shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    files = [str(Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"), str(cgo / "submission.pdf"), str(cgo / "camera_ready.pdf")]
    assert guess_roles(files) == {"reviews": files[0], "old": files[1], "new": files[2]}


@pytest.mark.shared_data
def test_dialog_is_valid_only_when_complete(qtbot, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    wizard = ProjectWizard()
    qtbot.addWidget(wizard)
    ok = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "draft" in wizard.problem.text()
    wizard.draft.set_path(str(cgo / "submission.pdf"))
    assert wizard.name.text() == "submission"  # suggested from the draft
    assert "reviews" in wizard.problem_text()
    wizard.review_file.set_path(str(cgo / "missing.md"))
    assert "No such file" in wizard.problem_text() and not ok.isEnabled()
    wizard.review_file.set_path(str(Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"))
    assert ok.isEnabled() and wizard.problem.text() == ""
    req = wizard.request()
    assert (req.old_path, req.new_path, req.reviews) == (str(cgo / "submission.pdf"), None, str(Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"))


def test_pasted_reviews_and_dropped_files(qtbot) -> None:
    demo = resource("demo")
    wizard = ProjectWizard()
    qtbot.addWidget(wizard)
    mime = QMimeData()
    mime.setUrls([QUrl.fromLocalFile(str(demo / "draft_v1.md")), QUrl.fromLocalFile(str(demo / "draft_v2.md"))])
    event = QDropEvent(QPointF(10, 10), Qt.DropAction.CopyAction, mime, Qt.MouseButton.NoButton,
                       Qt.KeyboardModifier.NoModifier)
    wizard.dropEvent(event)
    assert wizard.draft.path().endswith("draft_v1.md") and wizard.revised.path().endswith("draft_v2.md")
    text = (demo / "reviews.md").read_text(encoding="utf-8")
    wizard.set_pasted_reviews(text)
    req = wizard.request()
    assert req.reviews == text and wizard.problem_text() == ""
    assert req.aligner == DEFAULT_METHOD == "learned"
    # the learned aligner (fitted on the corpus's training revisions) is the default; evidence is offered beside
    # it, and chosen is what runs
    fitted = json.loads(resource("models", "align", "learned.json").read_text(encoding="utf-8"))["meta"]["train"]
    assert f"fitted on {len(fitted)} real revisions" in wizard.aligner.currentText()  # the model's own count (was 43)
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("evidence"))
    assert wizard.request().aligner == "evidence"
