"""A layout that puts its items left to right and wraps them onto the next line when the width runs out (after Qt's
flow layout example): the suggestion card's flag chips, four of which are wider than the card's column at 1200×800."""

from __future__ import annotations

from PySide6.QtCore import QPoint, QRect, QSize, Qt
from PySide6.QtWidgets import QLayout, QLayoutItem, QSpacerItem, QWidget, QWidgetItem


class FlowLayout(QLayout):
    """``insertWidget`` / ``addWidget`` / ``takeAt`` as a box layout's; ``addStretch`` adds an empty item (kept so
    that item indices match a box layout's). ``last_right``: the last item sits at the right edge of its line."""

    def __init__(self, parent: QWidget | None = None, spacing: int = 4, last_right: bool = False) -> None:
        super().__init__(parent)
        self._items: list[QLayoutItem] = []
        self.last_right = last_right
        self.setSpacing(spacing)
        self.setContentsMargins(0, 0, 0, 0)

    def addItem(self, item: QLayoutItem) -> None:  # noqa: N802 (Qt's name)
        self._items.append(item)

    def insertWidget(self, index: int, widget: QWidget) -> None:  # noqa: N802 (Qt's name)
        self.addChildWidget(widget)
        self._items.insert(index, QWidgetItem(widget))
        self.invalidate()

    def addStretch(self, stretch: int = 0) -> None:  # noqa: N802 (Qt's name)
        self.addItem(QSpacerItem(0, 0))

    def count(self) -> int:
        return len(self._items)

    def itemAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt's name)
        return self._items[index] if 0 <= index < len(self._items) else None

    def takeAt(self, index: int) -> QLayoutItem | None:  # noqa: N802 (Qt's name)
        return self._items.pop(index) if 0 <= index < len(self._items) else None

    def expandingDirections(self) -> Qt.Orientation:  # noqa: N802 (Qt's name)
        return Qt.Orientation(0)

    def hasHeightForWidth(self) -> bool:  # noqa: N802 (Qt's name)
        return True

    def heightForWidth(self, width: int) -> int:  # noqa: N802 (Qt's name)
        return self._arrange(QRect(0, 0, width, 0), move=False)

    def setGeometry(self, rect: QRect) -> None:  # noqa: N802 (Qt's name)
        super().setGeometry(rect)
        self._arrange(rect, move=True)

    def sizeHint(self) -> QSize:  # noqa: N802 (Qt's name)
        return self.minimumSize()

    def minimumSize(self) -> QSize:  # noqa: N802 (Qt's name)
        size = QSize()
        for item in self._items:
            if not item.isEmpty():
                size = size.expandedTo(item.minimumSize())
        m = self.contentsMargins()
        return size + QSize(m.left() + m.right(), m.top() + m.bottom())

    def _arrange(self, rect: QRect, move: bool) -> int:
        """Place the items in ``rect`` (``move``: for real) and return the height they take."""
        m = self.contentsMargins()
        area = rect.adjusted(m.left(), m.top(), -m.right(), -m.bottom())
        x, y, line = area.x(), area.y(), 0
        gap = self.spacing()
        shown = [item for item in self._items if not item.isEmpty()]
        for item in shown:
            hint = item.sizeHint()
            if x > area.x() and x + hint.width() > area.right() + 1:
                x, y, line = area.x(), y + line + gap, 0
            if self.last_right and item is shown[-1]:
                x = max(x, area.right() + 1 - hint.width())
            if move:
                item.setGeometry(QRect(QPoint(x, y), hint))
            x += hint.width() + gap
            line = max(line, hint.height())
        return y + line - rect.y() + m.bottom()
