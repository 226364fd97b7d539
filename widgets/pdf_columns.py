"""Fit Column for ``PdfView``: the text columns of its pages, found once per page (by the engine, from where the
page's text lines sit) and kept while the document is open, and reading them in order (``ColumnReading``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import pymupdf

from widgets.pdf_pages import GAP

#: Points of white kept either side of a column when it is fitted to the pane.
PAD = 8.0
#: The zoom box's data for Fit Column.
COLUMN = "column"

Column = tuple[float, float]


class PageColumns:
    """``of(index)``: a page's text columns (x ranges in points, left to right); [] for a page without text."""

    def __init__(self) -> None:
        self.doc: pymupdf.Document | None = None
        self._found: dict[int, list[Column]] = {}

    def set_document(self, doc: pymupdf.Document | None) -> None:
        self.doc = doc
        self._found = {}

    def of(self, index: int) -> list[Column]:
        if self.doc is None or not 0 <= index < self.doc.page_count:
            return []
        if index not in self._found:
            from engine.document.pdf.columns import text_columns

            try:
                self._found[index] = text_columns(self.doc[index])
            except Exception:  # noqa: BLE001 - a page MuPDF cannot read has no columns; the view fits its width
                self._found[index] = []
        return self._found[index]

    def width(self, index: int) -> float | None:
        """The widest column of the page, padded (points); None when it has none."""
        columns = self.of(index)
        return max(right - left for left, right in columns) + 2 * PAD if columns else None

    def at(self, index: int, x: float) -> int:
        """The column of the page that holds ``x`` (points), or the nearest one."""
        columns = self.of(index)
        if not columns:
            return 0
        return min(range(len(columns)), key=lambda i: 0 if columns[i][0] <= x <= columns[i][1]
                   else min(abs(x - columns[i][0]), abs(x - columns[i][1])))


class ColumnReading:
    """Fit Column and reading in column order, for ``PdfView`` (its zoom box, scroll area, canvas, ``columns``
    and ``_column``)."""

    def fit_column(self) -> None:
        """One text column as wide as the pane (a two-column page's column; a one-column page's text), kept so
        as the pane is resized."""
        self.zoom_box.setCurrentIndex(self.zoom_box.findData(COLUMN))

    @property
    def fits_column(self) -> bool:
        return self.zoom_box.currentData() == COLUMN

    @property
    def current_column(self) -> int:
        """The column read now (0: the left or only one)."""
        return self._column

    def page_down(self) -> None:
        """The next page; fitting a column, the rest of the column, then the next column, then the next page."""
        if self.fits_column:
            self._step_column(1)
        else:
            self.go_to_page(self.current_page + 1)

    def page_up(self) -> None:
        if self.fits_column:
            self._step_column(-1)
        else:
            self.go_to_page(self.current_page - 1)

    def _column_zoom(self) -> float:
        """The zoom at which the current page's widest column (padded) fills the pane; fit width without one."""
        width = self.columns.width(max(0, self.current_page - 1))
        if width is None:
            return self._fit_zoom()
        return max(0.2, (self.scroll.viewport().width() - 2 * GAP) / width)

    def _show_column(self, index: int | None = None) -> None:
        """Scroll sideways to the left edge of the column read now, on page ``index`` (the current one)."""
        index = max(0, self.current_page - 1) if index is None else index
        columns = self.columns.of(index)
        if not columns or not self.page_count:
            return
        self._column = min(self._column, len(columns) - 1)
        left = self.canvas.page_rect(index).left() + (columns[self._column][0] - PAD) * self.canvas.zoom
        self.scroll.horizontalScrollBar().setValue(int(left) - GAP // 2)

    def _step_column(self, step: int) -> None:
        """Page Down (``step`` 1) or Up (-1) in reading order while a column is fitted."""
        if not self.page_count:
            return
        bar, height = self.scroll.verticalScrollBar(), self.scroll.viewport().height()
        index = self.canvas.page_at(bar.value() + height // 3)
        page = self.canvas.page_rect(index)
        top, bottom = int(page.top()) - GAP // 2, int(page.bottom()) + GAP // 2
        count = max(1, len(self.columns.of(index)))
        self._column = min(self._column, count - 1)
        if step > 0 and bar.value() + height < bottom - 4:  # more of this column below
            bar.setValue(min(bar.value() + int(height * 0.9), bottom - height))
        elif step > 0 and self._column + 1 < count:  # the next column, from the top of the page
            self._column += 1
            bar.setValue(top)
        elif step > 0 and index + 1 < self.page_count:
            self._column, index = 0, index + 1
            bar.setValue(self.canvas.tops[index] - GAP // 2)
        elif step < 0 and bar.value() > top + 4:  # more of this column above
            bar.setValue(max(bar.value() - int(height * 0.9), top))
        elif step < 0 and self._column > 0:  # the column before, from its bottom
            self._column -= 1
            bar.setValue(bottom - height)
        elif step < 0 and index > 0:
            index -= 1
            self._column = max(1, len(self.columns.of(index))) - 1
            bar.setValue(int(self.canvas.page_rect(index).bottom()) + GAP // 2 - height)
        self._show_column(index)
        self._on_scroll(bar.value())
