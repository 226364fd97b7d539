"""File → New Round with only the authors' response: the letter is added to the round the project holds, the
statuses are read again with it, a message lists each status it moved and what the letter says, and the
Coverage tab says the statuses read it. trial24's area chair built the project before the letter came, and the
dialog refused a letter alone. The demo paper and a letter written for the test."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtWidgets import QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from engine.project.coverage import coverage_view
from tests.engine.project.test_project_response import DEMO, LETTER
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (fixture)


def test_a_letter_alone_is_added_and_the_message_says_what_moved(qtbot, shell: Shell, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("later", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"),
                                        str(DEMO / "reviews.md")), tmp_path / "later.redraft")
    for box in w.findChildren(QMessageBox):
        box.accept()
    first = c.project.comments[0].id
    c.editing.do(lambda s: s.set_response(first, "Answered in Section 2."))
    before = {r.comment_id: r.status for r in coverage_view(c.project).rows}
    assert "response letter" not in w.coverage.summary.text()

    w.commands.new_round.trigger()  # File → New Round…
    dialog = c.rounds.dialog
    assert dialog is not None and dialog.isVisible()
    bad = tmp_path / "letter.txt"
    bad.write_bytes(b"\n \n")
    dialog.response.set_path(str(bad))
    dialog.accept()  # no letter text: the dialog stays, saying why
    assert dialog.isVisible() and "holds no letter text" in dialog.error.text()
    letter = tmp_path / "response.md"
    letter.write_text(LETTER, encoding="utf-8")
    dialog.response.set_path(str(letter))
    dialog.accept()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=60_000)
    assert not dialog.isVisible()
    text = c.rounds.message.text()
    shot(shell, "app_letter_added", tmp_path, c.rounds.message)
    rows = coverage_view(c.project).rows
    moved = [r for r in rows if r.status != before[r.comment_id]]
    assert moved and f"{len(moved)} status{'es' * (len(moved) != 1)} changed" in text
    for r in moved:  # the comment, its status now, and what the letter says of it
        assert f"{r.comment_id}: " in text and f"→ {r.label()} ({r.letter})" in text
    c.rounds.message.button(QMessageBox.StandardButton.Ok).click()
    assert c.project.letter["name"] == "response.md" and c.project.response(first) == "Answered in Section 2."
    assert "Statuses read with the authors' response letter (response.md)" in w.coverage.summary.text()
    from widgets.coverage_table import STATUS

    tips = {r.comment_id: w.coverage._items[r.comment_id].toolTip(STATUS) for r in rows}
    for r in rows:  # what the letter says of each point, and its answer's first words, on the status's tooltip
        assert f"Read with the authors' response letter: {r.letter}." in tips[r.comment_id]
        assert "your response letter" not in tips[r.comment_id]  # an area chair reads it too (trial24)
        assert (f"The letter: \u201c{r.letter_said}\u201d" in tips[r.comment_id]) == bool(r.letter_said)
    answered = next(r for r in rows if r.letter_said.startswith("We have added the values"))
    c.presenter.select_comment(answered.comment_id)  # the letter's answer above the diff, where the edits are checked
    assert "Authors' letter:" in w.comment_header.text() and "We have added the values" in w.comment_header.text()
    assert w.status_text.text() == coverage_view(c.project).status_line()  # the window drew the new statuses
    assert not Path(str(tmp_path / "later (round 1).redraft")).exists()  # no round was started


def test_the_reviews_picked_as_the_letter_are_questioned_first(qtbot, shell: Shell, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(ProjectRequest("later", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"),
                                        str(DEMO / "reviews.md")), tmp_path / "later.redraft")
    for box in w.findChildren(QMessageBox):
        box.accept()
    assert w.commands.add_letter.isEnabled()  # File → Add Authors' Response…, the file chosen
    c.rounds.choose_letter(str(tmp_path / "none.md"))  # a file that is not there: the dialog, with it and why
    assert c.rounds.dialog.isVisible() and "none.md" in c.rounds.dialog.error.text()
    assert c.rounds.dialog.response.path() == str(tmp_path / "none.md")
    c.rounds.dialog.reject()
    c.rounds.choose_letter(str(DEMO / "reviews.md"))
    question = c.rounds.question
    assert question is not None and question.isVisible() and "holds only the reviews' text" in question.text()
    assert c.project.letter == {}  # nothing read in yet
    go_on = next(b for b in question.buttons() if b.text() == "Go on anyway")
    go_on.click()
    qtbot.waitUntil(lambda: c.rounds.message is not None and c.rounds.message.isVisible(), timeout=60_000)
    assert c.project.letter["name"] == "reviews.md"
    c.rounds.message.button(QMessageBox.StandardButton.Ok).click()
