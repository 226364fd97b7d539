"""``CoverageTable``: the area chair's view of which comments the revision addressed, with which edits.

Rows are comments grouped under their reviewer (whose row says how many were
addressed); columns: comment, action class, status badge, aligned edit ids and
the best alignment score. Columns sort within each reviewer. Selecting a
comment emits ``sig_comment_selected(comment_id)``.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelectionModel, Qt, Signal
from PySide6.QtWidgets import QAbstractItemView, QHeaderView, QLabel, QTreeWidget, QTreeWidgetItem, QVBoxLayout, QWidget

from engine.align.base import Alignment
from engine.project.model import Project
from engine.reviews.model import ReviewComment
from engine.revision.model import RevisionDiff
from widgets.badges import BadgeDelegate

COLUMNS = ("Comment", "Action", "Status", "Aligned edits", "Best score")
COMMENT, ACTION, STATUS, EDITS, SCORE = range(len(COLUMNS))
#: Sort order of the status column: what needs attention first.
STATUS_ORDER = {"not addressed": 0, "open": 0, "unknown": 1, "addressed": 2, "answered": 2}
ID_ROLE = Qt.ItemDataRole.UserRole
SORT_ROLE = Qt.ItemDataRole.UserRole + 1
GROUP_ROLE = Qt.ItemDataRole.UserRole + 2


class CoverageItem(QTreeWidgetItem):
    """A row that sorts by the key stored under ``SORT_ROLE`` (numbers as numbers).

    Reviewer rows keep their order whichever way a column sorts.
    """

    def __lt__(self, other: QTreeWidgetItem) -> bool:
        tree = self.treeWidget()
        if self.parent() is None:  # a reviewer row: by first appearance, both ways
            mine, theirs = self.data(COMMENT, GROUP_ROLE) or 0, other.data(COMMENT, GROUP_ROLE) or 0
            descending = tree is not None and tree.header().sortIndicatorOrder() == Qt.SortOrder.DescendingOrder
            return mine > theirs if descending else mine < theirs
        column = tree.sortColumn() if tree is not None else 0
        mine, theirs = self.data(column, SORT_ROLE), other.data(column, SORT_ROLE)
        if mine is None or theirs is None or type(mine) is not type(theirs):
            return self.text(column) < other.text(column)
        return mine < theirs


def summary_counts(project: Project) -> dict[str, tuple[int, int]]:
    """Per reviewer: (comments addressed, comments)."""
    return {name: (sum(project.status(c.id) == "addressed" for c in comments), len(comments))
            for name, comments in project.comments_by_reviewer().items()}


def best_score(alignment: Alignment | None) -> float | None:
    if alignment is None or not alignment.scores:
        return None
    return max(alignment.scores.values())


class CoverageTable(QWidget):
    """Comments × coverage, grouped by reviewer, with a summary line."""

    sig_comment_selected = Signal(str)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Coverage")
        self.project: Project | None = None
        self._items: dict[str, CoverageItem] = {}

        self.summary = QLabel("No project open.")
        self.summary.setAccessibleName("Coverage summary")
        self.summary.setWordWrap(True)
        self.summary.setTextFormat(Qt.TextFormat.PlainText)

        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Coverage table")
        self.tree.setColumnCount(len(COLUMNS))
        self.tree.setHeaderLabels(list(COLUMNS))
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(True)
        self.tree.setAlternatingRowColors(True)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.tree.setItemDelegateForColumn(STATUS, BadgeDelegate(self.tree))
        self.tree.setSortingEnabled(True)
        self.tree.sortByColumn(COMMENT, Qt.SortOrder.AscendingOrder)
        header = self.tree.header()
        header.setSectionResizeMode(COMMENT, QHeaderView.ResizeMode.Stretch)
        for column in (ACTION, STATUS, EDITS, SCORE):
            header.setSectionResizeMode(column, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        self.tree.itemSelectionChanged.connect(self._selection_changed)

        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        layout.addWidget(self.summary)
        layout.addWidget(self.tree, 1)

    # -- data --------------------------------------------------------------------------------

    def set_project(self, project: Project) -> None:
        """Show the coverage of ``project``'s comments."""
        self.project = project
        self.tree.setSortingEnabled(False)
        self.tree.clear()
        self._items = {}
        counts = summary_counts(project)
        for reviewer, comments in project.comments_by_reviewer().items():
            done, total = counts[reviewer]
            group = CoverageItem([f"{reviewer or 'Reviewer'} — {done} of {total} addressed"])
            group.setFlags(Qt.ItemFlag.ItemIsEnabled)
            group.setFirstColumnSpanned(True)
            font = group.font(COMMENT)
            font.setBold(True)
            group.setFont(COMMENT, font)
            group.setData(COMMENT, GROUP_ROLE, self.tree.topLevelItemCount())
            self.tree.addTopLevelItem(group)
            for i, comment in enumerate(comments):
                item = self._comment_item(project, comment, i)
                group.addChild(item)
                self._items[comment.id] = item
            group.setFirstColumnSpanned(True)
            group.setExpanded(True)
        self.tree.setSortingEnabled(True)
        self.summary.setText(self._summary_text(project, counts))

    def set_data(self, comments: list[ReviewComment], alignments: dict[str, Alignment],
                 diff: RevisionDiff | None) -> None:
        """Like ``set_project`` for loose parts (no project file)."""
        self.set_project(Project(id="", name="", path=Path(), comments=list(comments),
                                 alignments=dict(alignments), diff=diff))

    def _comment_item(self, project: Project, comment: ReviewComment, order: int) -> CoverageItem:
        alignment = project.alignments.get(comment.id)
        status = project.status(comment.id)
        edits = list(alignment.edit_ids) if alignment else []
        score = best_score(alignment)
        text = " ".join(comment.text.split())
        item = CoverageItem([f"{comment.id}  {text}", comment.action, status, ", ".join(edits) or "—",
                             "—" if score is None else f"{score:.2f}"])
        item.setData(COMMENT, ID_ROLE, comment.id)
        item.setData(COMMENT, SORT_ROLE, order)
        item.setData(ACTION, SORT_ROLE, comment.action)
        item.setData(STATUS, SORT_ROLE, STATUS_ORDER.get(status, 1))
        item.setData(EDITS, SORT_ROLE, len(edits))
        item.setData(SCORE, SORT_ROLE, -1.0 if score is None else float(score))
        item.setToolTip(COMMENT, comment.full_text)
        if edits and project.diff is not None:
            item.setToolTip(EDITS, "\n".join(f"{e.id} · {e.type.value} · {e.section or 'no section'}"
                                             for e in project.aligned_edits(comment.id)))
        item.setTextAlignment(SCORE, Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter)
        return item

    @staticmethod
    def _summary_text(project: Project, counts: dict[str, tuple[int, int]]) -> str:
        if not project.comments:
            return "No comments."
        if project.diff is None:
            return f"{len(project.comments)} comments; no revised version yet, so coverage is unknown."
        done = sum(d for d, _ in counts.values())
        parts = [f"{name or 'Reviewer'}: {d} of {n}" for name, (d, n) in counts.items()]
        return f"{done} of {len(project.comments)} comments addressed — " + " · ".join(parts)

    # -- selection -----------------------------------------------------------------------------

    def comment_ids(self) -> list[str]:
        """Comment ids in the order shown (after sorting)."""
        out = []
        for g in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(g)
            out.extend(group.child(i).data(COMMENT, ID_ROLE) for i in range(group.childCount()))
        return out

    def row(self, comment_id: str) -> dict[str, Any]:
        """The cells shown for a comment, by column name."""
        item = self._items[comment_id]
        return {name: item.text(i) for i, name in enumerate(COLUMNS)}

    def select_comment(self, comment_id: str) -> None:
        """Select a comment's row without emitting ``sig_comment_selected``."""
        item = self._items.get(comment_id)
        if item is None:
            return
        self.tree.blockSignals(True)
        flags = QItemSelectionModel.SelectionFlag  # explicit: with Ctrl held, setCurrentItem alone deselects
        self.tree.setCurrentItem(item, COMMENT, flags.ClearAndSelect | flags.Rows)
        self.tree.blockSignals(False)
        self.tree.scrollToItem(item)

    def selected_comment(self) -> str | None:
        item = self.tree.currentItem()
        return item.data(COMMENT, ID_ROLE) if item is not None else None

    def _selection_changed(self) -> None:
        items = self.tree.selectedItems()
        cid = items[0].data(COMMENT, ID_ROLE) if items else None
        if cid:
            self.sig_comment_selected.emit(cid)
