"""What three trials of session 26 left in the app (polish21): the title's edit explained as a title, Ctrl+1…5 giving
the view its focus, the suggestion card showing its focus, the comment list readable at 1366 × 768."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.revision import EditType, diff_documents
from engine.revision.compare import is_title_edit
from tests.engine.built_revisions import PROSE
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)
from widgets.glossary import edit_header_tip


def _title_edit(tmp_path: Path, new_title: str):
    for name, title in (("old.md", "Noise in speech models"), ("new.md", new_title)):
        (tmp_path / name).write_text(f"# {title}\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:3]) + "\n")
    diff = diff_documents(load_document(tmp_path / "old.md"), load_document(tmp_path / "new.md"))
    return next(e for e in diff.edits if is_title_edit(e))


def test_a_title_edit_is_explained_as_the_title(tmp_path: Path) -> None:
    """title20: the diff header's tooltip called the title "the paragraph" ("major: the paragraph was rewritten in
    substance", "title: the paragraph of the revised version")."""
    major = _title_edit(tmp_path, "Coloured noise in speech models")
    assert major.type is EditType.MAJOR
    for side in ("old", "new"):
        tip = edit_header_tip(major, side)
        assert "paragraph" not in tip, tip
        assert "title's words changed" in tip and major.id in tip
        assert ("title in the draft" if side == "old" else "title in the revised version") in tip
    minor = _title_edit(tmp_path, "Noise in Speech Models")
    assert minor.type is EditType.MINOR
    assert "only the title's case" in edit_header_tip(minor) and "paragraph" not in edit_header_tip(minor)


def _open_demo(qtbot, shell) -> None:
    from desktop.app import open_demo

    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        open_demo(shell)


def test_ctrl_1_to_5_give_the_view_the_focus(qtbot, shell) -> None:
    """trial25: Ctrl+1…5 switched the tab and left the focus where it was (the comment list, the response box)."""
    from desktop.main_window import TABS
    from desktop.view_focus import main_widget

    _open_demo(qtbot, shell)
    w = shell.window
    w.response.text.setFocus()
    qtbot.waitUntil(w.response.text.hasFocus)
    for name, action in zip(TABS, w.commands.views):
        if name not in w.available_views:
            continue
        action.trigger()
        assert w.tabs.currentIndex() == TABS.index(name)
        target = main_widget(w, name)
        assert target is not None and w.tabs.currentWidget().isAncestorOf(target), name
        qtbot.waitUntil(target.hasFocus)
        assert not w.response.text.hasFocus()
    w.commands.show_diff.trigger()
    qtbot.waitUntil(w.diff.new_pane.hasFocus)  # the revised side of the diff: arrows and Page Down scroll it


def test_tab_to_the_suggestion_card_shows_the_focus(qtbot, shell) -> None:
    """trial25: Tab to the suggestion card (its text area: a scroll area with no frame) changed no pixel of it."""
    from PySide6.QtCore import Qt

    shell.app.setCursorFlashTime(0)
    _open_demo(qtbot, shell)
    w = shell.window
    w.activateWindow()
    qtbot.waitUntil(lambda: shell.app.activeWindow() is w)
    w.comments.tree.setFocus()
    card = w.suggestion
    for _ in range(30):  # Tab, as the author does: Qt draws keyboard focus only after a focus key
        qtbot.keyClick(shell.app.focusWidget(), Qt.Key.Key_Tab)
        now = shell.app.focusWidget()
        if now is card:  # the card's text area: the card holds the focus (its keys act on the suggestion)
            break
    else:
        raise AssertionError("Tab never reached the suggestion card")
    rect = card.rect().translated(card.mapTo(w, card.rect().topLeft()))
    qtbot.wait(50)
    focused = w.grab(rect).toImage()
    w.comments.tree.setFocus()  # the focus elsewhere, nothing else of the card focused
    qtbot.waitUntil(lambda: not card.hasFocus())
    qtbot.wait(50)
    after = w.grab(rect).toImage()
    changed = sum(focused.pixel(x, y) != after.pixel(x, y) for y in range(after.height()) for x in range(after.width()))
    assert changed > max(rect.width(), rect.height()), (now, changed)  # a frame's worth, not a cursor's


def _shown_characters(tree, item) -> int:
    """How many characters of a comment row's text the cell has room for, over the lines it is drawn on."""
    from widgets.comment_list import COL_TEXT

    rect = tree.visualItemRect(item)
    lines = max(1, round((rect.height() - 6) / tree.fontMetrics().lineSpacing()))
    room = tree.columnWidth(COL_TEXT) - tree.indentation() - 12 - 90  # the id's indentation, margins, type chip
    return lines * room // tree.fontMetrics().averageCharWidth()


def test_the_comment_list_is_readable_at_1366_by_768(qtbot, shell) -> None:
    """trial25: at 1366 × 768 the list showed ten to twenty characters of each comment beside its two badges. A
    narrow list now gives each comment two lines (the whole text stays on the tooltip); a wide one keeps one."""
    from PySide6.QtWidgets import QApplication

    _open_demo(qtbot, shell)
    w = shell.window
    tree = w.comments.tree
    for size, lines in (((1366, 768), 2), ((1920, 1080), 1)):
        w.resize(*size)
        qtbot.waitUntil(lambda s=size: (w.width(), w.height()) == s)
        for _ in range(5):
            QApplication.processEvents()
        qtbot.wait(20)
        items = [tree.topLevelItem(i).child(j) for i in range(tree.topLevelItemCount())
                 for j in range(tree.topLevelItem(i).childCount())]
        assert items
        line = tree.fontMetrics().lineSpacing()
        for item in items:
            height = tree.visualItemRect(item).height()
            assert (height >= 2 * line) == (lines == 2), (size, item.text(0), height, line)
            assert item.toolTip(0)  # the whole comment, on hover
        if lines == 2:
            assert min(_shown_characters(tree, i) for i in items) >= 40


def test_the_coverage_edits_are_not_cut_in_a_narrow_window(qtbot, shell) -> None:
    """trial25: in a 1200-pixel window the Coverage table scrolled sideways and its Edits column was cut on the right;
    the comment column now gives way (its text wraps, the whole comment on its tooltip) before the table scrolls."""
    from PySide6.QtWidgets import QApplication

    from widgets.coverage_table import COMMENT, EDITS

    _open_demo(qtbot, shell)
    w = shell.window
    for width in (1200, 1366, 1920):
        w.resize(width, 768)
        w.show_tab("coverage")
        qtbot.waitUntil(lambda x=width: w.width() == x)
        for _ in range(5):
            QApplication.processEvents()
        qtbot.wait(120)  # the table lays its columns out on a timer
        tree = w.coverage.tree
        bar = tree.horizontalScrollBar()
        assert bar.maximum() == 0, (width, tree.viewport().width(), [tree.columnWidth(i) for i in range(4)])
        assert tree.columnWidth(EDITS) >= 160 and tree.columnWidth(COMMENT) >= 150
