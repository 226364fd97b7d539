"""Small dialogs for correcting a comment: its text, where to split it, its reviewer or type.

Each takes an ``on_submit(value)`` that returns an error message (or None when done): on an error
the dialog stays open with the author's text and says what is wrong; it closes only on success."""

from __future__ import annotations

import re
from collections.abc import Callable
from html import escape

from PySide6.QtCore import Qt
from PySide6.QtGui import QTextCursor
from PySide6.QtWidgets import (
    QComboBox, QDialog, QDialogButtonBox, QLabel, QPlainTextEdit, QTextEdit, QVBoxLayout, QWidget,
)

from widgets.controls import problem_label

Submit = Callable[[object], "str | None"]


class _Dialog(QDialog):
    def __init__(self, title: str, prompt: str, on_submit: Submit, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.setWindowTitle(title)
        self.setAccessibleName(title)
        self._on_submit = on_submit
        self.prompt = QLabel(prompt)
        self.prompt.setWordWrap(True)
        self.error = problem_label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        self.layout_ = QVBoxLayout(self)
        self.layout_.addWidget(self.prompt)

    def _finish(self) -> None:
        self.layout_.addWidget(self.error)
        self.layout_.addWidget(self.buttons)

    def value(self) -> object:
        raise NotImplementedError

    def accept(self) -> None:
        problem = self._on_submit(self.value())
        if problem:
            self.error.setText(problem)
            self.error.show()
            return  # the dialog and what the author typed stay
        super().accept()


class TextDialog(_Dialog):
    """Edit a comment's text."""

    def __init__(self, title: str, prompt: str, text: str, on_submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__(title, prompt, on_submit, parent)
        self.editor = QPlainTextEdit(text)
        self.editor.setAccessibleName("Comment text")
        self.layout_.addWidget(self.editor, 1)
        self._finish()
        self.resize(560, 300)

    def value(self) -> str:
        return self.editor.toPlainText()


class SplitDialog(_Dialog):
    """Split a comment: the cursor (placed at the sentence nearest the middle) marks where the second starts."""

    def __init__(self, text: str, on_submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__("Split comment", "Put the cursor where the second comment starts "
                         "(it starts at the sentence nearest the middle).", on_submit, parent)
        self.editor = QPlainTextEdit(text)
        self.editor.setAccessibleName("Comment text")
        self.editor.setReadOnly(True)  # the offsets index the comment's text: it is not edited here
        flags = self.editor.textInteractionFlags() | Qt.TextInteractionFlag.TextSelectableByKeyboard
        self.editor.setTextInteractionFlags(flags)
        self.layout_.addWidget(self.editor, 1)
        self.preview = QLabel("")
        self.preview.setAccessibleName("The two comments")
        self.preview.setWordWrap(True)
        self.layout_.addWidget(self.preview)
        self.editor.cursorPositionChanged.connect(self._show_parts)
        self._finish()
        self.set_position(sentence_break(text))
        self._show_parts()
        self.resize(560, 300)

    def set_position(self, position: int) -> None:
        cursor = self.editor.textCursor()
        cursor.setPosition(max(0, min(position, len(self.editor.toPlainText()))))
        self.editor.setTextCursor(cursor)

    def value(self) -> int:
        return self.editor.textCursor().position()

    def _show_parts(self) -> None:
        """The two comments the split makes, and the second one selected in the text."""
        text, at = self.editor.toPlainText(), self.value()
        first, second = text[:at].strip(), text[at:].strip()
        self.preview.setText(f"<b>1.</b> {escape(_short(first)) or '<i>(nothing)</i>'}<br>"
                             f"<b>2.</b> {escape(_short(second)) or '<i>(nothing)</i>'}")
        mark = QTextEdit.ExtraSelection()
        mark.cursor = QTextCursor(self.editor.document())
        mark.cursor.setPosition(at)
        mark.cursor.movePosition(QTextCursor.MoveOperation.End, QTextCursor.MoveMode.KeepAnchor)
        mark.format.setBackground(self.palette().highlight().color().lighter(170))
        self.editor.setExtraSelections([mark])


class ChoiceDialog(_Dialog):
    """Choose one of ``choices`` (``(value, label)`` pairs); ``editable`` lets the author type a new value."""

    def __init__(self, title: str, prompt: str, choices: list[tuple[str, str]], current: str, on_submit: Submit,
                 editable: bool = False, parent: QWidget | None = None) -> None:
        super().__init__(title, prompt, on_submit, parent)
        self.combo = QComboBox()
        self.combo.setAccessibleName(title)
        self.combo.setEditable(editable)
        for value, label in choices:
            self.combo.addItem(label, value)
        index = self.combo.findData(current)
        if index >= 0:
            self.combo.setCurrentIndex(index)
        elif editable:
            self.combo.setEditText(current)
        self.layout_.addWidget(self.combo)
        self._finish()

    def value(self) -> str:
        index = self.combo.currentIndex()
        if self.combo.isEditable() and (index < 0 or self.combo.currentText() != self.combo.itemText(index)):
            return self.combo.currentText().strip()
        return str(self.combo.itemData(index)) if index >= 0 else ""


class AddCommentDialog(_Dialog):
    """A comment the extraction missed: who wrote it (one of the reviewers, or a new name) and its text."""

    def __init__(self, reviewers: list[str], current: str, on_submit: Submit, parent: QWidget | None = None) -> None:
        super().__init__("Add comment", "A request the reviews make that is not in the list: paste or type it, "
                         "and say which reviewer wrote it.", on_submit, parent)
        self.reviewer = QComboBox()
        self.reviewer.setAccessibleName("Reviewer")
        self.reviewer.setEditable(True)
        self.reviewer.addItems(reviewers)
        self.reviewer.setEditText(current)
        self.editor = QPlainTextEdit()
        self.editor.setAccessibleName("Comment text")
        self.editor.setPlaceholderText("the reviewer's words")
        self.layout_.addWidget(self.reviewer)
        self.layout_.addWidget(self.editor, 1)
        self._finish()
        self.resize(560, 300)

    def value(self) -> tuple[str, str]:
        return self.reviewer.currentText().strip(), self.editor.toPlainText()


def _short(text: str, width: int = 90) -> str:
    return text if len(text) <= width else text[: width - 1] + "…"


def sentence_break(text: str) -> int:
    """The start of the sentence nearest the middle of ``text`` (the middle when it is one sentence)."""
    starts = [m.end() for m in re.finditer(r"[.!?;:]\s+", text) if m.end() < len(text.rstrip())]
    if not starts:
        return len(text) // 2
    return min(starts, key=lambda s: abs(s - len(text) / 2))

