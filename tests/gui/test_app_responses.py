"""Responses in the window (issue 18): write a response to a comment, save it, undo and redo it with
Edit → Undo / Redo, mark "no change" (a reason is required: a message, the text kept), take the
suggestion's response, and the letter export whose suffix decides its format (an unknown one is a
message, never a silent nothing). Each step is checked on screen and in a fresh load of the file."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest
from PySide6.QtCore import Qt
from PySide6.QtWidgets import QMessageBox

from desktop.app import Shell
from desktop.exports import with_filter_suffix
from engine.jobs import run_job
from engine.project import SuggestionRecord
from engine.project.pipeline import build_project_file
from engine.project.responses import NO_CHANGE_LEAD
from engine.project.session import ProjectSession
from engine.project.store import ProjectStore
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
SUGGESTED = "We added static layer skipping as a second baseline (Table 2)."


@pytest.fixture
def project(tmp_path: Path) -> Path:
    path = run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))
    with ProjectStore.open(path) as store:
        store.add_suggestion(SuggestionRecord("s1", "R1.1", SUGGESTED, "", "", status="pending"))
    return path


def notes(path: Path) -> dict[str, str]:
    with ProjectSession.open(path) as session:
        return dict(session.project.notes)


def select(qtbot, shell: Shell, cid: str) -> None:
    if shell.controller.current_comment != cid:
        with qtbot.waitSignal(shell.controller.sig_comment_shown, timeout=10_000):
            shell.window.comments.select_comment(cid)


def test_write_save_undo_redo_no_change_and_suggestion(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    editor = w.response
    select(qtbot, shell, "R1.2")
    assert editor.comment_id == "R1.2" and editor.state.text() == "to answer"
    assert not editor.save_button.isEnabled() and not editor.use_button.isEnabled()

    # write and save with Ctrl+Enter: stored, undoable, on screen
    w.activateWindow()
    w.commands.respond.trigger()
    assert editor.text.hasFocus()
    qtbot.keyClicks(editor.text, "We now report the variance over five seeds.")
    assert editor.state.text() == "to answer · unsaved" and editor.save_button.isEnabled()
    qtbot.keyClick(editor.text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert notes(project) == {"R1.2": "We now report the variance over five seeds."}
    assert editor.state.text() == "written" and not editor.save_button.isEnabled()
    assert w.commands.undo.isEnabled()
    shot(shell, "app_response", tmp_path)

    # Edit → Undo takes it back, on screen and in the file; Redo brings it again
    w.commands.undo.trigger()
    assert notes(project) == {} and editor.text.toPlainText() == "" and editor.state.text() == "to answer"
    w.commands.redo.trigger()
    assert editor.text.toPlainText() == "We now report the variance over five seeds."
    assert notes(project)["R1.2"] == "We now report the variance over five seeds."

    # "no change" without a reason: a message, nothing saved; with one: stored with its lead
    select(qtbot, shell, "R2.1")
    editor.no_change.setChecked(True)
    editor.save_button.click()
    assert editor.problem.isVisible() and "Say why" in editor.problem.text()
    assert "R2.1" not in notes(project)
    qtbot.keyClicks(editor.text, "The setting is standard; we cite it.")
    assert not editor.problem.isVisible()
    editor.save_button.click()
    assert notes(project)["R2.1"] == f"{NO_CHANGE_LEAD} The setting is standard; we cite it."
    assert editor.state.text() == "no change"

    # typing and moving to another comment keeps what was typed (saved for its comment)
    select(qtbot, shell, "R1.3")
    qtbot.keyClicks(editor.text, "Clarified in Section 3.")
    select(qtbot, shell, "R1.1")
    assert notes(project)["R1.3"] == "Clarified in Section 3."

    # the suggestion's response, taken into the box and saved as the author's
    assert editor.use_button.isEnabled()
    editor.use_button.click()
    assert editor.text.toPlainText() == SUGGESTED and editor.dirty()
    editor.save_button.click()
    assert notes(project)["R1.1"] == SUGGESTED
    select(qtbot, shell, "R2.1")
    assert editor.no_change.isChecked() and editor.text.toPlainText() == "The setting is standard; we cite it."

    # the letter says what was written, in the format the file name asks for
    out = tmp_path / "letter.docx"
    with qtbot.waitSignal(c.sig_export_written, timeout=60_000):
        c.exports.export_letter(out)
    text = "\n".join(p.text for p in docx.Document(str(out)).paragraphs)
    assert SUGGESTED in text and "No change to the paper. The setting is standard; we cite it." in text
    assert "We now report the variance over five seeds." in text


def test_ctrl_down_while_ctrl_is_held_selects_one_comment_everywhere(qtbot, shell: Shell, project: Path) -> None:
    """View → Next Comment with Ctrl held, as a user presses it: the list, the presenter and the response
    box agree on the one comment (a programmatic selection must not read the held Ctrl as "toggle"), so a
    response saved with Ctrl+Enter is drawn at once."""
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    select(qtbot, shell, "R1.1")
    w.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is w)
    w.comments.tree.setFocus()
    qtbot.keyPress(w.comments.tree, Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier)  # Ctrl held down
    try:
        assert shell.app.keyboardModifiers() == Qt.KeyboardModifier.ControlModifier
        qtbot.keyClick(w.comments.tree, Qt.Key.Key_Down, Qt.KeyboardModifier.ControlModifier)
        assert c.current_comment == w.response.comment_id == w.comments.selected_id == "R1.2"
        assert w.comments.selected_ids() == ["R1.2"]
        w.commands.respond.trigger()
        qtbot.keyClicks(w.response.text, "Done.", Qt.KeyboardModifier.NoModifier)
        qtbot.keyPress(w.response.text, Qt.Key.Key_Control, Qt.KeyboardModifier.ControlModifier)
        qtbot.keyClick(w.response.text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
        assert notes(project) == {"R1.2": "Done."}
        assert w.response.state.text() == "written" and not w.response.save_button.isEnabled()
        assert c.current_comment == w.comments.selected_id == "R1.2" and w.comments.selected_ids() == ["R1.2"]
    finally:
        qtbot.keyRelease(w.focusWidget() or w, Qt.Key.Key_Control)


def test_letter_export_refuses_an_unknown_suffix_with_a_message(qtbot, shell: Shell, project: Path,
                                                                tmp_path: Path) -> None:
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    for name in ("letter.odt", "letter"):
        with qtbot.waitSignal(c.exports.sig_export_refused, timeout=5_000) as refused:
            assert c.exports.export_letter(tmp_path / name) is None
        assert "Nothing was written" in refused.args[0] and ".docx" in refused.args[0]
        box = next(b for b in shell.window.findChildren(QMessageBox) if b.isVisible())
        assert "Nothing was written" in box.text()
        box.close()
    assert not list(tmp_path.glob("letter*"))
    assert with_filter_suffix("/tmp/letter", "PDF (*.pdf)") == "/tmp/letter.pdf"
    assert with_filter_suffix("/tmp/letter.md", "PDF (*.pdf)") == "/tmp/letter.md"  # the typed suffix decides
    pdf = tmp_path / "letter.pdf"
    with qtbot.waitSignal(c.sig_export_written, timeout=60_000):
        c.exports.export_letter(pdf)
    assert pdf.read_bytes()[:5] == b"%PDF-"


def test_a_letter_exported_with_placeholders_left_says_so(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    """A response that still holds a scaffold's placeholders: the letter is written, and a message names what is
    left to fill before sending (never a silent "Wrote …")."""
    with ProjectStore.open(project) as store:
        store.set_response("R1.1", "We now report [[RESULT: the latency on a phone CPU]].")
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    with qtbot.waitSignal(c.exports.sig_export_note, timeout=60_000) as noted:
        c.exports.export_letter(tmp_path / "letter.md")
    assert "1 placeholder to fill before sending, in the answer to R1.1 (select the comment" in noted.args[0]
    assert "[[RESULT: the latency on a phone CPU]]" in (tmp_path / "letter.md").read_text(encoding="utf-8")


def test_ctrl_z_in_the_box_after_ctrl_enter_takes_the_saved_response_back(qtbot, shell: Shell, project: Path) -> None:
    """trial33, keyboard only: after Ctrl+Enter the focus stays in the box, whose own Ctrl+Z undid the typing there
    (the box emptied, the response still saved) or nothing; now a save ends the box's own history, and Ctrl+Z with
    no typing of the box's to undo is Edit → Undo, Ctrl+Shift+Z Edit → Redo. While there is typing to undo, Ctrl+Z
    undoes the typing, as in any text box."""
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    editor = w.response
    select(qtbot, shell, "R1.2")
    w.activateWindow()
    qtbot.waitUntil(lambda: w.isActiveWindow(), timeout=5_000)
    w.commands.respond.trigger()
    qtbot.keyClicks(editor.text, "Done in Section 4.")
    qtbot.keyClick(editor.text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)  # the box's own typing first
    assert editor.text.toPlainText() != "Done in Section 4." and notes(project) == {}
    editor.text.setPlainText("")
    qtbot.keyClicks(editor.text, "Done in Section 4.")
    qtbot.keyClick(editor.text, Qt.Key.Key_Return, Qt.KeyboardModifier.ControlModifier)
    assert notes(project) == {"R1.2": "Done in Section 4."} and editor.text.hasFocus()
    qtbot.keyClick(editor.text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
    assert notes(project) == {} and editor.text.toPlainText() == ""
    qtbot.keyClick(editor.text, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert notes(project) == {"R1.2": "Done in Section 4."}
