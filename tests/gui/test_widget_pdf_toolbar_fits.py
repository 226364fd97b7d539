"""The PDF pane's toolbar is read whole in a narrow pane or under a large font (trial34: with a 14 pt font at
1280x800 the zoom box's "Fit width" was cut and its "+" hidden past the pane's edge). The zoom controls wrap, as
one group at the right, under the page controls; in a wide pane the toolbar keeps one row."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtGui import QFont
from PySide6.QtWidgets import QWidget

from widgets.pdf_view import PdfView


def _toolbar(qtbot, width: int, points: float) -> PdfView:
    view = PdfView()
    qtbot.addWidget(view)
    font = QFont(view.font())
    font.setPointSizeF(points)
    view.setFont(font)
    view.resize(width, 500)
    view.show()
    qtbot.waitExposed(view)
    qtbot.wait(50)
    return view


def _parts(view: PdfView) -> list[QWidget]:
    direct = Qt.FindChildOption.FindDirectChildrenOnly
    return [w for parent in (view.toolbar, view.zoom_group) for w in parent.findChildren(QWidget, "", direct)
            if w.isVisible() and w is not view.zoom_group]


def test_a_narrow_pane_wraps_the_zoom_controls_whole(qtbot) -> None:
    view = _toolbar(qtbot, 300, 14)
    bar = view.toolbar
    assert view.width() == 300
    for w in _parts(view):
        where = w.geometry().translated(w.parentWidget().mapTo(bar, w.parentWidget().rect().topLeft()))
        assert bar.rect().contains(where), w.toolTip() or type(w).__name__  # inside the pane, not past its edge
        assert w.width() >= w.minimumSizeHint().width()
    assert view.zoom_group.y() > view.page_buttons[0].y()  # the zoom went under the page controls
    assert view.zoom_group.geometry().right() >= bar.width() - 8  # at the right


def test_a_wide_pane_keeps_one_row(qtbot) -> None:
    view = _toolbar(qtbot, 700, 9)
    assert abs(view.zoom_group.geometry().center().y() - view.page_buttons[0].geometry().center().y()) <= 4
    assert view.zoom_group.geometry().right() >= view.toolbar.width() - 8
