"""A tree of a document's sections and paragraphs."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QBrush, QColor
from PySide6.QtWidgets import QAbstractItemView, QTreeWidget, QTreeWidgetItem

from engine.document import Document, Paragraph, ParagraphKind
from engine.document.model import line_place, several_files
from widgets.palette import colors_for

_ID_ROLE = Qt.ItemDataRole.UserRole


class DocumentView(QTreeWidget):
    """Shows a ``Document`` as sections (headings) holding their paragraphs."""

    sig_paragraph_selected = Signal(str)

    def __init__(self, document: Document | None = None, parent=None) -> None:
        super().__init__(parent)
        self.setHeaderLabels(["Paragraph", "Kind", "Where"])
        self.setAccessibleName("Document outline")
        self.setUniformRowHeights(True)
        self.setWordWrap(False)
        self.itemSelectionChanged.connect(self._on_selection)
        self._document: Document | None = None
        self._items: dict[str, QTreeWidgetItem] = {}
        self._marked: list[str] = []
        if document is not None:
            self.set_document(document)

    @property
    def document(self) -> Document | None:
        return self._document

    def set_document(self, document: Document) -> None:
        self._document = document
        self._items = {}
        self._marked = []
        self.clear()
        root = self.invisibleRootItem()
        current = root
        several = several_files(document.paragraphs)
        for para in document.paragraphs:
            item = QTreeWidgetItem([_label(para), para.kind.value, _where(para, several)])
            item.setData(0, _ID_ROLE, para.id)
            self._items[para.id] = item
            item.setToolTip(0, para.text)
            if para.kind is ParagraphKind.HEADING:
                font = item.font(0)
                font.setBold(True)
                item.setFont(0, font)
                root.addChild(item)
                current = item
            else:
                current.addChild(item)
        self.expandAll()
        self.resizeColumnToContents(1)
        self.setColumnWidth(0, 560)

    def mark_paragraphs(self, ids: list[str], kind: str = "located") -> None:
        """Shade the rows of ``ids`` in the theme's colours for ``kind`` (``added``:
        text an aligned edit wrote; ``located``: where an open comment applies),
        clearing earlier marks, and scroll to the first one."""
        for pid in self._marked:
            if pid in self._items:
                for col in range(self.columnCount()):
                    self._items[pid].setData(col, Qt.ItemDataRole.BackgroundRole, None)
                    self._items[pid].setData(col, Qt.ItemDataRole.ForegroundRole, None)
        self._marked = [pid for pid in ids if pid in self._items]
        c = colors_for(self)
        bg, fg = (c.insert_bg, c.insert_fg) if kind == "added" else (c.placeholder_bg, c.placeholder_fg)
        for pid in self._marked:
            for col in range(self.columnCount()):
                self._items[pid].setBackground(col, QBrush(QColor(bg)))
                self._items[pid].setForeground(col, QBrush(QColor(fg)))
        if self._marked:
            self.scrollToItem(self._items[self._marked[0]], QAbstractItemView.ScrollHint.PositionAtCenter)

    def marked(self) -> list[str]:
        return list(self._marked)

    def _on_selection(self) -> None:
        items = self.selectedItems()
        if items:
            self.sig_paragraph_selected.emit(items[0].data(0, _ID_ROLE))


def _label(para: Paragraph) -> str:
    text = para.text.replace("\n", " ")
    return text if len(text) <= 120 else text[:117] + "..."


def _where(para: Paragraph, several: bool = False) -> str:
    if para.page:
        return f"p. {para.page}"
    return line_place(para, several) if para.line else ""
