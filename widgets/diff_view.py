"""Side-by-side word diff of a list of edits, old | new, scrolled together."""

from __future__ import annotations

import bisect

from PySide6.QtCore import QEvent, Qt, QTimer, Signal
from PySide6.QtGui import QAction, QColor, QFont, QKeySequence, QShortcut, QTextCursor, QTextFormat
from PySide6.QtWidgets import QHBoxLayout, QLabel, QSplitter, QTextEdit, QToolButton, QVBoxLayout, QWidget

from engine.document.model import Document
from engine.document.sections import SectionNames
from engine.revision import Edit, RevisionDiff
from widgets.diff_html import page_label, place_labels
from widgets.diff_pane import DiffPane
from widgets.glossary import diff_position_tip
from widgets.palette import colors_for

__all__ = ["DiffPane", "DiffView"]


class DiffView(QWidget):
    """Shows edits side by side; user selection emits ``sig_edit_selected(edit_id)``.

    ``select_edit`` (called by the application) scrolls and highlights without emitting.
    """

    sig_edit_selected = Signal(str)

    def __init__(self, edits: list[Edit] | RevisionDiff | None = None, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Revision diff")
        self._edits: list[Edit] = []
        self._note = ""
        self._marks: dict[str, str] = {}
        self._current = -1
        self._syncing = False
        self._lining = False
        # a resize re-wraps the text: line the edits up again once the panes have their new width (and once for a
        # run of resizes, as a window is dragged wider)
        self._line_up_timer = QTimer(self, singleShot=True, interval=40, timeout=self._line_up)
        self.old_pane, self.new_pane = DiffPane("old"), DiffPane("new")
        self.old_title, self.new_title = QLabel("Old version"), QLabel("New version")
        self.position_label = QLabel("")
        self.position_label.setMinimumWidth(self.fontMetrics().horizontalAdvance("Change 000 of 000 · p. 000–000") + 8)
        self.prev_button = _tool_button("◀ Previous", "Previous change (P)", self.previous_change)
        self.next_button = _tool_button("Next ▶", "Next change (N)", self.next_change)

        bar = QHBoxLayout()
        bar.setContentsMargins(8, 4, 8, 4)
        bar.addWidget(self.position_label)
        bar.addStretch(1)
        bar.addWidget(self.prev_button)
        bar.addWidget(self.next_button)
        self._columns: list[QWidget] = []
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.setChildrenCollapsible(False)
        for title, pane in ((self.old_title, self.old_pane), (self.new_title, self.new_pane)):
            column = QWidget()
            col = QVBoxLayout(column)
            col.setContentsMargins(0, 0, 0, 0)
            col.setSpacing(0)
            title.setProperty("role", "title")
            title.setContentsMargins(14, 6, 14, 4)
            col.addWidget(title)
            col.addWidget(pane, 1)
            splitter.addWidget(column)
            self._columns.append(column)
            pane.verticalScrollBar().valueChanged.connect(lambda v, p=pane: self._sync_from(p, v))
            pane.cursorPositionChanged.connect(lambda p=pane: self._on_click(p))
            pane.on_context = self._select_index
            pane.on_resize = self._line_up_soon
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(0)
        layout.addLayout(bar)
        layout.addWidget(splitter, 1)
        for key, slot, tip in (("N", self.next_change, "Diff: next change"),
                               ("P", self.previous_change, "Diff: previous change")):
            shortcut = QShortcut(QKeySequence(key), self, slot)
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.setWhatsThis(tip)  # listed in Help → Getting started
        self._apply_font()
        if isinstance(edits, RevisionDiff):
            self.set_diff(edits)
        elif edits is not None:
            self.set_edits(edits)
        else:
            self._update_label()

    # -- public API ---------------------------------------------------------------
    @property
    def edits(self) -> list[Edit]:
        return list(self._edits)

    @property
    def current_edit_id(self) -> str | None:
        return self._edits[self._current].id if 0 <= self._current < len(self._edits) else None

    def set_diff(self, diff: RevisionDiff) -> None:
        """The changed edits of ``diff``, with the two documents' titles above the panes."""
        self.set_titles(diff.old.title or "Old version", diff.new.title or "New version")
        self.set_documents(diff.old, diff.new)
        self.set_edits(diff.changed_edits())

    def set_documents(self, old: Document | None, new: Document | None) -> None:
        """The two versions the edits come from: each header then names its paragraphs' page (or line), which a
        person finds in the paper, and not their ids. Takes effect with the next ``set_edits``."""
        self.old_pane.places = place_labels(old.paragraphs) if old is not None else {}
        self.new_pane.places = place_labels(new.paragraphs) if new is not None else {}
        names = {True: SectionNames(new), False: SectionNames(old)}  # an edit's section is the revision's, or the
        self.new_pane.sections = (  # draft's for removed text ("3.2 Noise model")
            lambda e: names[bool(e.target_ids)].short(e.section))
        # the draft's side names the draft's section: a paragraph the revision put under another heading is found in
        # the draft under its old one (trial20: both sides named the revised heading of a section it had renamed)
        drafted = {p.id: " > ".join(p.section) for p in old.paragraphs} if old is not None else {}
        self.old_pane.sections = (
            lambda e: names[False].short(drafted[e.source_ids[0]]) if e.source_ids and e.source_ids[0] in drafted
            else names[bool(e.target_ids)].short(e.section))

    def set_titles(self, old: str, new: str) -> None:
        self.old_title.setText(f"Old · {old}")
        self.new_title.setText(f"New · {new}")
        self.old_title.setToolTip(f"Old: {old}, the version the reviewers read; deleted words struck through in red")
        self.new_title.setToolTip(f"New: {new}, the revised version; inserted words shaded green")

    def show_new_side(self, shown: bool) -> None:
        """Hide the new column when there is no revised version (the draft gets the width)."""
        self._columns[1].setVisible(shown)
        self._line_up()

    def set_edits(self, edits: list[Edit], note: str = "", marks: dict[str, str] | None = None) -> None:
        """Show ``edits``; ``note`` replaces the change count above them (say, why these); ``marks``
        by edit id goes in the edit's header ("✓ confirmed by you")."""
        self._edits = list(edits)
        self._note = note
        self._marks = dict(marks or {})
        self._current = -1
        self._render()
        self._syncing = True  # a new list opens at its top on both sides, not where the last one was scrolled
        try:
            for pane in (self.old_pane, self.new_pane):
                pane.verticalScrollBar().setValue(0)
        finally:
            self._syncing = False

    def select_edit(self, edit_id: str) -> None:
        """Scroll both panes to ``edit_id`` and highlight it (no signal)."""
        index = next((i for i, e in enumerate(self._edits) if e.id == edit_id), None)
        if index is None:
            raise KeyError(edit_id)
        self._go_to(index)

    def add_context_actions(self, actions: list[QAction]) -> None:
        """Actions for the panes' right-click menu (they act on the edit selected by the click)."""
        for pane in (self.old_pane, self.new_pane):
            pane.context_actions = list(actions)

    def next_change(self) -> None:
        if self._edits:
            self._go_to(min(self._current + 1, len(self._edits) - 1), emit=True)

    def previous_change(self) -> None:
        if self._edits:
            self._go_to(max(self._current - 1, 0), emit=True)

    # -- internals ----------------------------------------------------------------
    def _render(self) -> None:
        for pane in (self.old_pane, self.new_pane):
            pane.show_edits(self._edits, self._marks)
        self._line_up()
        self._highlight()
        self._update_label()

    def _line_up_soon(self) -> None:
        self._line_up_timer.start()

    def _line_up(self) -> None:
        """Pad the shorter side of each edit, so that every edit starts at the same height in both panes (a long
        insertion beside its empty old side pushed all later edits apart, a new-user trial saw)."""
        old, new = self.old_pane, self.new_pane
        if self._lining or not self._edits or len(old.starts) != len(new.starts):
            return
        self._lining = True
        try:
            if not new.isVisibleTo(self):  # the draft alone: no room kept for a hidden side
                old.pad_edits([0.0] * (len(self._edits) - 1))
                return
            heights = list(zip(old.edit_heights(), new.edit_heights()))
            old.pad_edits([max(0.0, b - a) for a, b in heights])
            new.pad_edits([max(0.0, a - b) for a, b in heights])
        finally:
            self._lining = False

    def _go_to(self, index: int, emit: bool = False) -> None:
        changed = index != self._current
        self._current = index
        self._highlight()
        self._update_label()
        panes = (self.old_pane, self.new_pane)
        self._syncing = True
        try:
            for pane in panes:
                pane.verticalScrollBar().setValue(pane.scroll_target(index))
        finally:
            self._syncing = False
        marked = [pane for pane in panes if pane.change_top(index) is not None]
        if len(marked) == 1:  # words only added (or only deleted): the other side follows, proportionally
            self._sync_from(marked[0], marked[0].verticalScrollBar().value())
        if emit and changed:
            self.sig_edit_selected.emit(self._edits[index].id)

    def _highlight(self) -> None:
        color = QColor(colors_for(self).selection_bg)
        for pane in (self.old_pane, self.new_pane):
            selections = []
            if 0 <= self._current < len(pane.starts):
                # only the header line: a background over the text would hide the diff shading
                sel = QTextEdit.ExtraSelection()
                sel.cursor = QTextCursor(pane.document())
                sel.cursor.setPosition(pane.starts[self._current])
                sel.cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock, QTextCursor.MoveMode.KeepAnchor)
                sel.format.setBackground(color)
                sel.format.setFontWeight(QFont.Weight.DemiBold)
                sel.format.setProperty(QTextFormat.Property.FullWidthSelection, True)
                selections.append(sel)
            pane.setExtraSelections(selections)

    def _update_label(self) -> None:
        n = len(self._edits)
        if not n:
            self.position_label.setText(self._note or "No changes to show")
        elif self._current < 0:
            self.position_label.setText(self._note or f"{n} change{'s' if n != 1 else ''}")
        else:
            edit = self._edits[self._current]  # its page in the revised version, else in the draft; id on the tip
            draft = page_label(edit.source_ids, self.old_pane.places)
            place = page_label(edit.target_ids, self.new_pane.places) or (f"draft {draft}" if draft else "")
            self.position_label.setText(f"Change {self._current + 1} of {n}" + (f" · {place}" if place else ""))
        self.position_label.setToolTip(diff_position_tip(self.current_edit_id, self._note if self._current < 0 else ""))
        self.prev_button.setEnabled(n > 0 and self._current > 0)
        self.next_button.setEnabled(n > 0 and self._current < n - 1)

    def _sync_from(self, source: DiffPane, value: int) -> None:
        """Scroll the other pane to the same place: proportionally within the edit on screen."""
        if self._syncing or not self._edits:
            return
        target = self.new_pane if source is self.old_pane else self.old_pane
        dst_bar = target.verticalScrollBar()
        tops = [source.edit_top(i) for i in range(len(self._edits) + 1)]
        i = min(max(0, bisect.bisect_right(tops, value) - 1), len(self._edits) - 1)
        frac = min(1.0, (value - tops[i]) / max(1.0, tops[i + 1] - tops[i]))
        goal = target.edit_top(i) + frac * (target.edit_top(i + 1) - target.edit_top(i))
        self._syncing = True
        try:
            dst_bar.setValue(int(round(goal)))
        finally:
            self._syncing = False

    def _on_click(self, pane: DiffPane) -> None:
        if self._syncing or not self._edits or not pane.hasFocus():
            return
        self._select_index(pane.edit_at(pane.textCursor().position()))

    def _select_index(self, index: int) -> None:
        """The user pointed at edit ``index``: highlight it and say so (no scroll)."""
        if self._edits and index != self._current and 0 <= index < len(self._edits):
            self._current = index
            self._highlight()
            self._update_label()
            self.sig_edit_selected.emit(self._edits[index].id)

    def _apply_font(self) -> None:
        font = QFont(self.font())
        font.setPointSizeF(max(10.5, font.pointSizeF() * 1.1))
        for pane in (self.old_pane, self.new_pane):
            pane.document().setDefaultFont(font)

    def changeEvent(self, event: QEvent) -> None:  # re-colour on a theme switch
        super().changeEvent(event)
        if event.type() == QEvent.Type.PaletteChange and self._edits:
            current = self._current
            self._render()
            self._current = current
            self._highlight()


def _tool_button(text: str, tip: str, slot) -> QToolButton:
    button = QToolButton()
    button.setText(text)
    button.setToolTip(tip)
    button.setAccessibleName(tip)
    button.setAutoRaise(True)
    button.clicked.connect(slot)
    return button
