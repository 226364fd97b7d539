"""Issue 33 in the app: the New Project dialog says why a doubtful input was refused (a paper given as the reviews,
the same PDF as draft and revised version) before anything is built, offers "Create Anyway", and builds when
asked; reviews pasted many times are built once, and a message says so."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from desktop.app import Shell
from engine.paths import app_paths
from engine.resources import resource
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)
from tests.pdf_factory import markdown_paper_pdf


def _wizard(shell: Shell, name: str, draft: Path, revised: Path | None = None):
    wizard = shell.controller.new_project_dialog()
    wizard.name.setText(name)
    wizard.draft.set_path(str(draft))
    if revised is not None:
        wizard.revised.set_path(str(revised))
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("bm25"))
    return wizard, wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_same_pdf_twice_is_refused_before_building_then_built_when_asked(qtbot, shell: Shell,
                                                                             tmp_path: Path) -> None:
    paper = markdown_paper_pdf(resource("demo") / "draft_v1.md", tmp_path / "paper.pdf").path
    wizard, create = _wizard(shell, "Twice", paper, paper)
    wizard.set_pasted_reviews(resource("demo").joinpath("reviews.md").read_text(encoding="utf-8"))
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.building, timeout=60_000)
    said = wizard.problem.text()
    assert wizard.isVisible() and "are the same file, paper.pdf" in said and "Create again" in said
    assert create.text() == "Create Anyway" and create.isEnabled()
    assert shell.controller.project is None and not list(app_paths().projects.glob("*.redraft"))
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    assert shell.controller.project.name == "Twice" and not wizard.isVisible()


def test_a_paper_as_the_reviews_is_refused_and_repeats_are_kept_once(qtbot, shell: Shell, tmp_path: Path) -> None:
    demo = resource("demo")
    paper = markdown_paper_pdf(demo / "draft_v1.md", tmp_path / "paper.pdf").path
    wizard, create = _wizard(shell, "Paper", paper)
    wizard.review_file.set_path(str(paper))
    wizard.reviews.setCurrentIndex(0)
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.building, timeout=60_000)
    assert "reads as a paper, not reviews" in wizard.problem.text() and create.text() == "Create Anyway"
    wizard.set_pasted_reviews("\n\n".join([demo.joinpath("reviews.md").read_text(encoding="utf-8")] * 60))
    assert create.text() == "Create"  # another input: asked afresh
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=90_000):
        qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    project = shell.controller.project
    assert project.reviewers() == ["Reviewer 1", "Reviewer 2"]
    bar = shell.window.reading_notes  # one bar for every reading note, not a message box
    assert bar.isVisible() and not any(box.isVisible() for box in shell.window.findChildren(QMessageBox))
    said = [line for line in bar.listed() if line.startswith("Reviews")]
    assert len(said) == 1 and "The reviews repeat: 118 of 120 reviews are copies" in said[0] and "kept once" in said[0]
    bar.close_button.click()
    assert not bar.isVisible()
