"""The main window."""

from __future__ import annotations

from PySide6.QtWidgets import QLabel, QMainWindow, QSplitter, QTextBrowser
from PySide6.QtCore import Qt

from engine.document import Document
from widgets.document_view import DocumentView


class MainWindow(QMainWindow):
    def __init__(self) -> None:
        super().__init__()
        self.setWindowTitle("Redraft")
        self.outline = DocumentView()
        self.reader = QTextBrowser()
        self.reader.setAccessibleName("Paragraph text")
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(self.outline)
        splitter.addWidget(self.reader)
        splitter.setSizes([700, 500])
        self.setCentralWidget(splitter)
        self.status = QLabel()
        self.statusBar().addWidget(self.status)
        self.outline.sig_paragraph_selected.connect(self._show_paragraph)

    def show_document(self, document: Document) -> None:
        self.outline.set_document(document)
        self.setWindowTitle(f"Redraft — {document.title or 'untitled'}")
        self.status.setText(
            f"{len(document.paragraphs)} paragraphs, {len(document.sections)} sections"
        )
        self.reader.setPlainText(document.abstract)

    def _show_paragraph(self, paragraph_id: str) -> None:
        doc = self.outline.document
        if doc is not None:
            self.reader.setPlainText(doc.paragraph(paragraph_id).text)
