"""``EditPicker``: a small dialog listing the revision's edits (type, section, a snippet of the
change) so the author can link one the aligner missed."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget,
)

from engine.revision import Edit

_ID_ROLE = Qt.ItemDataRole.UserRole


class EditPicker(QDialog):
    """``EditPicker(edits, linked, on_pick)``: ``on_pick(edit_id)`` runs on OK (or a double-click);
    edits in ``linked`` are listed, marked and not offered again."""

    def __init__(self, edits: list[Edit], linked: set[str], on_pick: Callable[[str], None],
                 comment_label: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Link an edit")
        self.setAccessibleName("Link an edit")
        self.resize(620, 420)
        self._on_pick = on_pick
        intro = QLabel(f"Which edit of the revision addresses {comment_label or 'the comment'}?")
        intro.setWordWrap(True)
        self.filter_box = QLineEdit()
        self.filter_box.setPlaceholderText("Filter edits…")
        self.filter_box.setAccessibleName("Filter edits")
        self.filter_box.setClearButtonEnabled(True)
        self.filter_box.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setAccessibleName("Edits of the revision")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        for edit in edits:
            item = QListWidgetItem(edit_label(edit) + ("\n✓ already linked" if edit.id in linked else ""))
            item.setData(_ID_ROLE, edit.id)
            item.setToolTip(f"{edit.id} · {edit.type.value}\n{edit.source_text[:400]}\n→ {edit.target_text[:400]}")
            if edit.id in linked:
                item.setFlags(item.flags() & ~Qt.ItemFlag.ItemIsEnabled & ~Qt.ItemFlag.ItemIsSelectable)
            self.list.addItem(item)
        self.list.itemDoubleClicked.connect(lambda _item: self.accept())
        self.list.currentItemChanged.connect(lambda *_: self._update_ok())
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Link")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addWidget(self.filter_box)
        layout.addWidget(self.list, 1)
        layout.addWidget(self.buttons)
        first = next((i for i in range(self.list.count()) if self.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled),
                     None)
        if first is not None:
            self.list.setCurrentRow(first)
        self._update_ok()

    @property
    def chosen_id(self) -> str | None:
        item = self.list.currentItem()
        if item is None or not item.flags() & Qt.ItemFlag.ItemIsEnabled or item.isHidden():
            return None
        return item.data(_ID_ROLE)

    def choose(self, edit_id: str) -> None:
        for i in range(self.list.count()):
            if self.list.item(i).data(_ID_ROLE) == edit_id:
                self.list.setCurrentRow(i)
                return
        raise KeyError(edit_id)

    def accept(self) -> None:
        edit_id = self.chosen_id
        if edit_id is None:
            return
        super().accept()
        self._on_pick(edit_id)

    def _update_ok(self) -> None:
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setEnabled(self.chosen_id is not None)

    def _filter(self, text: str) -> None:
        words = text.lower().split()
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setHidden(not all(w in item.text().lower() for w in words))
        self._update_ok()


def edit_label(edit: Edit, width: int = 110) -> str:
    """``e7 · modified · Results`` and a line of the change (the new text, else the old)."""
    section = f" · {edit.section}" if edit.section else ""
    text = " ".join((edit.target_text or edit.source_text).split())
    return f"{edit.id} · {edit.type.value}{section}\n{text[:width] + '…' if len(text) > width else text}"
