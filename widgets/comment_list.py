"""Review comments grouped by reviewer, with type, action class, directness, status badges and a filter."""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QEvent, QItemSelectionModel, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence
from PySide6.QtWidgets import (
    QAbstractItemView, QComboBox, QHBoxLayout, QHeaderView, QLabel, QLineEdit, QTreeWidget, QTreeWidgetItem,
    QVBoxLayout, QWidget,
)

from engine.align.status import (CONFIRMED_STATUSES, STATUS_BADGES, STATUS_WORDS, STATUSES, Assessment, Status,
                                  partly_reason)
from engine.reviews.model import FINE_TYPE_WORDS, FINE_TYPES, ReviewComment, comment_tooltip
from widgets.badges import CHIP_ROLE, KEY_ROLE, STATUS_KEYS, BadgeDelegate, ChipTextDelegate

_ID_ROLE = Qt.ItemDataRole.UserRole
#: Status filters in menu order (every status, most in need of work first: ``status.STATUSES``); the menu
#: offers the ones present in the project.
STATUS_FILTERS = ("All", *(s.value for s in STATUSES))
#: What the author can do about a status, after its meaning (the status badge's tooltip).
STATUS_HINTS = {
    Status.NOT_ADDRESSED: "Confirm a candidate link above the diff, or link an edit by hand (Link an edit…).",
    Status.NO_EVIDENCE: "Link an edit… links one by hand.",
    Status.PARTLY: "Confirm the link above the diff, or link another edit.",
    Status.ADDRESSED: "Confirm or reject the link above the diff.",
    Status.OPEN: "Accept a suggested edit or write a response.",
}
COL_TEXT, COL_ACTION, COL_STATUS = 0, 1, 2
#: The full status of a row (``Status.value``), kept on its status cell: the badge may say it shorter.
STATUS_ROLE = Qt.ItemDataRole.UserRole
#: Below this confidence a comment's type badge is muted and marked "?".
LOW_CONFIDENCE = 0.5
#: What each fine type asks for, in plain words (the type badge's tooltip), from the engine's one list.
TYPE_TIPS = {t: words[0].upper() + words[1:] for t, words in FINE_TYPE_WORDS.items()}
#: What each fine type asks for, as the line over the selected comment says it ("Reviewer 2 · asks for an
#: experiment"): the action class and directness are on that line's tooltip only (a new-user trial read
#: "Report · direct · criticism" there as jargon).
TYPE_PHRASES = {"experiment": "asks for an experiment", "explanation": "asks for an explanation",
                "clarification": "asks for a clarification", "result": "asks for a result",
                "edit": "asks for a change to the text", "typo": "points out a typo", "criticism": "criticism"}
#: What each action class asks for (the action column's tooltip).
ACTION_TIPS = {
    "Explain": "Explain: asks you to explain or justify something", "Compare": "Compare: asks you to compare "
    "with other work or a baseline", "Report": "Report: asks you to report a result, a detail or a number",
    "Remove": "Remove: asks you to remove or shorten something", "Apply": "Apply: asks you to apply a method "
    "or a fix", "Use": "Use: asks you to use another method, data set or metric",
    "Define": "Define: asks you to define a term or a symbol", "Discuss": "Discuss: asks you to discuss "
    "a point, a limitation or related work",
}
DIRECTNESS_TIPS = {"direct": "The reviewer asks for it in so many words",
                   "indirect": "The reviewer implies it (a question or a doubt) rather than asking for it"}
NARROW = 640  # below this width the action column hides (the comment text needs the room; a new-user trial read four characters)


class CommentList(QWidget):
    """``set_comments(comments, statuses)``; choosing one emits ``sig_comment_selected(id)``."""

    sig_comment_selected = Signal(str)
    sig_comment_activated = Signal(str)  # Enter or double-click

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setAccessibleName("Review comments")
        self._comments: dict[str, ReviewComment] = {}
        self._items: dict[str, QTreeWidgetItem] = {}
        self.filter_box = QLineEdit()
        self.filter_box.setPlaceholderText("Filter comments…")
        self.filter_box.setClearButtonEnabled(True)
        self.filter_box.setAccessibleName("Filter comments")
        self.filter_box.setToolTip("Show comments whose text, reviewer or action contains these words")
        self.filter_box.textChanged.connect(self._apply_filter)
        self.filter_box.installEventFilter(self)
        self.status_box = QComboBox()
        self.status_box.addItems(STATUS_FILTERS)
        self.status_box.setAccessibleName("Filter by status")
        self.status_box.setToolTip("Show only comments with this status, of this type, or those Redraft is unsure of")
        self.status_box.currentIndexChanged.connect(self._apply_filter)
        # "type: clarification" would widen the box and squeeze the filter field: it shows ~9 letters
        self.status_box.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        self.status_box.setMinimumContentsLength(9)
        self.tree = QTreeWidget()
        self.tree.setAccessibleName("Comments by reviewer")
        self.tree.setAccessibleDescription("Up and Down move between comments; Enter opens one; Ctrl+C copies it")
        self.tree.setHeaderLabels(["Comment", "Action", "Status"])
        self.tree.setRootIsDecorated(True)
        self.tree.setUniformRowHeights(False)  # a narrow list gives each comment two lines (ChipTextDelegate)
        self.tree.setTextElideMode(Qt.TextElideMode.ElideRight)
        self.tree.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)  # Merge selected
        self.tree.setItemDelegateForColumn(COL_STATUS, BadgeDelegate(self.tree))
        self.tree.setItemDelegateForColumn(COL_TEXT, ChipTextDelegate(self.tree))  # the type badge
        header = self.tree.header()
        header.setStretchLastSection(False)
        header.setSectionResizeMode(COL_TEXT, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(COL_ACTION, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(COL_STATUS, QHeaderView.ResizeMode.ResizeToContents)
        self._relayout = QTimer(self, singleShot=True, interval=0)  # rows one or two lines tall at the new width
        self._relayout.timeout.connect(self.tree.doItemsLayout)
        header.sectionResized.connect(lambda column, *_: column == COL_TEXT and self._relayout.start())
        self.tree.itemSelectionChanged.connect(self._on_selection)
        self.tree.itemActivated.connect(self._on_activated)
        self.tree.installEventFilter(self)  # Ctrl+C copies the comment's full text, not the cell
        row = QHBoxLayout()
        row.setSpacing(6)
        row.addWidget(self.filter_box, 1)
        row.addWidget(self.status_box)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(6)
        layout.addLayout(row)
        #: Said when the filters leave no comment (trial33: the list went blank and said nothing).
        self.no_match = QLabel()
        self.no_match.setWordWrap(True)
        self.no_match.setProperty("role", "muted")
        self.no_match.hide()
        layout.addWidget(self.no_match)
        layout.addWidget(self.tree, 1)
        # No focus proxy: Tab into a widget with one goes straight to the proxy, and skipped the two filters
        # (trial25). Tab follows the layout: filter box, status box, list.
        QWidget.setTabOrder(self.filter_box, self.status_box)
        QWidget.setTabOrder(self.status_box, self.tree)

    def find(self) -> None:
        """Edit → Find Comment (Ctrl+F): the filter box, its words selected to be typed over."""
        self.filter_box.setFocus(Qt.FocusReason.ShortcutFocusReason)
        self.filter_box.selectAll()

    # -- public API -----------------------------------------------------------------------
    def set_comments(self, comments: list[ReviewComment],
                     statuses: Mapping[str, Assessment | Status | str] | None = None) -> None:
        """The comments, each with its status: an ``Assessment`` (``Project.assessments()``: the badge says the
        status, its tooltip how sure Redraft is) or a bare status."""
        statuses = statuses or {}
        self.tree.blockSignals(True)
        self.tree.clear()
        self._comments = {c.id: c for c in comments}
        self._items = {}
        groups: dict[str, QTreeWidgetItem] = {}
        for c in comments:
            group = groups.get(c.reviewer)
            if group is None:
                group = QTreeWidgetItem([c.reviewer or "Reviewer"])
                group.setFlags(Qt.ItemFlag.ItemIsEnabled)
                font = group.font(COL_TEXT)
                font.setBold(True)
                group.setFont(COL_TEXT, font)
                self.tree.addTopLevelItem(group)
                group.setFirstColumnSpanned(True)
                groups[c.reviewer] = group
            item = QTreeWidgetItem([_label(c), c.action, ""])  # directness on the tooltip
            item.setData(COL_TEXT, _ID_ROLE, c.id)
            item.setData(COL_TEXT, CHIP_ROLE, type_badge(c))
            colour = "unknown" if low_confidence(c) else _TYPE_COLOURS.get(c.fine_type, "unknown")
            item.setData(COL_TEXT, KEY_ROLE, colour)
            item.setToolTip(COL_TEXT, _tooltip(c))
            item.setToolTip(COL_ACTION, f"{ACTION_TIPS.get(c.action, c.action)}.\n"
                                        f"{DIRECTNESS_TIPS.get(c.directness, '')}")
            _show_status(item, statuses.get(c.id, Status.UNKNOWN))
            group.addChild(item)
            self._items[c.id] = item
        for name, group in groups.items():
            group.setText(COL_TEXT, f"{name} · {group.childCount()}")
            n = group.childCount()
            group.setToolTip(COL_TEXT, f"{name or 'Reviewer'}: {n} comment{'s' if n != 1 else ''} to answer")
        self.tree.expandAll()
        self.tree.blockSignals(False)
        self._offer_filters()
        self._apply_filter()

    def set_statuses(self, statuses: Mapping[str, Assessment | Status | str]) -> None:
        for cid, status in statuses.items():
            if cid in self._items:
                _show_status(self._items[cid], status)
        self._offer_filters()
        self._apply_filter()

    def _offer_filters(self) -> None:
        """The filter menu: All, the statuses the comments have, then their types and "low confidence"
        (the choice kept if still there)."""
        present = {item.data(COL_STATUS, STATUS_ROLE) for item in self._items.values()}
        types = {c.fine_type for c in self._comments.values()}
        wanted = ["All", *[s for s in STATUS_FILTERS[1:] if s in present],
                  *[f"type: {t}" for t in FINE_TYPES if t in types]]
        if any(low_confidence(c) for c in self._comments.values()):
            wanted.append("low confidence")
        if [self.status_box.itemText(i) for i in range(self.status_box.count())] == wanted:
            return
        current = self.status_box.currentText()
        self.status_box.blockSignals(True)
        self.status_box.clear()
        self.status_box.addItems(wanted)
        self.status_box.setCurrentIndex(max(wanted.index(current) if current in wanted else 0, 0))
        self.status_box.blockSignals(False)

    def select_comment(self, comment_id: str) -> None:
        """Select ``comment_id``, and only it (emits ``sig_comment_selected`` if the selection changes).

        The selection command is explicit: ``setCurrentItem(item)`` alone reads the keyboard's modifiers
        in an extended-selection list, so with Ctrl held (Ctrl+Down, Ctrl+Enter) it toggled the item
        instead, leaving the previous comment selected too (and announced) or deselecting this one."""
        item = self._items[comment_id]
        if item.isHidden():
            self.filter_box.clear()
            self.status_box.setCurrentIndex(0)
        flags = QItemSelectionModel.SelectionFlag
        self.tree.setCurrentItem(item, COL_TEXT, flags.ClearAndSelect | flags.Rows)
        self.tree.scrollToItem(item)

    def status_of(self, comment_id: str) -> str:
        """The comment's full status (``partly addressed``), whatever its badge says (``partly``)."""
        return self._items[comment_id].data(COL_STATUS, STATUS_ROLE)

    @property
    def selected_id(self) -> str | None:
        """The current comment (of several selected, the one last clicked)."""
        item = self.tree.currentItem()
        if item is not None and item.isSelected() and item.data(COL_TEXT, _ID_ROLE):
            return item.data(COL_TEXT, _ID_ROLE)
        ids = self.selected_ids()
        return ids[0] if ids else None

    def selected_ids(self) -> list[str]:
        """The selected comments, in list order."""
        chosen = {item.data(COL_TEXT, _ID_ROLE) for item in self.tree.selectedItems()}
        return [cid for cid in self._items if cid in chosen]

    def count(self) -> int:
        """Number of comments shown (filtered or not)."""
        return len(self._comments)

    def visible_ids(self) -> list[str]:
        return [cid for cid, item in self._items.items() if not item.isHidden()]

    def copy_selected(self) -> None:
        cid = self.selected_id
        if cid is not None:
            QGuiApplication.clipboard().setText(self._comments[cid].full_text)

    # -- internals ------------------------------------------------------------------------
    def resizeEvent(self, event) -> None:
        """In a narrow sidebar the comment text matters more than the action column (kept in tooltips)."""
        super().resizeEvent(event)
        self.tree.setColumnHidden(COL_ACTION, self.width() < NARROW)

    def _apply_filter(self) -> None:
        words = self.filter_box.text().lower().split()
        status = self.status_box.currentText()
        total = 0
        for i in range(self.tree.topLevelItemCount()):
            group = self.tree.topLevelItem(i)
            shown = 0
            for j in range(group.childCount()):
                item = group.child(j)
                c = self._comments[item.data(COL_TEXT, _ID_ROLE)]
                hay = " ".join((c.id, c.reviewer, c.text, c.context, c.action, c.directness, c.fine_type,
                                item.text(COL_STATUS), item.data(COL_STATUS, STATUS_ROLE) or ""))
                ok = all(w in hay.lower() for w in words) and _passes(status, c, item.data(COL_STATUS, STATUS_ROLE))
                item.setHidden(not ok)
                shown += ok
            group.setHidden(shown == 0)
            total += shown
        self._say_no_match(total == 0 and bool(self._comments) and bool(words or status != STATUS_FILTERS[0]))

    def _say_no_match(self, empty: bool) -> None:
        if empty:
            typed = self.filter_box.text().strip()
            what = f"\u201c{typed}\u201d" if typed else "this filter"
            self.no_match.setText(f"No comment matches {what}. Clear the filter to see all comments; a point the "
                                  "reviews make that is in no comment can be added with Edit \u2192 Comment \u2192 "
                                  "Add Comment\u2026")
        self.no_match.setVisible(empty)

    def _on_selection(self) -> None:
        cid = self.selected_id
        if cid is not None:
            self.sig_comment_selected.emit(cid)

    def _on_activated(self, item: QTreeWidgetItem) -> None:
        cid = item.data(COL_TEXT, _ID_ROLE)
        if cid:
            self.sig_comment_activated.emit(cid)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Down in the filter box moves into the list; Ctrl+C in the list copies the comment."""
        if watched is self.tree and event.type() == QEvent.Type.KeyPress and event.matches(QKeySequence.StandardKey.Copy):
            self.copy_selected()
            return True
        if watched is self.filter_box and event.type() == QEvent.Type.KeyPress and event.key() == Qt.Key.Key_Down:
            visible = self.visible_ids()
            if visible:
                self.tree.setFocus()
                if self.selected_id not in visible:
                    self.tree.setCurrentItem(self._items[visible[0]])
                return True
        return super().eventFilter(watched, event)


def _passes(choice: str, c: ReviewComment, status: str) -> bool:
    if choice == "All":
        return True
    if choice.startswith("type: "):
        return c.fine_type == choice[len("type: "):]
    if choice == "low confidence":
        return low_confidence(c)
    return status == choice


_TYPE_COLOURS = {"experiment": "moved", "result": "moved", "explanation": "edited", "clarification": "edited",
                 "edit": "minor", "typo": "unchanged", "criticism": "open"}


def low_confidence(c: ReviewComment) -> bool:
    return c.confidence < LOW_CONFIDENCE


def type_badge(c: ReviewComment) -> str:
    """The type badge's text: the type, "?" before it when Redraft is unsure the comment is a request."""
    if low_confidence(c):
        return f"? {c.fine_type}" if c.fine_type else "?"
    return c.fine_type


def type_phrase(c: ReviewComment) -> str:
    """The comment's fine type in a reader's words (``TYPE_PHRASES``); "" when it has none."""
    return TYPE_PHRASES.get(c.fine_type, c.fine_type)


def type_tip(c: ReviewComment) -> str:
    return comment_tooltip(c) + (" (low confidence)" if low_confidence(c) else "")


def _label(c: ReviewComment) -> str:
    text = " ".join(c.text.split())
    return f"{c.id}  {text if len(text) <= 200 else text[:197] + '…'}"


def _tooltip(c: ReviewComment) -> str:
    lead = f"<i>{c.context}</i><br>" if c.context else ""
    where = f" · {c.section}" if c.section else ""
    kind = type_tip(c).replace("\n", "<br>")
    return f"<b>{c.id}</b> · {c.reviewer}{where}<br>{lead}{c.text}<hr><small>{kind}</small>"


def status_tip(status: Status | str, probability: float | None = None) -> str:
    """What a status means in plain words (``status.STATUS_WORDS``), how sure Redraft is (unless the author
    said so), and what the author can do about it."""
    try:
        status = Status(status)
    except ValueError:
        return str(status)
    lines = [STATUS_WORDS[status]]
    if probability is not None and status not in CONFIRMED_STATUSES:
        why = partly_reason(status, probability)
        lines.append(f"Redraft is {round(100 * probability)}% sure the revision addresses it"
                     f"{', ' + why if why else ''}.")
    if status in STATUS_HINTS:
        lines.append(STATUS_HINTS[status])
    return " ".join(lines)


def _show_status(item: QTreeWidgetItem, value: Assessment | Status | str) -> None:
    """The status badge of a comment's row (its short word, coloured by ``STATUS_KEYS``), its full status
    (``STATUS_ROLE``) and its tooltip."""
    a = value if isinstance(value, Assessment) else None
    status = a.status if a is not None else value
    try:
        known = Status(status)
    except ValueError:
        known = None
    item.setText(COL_STATUS, STATUS_BADGES[known] if known is not None else str(status))
    item.setData(COL_STATUS, STATUS_ROLE, str(status))
    item.setData(COL_STATUS, KEY_ROLE, STATUS_KEYS[known] if known is not None else "unknown")
    item.setToolTip(COL_STATUS, status_tip(status, a.probability if a is not None else None))
