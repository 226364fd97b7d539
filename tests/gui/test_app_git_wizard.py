"""File → New Project from a Git History…: a real repository built in the test (``tests/git_paper.py``), its
commits listed in the dialog, two chosen with the keyboard, the project built from them; a folder with no
repository, the same commit twice and several main files said in the dialog, Create held back meanwhile."""

from __future__ import annotations

import os
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox

from desktop.app import Shell
from desktop.git_wizard import COLUMNS, GitWizard
from engine.project.git_build import git_origin, versions_folder
from tests.git_paper import ADDED, REVIEWS, SUBJECTS, make_paper_repo
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import shot


def _opened(qtbot, shell: Shell) -> GitWizard:
    shell.window.commands.new_from_git.trigger()
    qtbot.waitUntil(lambda: any(w.isVisible() for w in shell.window.findChildren(GitWizard)), timeout=5_000)
    return next(w for w in shell.window.findChildren(GitWizard) if w.isVisible())


def read(qtbot, wizard: GitWizard, folder: str) -> None:
    """``set_folder``, then wait for the worker's reading (the history, then the main files) to come back."""
    wizard.set_folder(folder)
    settled(qtbot, wizard)


def settled(qtbot, wizard: GitWizard) -> None:
    qtbot.waitUntil(lambda: wizard.reading is None and not wizard.mains_pending, timeout=30_000)


def test_two_commits_chosen_in_the_list_build_the_project(qtbot, shell: Shell, tmp_path: Path) -> None:
    repo = make_paper_repo(tmp_path / "sorting-paper")
    reviews = tmp_path / "reviews.txt"
    reviews.write_text(REVIEWS, encoding="utf-8")
    assert shell.window.commands.new_from_git in shell.window.menuBar().actions()[0].menu().actions()
    wizard = _opened(qtbot, shell)
    ok = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    assert not ok.isEnabled() and "Choose the folder" in wizard.problem.text()
    read(qtbot, wizard, str(repo))
    rows = [[wizard.commits.topLevelItem(i).text(c) for c in range(len(COLUMNS))]
            for i in range(wizard.commits.topLevelItemCount())]
    assert [r[COLUMNS.index("Subject")] for r in rows][1:] == [SUBJECTS[1], SUBJECTS[0]]  # the code commit is not
    assert rows[0][0] == "revised" and rows[0][COLUMNS.index("Subject")].startswith("Working copy")  # the default
    assert rows[2][0] == "submitted" and rows[2][COLUMNS.index("Tags")] == "submitted"  # the newest tagged commit
    assert rows[2][COLUMNS.index("Date")] == "2023-11-14 22:13" and wizard.name.text() == "sorting-paper"
    # the keyboard: down to the answering commit, Alt+V makes it the revised version
    wizard.activateWindow()
    qtbot.waitUntil(wizard.isActiveWindow, timeout=5_000)
    wizard.commits.setFocus()
    qtbot.keyClick(wizard.commits, Qt.Key.Key_Down)
    qtbot.keyClick(wizard.commits, Qt.Key.Key_V, Qt.KeyboardModifier.AltModifier)  # the button's animated click
    qtbot.waitUntil(lambda: wizard.commits.topLevelItem(1).text(0) == "revised", timeout=2_000)
    settled(qtbot, wizard)
    assert wizard.commits.topLevelItem(0).text(0) == ""
    assert f"Revised: commit {wizard.history[0].short}" in wizard.chosen.text()
    assert not wizard.main.isVisible()  # one main file: nothing to choose
    assert "Choose the reviews file" in wizard.problem.text() and not ok.isEnabled()
    wizard.review_file.set_path(str(reviews))
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("bm25"))
    assert ok.isEnabled(), wizard.problem.text()
    qtbot.keyClick(wizard.commits, Qt.Key.Key_Return)  # Enter on a commit builds nothing
    assert not wizard.building and shell.controller.project is None
    wizard.resize(1000, 620)
    shot(shell, "git_wizard", tmp_path, wizard)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        ok.click()
    qtbot.waitUntil(lambda: not wizard.isVisible(), timeout=5_000)
    project = shell.controller.project
    assert project is not None and project.name == "sorting-paper"
    assert Path(project.old_path).is_relative_to(versions_folder(project.path))
    changed = [e for e in project.diff.edits if e.text_changed]
    assert len(changed) == 1 and ADDED in changed[0].target_text
    assert git_origin(project.path)["new"]["commit"] == wizard.history[0].sha
    shot(shell, "git_project", tmp_path)


def test_what_is_wrong_is_said_in_the_dialog(qtbot, shell: Shell, tmp_path: Path) -> None:
    wizard = _opened(qtbot, shell)
    ok = wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)
    plain = tmp_path / "plain"
    plain.mkdir()
    read(qtbot, wizard, str(plain))
    assert "is not in a git repository" in wizard.problem.text() and not ok.isEnabled()
    repo = make_paper_repo(tmp_path / "paper")
    read(qtbot, wizard, str(repo))
    wizard.choose("old", "")  # the working copy cannot be what was sent
    assert "cannot be the submitted version" in wizard.problem.text()
    tagged = wizard.history[1].sha
    wizard.choose("new", tagged)
    settled(qtbot, wizard)
    assert "same commit" in wizard.problem.text() and not ok.isEnabled()
    wizard.choose("new", "")
    settled(qtbot, wizard)
    (repo / "letter.tex").write_text("\\documentclass{letter}\n\\begin{document}\nDear editor\n\\end{document}\n",
                                     encoding="utf-8")
    wizard.choose("new", "")  # read again: the working copy now holds two main files
    settled(qtbot, wizard)
    assert wizard.main.isVisible() and [wizard.main.itemData(i) for i in range(1, wizard.main.count())] == [
        "letter.tex", "main.tex"]
    assert wizard.main.currentData() == "main.tex" and "likely the paper" in wizard.main.currentText()  # shown
    assert wizard.request().git.main == "main.tex" and "several" not in wizard.problem.text()
    wizard.main.setCurrentIndex(0)
    assert "several main files" in wizard.problem.text()
    # a main file the submitted commit lacks: the build says so in the dialog, and leaves nothing behind
    reviews = tmp_path / "reviews.txt"
    reviews.write_text(REVIEWS, encoding="utf-8")
    wizard.review_file.set_path(str(reviews))
    wizard.name.setText("letter only")
    wizard.main.setCurrentIndex(1)
    ok.click()
    qtbot.waitUntil(lambda: "letter.tex is not in commit" in wizard.problem.text(), timeout=30_000)
    assert wizard.isVisible() and ok.isEnabled() and wizard.request().git.main == "letter.tex"  # all kept
    projects = Path(os.environ["REDRAFT_HOME"])
    assert not [p for p in projects.rglob("*") if "letter only" in p.name]  # no file, no versions folder
    wizard.reject()


def test_a_long_commit_subject_wraps_in_the_dialog(qtbot, shell: Shell, tmp_path: Path) -> None:
    """trial32: the chosen versions' line took a commit's whole subject on one line and the dialog grew as wide;
    a subject of a few hundred characters would have pushed it past a 1366-pixel screen."""
    wizard = _opened(qtbot, shell)
    wizard.chosen.setText("Submitted: not chosen yet\nRevised: commit 4447a33 (2021-04-13): "
                          + "reran the lantern plots and tidied the harbour section " * 6)
    wizard.adjustSize()
    assert wizard.sizeHint().width() <= 1024
    wizard.reject()
