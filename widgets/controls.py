"""Small controls the panels and dialogs share: a plain button and the red line that names a problem."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QLabel, QPushButton

#: The colour of a problem named in a dialog or panel (readable on the light and the dark theme).
PROBLEM_COLOUR = "#b3261e"


def plain_button(text: str, tip: str, slot: Callable[[], object]) -> QPushButton:
    """A button that is never the default (Enter does not press it), with its tip read aloud too."""
    button = QPushButton(text)
    button.setToolTip(tip)
    button.setAccessibleName(text)
    button.setAccessibleDescription(tip)
    button.setAutoDefault(False)
    button.clicked.connect(lambda _=False: slot())
    return button


def problem_label() -> QLabel:
    """A hidden, wrapping red line for what is wrong with the input; shown with a text."""
    label = QLabel("")
    label.setAccessibleName("Problem")
    label.setWordWrap(True)
    label.setStyleSheet(f"color: {PROBLEM_COLOUR};")
    label.hide()
    return label
