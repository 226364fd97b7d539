"""Small controls the panels and dialogs share: a plain button, the red line that names a problem, a label that
ends in "…" when it has too little room and the status line that shows a hovered command's tip in its place."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel, QPushButton

#: A problem label's ``role`` property: its colour is the theme's (``resources/styles``; #b3261e on the light
#: window was 2.6:1 on the dark one, under the 4.5:1 text needs: trial25).
PROBLEM_ROLE = "problem"


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
    label.setProperty("role", PROBLEM_ROLE)
    label.hide()
    return label


class ElidedLabel(QLabel):
    """A one-line label that shows as much of its text as fits, then "…", with the whole text as its tooltip (a
    narrow link bar cut "1 linked edit" to "1 linked edi")."""

    def __init__(self, text: str = "") -> None:
        super().__init__()
        self._full = ""
        self.setText(text)

    def setText(self, text: str) -> None:  # noqa: N802 (Qt override)
        self._full = text
        self.setToolTip(text)
        self._fit()

    def text(self) -> str:  # the whole text (Qt paints the shown one)
        return self._full

    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt override)
        super().resizeEvent(event)
        self._fit()

    def _fit(self) -> None:
        shown = self.fontMetrics().elidedText(self._full, Qt.TextElideMode.ElideRight, max(0, self.width()))
        super().setText(shown if self.width() > 0 else self._full)


class StatusLine(QLabel):
    """The window's one status line: its text (the project summary, a passing message), and in its place while a
    command is hovered, that command's status tip (``show_tip``). QStatusBar draws its own tips over the widgets it
    holds, and a new-user trial saw "Wrote …letter.docx" and a button's tip printed on top of each other."""

    def __init__(self) -> None:
        super().__init__()
        self._text, self._tip = "", ""

    def setText(self, text: str) -> None:  # noqa: N802 (Qt override)
        """A new text replaces a tip shown (the message after a click on the hovered command is what counts)."""
        self._text, self._tip = text, ""
        super().setText(text)
        self.setToolTip(text)  # whole on hover where the window cuts the line (trial34: a 14 pt font at 1280x800)

    def text(self) -> str:  # the status line's own text, not a tip shown over it
        return self._text

    def show_tip(self, tip: str) -> None:
        """``tip`` in place of the text; an empty tip brings the text back."""
        self._tip = tip
        super().setText(tip or self._text)
