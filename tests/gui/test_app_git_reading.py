"""File → New Project from a Git History… reads the repository on the app's job runner, never on the window's thread
(session 30, thread31; before, the history was read on it: 9 to 11 s of frozen window on trial30's busy laptop, and
each chosen pair's main files after it). A slow repository is made here by slowing the real read (each step of it
sleeps on the worker): meanwhile the window's event loop keeps ticking, the dialog's line says how far the reading
is, its fields take typing, and Create waits; Stop Reading, Cancel and another folder stop it and list nothing of it.
Supersedes trial30's test of the line painted before a read on the window's thread. Repositories written here."""

from __future__ import annotations

import time
from pathlib import Path

from PySide6.QtCore import QElapsedTimer, QTimer
from PySide6.QtWidgets import QDialogButtonBox

import desktop.git_wizard as wizard_module
from desktop.app import Shell
from desktop.git_wizard import GitWizard
from engine.jobs import Progress
from engine.project.git_history import read_history
from tests.git_paper import SUBJECTS, make_paper_repo
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.test_app_git_wizard import settled

__all__ = ["shell"]

#: The slow read's steps and each one's sleep on the worker: 2.4 s of reading in all.
STEPS, NAP = 24, 0.1


def _slow_reads(monkeypatch, started: list[str]) -> None:
    """``read_history`` as the dialog calls it, each step of a slow history's walk a nap on the worker first."""
    def slow(folder, limit=500):
        started.append(str(folder))
        for i in range(1, STEPS + 1):
            time.sleep(NAP)
            yield Progress(20 * i, 0, f"{20 * i:,} commits read, 0 touch the paper")
        return (yield from read_history(folder, limit))

    monkeypatch.setattr(wizard_module, "read_history", slow)


def _wizard(qtbot, shell: Shell) -> GitWizard:
    dialog = GitWizard(shell.window, shell.runner)
    qtbot.addWidget(dialog)
    dialog.show()
    qtbot.waitExposed(dialog)
    return dialog


class _Ticks:
    """The window thread's event loop, sampled every 10 ms: the longest gap between two ticks."""

    def __init__(self) -> None:
        self.clock, self.gaps, self.last = QElapsedTimer(), [], 0
        self.clock.start()
        self.timer = QTimer()
        self.timer.setInterval(10)
        self.timer.timeout.connect(self._tick)
        self.timer.start()

    def _tick(self) -> None:
        now = self.clock.elapsed()
        self.gaps.append(now - self.last)
        self.last = now


def test_the_history_is_read_off_the_windows_thread_with_progress(qtbot, shell: Shell, tmp_path: Path,
                                                                  monkeypatch) -> None:
    repo = make_paper_repo(tmp_path / "sorting-paper")
    started: list[str] = []
    _slow_reads(monkeypatch, started)
    dialog = _wizard(qtbot, shell)
    create = dialog.buttons.button(QDialogButtonBox.StandardButton.Ok)
    ticks = _Ticks()
    begun = time.monotonic()
    dialog.set_folder(str(repo))
    assert time.monotonic() - begun < 0.5 and dialog.reading is not None  # set_folder returns at once
    assert dialog.stop_reading.isVisible() and dialog.commits.topLevelItemCount() == 0
    assert dialog.problem.text().startswith("Reading the history of sorting-paper")
    qtbot.waitUntil(lambda: "commits read" in dialog.problem.text(), timeout=5_000)  # the worker's progress
    assert not create.isEnabled()
    handle = dialog.reading
    dialog.set_folder(str(repo))  # Enter, then the field left: the same read goes on
    assert dialog.reading is handle
    dialog.name.setFocus()
    qtbot.keyClicks(dialog.name, "Drelk round")  # the dialog takes typing meanwhile
    assert dialog.name.text() == "Drelk round" and dialog.reading is not None
    settled(qtbot, dialog)
    assert time.monotonic() - begun >= STEPS * NAP  # the nap was taken, on the worker
    ticks.timer.stop()
    assert max(ticks.gaps) < 1000 and len(ticks.gaps) > 20, ticks.gaps  # the loop kept ticking through the read
    subjects = [dialog.commits.topLevelItem(i).text(2) for i in range(dialog.commits.topLevelItemCount())]
    assert subjects[1:] == [SUBJECTS[1], SUBJECTS[0]] and not dialog.stop_reading.isVisible()
    assert dialog.name.text() == "Drelk round" and started == [str(repo)]  # the typed name kept
    assert "Choose the reviews file" in dialog.problem.text()


def test_stop_reading_cancel_and_another_folder_leave_nothing_of_the_read(qtbot, shell: Shell, tmp_path: Path,
                                                                          monkeypatch) -> None:
    first, second = make_paper_repo(tmp_path / "first-paper"), make_paper_repo(tmp_path / "second-paper")
    started: list[str] = []
    _slow_reads(monkeypatch, started)
    dialog = _wizard(qtbot, shell)
    dialog.set_folder(str(first))
    handle = dialog.reading
    qtbot.waitUntil(lambda: "commits read" in dialog.problem.text(), timeout=5_000)
    dialog.stop_reading.click()
    qtbot.waitUntil(lambda: dialog.reading is None, timeout=5_000)
    assert handle.outcome == "cancelled" and "Stopped reading the history of first-paper" in dialog.problem.text()
    assert dialog.commits.topLevelItemCount() == 0 and dialog.root is None and dialog.history == []
    assert not dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    # another folder while one is read: the first read is stopped, only the second is listed
    dialog.set_folder(str(first))
    older = dialog.reading
    dialog.set_folder(str(second))
    settled(qtbot, dialog)
    assert older.outcome == "cancelled" and dialog.root == second.resolve() and dialog.name.text() == "second-paper"
    assert dialog.commits.topLevelItemCount() == 3 and "Stopped" not in dialog.problem.text()
    # Cancel while reading closes the dialog and stops the read
    again = _wizard(qtbot, shell)
    again.set_folder(str(first))
    reading = again.reading
    again.buttons.button(QDialogButtonBox.StandardButton.Cancel).click()
    assert not again.isVisible()
    qtbot.waitUntil(lambda: reading.outcome == "cancelled", timeout=5_000)
    assert again.commits.topLevelItemCount() == 0 and not shell.runner.active


def test_the_main_files_are_looked_for_on_a_worker(qtbot, shell: Shell, tmp_path: Path, monkeypatch) -> None:
    repo = make_paper_repo(tmp_path / "paper")
    (repo / "letter.tex").write_text("\\documentclass{letter}\n\\begin{document}\nDear editor\n\\end{document}\n",
                                     encoding="utf-8")
    dialog = _wizard(qtbot, shell)
    dialog.set_folder(str(repo))
    settled(qtbot, dialog)
    real = wizard_module.main_choices
    looked: list[float] = []

    def slow(spec):
        time.sleep(1.0)
        looked.append(time.monotonic())
        return real(spec)

    monkeypatch.setattr(wizard_module, "main_choices", slow)
    begun = time.monotonic()
    dialog.choose("new", "")
    assert time.monotonic() - begun < 0.5 and dialog.mains_pending
    assert dialog.problem.text() == "Looking for the paper's main file in the two versions…"
    dialog.choose("new", dialog.history[0].sha)  # chosen again meanwhile: the first answer is dropped
    dialog.choose("new", "")
    settled(qtbot, dialog)
    assert [dialog.main.itemData(i) for i in range(1, dialog.main.count())] == ["letter.tex", "main.tex"]
    assert dialog.main.isVisible() and dialog.main.currentData() == "main.tex"


def test_a_long_history_is_listed_and_chosen_in_without_freezing(qtbot, shell: Shell, tmp_path: Path,
                                                                 monkeypatch) -> None:
    """The list's columns fit their contents: setting every cell's font at each choice made them fit again per cell,
    3.5 s of frozen window for 113 commits once listed (a real 4,000-commit history, session 30), quadratic in the
    commits. Now only the rows whose role changes are touched, and the rows are added at once."""
    from engine.project.git_history import Commit, History

    commits = [Commit(f"{i:040x}", 1_700_000_000 - 3600 * i, 0, "Ada Author", f"Zorvan edit {i}",
                      ("submitted",) if i == 350 else ()) for i in range(400)]

    def instant(folder, limit=500):
        yield Progress(400, 0, "400 commits read, 400 touch the paper")
        return History(tmp_path, commits, True)

    monkeypatch.setattr(wizard_module, "read_history", instant)
    monkeypatch.setattr(wizard_module, "main_choices", lambda spec: ([], None))
    dialog = _wizard(qtbot, shell)
    ticks = _Ticks()
    dialog.set_folder(str(tmp_path))
    settled(qtbot, dialog)
    for i in (3, 7, 3):
        dialog.choose("old", commits[i].sha)
    settled(qtbot, dialog)
    ticks.timer.stop()
    assert dialog.commits.topLevelItemCount() == 401 and dialog.commits.topLevelItem(4).text(0) == "submitted"
    assert dialog.commits.topLevelItem(351).text(0) == "" and dialog.commits.topLevelItem(8).text(0) == ""
    assert dialog.commits.topLevelItem(4).font(2).bold() and not dialog.commits.topLevelItem(351).font(2).bold()
    assert max(ticks.gaps) < 3000, max(ticks.gaps)  # before: tens of seconds
