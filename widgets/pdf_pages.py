"""The canvas of ``PdfView``: every page laid out in one column, rendered lazily.

Only pages that intersect the painted area are rendered (at the screen's
device-pixel ratio), and only the most recent ``CACHE_PAGES`` are kept, so a
500-page PDF opens at once and scrolls without holding every page in memory.
"""

from __future__ import annotations

import bisect
from collections import OrderedDict

from typing import TYPE_CHECKING

from PySide6.QtCore import QRectF, QSize, Qt, QTimer
from PySide6.QtGui import QColor, QImage, QPainter, QPaintEvent, QPen, QPixmap
from PySide6.QtWidgets import QWidget

from engine.document.model import Region

if TYPE_CHECKING:  # PyMuPDF loads with the first PDF shown, not with the window
    import pymupdf

CACHE_PAGES = 8
GAP = 12  # pixels between pages


class PageCanvas(QWidget):
    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.doc: pymupdf.Document | None = None
        self.zoom = 1.0
        self.sizes: list[tuple[float, float]] = []  # page sizes in points
        self.tops: list[int] = []  # y of each page in widget pixels
        #: (region, colour, outlined): an outlined one is a dashed frame with no fill (a closest edit, not counted)
        self.highlights: list[tuple[Region, QColor, bool]] = []
        self.cache: OrderedDict[tuple[int, float, float], QPixmap] = OrderedDict()
        self.renders = 0  # pages rasterised so far (for tests and benchmarks)
        self._pending: set[int] = set()
        self._timer = QTimer(self, singleShot=True, interval=0, timeout=self._render_pending)
        self.setAttribute(Qt.WidgetAttribute.WA_OpaquePaintEvent)

    def set_document(self, doc: pymupdf.Document | None) -> None:
        self.doc = doc
        self.cache.clear()
        self.sizes = []
        if doc is not None:
            for i in range(doc.page_count):
                rect = doc.page_cropbox(i)  # no page parsing: cheap even for long documents
                self.sizes.append((rect.width, rect.height))
        self.relayout()

    def relayout(self) -> None:
        self.tops, y = [], GAP
        for _, h in self.sizes:
            self.tops.append(y)
            y += round(h * self.zoom) + GAP
        width = max((round(w * self.zoom) for w, _ in self.sizes), default=0) + 2 * GAP
        self.setFixedSize(QSize(width, y))
        self.update()

    def page_rect(self, index: int) -> QRectF:
        w, h = self.sizes[index]
        left = (self.width() - w * self.zoom) / 2
        return QRectF(left, self.tops[index], w * self.zoom, h * self.zoom)

    def page_at(self, y: float) -> int:
        return max(0, bisect.bisect_right(self.tops, y) - 1) if self.tops else 0

    def region_rect(self, region: Region) -> QRectF:
        page = self.page_rect(region.page - 1)
        x0, y0, x1, y1 = region.bbox
        z = self.zoom
        return QRectF(page.left() + x0 * z, page.top() + y0 * z, (x1 - x0) * z, (y1 - y0) * z)

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        painter.fillRect(event.rect(), self.palette().color(self.backgroundRole()).darker(108))
        if not self.sizes:
            return
        area = QRectF(event.rect())
        first = self.page_at(area.top())
        dpr = self.devicePixelRatioF()
        for index in range(first, len(self.sizes)):
            rect = self.page_rect(index)
            if rect.top() > area.bottom():
                break
            pixmap = self.cache.get((index, self.zoom, dpr))
            painter.fillRect(rect, QColor("white"))
            if pixmap is None:
                self._pending.add(index)
                self._timer.start()
                painter.setPen(QColor("#9aa0a6"))
                painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, f"Page {index + 1}")
            else:
                self.cache.move_to_end((index, self.zoom, dpr))
                painter.drawPixmap(rect.topLeft(), pixmap)
            painter.setPen(QPen(QColor(0, 0, 0, 60), 1))
            painter.drawRect(rect.adjusted(-0.5, -0.5, 0.5, 0.5))
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        for region, color, outlined in self.highlights:
            if 0 < region.page <= len(self.sizes):
                box = self.region_rect(region).adjusted(-2, -2, 2, 2)
                if box.intersects(area):
                    fill = QColor(color)
                    fill.setAlpha(70)
                    painter.setBrush(Qt.BrushStyle.NoBrush if outlined else fill)
                    edge = QColor(color).darker(130)
                    painter.setPen(QPen(edge, 1.5, Qt.PenStyle.DashLine if outlined else Qt.PenStyle.SolidLine))
                    painter.drawRoundedRect(box, 3, 3)

    def render_page(self, index: int) -> QPixmap:
        """The page as a pixmap at the current zoom and device-pixel ratio (cached)."""
        dpr = self.devicePixelRatioF()
        key = (index, self.zoom, dpr)
        if key in self.cache:
            return self.cache[key]
        page = self.doc[index]
        import pymupdf

        pix = page.get_pixmap(matrix=pymupdf.Matrix(self.zoom * dpr, self.zoom * dpr), alpha=False)
        image = QImage(pix.samples, pix.width, pix.height, pix.stride, QImage.Format.Format_RGB888).copy()
        pixmap = QPixmap.fromImage(image)
        pixmap.setDevicePixelRatio(dpr)
        self.renders += 1
        self.cache[key] = pixmap
        while len(self.cache) > CACHE_PAGES:
            self.cache.popitem(last=False)
        return pixmap

    def _render_pending(self) -> None:
        pending, self._pending = self._pending, set()
        if self.doc is None:
            return
        visible = self.visibleRegion().boundingRect()
        for index in sorted(pending):
            if index < len(self.sizes) and self.page_rect(index).toRect().intersects(visible):
                self.render_page(index)
                self.update(self.page_rect(index).toAlignedRect())
