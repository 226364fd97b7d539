"""The link bar, the edit picker and the comment dialogs, built from the demo's real diff and comments."""

from __future__ import annotations

import dataclasses

from PySide6.QtWidgets import QDialogButtonBox

from tests.gui.widget_helpers import demo_comments, demo_diff, save_shot, use_theme
from widgets.badges import CHIP_ROLE
from widgets.comment_dialogs import ChoiceDialog, SplitDialog, TextDialog, sentence_break
from widgets.comment_list import COL_TEXT, CommentList
from widgets.edit_picker import EditPicker
from widgets.link_bar import LinkBar


def test_link_bar_offers_what_fits_the_link(qtbot) -> None:
    bar = LinkBar()
    qtbot.addWidget(bar)
    bar.show()
    bar.show_link("e3", "aligned", 2)
    assert bar.confirm_button.isEnabled() and bar.reject_button.isEnabled() and not bar.add_button.isVisible()
    assert bar.summary.text() == "2 links" and "e3" in bar.chip.toolTip()
    with qtbot.waitSignal(bar.sig_link_confirmed) as confirmed:
        bar.confirm_button.click()
    assert confirmed.args == ["e3"]
    bar.show_link("e3", "confirmed", 2)
    assert not bar.confirm_button.isEnabled() and bar.chip.text() == "✓ confirmed by you"
    bar.show_link("e5", "unlinked", 0)
    assert bar.add_button.isVisible() and not bar.reject_button.isEnabled()
    with qtbot.waitSignal(bar.sig_link_added) as added:
        bar.add_button.click()
    assert added.args == ["e5"] and bar.summary.text() == "No edit linked to this comment"
    # a suggestion too weak to count (a new-user trial read "suggested by Redraft · 1 linked edit" under a comment
    # the list called not addressed): said so, and still confirmable
    bar.show_link("e7", "closest", 0, closest=1)
    assert bar.chip.text() == "closest edit · not counted" and bar.confirm_button.isEnabled()
    assert bar.summary.text() == "1 closest, not counted"
    bar.show_link("e7", "aligned", 1, closest=2)
    assert bar.summary.text() == "1 link · 2 closest, not counted"
    bar.show_link(None, None, 0, enabled=False)
    assert not bar.isVisible()


def test_link_bar_summary_is_whole_in_the_diff_pane_of_a_1280_pixel_window(qtbot, tmp_path) -> None:
    """A new-user trial (round 8) read "1 link · 2 closest, n…" at 1280×800: where the one row does not fit the
    diff pane (44% of the window), the summary goes under the chip, whole, and the buttons stay beside them."""
    from PySide6.QtWidgets import QLabel, QVBoxLayout, QWidget

    use_theme("light")
    pane = QWidget()
    qtbot.addWidget(pane)
    bar = LinkBar()
    column = QVBoxLayout(pane)
    column.setContentsMargins(0, 0, 0, 0)
    column.addWidget(bar)
    column.addStretch(1)
    pane.resize(563, 200)
    pane.show()
    qtbot.waitExposed(pane)
    for linked, closest, state in ((1, 2, "aligned"), (12, 3, "aligned"), (0, 1, "closest")):
        bar.show_link("e7", state, linked, closest=closest)
        qtbot.waitUntil(lambda: bar.stacked)
        qtbot.wait(50)
        shown = QLabel.text(bar.summary)  # what is painted (ElidedLabel.text is the whole text)
        assert shown == bar.summary.text() and "…" not in shown, shown
        assert bar.summary.geometry().top() >= bar.chip.geometry().bottom()  # under the chip
        assert bar.summary.height() >= bar.summary.fontMetrics().height()
        assert bar.pick_button.geometry().right() <= bar.width()  # every button in the pane
    save_shot(pane, "widget_link_bar_1280", tmp_path)
    bar.show_link("e7", "confirmed", 2)  # a short summary keeps the one row
    qtbot.waitUntil(lambda: bar.stacked is False)
    assert QLabel.text(bar.summary) == "2 links"
    pane.resize(1100, 200)  # a wide pane: the one row again
    bar.show_link("e7", "aligned", 1, closest=2)
    qtbot.waitUntil(lambda: bar.stacked is False)
    assert QLabel.text(bar.summary) == "1 link · 2 closest, not counted"


def test_edit_picker_lists_snippets_and_skips_linked_edits(qtbot, tmp_path) -> None:
    use_theme("light")
    edits = demo_diff().changed_edits()
    picked: list[str] = []
    picker = EditPicker(edits, {edits[0].id}, picked.append, "R1.1", places={edits[1].id: "2 Method, p. 3"})
    qtbot.addWidget(picker)
    picker.show()
    # what a person reads: the kind of change, where it is, what changed; the id only on the tooltip
    assert picker.list.item(1).text().startswith(f"{edits[1].type.value} · 2 Method, p. 3\n")
    assert all(e.id not in picker.list.item(i).text() for i, e in enumerate(edits))
    assert edits[1].id in picker.list.item(1).toolTip()
    assert picker.chosen_id == edits[1].id  # the first one not linked yet
    assert "already linked" in picker.list.item(0).text()
    picker.filter_box.setText("zzz-nothing")
    assert not picker.buttons.button(QDialogButtonBox.StandardButton.Ok).isEnabled()
    picker.filter_box.clear()
    picker.choose(edits[-1].id)
    save_shot(picker, "widget_edit_picker", tmp_path)
    picker.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert picked == [edits[-1].id] and not picker.isVisible()


def test_dialogs_keep_the_text_on_a_bad_input(qtbot) -> None:
    answers = iter(["Needs some text.", None])
    got: list[object] = []
    dialog = TextDialog("Edit", "Text:", "old", lambda v: got.append(v) or next(answers))
    qtbot.addWidget(dialog)
    dialog.show()
    dialog.editor.setPlainText("my careful rewrite")
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert dialog.isVisible() and dialog.error.text() == "Needs some text."
    assert dialog.editor.toPlainText() == "my careful rewrite"
    dialog.buttons.button(QDialogButtonBox.StandardButton.Ok).click()
    assert not dialog.isVisible() and got == ["my careful rewrite"] * 2

    text = "First request here. Second one is longer than the first. Third."
    assert text[sentence_break(text):].startswith("Second")
    split = SplitDialog(text, lambda at: None)
    qtbot.addWidget(split)
    assert split.value() == sentence_break(text) and "2.</b> Second" in split.preview.text()
    choice = ChoiceDialog("Reviewer", "Who?", [("R1", "R1")], "R1", lambda v: None, editable=True)
    qtbot.addWidget(choice)
    assert choice.value() == "R1"
    choice.combo.setEditText("Reviewer 4")
    assert choice.value() == "Reviewer 4"


def test_comment_list_type_badges_and_tooltips(qtbot, tmp_path) -> None:
    use_theme("light")
    comments = [dataclasses.replace(c, fine_type="explanation", confidence=0.9) for c in demo_comments()]
    comments[0] = dataclasses.replace(comments[0], fine_type="experiment", confidence=0.95)
    comments[1] = dataclasses.replace(comments[1], fine_type="typo", confidence=0.3)
    view = CommentList()
    qtbot.addWidget(view)
    view.set_comments(comments, {c.id: "addressed" for c in comments})
    view.resize(360, 300)
    view.show()
    first, second = view._items[comments[0].id], view._items[comments[1].id]
    assert first.data(COL_TEXT, CHIP_ROLE) == "experiment" and "Asks for a new experiment" in first.toolTip(COL_TEXT)
    assert second.data(COL_TEXT, CHIP_ROLE) == "? typo" and "30% sure" in second.toolTip(COL_TEXT)
    save_shot(view, "widget_comment_list_types", tmp_path)
    view.status_box.setCurrentText("type: typo")
    assert view.visible_ids() == [comments[1].id]


def test_a_narrow_bar_ends_its_summary_in_an_ellipsis(qtbot) -> None:
    """At 1200 pixels the app's bar cut "1 linked edit" to "1 linked edi": it says "1 link" now, ends in "…" when
    even that does not fit, and says it in full in its tooltip. (Since round 8 a bar too narrow for its one row
    puts the summary under the chip first: only a bar narrower still, 20 pixels over its least, cuts it.)"""
    from PySide6.QtWidgets import QLabel

    bar = LinkBar()
    qtbot.addWidget(bar)
    bar.show_link("e3", "confirmed", 1, closest=2)
    bar.resize(bar.minimumSizeHint().width() + 20, bar.sizeHint().height())
    bar.show()
    qtbot.waitExposed(bar)
    shown = QLabel.text(bar.summary)
    assert bar.summary.text() == "1 link · 2 closest, not counted"
    assert bar.summary.toolTip() == ("1 edit linked to this comment, counted in its status; 2 closest edits, too weak "
                                     "to count")
    assert shown.endswith("…") and len(shown) < len(bar.summary.text())
    bar.resize(1400, bar.sizeHint().height())
    qtbot.waitUntil(lambda: QLabel.text(bar.summary) == bar.summary.text())


def test_the_edit_picker_says_what_changed_and_filters_on_both_versions(qtbot) -> None:
    """From a new-user trial: edits were listed by their paragraph's first words, the filter read only those, and
    after filtering to one edit Enter linked nothing. Each row says what changed now; the filter reads both versions'
    whole text (a reviewer's quoted words), and the first row left is chosen."""
    from PySide6.QtCore import Qt

    use_theme("light")
    edits = demo_diff().changed_edits()
    replaced = next(e for e in edits if any(s.op == "delete" for s in e.diff) and any(s.op == "insert" for s in e.diff))
    deleted = next(s.text.strip() for s in replaced.diff if s.op == "delete" and len(s.text.split()) >= 1)
    picked: list[str] = []
    picker = EditPicker(edits, set(), picked.append, "R1.1")
    qtbot.addWidget(picker)
    picker.show()
    row = next(i for i in range(picker.list.count()) if picker.list.item(i).data(Qt.ItemDataRole.UserRole) == replaced.id)
    assert "→" in picker.list.item(row).text() or "removed" in picker.list.item(row).text()
    picker.choose(edits[0].id if edits[0].id != replaced.id else edits[1].id)
    picker.filter_box.setText(deleted)  # words only the old version holds
    assert picker.chosen_id == replaced.id
    qtbot.keyClick(picker.filter_box, Qt.Key.Key_Return)
    assert picked == [replaced.id]
