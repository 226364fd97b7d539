"""A read-only (or editable) text box that highlights ``[[RESULT: ...]]`` placeholders."""

from __future__ import annotations

from PySide6.QtCore import QEvent, Qt
from PySide6.QtGui import QColor, QFont, QKeySequence, QSyntaxHighlighter, QTextCharFormat
from PySide6.QtWidgets import QApplication, QPlainTextEdit, QWidget

from engine.generate.placeholders import CANONICAL
from widgets.palette import colors_for


class PlaceholderHighlighter(QSyntaxHighlighter):
    def __init__(self, editor: QPlainTextEdit) -> None:
        super().__init__(editor.document())
        self.editor = editor
        self.ranges: list[tuple[int, int]] = []  # (block position + start, length) of the last pass

    def highlightBlock(self, text: str) -> None:
        colors = colors_for(self.editor)
        fmt = QTextCharFormat()
        fmt.setBackground(QColor(colors.placeholder_bg))
        fmt.setForeground(QColor(colors.placeholder_fg))
        fmt.setFontWeight(QFont.Weight.DemiBold)
        for m in CANONICAL.finditer(text):
            self.setFormat(m.start(), m.end() - m.start(), fmt)

    def placeholder_spans(self) -> list[tuple[int, int]]:
        """(start, end) of every placeholder in the whole text (what is painted)."""
        return [(m.start(), m.end()) for m in CANONICAL.finditer(self.editor.toPlainText())]


class PlaceholderText(QPlainTextEdit):
    """Plain text with highlighted placeholders; Ctrl+C with nothing selected copies it all."""

    def __init__(self, name: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName(name)
        self.setReadOnly(True)
        self.setTabChangesFocus(True)
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.WidgetWidth)
        self.highlighter = PlaceholderHighlighter(self)
        self.document().setDocumentMargin(8)

    def keyPressEvent(self, event) -> None:
        if event.matches(QKeySequence.StandardKey.Copy) and not self.textCursor().hasSelection():
            QApplication.clipboard().setText(self.toPlainText())
            return
        super().keyPressEvent(event)

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange:
            self.highlighter.rehighlight()

    def content_height(self) -> int:
        """Pixels the wrapped text needs at the current width (for boxes sized to their text)."""
        margin = 2 * self.document().documentMargin() + 2 * self.frameWidth()
        width = max(50, self.viewport().width() - 2 * int(self.document().documentMargin()))
        rect = self.fontMetrics().boundingRect(0, 0, width, 100000, Qt.TextFlag.TextWordWrap, self.toPlainText() or " ")
        return int(rect.height() + margin + 4)

    def set_editable(self, on: bool) -> None:
        self.setReadOnly(not on)
        self.setFrameShape(QPlainTextEdit.Shape.StyledPanel if on else QPlainTextEdit.Shape.NoFrame)
        if on:
            self.setFocus(Qt.FocusReason.OtherFocusReason)
