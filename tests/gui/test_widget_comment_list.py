"""CommentList on the real comments of the demo reviews."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QGuiApplication

from engine.align.status import Assessment, Status
from tests.gui.widget_helpers import demo_comments, save_shot, use_theme
from widgets.badges import CHIP_ROLE, KEY_ROLE
from widgets.comment_list import COL_ACTION, COL_STATUS, CommentList


def _statuses() -> dict[str, str]:
    ids = [c.id for c in demo_comments()]
    return {cid: ("not addressed" if i % 3 == 2 else "addressed") for i, cid in enumerate(ids)}


def test_comment_list_groups_filters_and_selects(qtbot, tmp_path) -> None:
    use_theme("light")
    comments = list(demo_comments())
    view = CommentList()
    qtbot.addWidget(view)
    view.set_comments(comments, _statuses())
    view.resize(560, 290)
    view.show()
    reviewers = list(dict.fromkeys(c.reviewer for c in comments))
    assert view.tree.topLevelItemCount() == len(reviewers) == 2
    first = view.tree.topLevelItem(0)
    assert first.text(0) == f"Reviewer 1 · {sum(c.reviewer == 'Reviewer 1' for c in comments)}"
    assert first.child(0).text(COL_ACTION) == comments[0].action
    assert first.child(2).text(COL_STATUS) == "not addressed"

    # keyboard: Down from the filter box enters the list, Down again moves on
    view.filter_box.setFocus()
    with qtbot.waitSignal(view.sig_comment_selected) as blocker:
        qtbot.keyClick(view.filter_box, Qt.Key.Key_Down)
    assert blocker.args == [comments[0].id]
    with qtbot.waitSignal(view.sig_comment_selected) as blocker:
        qtbot.keyClick(view.tree, Qt.Key.Key_Down)
    assert blocker.args == [comments[1].id]
    with qtbot.waitSignal(view.sig_comment_activated) as blocker:
        qtbot.keyClick(view.tree, Qt.Key.Key_Return)
    assert blocker.args == [comments[1].id]
    qtbot.keySequence(view.tree, "Ctrl+C")
    assert QGuiApplication.clipboard().text() == comments[1].full_text
    save_shot(view, "comment_list", tmp_path)
    view.resize(300, 290)  # a narrow sidebar keeps the text and the badge, drops the action column
    assert view.tree.isColumnHidden(COL_ACTION) and not view.tree.isColumnHidden(COL_STATUS)
    save_shot(view, "comment_list_narrow", tmp_path)
    view.resize(700, 290)
    assert not view.tree.isColumnHidden(COL_ACTION)

    # filters: words and status
    view.filter_box.setText("latency")
    assert set(view.visible_ids()) == {c.id for c in comments if "latency" in c.text.lower()}
    view.filter_box.clear()
    view.status_box.setCurrentText("not addressed")
    assert view.visible_ids() == [cid for cid, s in _statuses().items() if s == "not addressed"]
    # selecting a hidden comment clears the filters and emits
    hidden = next(cid for cid, s in _statuses().items() if s == "addressed" and cid != view.selected_id)
    with qtbot.waitSignal(view.sig_comment_selected) as blocker:
        view.select_comment(hidden)
    assert blocker.args == [hidden] and view.status_box.currentText() == "All"
    view.set_statuses({hidden: "not addressed"})
    assert view.tree.currentItem().text(COL_STATUS) == "not addressed"


def test_badges_say_the_engine_status_with_confidence_in_the_tooltip(qtbot) -> None:
    """An ``Assessment`` (engine/align/status.py) per comment: the badge says its status in a word or two, the
    tooltip in plain words with how sure Redraft is (not when the author said so); the filter offers the
    statuses present by their full names."""
    comments = list(demo_comments())
    ids = [c.id for c in comments]
    view = CommentList()
    qtbot.addWidget(view)
    view.set_comments(comments, {ids[0]: Assessment(ids[0], Status.PARTLY, probability=0.46),
                                 ids[1]: Assessment(ids[1], Status.CONFIRMED, probability=0.3),
                                 ids[2]: Assessment(ids[2], Status.NO_EVIDENCE, probability=0.0)})
    items = view._items
    assert [items[cid].text(COL_STATUS) for cid in ids[:4]] == ["partly (check)", "✓ addressed", "no evidence", "unknown"]
    assert view.status_of(ids[0]) == "partly addressed" and view.status_of(ids[1]) == "confirmed addressed"
    assert "Redraft is 46% sure the revision addresses it" in items[ids[0]].toolTip(COL_STATUS)
    assert "confirmed" in items[ids[1]].toolTip(COL_STATUS) and "% sure" not in items[ids[1]].toolTip(COL_STATUS)
    assert items[ids[0]].data(COL_STATUS, KEY_ROLE) == "open" and items[ids[1]].data(COL_STATUS, KEY_ROLE) == "addressed"
    choices = [view.status_box.itemText(i) for i in range(view.status_box.count())]
    assert choices[:5] == ["All", "no evidence", "unknown", "partly addressed", "confirmed addressed"]  # STATUSES order
    view.status_box.setCurrentText("partly addressed")
    assert view.visible_ids() == [ids[0]]
    view.status_box.setCurrentIndex(0)
    view.filter_box.setText("confirmed")  # the words filter reads the full status too
    assert view.visible_ids() == [ids[1]]


def test_a_narrow_list_keeps_each_comments_id_whole_before_its_type_chip(qtbot) -> None:
    """The type chip gives way before the id does: in the PDF tab's narrow list (a quarter of a 1280-pixel window) a
    new-user trial read "R1.…" on every row, the chip painted beside it. Wherever a chip is painted, the text left
    beside it still shows the whole id."""
    from PySide6.QtGui import QFontMetrics
    from PySide6.QtWidgets import QStyleOptionViewItem

    use_theme("light")
    comments = list(demo_comments())
    view = CommentList()
    qtbot.addWidget(view)
    view.set_comments(comments, _statuses())
    view.show()
    delegate = view.tree.itemDelegateForColumn(0)
    items = [view.tree.topLevelItem(g).child(i) for g in range(view.tree.topLevelItemCount())
             for i in range(view.tree.topLevelItem(g).childCount())]

    def chips(width: int) -> list[bool]:
        view.resize(width, 400)
        qtbot.wait(10)
        shown = []
        for item in items:
            index = view.tree.indexFromItem(item, 0)
            option = QStyleOptionViewItem()
            option.font, option.rect = view.tree.font(), view.tree.visualRect(index)
            fits = delegate.chip_fits(option, index)
            if fits:  # the text beside the chip, elided as the view elides it, keeps the id
                chip = QFontMetrics(option.font).horizontalAdvance(item.data(0, CHIP_ROLE)) + 18
                room = option.rect.width() - chip - 12
                shown_text = QFontMetrics(option.font).elidedText(item.text(0), Qt.TextElideMode.ElideRight, room)
                assert shown_text.startswith(item.data(0, Qt.ItemDataRole.UserRole)), (width, shown_text)
            shown.append(fits)
        return shown

    assert all(chips(700))  # a wide list shows every chip
    narrow = [chips(w) for w in range(200, 420, 20)]
    assert not all(narrow[0])  # and the narrowest drops them rather than the ids


def test_a_filter_that_leaves_no_comment_says_so(qtbot) -> None:
    """trial33: Ctrl+F with words no comment holds left a blank list that said nothing."""
    use_theme("light")
    view = CommentList()
    qtbot.addWidget(view)
    view.set_comments(list(demo_comments()), _statuses())
    view.show()
    assert view.no_match.isHidden()
    view.filter_box.setText("quixotic marmalade")
    assert view.visible_ids() == [] and view.no_match.isVisible()
    assert "No comment matches \u201cquixotic marmalade\u201d" in view.no_match.text()
    assert "Add Comment" in view.no_match.text()
    view.filter_box.clear()
    assert view.visible_ids() and view.no_match.isHidden()
