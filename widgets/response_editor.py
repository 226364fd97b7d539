"""The author's response to the selected comment: write or edit it, mark "no change" with a reason,
or take the suggestion's response; saved (undoably) by the session, shown in the letter.

The editor holds one comment at a time (``set_comment``). Save (Ctrl+Return) emits
``sig_response_saved(comment_id, text)`` with the text to store ("" clears it); the
badge says what the letter will print: *to answer*, *written*, *no change* or the
*accepted suggestion*'s response. An invalid input (a "no change" without a reason)
is a message under the box, and the text stays. Typing and then selecting
another comment saves what was typed first.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QObject, Qt, QTimer, Signal
from PySide6.QtGui import QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from engine.project.responses import is_no_change, no_change_reason, no_change_text
from widgets.badges import chip, style_chip
from widgets.controls import plain_button
from widgets.flow_layout import FlowLayout

#: How long after typing pauses what is typed is kept aside (``sig_draft_changed``).
DRAFT_MS = 800
#: What the badge says and its colour, by what the letter will print.
STATES = {"to answer": "open", "written": "answered", "no change": "answered", "accepted suggestion": "edited"}
STATE_TIPS = {
    "to answer": "The letter marks this comment “To answer.”: write a response, or accept a suggestion",
    "written": "The letter prints your response",
    "no change": "The letter says the paper does not change here, and your reason",
    "accepted suggestion": "The letter prints the response of the suggestion you accepted (write your own to replace it)",
}


class ResponseEditor(QFrame):
    """``set_comment(id, note, suggested, kept)``; Ctrl+Return saves, Escape reverts."""

    sig_response_saved = Signal(str, str)  # comment id, text to store ("" removes the response)
    #: A moment after typing pauses: comment id, what is typed and not saved ("" once saved or reverted), "no change"
    #: ticked; kept outside the project so a crash cannot take it (``engine.project.drafts``, trial27).
    sig_draft_changed = Signal(str, str, bool)
    #: The author's mark on the comment, "answered throughout the paper" (``engine.align.throughout``), on or off.
    sig_throughout_toggled = Signal(bool)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("ResponseEditor")
        self.setAccessibleName("Your response")
        self.comment_id: str | None = None
        self.stored = ""  # the note as stored
        self.kept = ""  # responses of accepted suggestions (what the letter prints without a note)
        self.suggested = ""  # the response of the suggestion on the card
        title = QLabel("Your response")
        title.setProperty("role", "title")
        self.state = chip("to answer", "open")
        self.text = QPlainTextEdit()
        self.text.setAccessibleName("Response to the reviewer")
        self.text.setTabChangesFocus(True)
        self.text.setProperty("focusframe", "box")  # a Highlight frame when focused (base.qss)
        self.text.setPlaceholderText("Write your answer to the reviewer (it goes in the response letter)")
        self.no_change = QCheckBox("No change")
        self.no_change.setToolTip("No change to the paper for this comment: the text above says why")
        self.throughout = QCheckBox("Answered throughout")
        self.throughout.setToolTip("Answered throughout the paper: you answered this comment in many places (a "
                                   "notation made consistent, a proofreading pass): Redraft links it to more edits, "
                                   "past its usual five (Ctrl+Shift+T; Edit → Undo takes it back)")
        self.throughout.clicked.connect(lambda: self.sig_throughout_toggled.emit(self.throughout.isChecked()))
        #: The quiet hint (``engine.align.broad``): shown under the box for a comment Redraft reads as broad.
        self.hint = QLabel("Answered in many places? Tick “Answered throughout”.")
        self.hint.setWordWrap(True)
        self.hint.setProperty("role", "hint")
        self.hint.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.hint.setToolTip("Redraft reads this comment as asking for changes throughout the paper (it is right "
                             "about one time in three): if you answered it in many places, tick the box")
        self.hint.hide()
        self.problem = QLabel("")
        self.problem.setWordWrap(True)
        self.problem.setForegroundRole(QPalette.ColorRole.BrightText)
        self.problem.hide()
        self.save_button = plain_button("Save", "Store this response in the project (Ctrl+Enter); Edit → Undo "
                                   "takes it back", self.save)
        self.use_button = plain_button("Use suggestion", "Copy the suggestion's response into the box, to edit and "
                                  "save as yours", self.use_suggestion)
        self.revert_button = plain_button("Revert", "Back to the saved response (Escape)", self.revert)
        head = QHBoxLayout()
        head.addWidget(title)
        head.addWidget(self.state)
        head.addStretch(1)
        # the boxes and the buttons wrap onto a second line in a narrow pane or under a large font (trial34: at 14 pt
        # in 1280x800 "Use suggestion" read "e suggesti" and "Answered throughout" lost its end)
        buttons = FlowLayout(spacing=6, last_right=True)
        for b in (self.save_button, self.use_button, self.revert_button):
            buttons.addWidget(b)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 8, 12, 8)
        layout.setSpacing(6)
        layout.addLayout(head)
        layout.addWidget(self.text, 1)
        checks = FlowLayout(spacing=12)  # one row for both boxes where they fit: the height goes to the text and TLDRs
        checks.addWidget(self.no_change)
        checks.addWidget(self.throughout)
        layout.addLayout(checks)
        layout.addWidget(self.hint)  # under the box, only while shown
        layout.addWidget(self.problem)
        layout.addLayout(buttons)
        self._shortcuts = [QShortcut(QKeySequence("Ctrl+Return"), self, self.save),  # Ctrl+Enter too
                           QShortcut(QKeySequence(Qt.Key.Key_Escape), self, self.revert)]
        for shortcut in self._shortcuts:  # live while the focus is in the editor (set here: the constructor's
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)  # context= is not applied)
        self._shortcuts[0].setWhatsThis("Response: save the response you are writing")  # listed in Help →
        self._shortcuts[1].setWhatsThis("Response: go back to the saved response")  # Getting started
        self._draft_timer = QTimer(self, singleShot=True, interval=DRAFT_MS)
        self._draft_timer.timeout.connect(self._draft_changed)
        self.text.textChanged.connect(self._refresh)
        self.text.installEventFilter(self)  # Ctrl+Z with nothing typed to undo: Edit → Undo
        self.no_change.toggled.connect(self._refresh)
        self.set_comment(None)

    # -- public API -----------------------------------------------------------------------
    def resizeEvent(self, event) -> None:  # noqa: N802 (Qt's name)
        """The least height follows the width: the wrapped rows of boxes and buttons are never drawn over each
        other when the pane is short (the splitter gives the height to this pane, from the suggestion above)."""
        super().resizeEvent(event)
        need = self.layout().totalMinimumHeightForWidth(event.size().width())
        if need > 0 and need != self.minimumHeight():
            self.setMinimumHeight(need)

    def set_comment(self, comment_id: str | None, note: str = "", suggested: str = "", kept: str = "") -> None:
        """Show the response to ``comment_id``: its stored ``note``, the card's ``suggested`` response and the
        ``kept`` (accepted) suggestions' responses. What was typed for another comment is saved first."""
        typed = self.dirty()
        if comment_id != self.comment_id and typed and comment_id is not None:
            pending = self.pending_text()
            if pending is not None:
                self._draft_changed()  # kept aside first: a full disk or a read-only project may refuse the save
                self.sig_response_saved.emit(self.comment_id, pending)
        keep = typed and comment_id == self.comment_id  # the same comment redrawn: what is typed stays
        self.comment_id, self.stored, self.suggested, self.kept = comment_id, note.strip(), suggested.strip(), kept
        if keep:
            self._refresh()
        else:
            self._show_stored()

    def set_throughout(self, marked: bool, enabled: bool = True, hint: bool = False) -> None:
        """Show the comment's mark (no signal: only the author's click emits one); disabled without a revision;
        ``hint``: the quiet "answered in many places? mark it" beside an unticked box."""
        self.throughout.blockSignals(True)
        self.throughout.setChecked(marked)
        self.throughout.blockSignals(False)
        self.throughout.setEnabled(enabled)
        self.hint.setVisible(hint and enabled and not marked)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """Ctrl+Z (Ctrl+Shift+Z) in the box with no typing of its own to undo (redo) is the window's Undo (Redo):
        the box took the keys and did nothing, so a response saved with Ctrl+Enter was not taken back by the keys
        the Save button's tip names (trial33, keyboard only)."""
        if watched is self.text and event.type() == QEvent.Type.ShortcutOverride:
            doc = self.text.document()
            if ((event.matches(QKeySequence.StandardKey.Undo) and not doc.isUndoAvailable())
                    or (event.matches(QKeySequence.StandardKey.Redo) and not doc.isRedoAvailable())):
                event.ignore()  # not the box's: the shortcut map (the window's Edit menu) takes it
                return True
        return super().eventFilter(watched, event)

    def set_escape_enabled(self, enabled: bool) -> None:
        """Escape goes back to the saved response, except while a job runs: then it is the window's Cancel Job (one key
        for both left Escape doing nothing at all: Qt drops an ambiguous shortcut)."""
        self._shortcuts[1].setEnabled(enabled)

    def flush(self) -> None:
        """Save what is typed and not saved yet, as moving to another comment does: the window is closing or another
        project is opening (an author's trial lost a typed response by closing the window)."""
        pending = self.pending_text() if self.dirty() else None
        if pending is not None:
            self._draft_changed()  # kept aside first: a full disk or a read-only project may refuse the save
            self.sig_response_saved.emit(self.comment_id, pending)
            self.stored = pending

    def pending_text(self) -> str | None:
        """What Save would store, or ``None`` when the input cannot be stored as it is."""
        text = self.text.toPlainText().strip()
        if self.no_change.isChecked():
            return no_change_text(text) if text else None
        return text

    def dirty(self) -> bool:
        return self.comment_id is not None and self.pending_text() != self.stored

    def letter_state(self) -> str:
        """What the letter prints for the stored response: to answer, written, no change, accepted suggestion."""
        if self.stored:
            return "no change" if is_no_change(self.stored) else "written"
        return "accepted suggestion" if self.kept.strip() else "to answer"

    def save(self) -> None:
        if self.comment_id is None:
            return
        text = self.pending_text()
        if text is None:
            self._say("Say why the paper does not change: the reason goes in the letter.")
            self.text.setFocus()
            return
        if text != self.stored:
            self.sig_response_saved.emit(self.comment_id, text)
        self.text.document().clearUndoRedoStacks()  # the save is one step now: Ctrl+Z is Edit → Undo (trial33)

    def use_suggestion(self) -> None:
        if self.comment_id is not None and self.suggested:
            self.no_change.setChecked(False)
            self.text.setPlainText(self.suggested)
            self.text.setFocus()

    def revert(self) -> None:
        self._show_stored()

    def restore(self, text: str, no_change: bool = False) -> None:
        """Put back what was typed and not saved (after a crash): in the box, unsaved, for Save or Revert."""
        self.no_change.setChecked(no_change)
        self.text.setPlainText(text)

    def _draft_changed(self) -> None:
        if self.comment_id is not None:
            dirty = self.dirty()
            self.sig_draft_changed.emit(self.comment_id, self.text.toPlainText() if dirty else "",
                                        dirty and self.no_change.isChecked())

    # -- internals ------------------------------------------------------------------------
    def _show_stored(self) -> None:
        for w in (self.text, self.no_change):
            w.blockSignals(True)
        self.no_change.setChecked(is_no_change(self.stored))
        self.text.setPlainText(no_change_reason(self.stored) if is_no_change(self.stored) else self.stored)
        for w in (self.text, self.no_change):
            w.blockSignals(False)
        self._say("")
        self._refresh()

    def _say(self, message: str) -> None:
        self.problem.setText(message)
        self.problem.setVisible(bool(message))

    def _refresh(self) -> None:
        has = self.comment_id is not None
        self._draft_timer.start()
        for w in (self.text, self.no_change):
            w.setEnabled(has)
        state = self.letter_state() if has else ""
        dirty = has and self.dirty()
        self.state.setText(f"{state} · unsaved" if dirty else state)
        style_chip(self.state, "edited" if dirty else STATES.get(state, "unknown"))
        self.state.setToolTip(STATE_TIPS.get(state, ""))
        self.state.setVisible(has)
        self.save_button.setEnabled(dirty)
        self.revert_button.setEnabled(dirty)
        self.use_button.setEnabled(has and bool(self.suggested) and self.text.toPlainText().strip() != self.suggested)
        if self.problem.isVisible() and self.pending_text() is not None:
            self._say("")
