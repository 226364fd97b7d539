"""The wizard's and New Round's "Authors' response" given what users give (session 26): a file that is no letter is
named at a glance, Create or Start stays off; one the build refuses (the reviews again) brings the message back with
every input kept and no project file; a letter that quotes few points is built and the reading-notes bar says the
statuses do not read it."""

from __future__ import annotations

import shutil
from pathlib import Path

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from desktop.app import Shell
from engine.paths import app_paths
from engine.project.rounds import backup_path
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)
from tests.gui.test_app_rounds import DEMO, project  # noqa: F401 (fixture)
from widgets.round_dialog import RoundFiles


def _wizard(shell: Shell, letter: Path):
    wizard = shell.controller.new_project_dialog()
    wizard.name.setText("Letter trial")
    wizard.draft.set_path(str(DEMO / "draft_v1.md"))
    wizard.revised.set_path(str(DEMO / "draft_v2.md"))
    wizard.review_file.set_path(str(DEMO / "reviews.md"))
    wizard.aligner.setCurrentIndex(wizard.aligner.findData("learned"))
    wizard.letter.set_path(str(letter))
    return wizard, wizard.buttons.button(QDialogButtonBox.StandardButton.Ok)


def test_the_wizard_names_a_file_that_is_no_letter_at_a_glance(qtbot, shell: Shell, tmp_path: Path) -> None:
    rtf = tmp_path / "response.rtf"
    rtf.write_text("{\\rtf1\\ansi We have added the values.\\par }", encoding="utf-8")
    wizard, create = _wizard(shell, rtf)
    assert "RTF document" in wizard.problem.text() and "Word (.docx) or PDF" in wizard.problem.text()
    assert not create.isEnabled()
    empty = tmp_path / "response.md"
    empty.write_bytes(b"")
    wizard.letter.set_path(str(empty))
    assert "empty (0 bytes)" in wizard.problem.text() and "response letter" in wizard.problem.text()
    wizard.letter.set_path("")  # the letter is optional: without it, Create again
    assert create.isEnabled()


def test_the_reviews_given_as_the_letter_keep_the_inputs_and_leave_no_project(qtbot, shell: Shell,
                                                                               tmp_path: Path) -> None:
    copy = tmp_path / "response.md"
    shutil.copy(DEMO / "reviews.md", copy)
    wizard, create = _wizard(shell, copy)
    assert create.isEnabled()  # a text file: the glance lets it by, the build reads it
    qtbot.mouseClick(create, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: not wizard.building, timeout=60_000)
    assert wizard.isVisible() and "holds only the reviews' text" in wizard.problem.text()
    assert create.text() == "Create Anyway"  # a doubt: the author may go on
    request = wizard.request()
    assert (request.name, request.response, request.aligner) == ("Letter trial", str(copy), "learned")
    assert request.old_path == str(DEMO / "draft_v1.md") and request.reviews == str(DEMO / "reviews.md")
    assert shell.controller.project is None and not list(app_paths().projects.glob("*.redraft"))


def test_a_round_letter_quoting_few_points_is_built_and_the_bar_says_so(qtbot, shell: Shell, project: Path,
                                                                         tmp_path: Path) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    odt = tmp_path / "response.odt"
    odt.write_bytes(b"PK\x03\x04" + bytes(200))
    first = c.rounds.open_dialog(RoundFiles(reviews=str(DEMO / "reviews.md"), response=str(odt)))
    first.accept()  # refused at a glance: the dialog stays, nothing built
    assert first.isVisible() and "OpenDocument" in first.error.text() and not backup_path(project, 1).exists()
    other = tmp_path / "response.md"
    other.write_text("Comment 1. The transect length is not given for the second island.\n\nWe have added it.\n",
                     encoding="utf-8")
    first.response.set_path(str(other))
    first.accept()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=60_000)
    c.rounds.message.button(QMessageBox.StandardButton.Ok).click()
    bar = shell.window.reading_notes
    assert c.session.project.letter["read"] is False
    assert bar.isVisible() and any(line.startswith("Response (response.md): The response letter quotes none of the")
                                   and "statuses do not read it" in line for line in bar.listed())
    assert "letter not read (0 of 7 points quoted" in shell.window.status_text.text()  # the status bar too
    # opened again later: the bar says it again (the statuses still do not read the letter)
    path = c.session.path
    c.session.close()
    c.session = None
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(path)
    assert bar.isVisible() and any("statuses do not read it" in line for line in bar.listed())
