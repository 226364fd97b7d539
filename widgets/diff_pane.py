"""One side of the side-by-side diff: the edits' text on that side, where each edit starts and its first change,
and room below an edit so that both sides line up (``DiffView``)."""

from __future__ import annotations

import bisect
from collections.abc import Callable
from itertools import pairwise

from PySide6.QtCore import QEvent, QPoint, Qt
from PySide6.QtGui import QAction, QTextCursor
from PySide6.QtWidgets import QTextBrowser, QToolTip, QWidget

from engine.revision import Edit
from widgets.diff_html import CHANGE_ANCHOR, side_css, side_html
from widgets.glossary import edit_header_tip
from widgets.palette import colors_for


class DiffPane(QTextBrowser):
    """One side of the diff; knows where each edit starts."""

    def __init__(self, side: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.side = side
        self.setOpenLinks(False)
        self.setFrameShape(QTextBrowser.Shape.NoFrame)
        self.setProperty("focusframe", "pane")  # a Highlight line above it when focused (base.qss)
        self.document().setDocumentMargin(14)
        name = "Old version" if side == "old" else "New version"
        self.setAccessibleName(f"{name} text")
        self.setAccessibleDescription(
            "Deletions are struck through in red, insertions shaded green. N and P move between changes."
        )
        self.starts: list[int] = []  # document position where each edit's header starts
        self.changes: list[int | None] = []  # where each edit's first marked run starts, if any
        self.edits: list[Edit] = []
        self.places: dict[str, str] = {}  # this side's paragraph id → "p. 7" (``DiffView.set_documents``)
        self.sections: Callable[[Edit], str] | None = None  # an edit's section, numbered (the same)
        self.context_actions: list[QAction] = []  # after Copy and Select All in the right-click menu
        self.on_context: Callable[[int], None] | None = None  # told the edit index under a right-click
        self.on_resize: Callable[[], None] | None = None  # told when the text wraps anew
        self._padded: dict[int, float] = {}  # block number → its own top margin, where padding was added
        # a scroll bar that comes and goes would re-wrap the text after the edits were lined up
        self.setVerticalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOn)

    def show_edits(self, edits: list[Edit], marks: dict[str, str] | None = None) -> None:
        doc = self.document()
        doc.setDefaultStyleSheet(side_css(colors_for(self)))
        doc.setHtml(side_html(edits, self.side, marks, self.places, self.sections))
        self.edits = list(edits)
        found: dict[str, int] = {}
        block = doc.begin()
        while block.isValid():
            it = block.begin()
            while not it.atEnd():
                for name in it.fragment().charFormat().anchorNames():
                    found.setdefault(name, it.fragment().position())
                it += 1
            block = block.next()
        self.starts = [found.get(e.id, 0) for e in edits]
        self.changes = [found.get(e.id + CHANGE_ANCHOR) for e in edits]
        self._padded = {}
        self.setTextCursor(QTextCursor(doc))  # at the start: a cursor left inside would scroll there when shown
        self._pad_bottom()

    def _pad_bottom(self) -> None:
        """Room below the last edit, so any edit can scroll to the top in both panes."""
        frame = self.document().rootFrame()
        fmt = frame.frameFormat()
        fmt.setBottomMargin(max(0, self.viewport().height() - 60))
        frame.setFrameFormat(fmt)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._pad_bottom()
        if self.on_resize is not None:
            self.on_resize()

    def edit_heights(self) -> list[float]:
        """The height of each edit but the last (header to the next header), without the padding."""
        self.document().pageCount()  # finishes the layout Qt does in steps after a resize, so the heights are final
        tops = [self.edit_top(i) for i in range(len(self.starts))]
        return [b - a - self._padding(i) for i, (a, b) in enumerate(pairwise(tops))]

    def _pad_block(self, index: int):
        """The block whose top margin holds the room below edit ``index``: the next edit's header. (Qt collapses a
        block's bottom margin with the next one's top margin, so room added below the edit's text would show only
        past the header's own margin.)"""
        return self.document().findBlock(self.starts[index + 1])

    def _padding(self, index: int) -> float:
        block = self._pad_block(index)
        base = self._padded.get(block.blockNumber())
        return 0.0 if base is None else block.blockFormat().topMargin() - base

    def pad_edits(self, extra: list[float]) -> None:
        """Room below edit ``i`` of ``extra[i]`` pixels (the other side's edit is that much taller), so that both
        panes show every edit at the same height."""
        cursor = QTextCursor(self.document())
        cursor.beginEditBlock()  # one layout pass for all of them
        try:
            for i, add in enumerate(extra):
                block = self._pad_block(i)
                fmt = block.blockFormat()
                base = self._padded.setdefault(block.blockNumber(), fmt.topMargin())
                if abs(fmt.topMargin() - (base + add)) > 0.01:
                    fmt.setTopMargin(base + add)
                    cursor.setPosition(block.position())
                    cursor.setBlockFormat(fmt)
        finally:
            cursor.endEditBlock()

    def edit_top(self, index: int) -> float:
        """Document y of edit ``index``'s header (document height past the end)."""
        doc = self.document()
        if index >= len(self.starts):
            return doc.size().height()
        block = doc.findBlock(self.starts[index])
        return doc.documentLayout().blockBoundingRect(block).top()

    def change_top(self, index: int) -> float | None:
        """Document y of the line holding edit ``index``'s first marked word (``None`` when nothing is marked)."""
        if index >= len(self.changes) or self.changes[index] is None:
            return None
        doc = self.document()
        block = doc.findBlock(self.changes[index])
        line = block.layout().lineForTextPosition(self.changes[index] - block.position())
        top = doc.documentLayout().blockBoundingRect(block).top()
        return top + (line.y() if line.isValid() else 0.0)

    def scroll_target(self, index: int) -> int:
        """Where to scroll for edit ``index``: its header at the top, unless its first change would then be in the
        lower part of the view or below it (a long paragraph changed near its end); then that change a third of the
        way down."""
        top = self.edit_top(index) - 10
        change = self.change_top(index)
        height = self.viewport().height()
        if change is not None and change - top > 0.6 * height:
            top = change - height / 3
        bar = self.verticalScrollBar()
        return min(bar.maximum(), max(0, int(top)))

    def edit_at(self, position: int) -> int:
        return max(0, bisect.bisect_right(self.starts, position) - 1)

    def header_tip_at(self, pos: QPoint) -> str:
        """The plain-words tooltip of the edit header line at viewport ``pos`` ("" off a header)."""
        if not self.starts:
            return ""
        cursor = self.cursorForPosition(pos)
        index = self.edit_at(cursor.position())
        on_header = cursor.block().position() == self.document().findBlock(self.starts[index]).position()
        return edit_header_tip(self.edits[index], self.side) if on_header else ""

    def viewportEvent(self, event: QEvent) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.ToolTip:  # "major · Experiments · p. 4" in words, with the ids
            tip = self.header_tip_at(event.pos())
            if tip:
                QToolTip.showText(event.globalPos(), tip, self.viewport())
            else:
                QToolTip.hideText()
            return True
        return super().viewportEvent(event)

    def contextMenuEvent(self, event) -> None:  # noqa: N802 (Qt override)
        """Copy and Select All, then the view's actions; the edit under the click is selected first,
        so that an action ("Confirm Link") acts on the edit the author pointed at."""
        if self.on_context is not None and self.starts:
            self.on_context(self.edit_at(self.cursorForPosition(event.pos()).position()))
        menu = self.createStandardContextMenu(event.pos())
        if self.context_actions:
            menu.addSeparator()
            menu.addActions(self.context_actions)
        menu.exec(event.globalPos())
        menu.deleteLater()
