"""The author's corrections in the window (issues #14 and #15): confirm, reject and add a
comment-edit link from the Diff tab and undo them; correct the extracted comments from the
comment list's context menu; the type and confidence badges and every badge's tooltip. Each
step is checked on screen and in a fresh load of the project file. Screenshots go to
$REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtGui import QKeySequence
from PySide6.QtWidgets import QDialogButtonBox, QMessageBox

from desktop.app import Shell
from engine.align.status import Status
from engine.jobs import run_job
from engine.project.edit_places import edit_where
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from engine.project.store import ProjectStore
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)
from widgets.badges import CHIP_ROLE
from widgets.comment_list import COL_ACTION, COL_STATUS, COL_TEXT

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
#: Types and confidences for the demo's comments, written into the file the way a build stores them
#: (the others: type unknown, sure), so the badges do not follow the classifier's changes.
TYPES = {"R1.1": ("experiment", 0.93), "R1.2": ("result", 0.88), "R1.3": ("explanation", 0.42),
         "R1.4": ("clarification", 0.81), "R2.1": ("experiment", 0.9), "R2.2": ("edit", 0.35)}


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("links")
    path = run_job(build_project_file(folder / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))
    store = ProjectStore.open(path)
    try:
        comments = store.load().comments
        store.save_comments([dataclasses.replace(c, fine_type=TYPES.get(c.id, ("", 1.0))[0],
                                                 confidence=TYPES.get(c.id, ("", 1.0))[1]) for c in comments])
    finally:
        store.close()
    return path


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    copy = tmp_path / "copy.redraft"
    copy.write_bytes(built.read_bytes())
    return copy


def open_project(qtbot, shell: Shell, path: Path) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)
    qtbot.waitUntil(lambda: shell.window._panes_sized, timeout=5_000)  # the panes at their first real size


def fresh(path: Path):
    """The project as a new session reads it from the file."""
    with ProjectSession.open(path) as session:
        return session.project


def keys(qtbot, window, sequence: str) -> None:
    """Press ``sequence`` in the window (focus in the comment list), as the author would."""
    window.activateWindow()
    window.comments.tree.setFocus()
    key = QKeySequence(sequence)[0]
    qtbot.keyClick(window.comments.tree, key.key(), key.keyboardModifiers())


def status_cell(shell: Shell, cid: str) -> str:
    return shell.window.comments._items[cid].text(COL_STATUS)


def test_confirm_reject_and_add_a_link_and_undo_them(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, project)
    bar = w.links
    c.select_comment("R1.1")
    eid = w.diff.current_edit_id
    assert eid == "e0008" and bar.state == "aligned" and "suggested by Redraft" in bar.chip.text()
    assert bar.confirm_button.isEnabled() and bar.reject_button.isEnabled() and bar.isVisible()

    # confirm: marked on screen and in the file; Ctrl+Z takes it back
    assert w.commands.confirm_link.isEnabled() and w.commands.link_edit.isEnabled()
    qtbot.mouseClick(bar.confirm_button, Qt.MouseButton.LeftButton)
    assert not w.commands.confirm_link.isEnabled() and w.commands.reject_link.isEnabled()
    assert bar.state == "confirmed" and "✓ confirmed by you" in bar.chip.text() and not bar.confirm_button.isEnabled()
    assert fresh(project).links == {"R1.1": {"e0008": "confirmed"}}
    where = edit_where(c.project, c.project.diff.edit("e0008"))
    assert "major" in w.diff.new_pane.toPlainText() and "✓ confirmed" in w.diff.new_pane.toPlainText()
    assert "e0008" not in w.diff.new_pane.toPlainText()  # ids on tooltips only: a trial read "e0090 · p0220"
    assert w.status_text.text() == f"Confirmed: the edit in {where} addresses R1.1"
    w.tabs.setCurrentIndex(0)
    shot(shell, "app_diff_link_confirmed", tmp_path)
    keys(qtbot, w, "Ctrl+Z")
    assert bar.state == "aligned" and fresh(project).links == {}
    keys(qtbot, w, "Ctrl+Shift+Z")
    assert bar.state == "confirmed"
    keys(qtbot, w, "Ctrl+Z")
    keys(qtbot, w, "Ctrl+L")  # the Edit menu's Confirm Link, from the keyboard
    assert bar.state == "confirmed"
    keys(qtbot, w, "Ctrl+Z")
    assert bar.state == "aligned"

    # reject: the edit leaves the comment's linked edits, the badge says so (no reload), Ctrl+Shift+Z again
    loads = c.presenter.show_project
    c.presenter.show_project = lambda *a: pytest.fail("a link step reloaded the whole project")
    try:
        qtbot.mouseClick(bar.reject_button, Qt.MouseButton.LeftButton)
        assert c.project.aligned_edits("R1.1") == [] and bar.state is None and "No edit linked" in bar.summary.text()
        # the diff falls back to where the comment applies: e0008 may be there, said to be not linked
        assert "not linked to it" in w.diff.position_label.text() or "e0008" not in [e.id for e in w.diff.edits]
        # the author's word (engine/align/status.py): every suggested link rejected, none added
        assert status_cell(shell, "R1.1") == "✓ not addressed" and w.comments.status_of("R1.1") == "confirmed not addressed"
        assert "confirmed not addressed" in w.comment_header.text()
        assert fresh(project).linked_edit_ids("R1.1") == []
        w.commands.undo.trigger()
        assert [e.id for e in w.diff.edits] == ["e0008"] and status_cell(shell, "R1.1") == "addressed"
        w.commands.redo.trigger()
        assert status_cell(shell, "R1.1") == "✓ not addressed"
        w.commands.undo.trigger()
    finally:
        c.presenter.show_project = loads

    # right-click menu of the diff panes: the same three steps, on the edit clicked
    assert w.commands.confirm_link in w.diff.new_pane.context_actions
    assert w.commands.link_edit in w.diff.old_pane.context_actions

    # link an edit the aligner missed: the picker lists edits with a snippet, not ids alone
    qtbot.mouseClick(bar.pick_button, Qt.MouseButton.LeftButton)
    picker = c.link_steps.picker
    assert picker is not None and picker.isVisible()
    rows = {picker.list.item(i).data(Qt.ItemDataRole.UserRole): picker.list.item(i).text()
            for i in range(picker.list.count())}
    assert len(rows) == len(c.project.diff.changed_edits())
    first = rows["e0001"]
    assert len(first.splitlines()[1]) > 20  # a line of the change's text
    assert edit_where(c.project, c.project.diff.edit("e0001")) in first.splitlines()[0]  # where, not the id
    assert not any(eid in text for eid, text in rows.items())
    assert "already linked" in rows["e0008"]
    picker.filter_box.setText("e0001")  # the id is off the row but still found (it is on the tooltip)
    picker.choose("e0001")
    shot(shell, "app_link_picker", tmp_path, picker)
    qtbot.mouseClick(picker.buttons.button(QDialogButtonBox.StandardButton.Ok), Qt.MouseButton.LeftButton)
    assert not picker.isVisible()
    assert [e.id for e in w.diff.edits] == ["e0008", "e0001"]
    assert w.diff.current_edit_id == "e0001" and bar.state == "added" and "linked by you" in bar.chip.text()
    assert fresh(project).links == {"R1.1": {"e0001": "added"}}
    shot(shell, "app_diff_link_added", tmp_path)
    w.diff.new_pane.on_context(0)  # a right-click on the other edit: the menu's steps act on it
    assert w.diff.current_edit_id == "e0008" and bar.edit_id == "e0008" and bar.state == "aligned"
    assert w.commands.confirm_link.isEnabled()
    w.commands.undo.trigger()
    assert [e.id for e in w.diff.edits] == ["e0008"] and fresh(project).links == {}


def test_a_comment_with_no_link_gets_one_by_hand(qtbot, shell: Shell, project: Path) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, project)
    c.select_comment("R2.3")
    assert w.links.state is None and "No edit linked" in w.links.summary.text()
    assert status_cell(shell, "R2.3") == "not addressed"
    c.link_steps.pick_edit().choose("e0001")
    c.link_steps.picker.accept()
    assert status_cell(shell, "R2.3") == "✓ addressed" and w.links.state == "added"  # linked by hand: confirmed
    w.commands.reject_link.trigger()  # the Edit menu's Reject Link (Ctrl+Shift+L) acts on the edit shown
    assert status_cell(shell, "R2.3") == "✓ not addressed" and fresh(project).linked_edit_ids("R2.3") == []


def _ok(dialog) -> None:
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()


def _context(shell: Shell, name: str):
    """The comment list's right-click action called ``name``."""
    return next(a for a in shell.window.comments.tree.actions() if a.text().replace("&", "") == name)


def test_corrections_from_the_context_menu_are_kept(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, project)
    tree = w.comments.tree
    assert tree.contextMenuPolicy() == Qt.ContextMenuPolicy.ActionsContextMenu
    c.select_comment("R1.2")

    # edit text: a bad input keeps the dialog and the text; a good one is stored
    _context(shell, "Edit Comment Text…").trigger()
    dialog = c.corrections.dialog
    dialog.editor.setPlainText("   ")
    _ok(dialog)
    assert dialog.isVisible() and dialog.error.isVisible() and dialog.editor.toPlainText() == "   "
    dialog.editor.setPlainText("Report wall-clock latency on a CPU.")
    _ok(dialog)
    assert not dialog.isVisible()
    assert "wall-clock latency" in w.comments._items["R1.2"].text(COL_TEXT)
    assert fresh(project).comment("R1.2").text == "Report wall-clock latency on a CPU."

    # change type and reviewer
    _context(shell, "Change Type…").trigger()
    dialog = c.corrections.dialog
    dialog.combo.setCurrentIndex(dialog.combo.findData("typo"))
    _ok(dialog)
    assert w.comments._items["R1.2"].data(COL_TEXT, CHIP_ROLE) == "typo"
    assert fresh(project).comment("R1.2").fine_type == "typo"
    _context(shell, "Change Reviewer…").trigger()
    dialog = c.corrections.dialog
    dialog.combo.setEditText("")
    _ok(dialog)
    assert dialog.isVisible() and dialog.error.text()
    dialog.combo.setEditText("Reviewer 3")
    _ok(dialog)
    groups = [tree.topLevelItem(i).text(COL_TEXT) for i in range(tree.topLevelItemCount())]
    assert "Reviewer 3 · 1" in groups and fresh(project).comment("R1.2").reviewer == "Reviewer 3"

    # split at the sentence break (a cursor at the very start is refused, the dialog stays)
    c.select_comment("R1.3")
    text = c.project.comment("R1.3").text
    _context(shell, "Split Comment…").trigger()
    dialog = c.corrections.dialog
    shot(shell, "app_split_dialog", tmp_path, dialog)
    at = dialog.value()
    assert 0 < at < len(text) and text[at - 2] in ".?"
    dialog.set_position(0)
    _ok(dialog)
    assert dialog.isVisible() and "both parts" in dialog.error.text()
    dialog.set_position(at)
    _ok(dialog)
    split = fresh(project)
    new_id = [x.id for x in split.comments][[x.id for x in split.comments].index("R1.3") + 1]
    assert split.comment("R1.3").text == text[:at].strip() and split.comment(new_id).text == text[at:].strip()
    assert new_id in w.comments._items

    # merge with next, then merge two selected
    c.select_comment("R2.1")
    joined = c.project.comment("R2.1").text + " " + c.project.comment("R2.2").text
    _context(shell, "Merge with Next").trigger()
    assert "R2.2" not in w.comments._items and fresh(project).comment("R2.1").text == joined
    w.comments.tree.clearSelection()
    for cid in ("R1.1", "R1.4"):
        w.comments._items[cid].setSelected(True)
    assert w.comments.selected_ids() == ["R1.1", "R1.4"]
    _context(shell, "Merge Selected").trigger()
    assert "R1.4" not in w.comments._items and "R1.4" not in {x.id for x in fresh(project).comments}

    # delete asks first
    c.select_comment("R2.3")
    assert _context(shell, "Delete Comment").isEnabled()
    keys(qtbot, w, "Shift+Del")  # in the comment list (Delete alone rejects the shown suggestion)
    box = c.corrections.dialog
    assert isinstance(box, QMessageBox) and box.isVisible()
    box.button(QMessageBox.StandardButton.Yes).click()
    assert "R2.3" not in w.comments._items and "R2.3" not in {x.id for x in fresh(project).comments}
    assert c.current_comment in w.comments._items
    shot(shell, "app_comments_corrected", tmp_path)


def test_type_and_confidence_badges_with_tooltips(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, project)
    items = w.comments._items
    assert items["R1.1"].data(COL_TEXT, CHIP_ROLE) == "experiment"
    assert "Asks for a new experiment" in items["R1.1"].toolTip(COL_TEXT)
    assert items["R1.3"].data(COL_TEXT, CHIP_ROLE) == "? explanation"  # 42%: below the threshold
    c.select_comment("R1.1")  # the line over the comment in a reader's words; the internal codes on its tooltip
    r11 = c.project.comment("R1.1")
    facts = w.comment_header.text().split("<br>")[0]
    assert "Reviewer 1 · asks for an experiment" in facts
    assert r11.action not in facts and "direct" not in facts and "· experiment" not in facts
    assert r11.action in w.comment_header.toolTip() and "direct" in w.comment_header.toolTip()
    assert items["R1.1"].text(COL_ACTION) == r11.action  # the action column: no "· indirect"
    c.select_comment("R1.3")
    assert "explanation · 42% sure it is a request" in w.comment_header.text()
    # the status over the comment is written as the list and Coverage write it: "partly addressed (check)"
    w.show_comment(r11, Status.PARTLY)  # as the presenter shows a comment whose status is "partly addressed"
    assert w.comment_header.text().split("<br>")[0].endswith("· partly addressed (check)</span>")
    assert "Redraft is 42% sure this is a request you can act on" in items["R1.3"].toolTip(COL_TEXT)
    assert not items["R2.3"].data(COL_TEXT, CHIP_ROLE) and "not known" in items["R2.3"].toolTip(COL_TEXT)
    assert items["R1.1"].toolTip(COL_ACTION).startswith("Compare: asks you to compare")
    assert "in so many words" in items["R1.1"].toolTip(COL_ACTION)
    assert items["R1.1"].toolTip(COL_STATUS) and items["R1.2"].toolTip(COL_STATUS)
    # the filter menu offers the types present and "low confidence"
    box = w.comments.status_box
    offered = [box.itemText(i) for i in range(box.count())]
    assert "type: experiment" in offered and "type: typo" not in offered and "low confidence" in offered
    box.setCurrentText("type: experiment")
    assert w.comments.visible_ids() == ["R1.1", "R2.1"]
    box.setCurrentText("low confidence")
    assert w.comments.visible_ids() == ["R1.3", "R2.2"]
    box.setCurrentIndex(0)
    c.select_comment("R1.1")
    shot(shell, "app_comment_badges", tmp_path)
