"""``EditPicker``: a small dialog listing the revision's edits (type, section, what changed, run by run) so the
author can link one the aligner missed; its filter reads the whole text of both versions."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QDialog, QDialogButtonBox, QLabel, QLineEdit, QListWidget, QListWidgetItem, QVBoxLayout, QWidget,
)

from engine.project.coverage import edit_snippet
from engine.revision import Edit

_ID_ROLE = Qt.ItemDataRole.UserRole


class EditPicker(QDialog):
    """``EditPicker(edits, linked, on_pick)``: ``on_pick(edit_id)`` runs on OK (or a double-click);
    edits in ``linked`` are listed, marked and not offered again; ``places`` (edit id → ``Results, p. 7``) says
    where each edit is, and its id is on its tooltip only."""

    def __init__(self, edits: list[Edit], linked: set[str], on_pick: Callable[[str], None],
                 comment_label: str = "", parent: QWidget | None = None, about: str = "",
                 places: dict[str, str] | None = None) -> None:
        super().__init__(parent)
        self.setWindowTitle("Link an edit")
        self.setAccessibleName("Link an edit")
        self.resize(620, 420)
        self._on_pick = on_pick
        intro = QLabel(f"Which edit of the revision addresses {comment_label or 'the comment'}?")
        intro.setWordWrap(True)
        self.filter_box = QLineEdit()
        self.filter_box.setPlaceholderText("Filter edits: words of either version (say, the words a reviewer quoted)…")
        self.filter_box.setAccessibleName("Filter edits")
        self.filter_box.setClearButtonEnabled(True)
        self.filter_box.textChanged.connect(self._filter)
        self.list = QListWidget()
        self.list.setAccessibleName("Edits of the revision")
        self.list.setWordWrap(True)
        self.list.setAlternatingRowColors(True)
        self._texts: list[str] = []  # what the filter reads, per row: the label and both versions' whole text
        for edit in edits:
            item = QListWidgetItem(edit_label(edit, about, (places or {}).get(edit.id, "")) + ("\n✓ already linked" if edit.id in linked else ""))
            item.setData(_ID_ROLE, edit.id)
            self._texts.append(_plain(f"{edit.id} {item.text()} {edit.source_text} {edit.target_text}"))
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
        """Rows holding every word typed, in their label or either version; the first of them is chosen when the
        chosen one is hidden, so Enter links it (it chose nothing, a new-user trial found)."""
        words = _plain(text).split()
        for i in range(self.list.count()):
            self.list.item(i).setHidden(not all(w in self._texts[i] for w in words))
        if self.chosen_id is None:
            shown = (i for i in range(self.list.count()) if not self.list.item(i).isHidden()
                     and self.list.item(i).flags() & Qt.ItemFlag.ItemIsEnabled)
            first = next(shown, None)
            if first is not None:
                self.list.setCurrentRow(first)
        self._update_ok()


def _plain(text: str) -> str:
    """Lower case, curly quotes and dashes plain, spaces single: what the filter compares."""
    table = str.maketrans({"“": '"', "”": '"', "‘": "'", "’": "'", "–": "-", "—": "-"})
    return " ".join(text.lower().translate(table).split())


def edit_label(edit: Edit, about: str = "", where: str = "") -> str:
    """``major · Results, p. 7`` (``where``, else the section) and what changed, run by run (``“All” → “As”;
    added “…”``), the runs nearest the comment's words (``about``) first: the paragraph's first words did not say
    which edit was which. No id: a new-user trial read "e0090" there."""
    where = where or edit.section
    return f"{edit.type.value}{f' · {where}' if where else ''}\n{edit_snippet(edit, 18, about)}"
