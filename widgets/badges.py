"""Rounded status badges: a delegate for item views and a chip label."""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QRect, QSize, Qt
from PySide6.QtGui import QColor, QFont, QFontMetrics, QPainter
from PySide6.QtWidgets import QLabel, QStyle, QStyledItemDelegate, QStyleOptionViewItem, QWidget

from engine.align.status import Status
from widgets.palette import colors_for

#: A cell's chip colour key when its text is not one (``? experiment`` drawn as ``unknown``).
KEY_ROLE = Qt.ItemDataRole.UserRole + 1
#: The badge colour of each comment status (the palette's keys): green done, yellow half-way, red not done.
STATUS_KEYS = {Status.ADDRESSED: "addressed", Status.CONFIRMED: "addressed", Status.ANSWERED: "answered",
               Status.NOT_ADDRESSED: "not addressed", Status.CONFIRMED_NOT: "not addressed",
               Status.PARTLY: "open", Status.OPEN: "open", Status.NO_EVIDENCE: "unknown", Status.UNKNOWN: "unknown"}
#: The text of a small chip drawn at the right end of a cell (``ChipTextDelegate``).
CHIP_ROLE = Qt.ItemDataRole.UserRole + 2


#: A badge's text to its rounded edge, and the badge to its cell's edge (each side: 16 and 8 in all).
BADGE_PAD, CELL_PAD = 16, 8


def badge_lines(text: str, metrics: QFontMetrics, cell_width: int) -> list[str]:
    """The badge's text in one line when the cell holds it, else wrapped at its words (``partly addressed`` /
    ``(check) · 62%``): a narrow column keeps the whole status, percentage included, rather than a cut one."""
    room = cell_width - BADGE_PAD - CELL_PAD
    if metrics.horizontalAdvance(text) <= room:
        return [text]
    lines: list[str] = []
    for word in text.split():
        if lines and metrics.horizontalAdvance(f"{lines[-1]} {word}") <= room:
            lines[-1] = f"{lines[-1]} {word}"
        else:
            lines.append(word)
    return lines or [text]


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
        key = index.data(KEY_ROLE) or text
        bg, fg = colors_for(widget).badge.get(key, colors_for(widget).badge["unknown"])
        metrics = QFontMetrics(option.font)
        lines = badge_lines(text, metrics, option.rect.width())
        width = max(metrics.horizontalAdvance(line) for line in lines) + BADGE_PAD
        height = len(lines) * metrics.height() + 4
        rect = QRect(option.rect.left() + 4, option.rect.center().y() - height // 2 + 1, width, height)
        radius = (metrics.height() + 4) / 2
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(bg))
        painter.drawRoundedRect(rect, radius, radius)
        painter.setPen(QColor(fg))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, "\n".join(lines))
        painter.restore()

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:
        base = super().sizeHint(option, index)
        metrics = QFontMetrics(option.font)
        return QSize(metrics.horizontalAdvance(str(index.data() or "")) + 36, max(base.height(), metrics.height() + 8))


class ChipTextDelegate(QStyledItemDelegate):
    """Paints a cell's text, elided, with a small chip (``CHIP_ROLE``, coloured by ``KEY_ROLE``) at its right end:
    a badge that takes no column of its own in a narrow list.

    A child row (a comment under its reviewer) whose text room holds fewer than ``WRAP_BELOW`` characters wraps
    onto a second line, elided at that line's end: at 1366 × 768 the list showed ten to twenty characters of each
    comment beside its badges (trial25). The view needs ``setUniformRowHeights(False)``; a wider list keeps one
    line a row."""

    #: Average characters a line's room must hold for one line to do.
    WRAP_BELOW = 45

    def two_lines(self, option: QStyleOptionViewItem, index: QModelIndex) -> bool:
        view = option.widget
        if not index.parent().isValid() or view is None or not hasattr(view, "columnWidth"):
            return False
        depth, parent = 0, index.parent()
        while parent.isValid():
            depth, parent = depth + 1, parent.parent()
        room = view.columnWidth(index.column()) - depth * view.indentation() - 12
        text = str(index.data(CHIP_ROLE) or "")
        if text and room >= self._chip_size(option, text)[0] + 6 + 60:
            room -= self._chip_size(option, text)[0] + 6
        metrics = QFontMetrics(option.font)
        whole = str(index.data(Qt.ItemDataRole.DisplayRole) or "")
        return room < metrics.averageCharWidth() * self.WRAP_BELOW and metrics.horizontalAdvance(whole) > room

    def sizeHint(self, option: QStyleOptionViewItem, index: QModelIndex) -> QSize:  # noqa: N802 (Qt override)
        size = super().sizeHint(option, index)
        if self.two_lines(option, index):
            size.setHeight(size.height() + QFontMetrics(option.font).lineSpacing())
        return size

    def initStyleOption(self, option: QStyleOptionViewItem, index: QModelIndex) -> None:  # noqa: N802
        super().initStyleOption(option, index)
        if self.two_lines(option, index):
            option.features |= QStyleOptionViewItem.ViewItemFeature.WrapText

    def chip_fits(self, option: QStyleOptionViewItem, index: QModelIndex) -> bool:
        """The chip is painted only where the cell keeps its text's first word (a comment's id, "R1.10") whole and
        a few letters after it; else the text alone (the tooltip names the type). A narrow list in the PDF tab
        read "R1.…" on every row with its chips beside it."""
        text = str(index.data(CHIP_ROLE) or "")
        if not text:
            return False
        lead = (str(index.data(Qt.ItemDataRole.DisplayRole) or "").split() or [""])[0]
        keep = QFontMetrics(option.font).horizontalAdvance(f"{lead}  Abc…") + 12  # the item's own margins
        return option.rect.width() >= self._chip_size(option, text)[0] + 6 + keep

    @staticmethod
    def _chip_size(option: QStyleOptionViewItem, text: str) -> tuple[int, int]:
        metrics = QFontMetrics(ChipTextDelegate._chip_font(option))
        return metrics.horizontalAdvance(text) + 12, metrics.height() + 2

    @staticmethod
    def _chip_font(option: QStyleOptionViewItem) -> QFont:
        font = QFont(option.font)
        font.setPointSizeF(max(7.0, font.pointSizeF() * 0.85))
        return font

    def paint(self, painter: QPainter, option: QStyleOptionViewItem, index: QModelIndex) -> None:
        if not self.chip_fits(option, index):
            super().paint(painter, option, index)
            return
        text = str(index.data(CHIP_ROLE) or "")
        font = self._chip_font(option)
        width, height = self._chip_size(option, text)
        widget = option.widget
        style = widget.style() if widget else None
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.rect = option.rect.adjusted(0, 0, -(width + 6), 0)
        if style:
            style.drawControl(QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)
        bg, fg = colors_for(widget).badge.get(index.data(KEY_ROLE) or text, colors_for(widget).badge["unknown"])
        rect = QRect(option.rect.right() - width - 3, option.rect.center().y() - height // 2 + 1, width, height)
        painter.save()
        painter.setRenderHint(QPainter.RenderHint.Antialiasing)
        painter.setPen(Qt.PenStyle.NoPen)
        painter.setBrush(QColor(bg))
        painter.drawRoundedRect(rect, height / 2, height / 2)
        painter.setFont(font)
        painter.setPen(QColor(fg))
        painter.drawText(rect, Qt.AlignmentFlag.AlignCenter, text)
        painter.restore()


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
