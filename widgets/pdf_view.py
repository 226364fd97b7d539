"""Rendered PDF pages with highlighted paragraphs, page navigation and zoom.

The pages open fitted to the width of the pane, and stay fitted when the pane
(or its viewport, as a scroll bar comes and goes) changes size; ``zoom_in``,
``zoom_out``, ``fit_width`` and ``fit_column`` are what the window's View menu
calls (Ctrl++, Ctrl+-, Ctrl+0, Ctrl+9). Fit Column zooms to the width of one
text column (the columns of each page come from where its text lines sit, as
the engine finds them), so a two-column paper reads at a readable size in a
narrow pane; the view then follows the reading order: Page Down goes down the
column, then to the top of the next column, then to the next page's first,
and a highlighted paragraph brings its column into view.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QColor, QKeySequence, QShortcut
from PySide6.QtWidgets import (
    QComboBox, QHBoxLayout, QLabel, QScrollArea, QSpinBox, QStackedWidget, QTextBrowser, QToolButton,
    QVBoxLayout, QWidget,
)

from engine.document.model import Region
from engine.errors import InputError
from widgets.flow_layout import FlowLayout
from widgets.palette import colors_for
from widgets.pdf_columns import COLUMN, ColumnReading, PageColumns
from widgets.pdf_pages import GAP, PageCanvas

ZOOMS = (0.5, 0.75, 1.0, 1.25, 1.5, 2.0, 3.0)
FIT = "fit"
NARROW = 300  # below this width the page buttons hide
EMPTY_TEXT = "No document"


class PdfView(ColumnReading, QWidget):
    """Shows a PDF's pages (``open``) or, for other sources, plain text (``show_text``)."""

    sig_page_changed = Signal(int)  # 1-based page at the top of the view

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("PDF pages")
        self.path: str | None = None
        self._page = 0
        self.columns = PageColumns()
        self._column = 0  # the column read now, on a two-column page (Fit Column)
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
        # fit-width follows the viewport, which also narrows when the vertical scroll bar appears
        self._fit_timer = QTimer(self, singleShot=True, interval=0)
        self._fit_timer.timeout.connect(self._refit)
        self.scroll.viewport().installEventFilter(self)
        self.text = QTextBrowser()
        self.text.setAccessibleName("Source text")
        self.empty = QLabel(EMPTY_TEXT)
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)
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
        self.zoom_box.setToolTip("Zoom: Ctrl++ larger, Ctrl+- smaller, Ctrl+0 fit the page to the pane's width, "
                                 "Ctrl+9 fit one text column")
        self.zoom_box.addItem("Fit width", FIT)
        self.zoom_box.addItem("Fit column", COLUMN)
        for z in ZOOMS:
            self.zoom_box.addItem(f"{round(z * 100)}%", z)
        self.zoom_box.setCurrentIndex(0)
        # never squeezed to an empty box in a narrow pane
        self.zoom_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.zoom_box.setMinimumWidth(self.zoom_box.sizeHint().width())
        self.zoom_box.currentIndexChanged.connect(lambda _: self._apply_zoom())
        # the zoom controls, as one group, wrap under the page controls in a narrow pane or under a large font
        # (trial34: at 14 pt in 1280x800 "Fit width" was cut and "+" hidden)
        bar = FlowLayout(spacing=2, last_right=True)
        bar.setContentsMargins(4, 3, 4, 3)
        zoom = QHBoxLayout()
        zoom.setContentsMargins(0, 0, 0, 0)
        zoom.setSpacing(2)
        self.page_buttons = (_button("▲", "Previous page (Page Up)", lambda: self.go_to_page(self.current_page - 1)),
                             _button("▼", "Next page (Page Down)", lambda: self.go_to_page(self.current_page + 1)))
        for button in self.page_buttons:
            bar.addWidget(button)
        bar.addWidget(self.page_box)
        bar.addWidget(self.page_count_label)
        zoom.addWidget(_button("−", "Zoom out (Ctrl+-)", self.zoom_out))
        zoom.addWidget(self.zoom_box)
        zoom.addWidget(_button("+", "Zoom in (Ctrl++)", self.zoom_in))
        self.zoom_group = QWidget()
        self.zoom_group.setLayout(zoom)
        bar.addWidget(self.zoom_group)
        self.toolbar = QWidget()
        self.toolbar.setLayout(bar)
        self.note = QLabel()  # what the pane shows when it is not the file itself (the PDF beside a .tex)
        self.note.setWordWrap(True)
        self.note.setAccessibleName("About these pages")
        self.note.setContentsMargins(6, 3, 6, 3)
        self.note.hide()
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addWidget(self.toolbar)
        layout.addWidget(self.note)
        layout.addWidget(self.stack, 1)
        # zoom keys are the window's (View menu, both panes at once); paging is the pane's own
        for key, slot, tip in (
            # (fitting a column, Page Down reads down the column, then the next column: ``page_down``)
            (Qt.Key.Key_PageDown, self.page_down, "PDF pane: next page"),
            (Qt.Key.Key_PageUp, self.page_up, "PDF pane: previous page"),
        ):
            shortcut = QShortcut(QKeySequence(key), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.setWhatsThis(tip)  # listed in Help → Getting started
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
        if doc.page_count == 0:  # a PDF written part way (a typesetting stopped) opens with no pages
            doc.close()
            raise InputError(f"{Path(path).name} has no pages: it is empty or was not finished "
                             "(typeset it again)")
        self.close_document()
        self.path = str(path)
        self.canvas.set_document(doc)
        self.columns.set_document(doc)
        self._column = 0
        self.page_box.setRange(1, max(1, doc.page_count))
        self.page_count_label.setText(f"/ {doc.page_count}")
        self.toolbar.setEnabled(True)
        self.stack.setCurrentWidget(self.scroll)
        self._apply_zoom()
        self.scroll.verticalScrollBar().setValue(0)
        self._page = 0
        self._on_scroll(0)

    def set_note(self, text: str, warning: bool = False) -> None:
        """A line above the pages (hidden when empty); ``warning`` marks it (a PDF older than its source)."""
        colors = colors_for(self)
        bg, fg = colors.placeholder_bg, colors.placeholder_fg
        self.note.setStyleSheet(f"background: {bg}; color: {fg};" if warning else f"color: {colors.muted};")
        self.note.setText(text)
        self.note.setToolTip(text)
        self.note.setVisible(bool(text))

    def show_text(self, text: str) -> None:
        """For sources without pages (LaTeX, Markdown): show their text instead."""
        self.close_document()
        self.text.setPlainText(text)
        self.stack.setCurrentWidget(self.text)

    def close_document(self) -> None:
        if self.canvas.doc is not None:
            self.canvas.doc.close()
        self.canvas.set_document(None)
        self.columns.set_document(None)
        self.canvas.highlights = []
        self.focus_region, self._focus_pending = None, False
        self.path = None
        self.page_box.blockSignals(True)
        self.page_box.setRange(0, 0)  # no stale "3 / 5" of the document shown before
        self.page_box.blockSignals(False)
        self.page_count_label.setText("/ 0")
        self._page = 0
        self.toolbar.setEnabled(False)
        self.set_note("")
        self.empty.setText(EMPTY_TEXT)
        self.stack.setCurrentWidget(self.empty)

    def show_missing(self, text: str) -> None:
        """No pages to show, and why (in place of "No document")."""
        self.close_document()
        self.empty.setText(text)

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

    def highlight(self, regions: list[Region], color: str = "yellow", scroll: bool = True,
                  outlined: bool = False) -> None:
        """Draw boxes over ``regions`` (added to those shown) and, with ``scroll``, scroll to the first; ``outlined``:
        a dashed frame with no fill (an edit Redraft links too weakly to count)."""
        shown = [r for r in regions if 0 < r.page <= self.page_count]
        self.canvas.highlights += [(r, QColor(color), outlined) for r in shown]
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
        width = self.scroll.viewport().width()
        # from the left edge when the region fits in the pane (centring it cut off the page's left margin)
        left = 0 if box.right() + GAP <= width else int(min(box.left() - GAP, box.center().x() - width / 2))
        self.scroll.horizontalScrollBar().setValue(left)
        self.scroll.verticalScrollBar().setValue(int(box.top() - self.scroll.viewport().height() / 4))
        self._on_scroll(self.scroll.verticalScrollBar().value())
        if self.fits_column:  # the region's column in view
            x0, _, x1, _ = region.bbox
            self._column = self.columns.at(region.page - 1, (x0 + x1) / 2)
            self._show_column(region.page - 1)

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
        return [region for region, _, _ in self.canvas.highlights]

    def outlined(self) -> list[Region]:
        """The regions highlighted now as dashed frames (``highlight(..., outlined=True)``), in order."""
        return [region for region, _, outlined in self.canvas.highlights if outlined]

    @property
    def highlight_count(self) -> int:
        return len(self.canvas.highlights)

    # -- zoom ------------------------------------------------------------------------------
    def zoom_in(self) -> None:
        self._step_zoom(1)

    def zoom_out(self) -> None:
        self._step_zoom(-1)

    def fit_width(self) -> None:
        """Pages as wide as the pane (the default), kept so as the pane is resized."""
        self.zoom_box.setCurrentIndex(self.zoom_box.findData(FIT))

    @property
    def fits_width(self) -> bool:
        return self.zoom_box.currentData() == FIT

    # -- internals -----------------------------------------------------------------------
    def _fit_zoom(self) -> float:
        widest = max(w for w, _ in self.canvas.sizes)
        return max(0.2, (self.scroll.viewport().width() - 2 * GAP) / widest)

    def _apply_zoom(self) -> None:
        data = self.zoom_box.currentData()
        if data == FIT:
            zoom = self._fit_zoom() if self.canvas.sizes else 1.0
        elif data == COLUMN:
            zoom = self._column_zoom() if self.canvas.sizes else 1.0
        else:
            zoom = float(data)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff if data == FIT
                                                 else Qt.ScrollBarPolicy.ScrollBarAsNeeded)
        if abs(zoom - self.canvas.zoom) < 1e-4 and self.canvas.tops:
            if data == COLUMN:
                self._show_column()
            return
        # keep the same place in view: the top page and how far down it the view is
        bar = self.scroll.verticalScrollBar()
        index = self.canvas.page_at(bar.value()) if self.canvas.tops else 0
        into = (bar.value() - self.canvas.tops[index]) / self.canvas.zoom if self.canvas.tops else 0
        self.canvas.zoom = zoom
        self.canvas.cache.clear()
        self.canvas.relayout()
        if self.page_count:
            bar.setValue(round(self.canvas.tops[index] + into * zoom))
            self._on_scroll(bar.value())
            if data == COLUMN:
                self._show_column(index)

    @property
    def _fits_pane(self) -> bool:
        return self.fits_width or self.fits_column

    def _refit(self) -> None:
        if self._fits_pane and self.page_count:
            self._apply_zoom()

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if watched is self.scroll.viewport() and event.type() == QEvent.Type.Resize and self._fits_pane:
            self._fit_timer.start()  # after the resize: a relayout inside it would resize again
        return super().eventFilter(watched, event)

    def _step_zoom(self, step: int) -> None:
        zoom = self.canvas.zoom
        bigger = [i for i, z in enumerate(ZOOMS) if z > zoom + 1e-6]
        smaller = [i for i, z in enumerate(ZOOMS) if z < zoom - 1e-6]
        target = (bigger[0] if bigger else len(ZOOMS) - 1) if step > 0 else (smaller[-1] if smaller else 0)
        self.zoom_box.setCurrentIndex(self.zoom_box.findData(ZOOMS[target]))

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
        for button in self.page_buttons:  # a narrow pane keeps the zoom controls (Page Up/Down still page)
            button.setVisible(self.width() >= NARROW)
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
