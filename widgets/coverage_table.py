"""``CoverageTable``: the area chair's view of which comments the revision addressed, with which edits.

One row per comment (``engine.project.coverage``: a low-confidence one marked, never left out), grouped under its
reviewer (whose row says how many were addressed): the full comment text, wrapped; its type; its status badge with
how sure Redraft is, or that the author confirmed it; the edits it rests on as short snippets, each a link (confirmed
links first, unconfirmed ones marked). Filters pick a reviewer, a status and a type. Selecting a comment emits
``sig_comment_selected(comment_id)``; clicking a snippet emits ``sig_edit_activated(comment_id, edit_id)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QEvent, QItemSelectionModel, QRect, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QBrush, QColor, QPalette
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QStyle,
    QTreeWidget,
    QTreeWidgetItem,
    QVBoxLayout,
    QWidget,
)

from engine.project.coverage import MARK_TEXT, CoverageRow, CoverageView, coverage_view, filter_rows
from engine.project.model import Project
from engine.reviews.model import FINE_TYPE_WORDS, ReviewComment
from engine.revision.model import RevisionDiff
from engine.revision.sections import SectionFate
from widgets.badges import BADGE_PAD, CELL_PAD, KEY_ROLE, STATUS_KEYS, BadgeDelegate, badge_lines
from widgets.comment_list import status_tip
from widgets.coverage_cells import EDITS_MIN_WIDTH, SnippetLabel, edits_html, edits_tip
from widgets.palette import colors_for

COLUMNS = ("Comment", "Type", "Status", "Edits")
COMMENT, TYPE, STATUS, EDITS = range(len(COLUMNS))
ID_ROLE = Qt.ItemDataRole.UserRole
ALL = "All"
#: The least the edits column gets in a narrow pane, before the comment column gives way.
EDITS_FLOOR = 160
#: The longest line of a status badge wrapped in a narrow pane (``partly addressed`` / ``(check) · 62%``).
STATUS_NARROW = "partly addressed"
#: The comment column never gets narrower than this (a few words a line); a narrower pane scrolls sideways.
COMMENT_MIN_WIDTH = 240
#: ... and the least once the edits are down to ``EDITS_FLOOR`` (its text wraps; the whole is on its tooltip): a
#: 1200-pixel window's Coverage tab scrolled sideways, its Edits cut (trial25).
COMMENT_FLOOR = 150


def status_text(row: CoverageRow) -> str:
    """``addressed · 79%``, or the author's word (``confirmed addressed``) alone (``status.status_label``)."""
    return row.label()


class CoverageTable(QWidget):
    """Comments × coverage, grouped by reviewer, with filters and a summary line."""

    sig_comment_selected = Signal(str)
    sig_edit_activated = Signal(str, str)  # comment id, edit id

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Coverage")
        self.project: Project | None = None
        self.view: CoverageView | None = None
        self.rows: list[CoverageRow] = []
        self._items: dict[str, QTreeWidgetItem] = {}
        self._labels: dict[str, SnippetLabel] = {}
        self._marked: str | None = None  # the row whose edits cell is drawn in the selection's colours
        self._has_edits: dict[str, bool] = {}
        #: Bring the selected row into view after the next relayout: it was chosen while the tab was hidden, where
        #: the rows above it were measured at heights they do not have on screen.
        self._reveal = False

        self.summary = QLabel("No project open.")
        self.summary.setAccessibleName("Coverage summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)

        #: A reorganised revision: how many of the draft's sections went elsewhere or away, and how many are new; the
        #: list on hover (``set_sections``; trial20: no view named a section the revision renamed or dropped).
        self.sections_note = QLabel()
        self.sections_note.setAccessibleName("Sections reorganised")
        self.sections_note.setWordWrap(True)
        self.sections_note.setTextFormat(Qt.TextFormat.PlainText)
        self.sections_note.hide()

        self.filters: dict[str, QComboBox] = {}
        bar = QHBoxLayout()
        for name, tip in (("reviewer", "Show one reviewer's comments"), ("status", "Show comments with one status"),
                          ("type", "Show one type of comment (what it asks for)")):
            box = QComboBox()
            box.setAccessibleName(f"Filter by {name}")
            box.setToolTip(tip)
            box.currentIndexChanged.connect(self._apply_filters)
            self.filters[name] = box
            bar.addWidget(QLabel(f"{name.capitalize()}:"))
            bar.addWidget(box)
        bar.addStretch(1)

        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Coverage table")
        self.tree.viewport().installEventFilter(self)  # its width: the table's, less a vertical bar that came or went
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(False)
        self.tree.setWordWrap(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setVerticalScrollMode(QAbstractItemView.ScrollMode.ScrollPerPixel)
        self.tree.setItemDelegateForColumn(STATUS, BadgeDelegate(self.tree))
        header = self.tree.header()
        header.setSectionResizeMode(COMMENT, QHeaderView.ResizeMode.Interactive)  # sized by _relayout
        header.setSectionResizeMode(TYPE, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(STATUS, QHeaderView.ResizeMode.Interactive)  # sized by _relayout
        header.setSectionResizeMode(EDITS, QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(False)
        header.sectionResized.connect(lambda *_: self._relayout_later())
        for column, tip in ((COMMENT, "The reviewer's comment, in full"), (TYPE, "What the comment asks for"),
                            (STATUS, ("Whether the revision addresses the comment, and how sure Redraft is "
                                      "(or that the author confirmed it)")),
                            (EDITS, "The changes that answer the comment; click one to open its diff")):
            self.tree.headerItem().setToolTip(column, tip)
        self.tree.itemSelectionChanged.connect(self._selection_changed)
        self._timer = QTimer(self, singleShot=True, interval=0)
        self._timer.timeout.connect(self._relayout)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(self.sections_note)
        layout.addLayout(bar)
        layout.addWidget(self.tree, 1)

    # -- data --------------------------------------------------------------------------------

    def set_view(self, view: CoverageView) -> None:
        """Show a project's coverage (``engine.project.coverage.coverage_view``: rows and counts as computed there;
        the filters kept where their values remain)."""
        self.view = view
        self.rows = view.rows
        self._fill_filters()
        self._fill()
        self.summary.setText(view.summary_text())

    def set_sections(self, fates: list[SectionFate]) -> None:
        """Say how the revision reorganised the draft's sections (``engine.revision.sections.section_fates``), each
        one on the tooltip; hidden when it kept them all."""
        moved = [f for f in fates if f.kind != "new"]
        new = len(fates) - len(moved)
        parts = []
        if moved:
            parts.append(f"{len(moved)} of the draft's sections renamed, merged, "
                         "split or removed")
        if new:
            parts.append(f"{new} new section{'s' if new != 1 else ''}")
        self.sections_note.setText(f"Sections reorganised: {'; '.join(parts)} (hover for the list; the report "
                                   "lists them too)." if parts else "")
        self.sections_note.setToolTip("\n".join(f.describe() for f in fates))
        self.sections_note.setVisible(bool(parts))

    def set_project(self, project: Project) -> None:
        """Show the coverage of ``project``'s comments."""
        self.project = project
        self.set_view(coverage_view(project))

    def set_data(self, comments: list[ReviewComment], alignments: dict[str, Any],
                 diff: RevisionDiff | None) -> None:
        """Like ``set_project`` for loose parts (no project file)."""
        self.set_project(Project(id="", name="", path=Path(), comments=list(comments),
                                 alignments=dict(alignments), diff=diff))

    def _fill_filters(self) -> None:
        values = {"reviewer": list(dict.fromkeys(r.reviewer for r in self.rows)),
                  "status": self.view.statuses_shown(),
                  "type": sorted({r.kind for r in self.rows})}
        for name, box in self.filters.items():  # a redraw keeps the choices that still exist
            chosen = box.currentText()
            box.blockSignals(True)
            box.clear()
            box.addItem(ALL)
            box.addItems([v or "—" for v in values[name]])
            box.setCurrentIndex(max(0, box.findText(chosen)))
            box.blockSignals(False)

    def set_filter(self, reviewer: str | None = None, status: str | None = None, kind: str | None = None) -> None:
        """Pick filter values (None: All), as the boxes do."""
        for name, value in (("reviewer", reviewer), ("status", status), ("type", kind)):
            box = self.filters[name]
            box.blockSignals(True)
            box.setCurrentIndex(max(0, box.findText(value)) if value else 0)
            box.blockSignals(False)
        self._apply_filters()

    def _chosen(self, name: str) -> str | None:
        text = self.filters[name].currentText()
        return None if text in (ALL, "") else text

    def _apply_filters(self) -> None:
        self._fill()

    def _fill(self) -> None:
        selected = self.selected_comment()
        self.tree.clear()
        self._items, self._labels, self._has_edits, self._marked = {}, {}, {}, None
        shown = filter_rows(self.rows, self._chosen("reviewer"), self._chosen("status"), self._chosen("type"))
        groups: dict[str, QTreeWidgetItem] = {}
        for row in shown:
            group = groups.get(row.reviewer)
            if group is None:
                group = groups[row.reviewer] = self._group_item(row.reviewer)
            item = self._comment_item(row)
            group.addChild(item)
            label = SnippetLabel(edits_html(row))
            label.setAccessibleName(f"Edits for {row.comment_id}")
            label.setToolTip(edits_tip(row))
            label.linkActivated.connect(lambda eid, cid=row.comment_id: self._edit_clicked(cid, eid))
            self.tree.setItemWidget(item, EDITS, label)
            self._items[row.comment_id] = item
            self._labels[row.comment_id] = label
            self._has_edits[row.comment_id] = bool(row.edits)
        for group in groups.values():
            group.setFirstColumnSpanned(True)
            group.setExpanded(True)
        if selected in self._items:
            self.select_comment(selected)
        self._relayout_later()

    def _group_item(self, reviewer: str) -> QTreeWidgetItem:
        done, total = self.view.by_reviewer()[reviewer]
        group = QTreeWidgetItem([f"{reviewer or 'Reviewer'} — {done} of {total} {self.view.done_word}"])
        group.setFlags(Qt.ItemFlag.ItemIsEnabled)
        font = group.font(COMMENT)
        font.setBold(True)
        group.setFont(COMMENT, font)
        self.tree.addTopLevelItem(group)
        return group

    def _comment_item(self, row: CoverageRow) -> QTreeWidgetItem:
        c = row.comment
        low = (f"[{row.low_mark()}]  " if row.low_confidence else "") + (f"[{MARK_TEXT}]  " if row.throughout else "")
        kind = f"? {row.kind}" if row.low_confidence else row.kind  # as the comment list's type badge
        item = QTreeWidgetItem([f"{c.id}  {low}{' '.join(c.full_text.split())}", kind, status_text(row), ""])
        item.setData(COMMENT, ID_ROLE, c.id)
        item.setData(STATUS, KEY_ROLE, STATUS_KEYS.get(row.status, "unknown"))
        item.setToolTip(COMMENT, c.full_text + (f"\n\nResponse: {row.response}" if row.response else "")
                        + "\n\n" + (row.low_mark() or row.request_words()).capitalize() + ".")
        item.setToolTip(TYPE, FINE_TYPE_WORDS.get(c.fine_type, "type not known").capitalize() + ". "
                        + row.request_words().capitalize() + ".")
        if row.low_confidence:
            for column in (COMMENT, TYPE):
                item.setForeground(column, QBrush(QColor(colors_for(self).low)))
        item.setToolTip(STATUS, status_tip(row.status, row.probability) + (
            f"\nRead with the authors' response letter: {row.letter}." if row.letter else "") + (
            f"\nThe letter: \u201c{row.letter_said}\u201d" if row.letter_said else "") + f"\nI{row.earlier[1:]}." * bool(row.earlier))
        return item

    def _relayout_later(self) -> None:
        self._timer.start()

    def _relayout(self) -> None:
        """Row heights follow the wrapped comment text and snippets at their columns' widths."""
        header = self.tree.header()
        comment, status, width = self.column_widths()
        header.blockSignals(True)
        for column, size in ((COMMENT, comment), (STATUS, status), (EDITS, width)):
            if header.sectionSize(column) != size:
                header.resizeSection(column, size)
        header.blockSignals(False)
        self.tree.ensurePolished()
        metrics = self.tree.fontMetrics()
        # a comment row sits one level down: two indentations (the root decoration and its own)
        text_width = max(80, header.sectionSize(COMMENT) - 2 * self.tree.indentation() - 12)
        # the cell gives its label the column less the item's focus margins: size the row for that width
        inset = 2 * (self.tree.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, self.tree) + 1)
        fit = max(1, width - inset)
        for cid, label in self._labels.items():
            label.ensurePolished()
            label.fit_width = fit
            label.updateGeometry()
            item = self._items[cid]
            text = metrics.boundingRect(QRect(0, 0, text_width, 100_000), Qt.TextFlag.TextWordWrap,
                                        item.text(COMMENT)).height() + 10
            item.setSizeHint(EDITS, QSize(width, label.heightForWidth(fit) + 6))
            badge = len(badge_lines(item.text(STATUS), metrics, status)) * metrics.height() + 10
            item.setSizeHint(COMMENT, QSize(text_width, max(text, badge)))
        self.tree.doItemsLayout()
        if self._reveal and self.isVisible():
            self._reveal = False
            if (cid := self.selected_comment()) in self._items:
                self._scroll_to(self._items[cid])

    def column_widths(self) -> tuple[int, int, int]:
        """(comment, status, edits): the edits take two fifths of the width (less when no comment has an edit),
        the comment the rest, not under ``COMMENT_MIN_WIDTH`` while the edits have more than their floor. In a
        narrow pane the type goes first, then the status badges wrap onto two lines (``STATUS_NARROW``), then the
        edits give way down to ``EDITS_FLOOR``, then the comment down to ``COMMENT_FLOOR``; only a pane narrower
        than all that scrolls sideways (a 1280-pixel window's did, a new-user trial found)."""
        header = self.tree.header()
        viewport = self.tree.viewport().width()
        has_edits = any(self._has_edits.values())
        kind = max(self.tree.sizeHintForColumn(TYPE), header.sectionSizeHint(TYPE))
        status = max(self.tree.sizeHintForColumn(STATUS), header.sectionSizeHint(STATUS))
        no_edit = self.tree.fontMetrics().horizontalAdvance("no edit") + 24
        # with no edit anywhere too (session 28: at 460 px under Noto Sans the type left the comment 235 px); decided
        # as if the scroll bar were shown, else hiding the type shortened the rows, the bar went, the type came back...
        room = viewport - COMMENT_MIN_WIDTH - (EDITS_FLOOR if has_edits else no_edit)
        bar = self.tree.verticalScrollBar()
        gone = 0 if bar.isVisible() else self.tree.style().pixelMetric(QStyle.PixelMetric.PM_ScrollBarExtent)
        narrow = room - gone < kind + status
        if self.tree.isColumnHidden(TYPE) != narrow:
            self.tree.setColumnHidden(TYPE, narrow)
        if has_edits and room < (0 if narrow else kind) + status:
            status = min(status, max(header.sectionSizeHint(STATUS),
                                     self.tree.fontMetrics().horizontalAdvance(STATUS_NARROW) + BADGE_PAD + CELL_PAD))
        fixed = (0 if narrow else kind) + status
        edits = max(EDITS_FLOOR, min(max(EDITS_MIN_WIDTH, viewport * 2 // 5), viewport - fixed - COMMENT_MIN_WIDTH))
        edits = edits if has_edits else no_edit
        return max(COMMENT_FLOOR, viewport - fixed - edits), status, edits

    def eventFilter(self, watched: Any, event: Any) -> bool:  # noqa: N802 (Qt override)
        if event.type() == QEvent.Type.Resize:  # the viewport's width changed: the columns follow it
            self._relayout_later()
        return super().eventFilter(watched, event)

    def showEvent(self, event: Any) -> None:
        super().showEvent(event)
        self._reveal = True  # the selected row, wherever the rows' new heights put it
        self._relayout_later()  # fonts are final once shown

    # -- selection -----------------------------------------------------------------------------

    def comment_ids(self) -> list[str]:
        """Comment ids in the order shown (after filtering)."""
        out = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            out.extend(group.child(i).data(COMMENT, ID_ROLE) for i in range(group.childCount()))
        return out

    def row(self, comment_id: str) -> dict[str, Any]:
        """The cells shown for a comment, by column name (the edits as their snippets, one a line)."""
        item = self._items[comment_id]
        cells = {name: item.text(i) for i, name in enumerate(COLUMNS)}
        shown = next(r for r in self.rows if r.comment_id == comment_id)
        cells["Edits"] = "\n".join(e.label() for e in shown.edits)
        return cells

    def select_comment(self, comment_id: str) -> None:
        """Select a comment's row without emitting ``sig_comment_selected``."""
        item = self._items.get(comment_id)
        if item is None:
            return
        self.tree.blockSignals(True)
        flags = QItemSelectionModel.SelectionFlag  # explicit: with Ctrl held, setCurrentItem alone deselects
        self.tree.setCurrentItem(item, COMMENT, flags.ClearAndSelect | flags.Rows)
        self.tree.blockSignals(False)
        self._mark_selected(comment_id)
        self._reveal = not self.isVisible()
        self._scroll_to(item)

    def _scroll_to(self, item: QTreeWidgetItem) -> None:
        parent = item.parent()
        if parent is not None and parent.indexOfChild(item) == 0:  # a reviewer's first comment: its header too
            self.tree.scrollToItem(parent)  # (scrolled up to, the row came to the top and hid "Reviewer 1 — …")
        self.tree.scrollToItem(item)

    def selected_comment(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(COMMENT, ID_ROLE) if item is not None else None

    def _mark_selected(self, comment_id: str | None) -> None:
        """Draw the selected row's edits cell in the selection's text colour, and the row left in the usual one."""
        colour = self.tree.palette().color(QPalette.ColorRole.HighlightedText).name()
        rows = {r.comment_id: r for r in self.rows}
        for cid in {self._marked, comment_id} - {None}:
            label, row = self._labels.get(cid), rows.get(cid)
            if label is None or row is None:
                continue
            selected = cid == comment_id
            label.setText(edits_html(row, colour if selected else None))
            label.setStyleSheet(f"color: {colour}" if selected else "")
        self._marked = comment_id

    def _selection_changed(self) -> None:
        items = self.tree.selectedItems()
        cid = items[0].data(COMMENT, ID_ROLE) if items else None
        self._mark_selected(cid)
        if cid:
            self.sig_comment_selected.emit(cid)

    def _edit_clicked(self, comment_id: str, edit_id: str) -> None:
        self.select_comment(comment_id)
        self.sig_edit_activated.emit(comment_id, edit_id)
