"""A check box's box is seen in both themes (trial34: in the dark theme Fusion outlined "No change" and "Answered
throughout" in the window colour darkened, so the empty boxes could not be seen at all; at 2x scale too). The box
is drawn and its pixels compared with the window behind it; switching back to the light theme gives the light
outline again."""

from __future__ import annotations

import pytest
from PySide6.QtCore import QPoint
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QApplication, QCheckBox, QRadioButton, QStyle, QStyleOptionButton

from widgets.palette import apply_theme


def _edge_contrast(box) -> int:
    """The most any pixel of the box's indicator differs in lightness from the window colour around it."""
    option = QStyleOptionButton()
    box.initStyleOption(option)
    element = (QStyle.SubElement.SE_CheckBoxIndicator if isinstance(box, QCheckBox)
               else QStyle.SubElement.SE_RadioButtonIndicator)
    rect = box.style().subElementRect(element, option, box)
    image = box.grab().toImage()
    ratio = image.devicePixelRatio()
    behind = QApplication.palette().color(QApplication.palette().ColorRole.Window).lightness()
    return max(abs(QColor(image.pixel(QPoint(int(x * ratio), int(y * ratio)))).lightness() - behind)
               for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1))


@pytest.mark.parametrize("kind", [QCheckBox, QRadioButton])
def test_an_empty_box_is_seen_in_the_dark_theme_and_the_light(qtbot, kind) -> None:
    app = QApplication.instance()
    try:
        apply_theme(app, "dark")
        box = kind("No change")
        qtbot.addWidget(box)
        box.show()
        qtbot.waitExposed(box)
        assert _edge_contrast(box) >= 40  # before: 10 (radio: 11), the outline as dark as the window; now 83 (115)
        apply_theme(app, "light")
        assert app.palette(box).color(app.palette().ColorRole.Window) == QColor("#f5f6f8")
        assert _edge_contrast(box) >= 40
    finally:
        apply_theme(app, "light")
