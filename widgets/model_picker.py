"""``ModelPicker``: the generator models Redraft can use — the embedded ones and the imported GGUFs.

Rows come from ``ModelRegistry.listing()`` (registry JSON and package
metadata only: nothing is loaded or hashed). The embedded SmolLM2 135M is
marked as the small default. Choosing a row emits ``sig_model_chosen(id)``.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from engine.models import embedded
from engine.models.registry import ModelRegistry

COLUMNS = ("Model", "Size", "Quantisation", "Context", "Parameters", "Chat template")
MODEL, SIZE, QUANT, CONTEXT, PARAMS, CHAT = range(len(COLUMNS))
EMBEDDED_TAG = "small embedded default"
_QUANT = re.compile(r"(?<![a-z0-9])(iq\d_[a-z]+|q\d_k(?:_[sml])?|q\d_\d|f16|bf16|f32)(?![a-z0-9])", re.IGNORECASE)


def size_text(n_bytes: int | None) -> str:
    if not n_bytes:
        return "—"
    if n_bytes >= 1e9:
        return f"{n_bytes / 1e9:.1f} GB"
    if n_bytes >= 1e6:
        return f"{n_bytes / 1e6:.0f} MB"
    return f"{max(n_bytes / 1e3, 1):.0f} KB"


def quantisation(record: dict[str, Any]) -> str:
    """The GGUF file type, else the one its file name states (``...-q4_k_m.gguf``)."""
    if record.get("file_type"):
        return str(record["file_type"])
    found = _QUANT.search(str(record.get("path", "")).rsplit("/", 1)[-1])
    return found.group(1).upper() if found else "—"


def parameters_text(n: int | None) -> str:
    if not n:
        return "—"
    return f"{n / 1e9:.1f}B" if n >= 1e9 else f"{n / 1e6:.0f}M" if n >= 1e6 else f"{n / 1e3:.0f}K"


def model_label(record: dict[str, Any]) -> str:
    if record.get("id") == embedded.GENERATOR_ID:
        return f"SmolLM2 135M Instruct — {EMBEDDED_TAG}"
    return record.get("label") or record.get("name") or record["id"]


class ModelPicker(QWidget):
    """Generator models with size, quantisation and context; the chosen one is ``current_model()``."""

    sig_model_chosen = Signal(str)  # registry id, or embedded.GENERATOR_ID

    def __init__(self, registry: ModelRegistry | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Models")
        self.registry = registry or ModelRegistry()
        self.records: list[dict[str, Any]] = []
        self._items: dict[str, QTreeWidgetItem] = {}

        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Model list")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(False)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(MODEL, QHeaderView.ResizeMode.Stretch)
        for column in range(1, len(COLUMNS)):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        self.tree.itemSelectionChanged.connect(self._selection_changed)

        self.note = QLabel()
        self.note.setAccessibleName("Model details")
        self.note.setWordWrap(True)
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.addWidget(self.tree, 1)
        layout.addWidget(self.note)
        self.reload()

    def reload(self) -> None:
        """Read the registry again (after an import or a removal), keeping the choice."""
        current = self.current_model()
        self.records = [r for r in self.registry.listing() if r.get("kind", "generator") == "generator"]
        self.tree.blockSignals(True)
        self.tree.clear()
        self._items = {}
        for record in self.records:
            ctx = record.get("context_length")
            chat = record.get("has_chat_template")
            item = QTreeWidgetItem([
                model_label(record), size_text(record.get("size_bytes")), quantisation(record),
                f"{ctx:,}" if ctx else "—", parameters_text(record.get("parameters")),
                "—" if chat is None else ("yes" if chat else "no"),
            ])
            item.setData(MODEL, Qt.ItemDataRole.UserRole, record["id"])
            item.setToolTip(MODEL, record.get("path", ""))
            for column in (SIZE, CONTEXT, PARAMS):
                item.setTextAlignment(column, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
            self.tree.addTopLevelItem(item)
            self._items[record["id"]] = item
        self.tree.blockSignals(False)
        if current:
            self.set_current(current)
        if not self.records:
            self.note.setText("No generator model: import a GGUF with `redraft models import FILE`.")

    def model_ids(self) -> list[str]:
        return [r["id"] for r in self.records]

    def current_model(self) -> str:
        """The chosen id ("" when none)."""
        item = self.tree.currentItem()
        return item.data(MODEL, Qt.ItemDataRole.UserRole) if item is not None else ""

    def set_current(self, key: str) -> None:
        """Select a model by id or path ("" or "embedded" = the embedded generator); no signal."""
        if key in ("", "embedded"):
            key = embedded.GENERATOR_ID
        item = self._items.get(key) or next(
            (self._items[r["id"]] for r in self.records if r.get("path") == key), None)
        if item is None:
            return
        self.tree.blockSignals(True)
        self.tree.setCurrentItem(item)
        self.tree.blockSignals(False)
        self._show_note(item.data(MODEL, Qt.ItemDataRole.UserRole))

    def _selection_changed(self) -> None:
        key = self.current_model()
        if key:
            self._show_note(key)
            self.sig_model_chosen.emit(key)

    def _show_note(self, key: str) -> None:
        record = next(r for r in self.records if r["id"] == key)
        lines = [record.get("note") or "", record.get("path", "")]
        self.note.setText("\n".join(line for line in lines if line))
