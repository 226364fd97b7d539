"""Rounded status badges: a delegate for item views and a chip label."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFontMetrics, QPainter
from PySide6.QtWidgets import QLabel, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from widgets.palette import colors_for


class BadgeDelegate(QStyledItemDelegate):
    """Paints a cell's text as a rounded chip coloured by its value (``addressed``...)."""

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        text = str(index.data() or "")
        widget = option.widget
        style = widget.style() if widget else None
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = ""
        if style:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        if not text:
            return
        bg, fg = colors_for(widget).badge.get(text, colors_for(widget).badge["unknown"])
        metrics = QFontMetrics(option.font)
        width = metrics.horizontalAdvance(text) + 16
        height = metrics.height() + 4
        rect = QRect(option.rect.left() + 4, option.rect.center().y() - height // 2 + 1, width, height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(bg))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setPen(QColor(fg))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        base = super().sizeHint(option, index)
        metrics = QFontMetrics(option.font)
        return QSize(metrics.horizontalAdvance(str(index.data() or "")) + 36, max(base.height(), metrics.height() + 8))


def chip(text: str, key: str = "minor", parent: QWidget | None = None) -> QLabel:
    """A small rounded label coloured like the badge for ``key`` (a status or edit type)."""
    label = QLabel(text, parent)
    label.setAccessibleName(text)
    style_chip(label, key)
    return label


def style_chip(label: QLabel, key: str) -> None:
    colors = colors_for(label)
    bg, fg = colors.badge.get(key, colors.badge["unknown"])
    label.setStyleSheet(
        f"QLabel {{ background: {bg}; color: {fg}; border-radius: 8px; padding: 2px 8px; font-size: 11px; }}"
    )
