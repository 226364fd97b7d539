"""In the dark theme an unticked check box shows its box (trial33: Fusion draws the frame a shade darker than the
window, near black there, so "No change" and "Answered throughout" showed no box at all); in both themes the box's
frame stands out from the window, ticked or not, as much as the light theme's unticked frame does."""

from __future__ import annotations

import pytest
from PySide6.QtGui import QColor
from PySide6.QtWidgets import QCheckBox, QStyle, QStyleOptionButton, QWidget, QVBoxLayout

from tests.gui.widget_helpers import use_theme


def _frame_contrast(box: QCheckBox) -> int:
    """The largest lightness difference between the box's indicator pixels and the window behind it."""
    option = QStyleOptionButton()
    box.initStyleOption(option)
    rect = box.style().subElementRect(QStyle.SubElement.SE_CheckBoxIndicator, option, box)
    image = box.grab().toImage()
    window = box.palette().color(box.backgroundRole()).lightness()
    return max(abs(QColor(image.pixel(x, y)).lightness() - window)
               for x in range(rect.left(), rect.right() + 1) for y in range(rect.top(), rect.bottom() + 1))


@pytest.mark.parametrize("theme", ["dark", "light"])
@pytest.mark.parametrize("ticked", [False, True])
def test_the_box_stands_out_from_the_window(qtbot, theme: str, ticked: bool) -> None:
    use_theme(theme)
    try:
        holder = QWidget()
        layout = QVBoxLayout(holder)
        box = QCheckBox("No change")
        box.setChecked(ticked)
        layout.addWidget(box)
        qtbot.addWidget(holder)
        holder.show()
        qtbot.waitExposed(holder)
        assert _frame_contrast(box) >= 45  # the light theme's unticked frame, which reads well, is 48; dark was 25
    finally:
        use_theme("light")
