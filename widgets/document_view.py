"""A tree of a document's sections and paragraphs."""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QTreeWidget, QTreeWidgetItem

from engine.document import Document, Paragraph, ParagraphKind

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
        if document is not None:
            self.set_document(document)

    @property
    def document(self) -> Document | None:
        return self._document

    def set_document(self, document: Document) -> None:
        self._document = document
        self.clear()
        root = self.invisibleRootItem()
        current = root
        for para in document.paragraphs:
            item = QTreeWidgetItem([_label(para), para.kind.value, _where(para)])
            item.setData(0, _ID_ROLE, para.id)
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

    def _on_selection(self) -> None:
        items = self.selectedItems()
        if items:
            self.sig_paragraph_selected.emit(items[0].data(0, _ID_ROLE))


def _label(para: Paragraph) -> str:
    text = para.text.replace("\n", " ")
    return text if len(text) <= 120 else text[:117] + "..."


def _where(para: Paragraph) -> str:
    if para.page:
        return f"p. {para.page}"
    if para.line:
        return f"line {para.line}"
    return ""
