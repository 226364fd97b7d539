"""The response pane's boxes and buttons are read whole in a narrow pane or under a large font (trial34: with a
14 pt system font at 1280x800, "Use suggestion" read "e suggesti" and "Answered throughout" lost its end, the row
squeezed below what its words need). They wrap onto a second line instead; in a wide pane they keep one row."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtGui import QFont

from widgets.response_editor import ResponseEditor


def _parts(editor: ResponseEditor) -> list:
    return [editor.no_change, editor.throughout, editor.save_button, editor.use_button, editor.revert_button]


def _shown(qtbot, width: int, height: int, points: float) -> ResponseEditor:
    editor = ResponseEditor()
    qtbot.addWidget(editor)
    font = QFont(editor.font())
    font.setPointSizeF(points)
    editor.setFont(font)
    editor.resize(width, height)
    editor.show()
    qtbot.waitExposed(editor)
    qtbot.wait(100)  # the least height set from the width lays the rows out once more
    return editor


def test_a_large_font_in_a_narrow_pane_wraps_instead_of_cutting(qtbot, tmp_path: Path) -> None:
    editor = _shown(qtbot, 290, 150, 14)  # short too: the wrapped rows take their height, never drawn over
    qtbot.waitUntil(lambda: editor.save_button.width() > 0)
    editor.grab().save(str(tmp_path / "response-14pt-290px.png"))
    assert editor.minimumSizeHint().width() <= 290 and editor.width() == 290  # it takes the width it is given
    boxes = [(w, w.geometry()) for w in _parts(editor)]
    for w, g in boxes:
        assert g.width() >= w.sizeHint().width(), w.text()  # every word of its label drawn
        assert editor.rect().contains(g), w.text()  # inside the pane
    for i, (a, ga) in enumerate(boxes):
        assert not any(ga.intersects(gb) for _, gb in boxes[i + 1:]), a.text()  # nothing drawn over another
    both = editor.no_change.sizeHint().width() + 12 + editor.throughout.sizeHint().width()
    assert (editor.throughout.y() > editor.no_change.y()) == (both > 290 - 24)  # the second box wraps if it must
    assert editor.height() >= editor.minimumHeight() > 150  # the pane asked for the height the rows need


def test_a_wide_pane_keeps_one_row_each(qtbot) -> None:
    editor = _shown(qtbot, 520, 300, 9)
    qtbot.waitUntil(lambda: editor.save_button.width() > 0)
    assert editor.throughout.y() == editor.no_change.y()
    assert editor.save_button.y() == editor.use_button.y() == editor.revert_button.y()
    assert editor.revert_button.geometry().right() > editor.width() - 30  # Revert at the right edge, as before
