"""A line edit for a file path and a Browse button opening the native file dialog."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QFileDialog, QHBoxLayout, QLineEdit, QPushButton, QWidget


class PathField(QWidget):
    """A line edit and a Browse button opening the native file dialog."""

    sig_path_changed = Signal(str)

    def __init__(self, label: str, file_filter: str, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.file_filter = file_filter
        self.caption = label
        self.edit = QLineEdit()
        self.edit.setPlaceholderText(placeholder)
        self.edit.setAccessibleName(label)
        self.edit.textChanged.connect(self.sig_path_changed)
        browse = QPushButton("Browse…")
        browse.setAccessibleName(f"Browse for {label.lower()}")
        browse.clicked.connect(self._browse)
        row = QHBoxLayout(self)
        row.setContentsMargins(0, 0, 0, 0)
        row.addWidget(self.edit, 1)
        row.addWidget(browse)

    def path(self) -> str:
        return self.edit.text().strip()

    def set_path(self, path: str) -> None:
        self.edit.setText(path)

    def _browse(self) -> None:
        path, _ = QFileDialog.getOpenFileName(self, self.caption, self.path() or str(Path.home()), self.file_filter)
        if path:
            self.set_path(path)
