"""Rendered PDF pages with highlighted paragraphs, page navigation and zoom."""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QScrollArea, QSpinBox, QStackedWidget, QTextBrowser, QToolButton,
    QVBoxLayout, QWidget,
)

from engine.document.model import Region
from engine.errors import InputError
from widgets.pdf_pages import GAP, PageCanvas

ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)


class PdfView(QWidget):
    """Shows a PDF's pages (``open``) or, for other sources, plain text (``show_text``)."""

    sig_page_changed = Signal(int)  # 1-based page at the top of the view

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("PDF pages")
        self.path: str | None = None
        self._page = 0
        #: The region last scrolled to (kept to scroll there once the view is shown).
        self.focus_region: Region | None = None
        self._focus_pending = False
        self._focus_timer = QTimer(self, singleShot=True, interval=0)  # after the first layout
        self._focus_timer.timeout.connect(self._scroll_to_focus)
        self.canvas = PageCanvas()
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.canvas)
        self.scroll.setAlignment(Qt.AlignmentFlag.AlignHCenter)
        self.scroll.setAccessibleName("Pages")
        self.scroll.verticalScrollBar().valueChanged.connect(self._on_scroll)
        self.text = QTextBrowser()
        self.text.setAccessibleName("Source text")
        self.empty = QLabel("No document")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.stack = QStackedWidget()
        for w in (self.empty, self.scroll, self.text):
            self.stack.addWidget(w)

        self.page_box = QSpinBox()
        self.page_box.setAccessibleName("Page number")
        self.page_box.setToolTip("Go to page")
        self.page_box.setKeyboardTracking(False)
        self.page_box.valueChanged.connect(lambda n: self.go_to_page(n))
        self.page_count_label = QLabel("/ 0")
        self.zoom_box = QComboBox()
        self.zoom_box.setAccessibleName("Zoom")
        self.zoom_box.setToolTip("Zoom (Ctrl++ / Ctrl+-)")
        for z in ZOOMS:
            self.zoom_box.addItem(f"{round(z * 100)}%", z)
        self.zoom_box.addItem("Fit width", "fit")
        self.zoom_box.setCurrentIndex(ZOOMS.index(1.0))
        self.zoom_box.currentIndexChanged.connect(lambda _: self._apply_zoom())
        bar = QHBoxLayout()
        bar.setContentsMargins(6, 3, 6, 3)
        bar.addWidget(_button("▲", "Previous page (Page Up)", lambda: self.go_to_page(self.current_page - 1)))
        bar.addWidget(_button("▼", "Next page (Page Down)", lambda: self.go_to_page(self.current_page + 1)))
        bar.addWidget(QLabel("Page"))
        bar.addWidget(self.page_box)
        bar.addWidget(self.page_count_label)
        bar.addStretch(1)
        bar.addWidget(_button("−", "Zoom out (Ctrl+-)", lambda: self._step_zoom(-1)))
        bar.addWidget(self.zoom_box)
        bar.addWidget(_button("+", "Zoom in (Ctrl++)", lambda: self._step_zoom(1)))
        self.toolbar = QWidget()
        self.toolbar.setLayout(bar)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.stack, 1)
        for keys, slot in (
            (QKeySequence.StandardKey.ZoomIn, lambda: self._step_zoom(1)),
            (QKeySequence.StandardKey.ZoomOut, lambda: self._step_zoom(-1)),
            (QKeySequence(Qt.Key.Key_PageDown), lambda: self.go_to_page(self.current_page + 1)),
            (QKeySequence(Qt.Key.Key_PageUp), lambda: self.go_to_page(self.current_page - 1)),
        ):
            shortcut = QShortcut(QKeySequence(keys), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.toolbar.setEnabled(False)

    # -- opening --------------------------------------------------------------------
    def open(self, path: str | Path, password: str | None = None) -> None:
        """Show the PDF at ``path``; raises ``InputError`` if it cannot be read."""
        import pymupdf  # loaded with the first PDF, not with the window

        try:
            doc = pymupdf.open(str(path))
        except (pymupdf.FileDataError, RuntimeError, FileNotFoundError) as err:
            raise InputError(f"cannot open {Path(path).name}: {err}") from None
        if not doc.is_pdf:
            doc.close()
            raise InputError(f"{Path(path).name} is not a PDF")
        if doc.needs_pass and not doc.authenticate(password or ""):
            doc.close()
            raise InputError(f"{Path(path).name} is password-protected: give the right password")
        self.close_document()
        self.path = str(path)
        self.canvas.set_document(doc)
        self.page_box.setRange(1, max(1, doc.page_count))
        self.page_count_label.setText(f"/ {doc.page_count}")
        self.toolbar.setEnabled(True)
        self.stack.setCurrentWidget(self.scroll)
        self._apply_zoom()
        self.scroll.verticalScrollBar().setValue(0)
        self._page = 0
        self._on_scroll(0)

    def show_text(self, text: str) -> None:
        """For sources without pages (LaTeX, Markdown): show their text instead."""
        self.close_document()
        self.text.setPlainText(text)
        self.stack.setCurrentWidget(self.text)

    def close_document(self) -> None:
        if self.canvas.doc is not None:
            self.canvas.doc.close()
        self.canvas.set_document(None)
        self.canvas.highlights = []
        self.focus_region, self._focus_pending = None, False
        self.path = None
        self.toolbar.setEnabled(False)
        self.stack.setCurrentWidget(self.empty)

    @property
    def page_count(self) -> int:
        return len(self.canvas.sizes)

    @property
    def current_page(self) -> int:
        return self._page

    # -- navigation and highlights --------------------------------------------------
    def go_to_page(self, number: int) -> None:
        if not self.page_count:
            return
        number = min(max(1, number), self.page_count)
        self.scroll.verticalScrollBar().setValue(self.canvas.tops[number - 1] - GAP // 2)
        self._set_page(number)

    def highlight(self, regions: list[Region], color: str = "yellow", scroll: bool = True) -> None:
        """Draw boxes over ``regions`` (added to those shown) and, with ``scroll``, scroll to the first."""
        shown = [r for r in regions if 0 < r.page <= self.page_count]
        self.canvas.highlights += [(r, QColor(color)) for r in shown]
        self.canvas.update()
        if shown and scroll:
            self.scroll_to(shown[0])

    def scroll_to(self, region: Region) -> None:
        """Bring ``region`` into view; while the view is hidden (a tab not opened yet) this
        happens when it is first shown, since only then do the scroll bars have a range."""
        if not 0 < region.page <= self.page_count:
            return
        self.focus_region = region
        if not self.isVisible():
            self._focus_pending = True
            return
        self._focus_pending = False
        box = self.canvas.region_rect(region)
        self.scroll.horizontalScrollBar().setValue(int(box.center().x() - self.scroll.viewport().width() / 2))
        self.scroll.verticalScrollBar().setValue(int(box.top() - self.scroll.viewport().height() / 4))
        self._on_scroll(self.scroll.verticalScrollBar().value())

    @property
    def scroll_pending(self) -> bool:
        """A ``scroll_to`` waits for the view to be shown."""
        return self._focus_pending

    def clear_highlights(self) -> None:
        self.canvas.highlights = []
        self.focus_region, self._focus_pending = None, False
        self.canvas.update()

    def highlights(self) -> list[Region]:
        """The regions highlighted now, in the order they were added."""
        return [region for region, _ in self.canvas.highlights]

    @property
    def highlight_count(self) -> int:
        return len(self.canvas.highlights)

    # -- internals -----------------------------------------------------------------------
    def _apply_zoom(self) -> None:
        data = self.zoom_box.currentData()
        if data == "fit" and self.canvas.sizes:
            widest = max(w for w, _ in self.canvas.sizes)
            data = max(0.2, (self.scroll.viewport().width() - 2 * GAP) / widest)
        if data == "fit":
            data = 1.0
        page = self.current_page or 1
        self.canvas.zoom = float(data)
        self.canvas.cache.clear()
        self.canvas.relayout()
        if self.page_count:
            self.go_to_page(page)

    def _step_zoom(self, step: int) -> None:
        zoom = self.canvas.zoom
        bigger = [i for i, z in enumerate(ZOOMS) if z > zoom + 1e-6]
        smaller = [i for i, z in enumerate(ZOOMS) if z < zoom - 1e-6]
        target = (bigger[0] if bigger else len(ZOOMS) - 1) if step > 0 else (smaller[-1] if smaller else 0)
        self.zoom_box.setCurrentIndex(target)

    def _on_scroll(self, value: int) -> None:
        if self.page_count:
            self._set_page(self.canvas.page_at(value + self.scroll.viewport().height() // 3) + 1)

    def _set_page(self, number: int) -> None:
        if number != self._page:
            self._page = number
            self.page_box.blockSignals(True)
            self.page_box.setValue(number)
            self.page_box.blockSignals(False)
            self.sig_page_changed.emit(number)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        if self.zoom_box.currentData() == "fit" and self.page_count:
            self._apply_zoom()
        if self._focus_pending:
            self._focus_timer.start()

    def showEvent(self, event) -> None:
        super().showEvent(event)
        if self._focus_pending:
            self._focus_timer.start()

    def _scroll_to_focus(self) -> None:
        if self._focus_pending and self.focus_region is not None and self.isVisible():
            self.scroll_to(self.focus_region)


def _button(text: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAccessibleName(tip.split(" (")[0])
    button.setAutoRaise(True)
    button.clicked.connect(slot)
    return button
