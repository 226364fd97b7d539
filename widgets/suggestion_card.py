"""One suggestion for a comment: the response and the edit, placeholders highlighted, to accept or reject.

A scaffold (the embedded model's default: ``engine.generate.scaffold``) says what kind of change the comment asks
for and quotes the paragraph it goes after (or the sentence it replaces), and its edit is a draft to complete; its
chip holds the model's withheld rewrite and the checks that rewrite failed.

The author decides: Accept is the default button (and Enter accepts) only for
a suggestion with no flag; a suggestion that failed Redraft's checks
(``engine.generate.guard``) says so and cannot be accepted as it stands (Edit
still works). While the model writes, its labelled stream
(``engine.generate.fields``) fills the response and edit boxes as they grow.

The text scrolls inside the card only when the side panel has no more room for it (the panel gives the card what
``needed_height`` asks: ``desktop.pane_layout``); the title and the buttons stay in view. When the placement's second
paragraph scores close to the first (``engine.generate.alternative``), the card offers it: a scaffold moves there at
once (``sig_place_switched``), a rewrite is written there again on request (``sig_place_requested``).
"""

from __future__ import annotations

from typing import Any, Callable

from PySide6.QtCore import QPoint, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QPalette
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QScrollArea, QSizePolicy, QToolTip, QVBoxLayout, QWidget

from engine.generate.fields import parse_fields
from engine.generate.source_syntax import COPY_FLAGS, unmapped_flag
from engine.generate.flags import Flag
from engine.project.model import SuggestionRecord
from widgets.badges import chip, style_chip
from widgets.suggestion_parts import set_alternative, set_flags
from widgets.card_keys import TRIAGE, card_keys
from widgets.controls import plain_button
from widgets.flow_layout import FlowLayout
from widgets.glossary import SUGGESTION_TIPS
from widgets.placeholder_text import PlaceholderText
from widgets.suggestion_text import SHORTCUT_TIPS, edit_heading, meta_line, meta_tip, plan_text

#: What the card says while the model writes (a step before it, such as placement's encoder pass, says itself).
WRITING = "The model is writing…"
COPY_TIP = "Copy the edit to the clipboard (Ctrl+Shift+C)"


#: Why Enter kept nothing: a flagged suggestion or a scaffold is kept only by Accept itself.
ENTER_REFUSED = "Enter keeps only a suggestion with no flag: read the flags, then press Accept (Tab to it, then Space)"


class SuggestionCard(QFrame):
    """``set_suggestion(rec)``; Enter accepts, Delete rejects, F2 edits, Ctrl+Shift+C copies."""

    sig_suggestion_accepted = Signal(str)
    sig_suggestion_rejected = Signal(str)
    sig_suggestion_edited = Signal(str, str)  # id, new edit text
    sig_suggestion_copied = Signal(str)  # the copied text
    sig_generate_requested = Signal()
    sig_place_switched = Signal(str)  # id: the scaffold moved to its alternative place (its draft written there)
    sig_place_requested = Signal(str)  # paragraph id: a new suggestion written after it (the model runs)
    sig_content_resized = Signal(int)  # the height the card needs to show its text whole (``needed_height``)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SuggestionCard")
        self.setAccessibleName("Suggested edit")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.record: SuggestionRecord | None = None
        self.source: Callable[[str], tuple[Any, str] | None] | None = None  # the edit in the draft's syntax
        self.where = self.elsewhere = ""  # its paragraph as a reader finds it ("Method, p. 4")
        self.editing = self.streaming = False
        self._streamed = ""
        self.title = QLabel("Suggestion")
        self.title.setProperty("role", "title")
        self.status = chip("pending", "pending")
        self.meta = QLabel("")
        self.meta.setWordWrap(True)
        self.meta.setContentsMargins(0, 0, 0, 4)
        self.plan = QLabel("")  # a scaffold's where and what: the change asked for, the paragraph quoted
        self.plan.setWordWrap(True)
        self.plan.setTextFormat(Qt.TextFormat.PlainText)
        self.plan.setAccessibleName("Where to edit and what kind of change")
        self.plan.setContentsMargins(0, 0, 0, 4)
        for label in (self.meta, self.plan):  # whole, at their wrapped height: the text boxes below give way first
            label.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)  # (a 1280×800 window cut
            label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)  # the plan's first line)
        self.placeholder_label = QLabel("")
        for label in (self.meta, self.placeholder_label):
            label.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.response = PlaceholderText("Response to the reviewer")
        self.edit = PlaceholderText("Edit to the paper")
        self.edit.setToolTip("Placeholders like [[RESULT: ...]] mark facts only you can fill in")
        self.response.setToolTip("The model's response: “Use suggestion” under Your response takes it to edit and "
                                 "save as yours; accepting the suggestion puts it in the letter as it stands")
        self.flags_row = FlowLayout(spacing=4)  # the chips wrap in a narrow card
        self.empty = QLabel("No suggestion for this comment yet.\nPress “Suggest an edit” to write one with the model.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)

        self.alternative = QLabel("")  # the placement's close second place: "Also fits: …"
        self.alternative.setWordWrap(True)
        self.alternative.setTextFormat(Qt.TextFormat.PlainText)
        self.alternative.setAccessibleName("Another place the edit fits")
        self.alternative.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Minimum)
        self.alternative.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.switch_button = plain_button("Put it there", "", self.switch_place)
        self.alternative_row = QHBoxLayout()
        self.alternative_row.setContentsMargins(0, 0, 0, 4)
        self.alternative_row.addWidget(self.alternative, 1)
        self.alternative_row.addWidget(self.switch_button, 0, Qt.AlignmentFlag.AlignTop)
        self.generate_button = plain_button("Suggest an edit", "Write a suggestion with the model", self.sig_generate_requested.emit)
        self.accept_button = plain_button("Accept", "Accept this suggestion (Enter)", self.accept)
        self.edit_button = plain_button("Edit", "Edit the suggested text (F2)", self.toggle_edit)
        self.copy_button = plain_button("Copy", COPY_TIP, self.copy)
        self.reject_button = plain_button("Reject", "Reject this suggestion (Delete)", self.reject)

        head = FlowLayout(spacing=6, last_right=True)  # "Suggest again" wraps below a long status in a narrow card
        for w in (self.title, self.status, self.generate_button):
            head.addWidget(w)
        buttons = FlowLayout(spacing=6, last_right=True)  # Reject wraps below "Copy Markdown" in a narrow card
        for b in (self.accept_button, self.edit_button, self.copy_button, self.reject_button):
            buttons.addWidget(b)
        self.flags_row.addStretch(1)
        self.flags_row.addWidget(self.placeholder_label)
        # The text scrolls (a long plan is read whole by scrolling); the title and the buttons stay in view (at
        # 1200×800 the buttons of a card that scrolled whole were below the fold: a new-user trial, round 9).
        self.body = QWidget()
        self.body.setObjectName("SuggestionText")
        text = QVBoxLayout(self.body)
        text.setContentsMargins(0, 0, 0, 0)
        text.setSpacing(4)  # two pixels a row: a two-sentence comment's scaffold shows whole at 1440 × 900
        text.addWidget(self.meta)
        text.addWidget(self.plan)
        text.addLayout(self.alternative_row)
        text.addWidget(self.empty)
        self.response.set_editable(False)
        self.sections = []
        for heading, box, stretch in (("Response to the reviewer", self.response, 1), ("Edit to the paper", self.edit, 2)):
            label = QLabel(heading)
            label.setProperty("role", "title")
            text.addWidget(label)
            text.addWidget(box, stretch)
            self.sections += [label, box]
        self.edit_heading = self.sections[2]
        text.addLayout(self.flags_row)
        text.addStretch(1)  # a tall card's room goes below the text, not between its lines
        self.scroll = QScrollArea()
        self.scroll.setWidget(self.body)
        self.scroll.setWidgetResizable(True)
        self.scroll.setFrameShape(QFrame.Shape.NoFrame)
        self.scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.scroll.setMinimumHeight(60)
        for w in (self.body, self.scroll.viewport()):  # the card's own background, not the window's
            w.setAutoFillBackground(False)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        layout.addLayout(head)
        layout.addWidget(self.scroll, 1)
        layout.addLayout(buttons)
        self._shortcuts = card_keys(self, self, tuple(SHORTCUT_TIPS), Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.set_suggestion(None)

    # -- public API -----------------------------------------------------------------------
    def set_suggestion(self, rec: SuggestionRecord | None, where: str = "", elsewhere: str = "",
                       source: Callable[[str], tuple[Any, str] | None] | None = None) -> None:
        """Show ``rec``; ``where`` names its paragraph as a reader finds it ("Method, p. 4"), else its id shows;
        ``elsewhere`` names its alternative place the same way. ``source`` writes an edit in the draft's own syntax
        (``Project.in_source``: the written edit and the quote, or None for a PDF or Word draft): Copy copies that."""
        shown = (self.record.id, self.record.location) if self.record is not None else None
        self.record, self.where, self.elsewhere, self.source = rec, where, elsewhere, source
        self.editing = False
        self.edit.set_editable(False)
        self.response.setPlainText(rec.response if rec else "")
        self.edit.setPlainText(rec.edit if rec else "")
        self.meta.setText(meta_line(rec, where) if rec else "")
        self.meta.setToolTip(meta_tip(rec, where) if rec else "")
        self.plan.setText(plan_text(rec) if rec else "")
        forms = source(rec.edit) if rec is not None and source is not None else None
        self.plan.setToolTip((f"Where: “{rec.quote}”" if rec and rec.quote else "")
                             + (f"\nIn the source: “{forms[1]}”" if forms and forms[1] else ""))
        self._source_button(forms)
        self.title.setText("Scaffold" if rec and rec.kind == "scaffold" else "Suggestion")
        self.edit_heading.setText(edit_heading(rec))
        self._set_flags(rec.flags if rec else [])
        self._set_alternative(rec, elsewhere)
        if rec is None or shown != (rec.id, rec.location):  # another suggestion, or another place: from the top
            self.scroll.verticalScrollBar().setValue(0)
        self._refresh()
        QTimer.singleShot(0, self.announce)  # once the layout has the new text: the side panel gives it room

    def needed_height(self) -> int:
        """Pixels the card needs to show all its text at its width, with no scroll bar."""
        layout = self.body.layout()
        width = self.scroll.viewport().width()
        body = layout.totalHeightForWidth(width) if layout.hasHeightForWidth() else layout.totalSizeHint().height()
        return self.height() - self.scroll.viewport().height() + body

    def announce(self) -> None:
        """Say how tall the card needs to be (``sig_content_resized``), when it shows a finished suggestion: the side
        panel gives it room (``desktop.pane_layout``), also once the window has its first real size."""
        if self.record is not None and not self.streaming:
            self.sig_content_resized.emit(self.needed_height())

    def suggestion(self) -> SuggestionRecord | None:
        """The record shown, or ``None``."""
        return self.record

    def begin_stream(self) -> None:
        """Show the model's text as it is written (buttons off until ``end_stream``)."""
        self.streaming = True
        self.editing = False
        self._streamed = ""
        self.response.clear()
        self.edit.clear()
        self.meta.setText(WRITING)
        self._set_flags([])
        self._refresh()

    def append_text(self, text: str) -> None:
        """More of the labelled stream: each field's box shows its text so far."""
        self._streamed += text
        fields = parse_fields(self._streamed)
        for box, key in ((self.edit, "edit"), (self.response, "response")):
            value = fields.get(key, fields.get("", "") if key == "edit" else "")
            if box.toPlainText() != value:
                box.setPlainText(value)
                box.moveCursor(box.textCursor().MoveOperation.End)
                box.ensureCursorVisible()

    def end_stream(self) -> None:
        self.streaming = False
        self._refresh()

    def placeholder_spans(self) -> list[tuple[int, int]]:
        """Where the edit's placeholders are (highlighted)."""
        return self.edit.highlighter.placeholder_spans()

    def accept(self) -> None:
        if self._actionable() and not self.failed():
            self.sig_suggestion_accepted.emit(self.record.id)

    def _enter(self) -> None:
        if not self.flagged():
            self.accept()
        elif self._actionable():  # said, not silent (trial32: Enter on a scaffold seemed to do nothing)
            QToolTip.showText(self.accept_button.mapToGlobal(QPoint(0, self.accept_button.height())), ENTER_REFUSED,
                              self.accept_button)

    def reject(self) -> None:
        if self._actionable():
            self.sig_suggestion_rejected.emit(self.record.id)

    def copy(self) -> None:
        """The edit to the clipboard: in the draft's own syntax for a LaTeX or Markdown draft, else as it reads."""
        if self.record is not None and not self.streaming:
            text = self.edit.toPlainText()
            forms = self.source(text) if self.source is not None else None
            text = forms[0].text if forms else text
            QGuiApplication.clipboard().setText(text)
            self.sig_suggestion_copied.emit(text)

    def toggle_edit(self) -> None:
        if self.editing:
            self._save_edit()
        elif self._actionable():
            self.editing = True
            self.edit.set_editable(True)
            self._refresh()

    def cancel_edit(self) -> None:
        if self.editing:
            self.set_suggestion(self.record, self.where, self.elsewhere, self.source)

    def switch_place(self) -> None:
        """The alternative place: a scaffold moves there at once; a rewrite is written again there on request."""
        rec = self.record
        if rec is None or not rec.alternative or self.streaming or self.editing:
            return
        if rec.switchable:
            self.sig_place_switched.emit(rec.id)
        elif rec.kind != "scaffold":
            self.sig_place_requested.emit(rec.alternative["location"])

    # -- internals ------------------------------------------------------------------------
    def _source_button(self, forms: tuple[Any, str] | None) -> None:
        """Copy says what it copies: "Copy LaTeX" and what stays as it reads, or the plain "Copy"."""
        name = ("LaTeX" if forms[0].syntax == "latex" else "Markdown") if forms else ""
        flag = unmapped_flag(forms[0]) if forms else None
        self.copy_button.setText(f"Copy {name}".strip())
        self.copy_button.setToolTip(COPY_TIP if not forms else f"Copy the edit as {name} to paste into your source, its "
                                    f"citations, references and maths as you wrote them (Ctrl+Shift+C)"
                                    + (f"\n{flag.message}" if flag else ""))

    def _save_edit(self) -> None:
        if not self.editing or self.record is None:
            return
        text = self.edit.toPlainText()
        self.editing = False
        self.edit.set_editable(False)
        self._refresh()
        if text != self.record.edit:
            self.sig_suggestion_edited.emit(self.record.id, text)

    def _actionable(self) -> bool:
        return self.record is not None and not self.streaming and not self.editing

    def flagged(self) -> bool:
        """A flag on what the suggestion says (not on how its copy is written): click Accept, Enter does not."""
        return self.record is not None and any(f.code not in COPY_FLAGS for f in self.record.flags)

    def failed(self) -> bool:
        """The shown suggestion failed a check: it cannot be accepted as it stands."""
        return self.record is not None and self.record.failed

    def _set_flags(self, flags: list[Flag]) -> None:
        set_flags(self, flags)

    def _set_alternative(self, rec: SuggestionRecord | None, elsewhere: str) -> None:
        set_alternative(self, rec, elsewhere)

    def _refresh(self) -> None:
        rec, has = self.record, self.record is not None
        shown = has or self.streaming
        self.empty.setVisible(not shown)
        for w in self.sections:
            w.setVisible(shown)
        self.plan.setVisible(bool(self.plan.text()) and not self.streaming)
        offered = bool(self.alternative.text()) and not self.streaming
        self.alternative.setVisible(offered)
        self.switch_button.setVisible(offered)
        self.switch_button.setEnabled(offered and not self.editing and rec is not None and (
            rec.switchable or rec.kind != "scaffold"))
        status = "writing…" if self.streaming else ("editing" if self.editing else (rec.status if rec else ""))
        failed = self.failed() and not self.streaming
        if failed and status == "pending":
            status = "failed checks"
        self.status.setText(status)
        self.status.setToolTip(SUGGESTION_TIPS.get(status, status))
        style_chip(self.status, "edited" if self.editing or self.streaming else "major" if failed else status)
        self.status.setVisible(bool(status))
        count = len(self.placeholder_spans())
        flagged = rec is not None and any("placeholder" in f.code or "placeholder" in f.message for f in rec.flags)  # a flag says it already
        self.placeholder_label.setText(
            f"{count} placeholder{'s' if count != 1 else ''} to fill" if count and not self.streaming and not flagged else "")
        self._fit_response()
        for b in (self.accept_button, self.copy_button, self.reject_button):
            b.setEnabled(has and not self.streaming and not self.editing)
        self.accept_button.setEnabled(self.accept_button.isEnabled() and not failed)
        self.accept_button.setDefault(has and not self.flagged() and not self.streaming)
        self.accept_button.setToolTip("Accept this suggestion (Enter)" if not self.flagged() else
                                      "Accept this suggestion (flagged: read it first)" if not failed else
                                      "This suggestion failed Redraft's checks: edit it or suggest again")
        self.edit_button.setEnabled(has and not self.streaming)
        self.edit_button.setText("Save edit" if self.editing else "Edit")
        self.edit_button.setToolTip("Save the edited text (Ctrl+Enter)" if self.editing else "Edit the suggested text (F2)")
        self.generate_button.setEnabled(not self.streaming)
        self.generate_button.setText("Suggest again" if has else "Suggest an edit")
        for name in ("accept", "reject"):
            for s in self._shortcuts[name]:
                s.setEnabled(not self.editing)

    def add_key_host(self, widget: QWidget) -> None:
        """Enter, Delete, F2 and Ctrl+Shift+C act on the card from ``widget`` too (the comment list)."""
        for name, more in card_keys(self, widget, TRIAGE, Qt.ShortcutContext.WidgetShortcut).items():
            for shortcut in more:
                shortcut.setEnabled(self._shortcuts[name][0].isEnabled())
            self._shortcuts[name] += more

    def set_escape_enabled(self, enabled: bool) -> None:  # off while a job runs: Escape is Cancel Job then
        for s in self._shortcuts["cancel"]:
            s.setEnabled(enabled)

    def _fit_response(self) -> None:
        """The response box and the draft as tall as their text, with no scroll bar of their own (the card's text
        scrolls, when it must: trial35 saw two nested bars); while the model writes, the response at most a third of
        the card and the draft as tall as there is room, each scrolling."""
        growing = self.editing or self.streaming
        response = max(48, self.response.content_height())
        self.response.setMaximumHeight(min(response, self.scroll.height() // 3) if growing else response)
        self.response.setMinimumHeight(0 if growing else response)
        bars = Qt.ScrollBarPolicy.ScrollBarAsNeeded if growing else Qt.ScrollBarPolicy.ScrollBarAlwaysOff
        for box in (self.response, self.edit):
            box.setVerticalScrollBarPolicy(bars)
        room = max(68, self.edit.content_height() + self.edit.fontMetrics().height())  # a line spare: no inner bar
        self.edit.setMinimumHeight(68 if growing else room)
        self.edit.setMaximumHeight(16777215 if growing else room)

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_response()
