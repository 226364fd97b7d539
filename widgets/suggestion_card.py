"""One suggestion for a comment: the response and the edit, placeholders highlighted, to accept or reject.

A scaffold (the embedded model's default: ``engine.generate.scaffold``) says what kind of change the comment asks
for and quotes the paragraph it goes after (or the sentence it replaces), and its edit is a draft to complete; its
chip holds the model's withheld rewrite and the checks that rewrite failed.

The author decides: Accept is the default button (and Enter accepts) only for
a suggestion with no flag; a suggestion that failed Redraft's checks
(``engine.generate.guard``) says so and cannot be accepted as it stands (Edit
still works). While the model writes, its labelled stream
(``engine.generate.fields``) fills the response and edit boxes as they grow.
"""

from __future__ import annotations

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QPalette, QShortcut
from PySide6.QtWidgets import QFrame, QHBoxLayout, QLabel, QSizePolicy, QVBoxLayout, QWidget

from engine.generate.fields import parse_fields
from engine.generate.flags import Flag
from engine.project.model import SuggestionRecord
from widgets.badges import chip, style_chip
from widgets.controls import plain_button
from widgets.glossary import SUGGESTION_TIPS
from widgets.placeholder_text import PlaceholderText

#: What the card's keys do (they work while the card has the focus).
SHORTCUT_TIPS = {"accept": "accept it", "reject": "reject it", "edit": "edit its text", "save": "save the edited text",
                 "cancel": "stop editing", "copy": "copy the edit to the clipboard"}
FLAG_TIPS = {
    "mentions_reviewer": "The edit still talks about the reviewer",
    "paraphrases_comment": "The edit reuses the comment's wording",
    "promises": "The edit promises or defers work instead of doing it",
    "no_technical_detail": "No number, placeholder, citation, formula or acronym",
    "copies_prompt": "The model repeated its instructions instead of writing about this paper",
    "ungrounded": "The text shares almost no words with the paper and the comment",
    "loops": "The model repeated itself",
    "cut_off": "The text was cut off before a complete sentence",
    "timed_out": "The model ran out of time",
    "missing_object": "The edit names a theorem, section, figure, table or equation the paper does not have",
    "unknown_name": "The edit names something found in neither the paper nor the comment",
    "unsupported_claim": "The edit claims a result the paper never claims",
    "unsupported_property": "The edit asserts a property or limitation the paper never mentions",
    "summary": "The text describes the paper instead of editing it",
    "altered_citation": "The edit changes a citation the paper already has",
}
#: Short chip texts (the full message is the chip's tooltip); other flags show their message, shortened.
CHIP_LABELS = {
    "missing_object": "no such part in the paper", "unknown_name": "unknown name", "unsupported_claim":
    "unsupported claim", "unsupported_property": "unsupported property", "summary": "summary, not an edit",
    "altered_citation": "changed citation", "rewrite_withheld": "rewrite withheld", "invented_number":
    "numbers → placeholders", "invented_quantity": "quantities → placeholders", "unverified_citation":
    "citation to check", "paraphrases_comment": "reuses the comment",
}
#: Chips shown before a "+N" chip that lists the rest in its tooltip.
MAX_CHIPS = 4
#: The edit box's heading, by the record's kind.
EDIT_HEADINGS = {"scaffold": "Draft to complete: fill each placeholder", "rewrite": "Edit to the paper"}


class SuggestionCard(QFrame):
    """``set_suggestion(rec)``; Enter accepts, Delete rejects, F2 edits, Ctrl+Shift+C copies."""

    sig_suggestion_accepted = Signal(str)
    sig_suggestion_rejected = Signal(str)
    sig_suggestion_edited = Signal(str, str)  # id, new edit text
    sig_suggestion_copied = Signal(str)  # the copied text
    sig_generate_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("SuggestionCard")
        self.setAccessibleName("Suggested edit")
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)
        self.record: SuggestionRecord | None = None
        self.where = ""  # its paragraph as a reader finds it ("Method, p. 4")
        self.editing = False
        self.streaming = False
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
        self.flags_row = QHBoxLayout()
        self.flags_row.setSpacing(4)
        self.empty = QLabel("No suggestion for this comment yet.\nPress “Suggest an edit” to write one with the model.")
        self.empty.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty.setWordWrap(True)

        self.generate_button = plain_button("Suggest an edit", "Write a suggestion with the model", self.sig_generate_requested.emit)
        self.accept_button = plain_button("Accept", "Accept this suggestion (Enter)", self.accept)
        self.edit_button = plain_button("Edit", "Edit the suggested text (F2)", self.toggle_edit)
        self.copy_button = plain_button("Copy", "Copy the edit to the clipboard (Ctrl+Shift+C)", self.copy)
        self.reject_button = plain_button("Reject", "Reject this suggestion (Delete)", self.reject)

        head = QHBoxLayout()
        head.addWidget(self.title)
        head.addWidget(self.status)
        head.addStretch(1)
        head.addWidget(self.generate_button)
        buttons = QHBoxLayout()
        for b in (self.accept_button, self.edit_button, self.copy_button):
            buttons.addWidget(b)
        buttons.addStretch(1)
        buttons.addWidget(self.reject_button)
        self.flags_row.addStretch(1)
        self.flags_row.addWidget(self.placeholder_label)
        layout = QVBoxLayout(self)
        layout.setContentsMargins(12, 10, 12, 10)
        layout.setSpacing(6)
        layout.addLayout(head)
        layout.addWidget(self.meta)
        layout.addWidget(self.plan)
        layout.addWidget(self.empty)
        self.response.set_editable(False)
        self.sections = []
        for text, box, stretch in (("Response to the reviewer", self.response, 1), ("Edit to the paper", self.edit, 2)):
            label = QLabel(text)
            label.setProperty("role", "title")
            layout.addWidget(label)
            layout.addWidget(box, stretch)
            self.sections += [label, box]
        self.edit_heading = self.sections[2]
        layout.addLayout(self.flags_row)
        layout.addLayout(buttons)
        self._shortcuts = {}
        for name, keys, slot in (
            ("accept", (Qt.Key.Key_Return, Qt.Key.Key_Enter), self._enter),
            ("reject", (Qt.Key.Key_Delete,), self.reject),
            ("edit", (Qt.Key.Key_F2,), self.toggle_edit),
            ("save", ("Ctrl+Return",), self._save_edit),
            ("cancel", (Qt.Key.Key_Escape,), self.cancel_edit),
            ("copy", ("Ctrl+Shift+C",), self.copy),
        ):
            self._shortcuts[name] = [QShortcut(QKeySequence(k), self, slot, context=Qt.ShortcutContext.WidgetWithChildrenShortcut) for k in keys]
        for name, tip in SHORTCUT_TIPS.items():  # listed in Help → Getting started
            for shortcut in self._shortcuts.get(name, ()):
                shortcut.setWhatsThis(f"Suggestion: {tip}")
        for name in ("save", "cancel"):  # saving or cancelling an edit: only with the focus in the card (the
            for s in self._shortcuts[name]:  # response editor beside it has its own Ctrl+Enter and Escape)
                s.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.set_suggestion(None)

    # -- public API -----------------------------------------------------------------------
    def set_suggestion(self, rec: SuggestionRecord | None, where: str = "") -> None:
        """Show ``rec``; ``where`` names its paragraph as a reader finds it ("Method, p. 4"), else its id shows."""
        self.record, self.where = rec, where
        self.editing = False
        self.edit.set_editable(False)
        self.response.setPlainText(rec.response if rec else "")
        self.edit.setPlainText(rec.edit if rec else "")
        self.meta.setText(_meta(rec, where) if rec else "")
        self.meta.setToolTip(_meta_tip(rec, where) if rec else "")
        self.plan.setText(_plan(rec) if rec else "")
        self.plan.setToolTip(f"Where: “{rec.quote}”" if rec and rec.quote else "")
        self.title.setText("Scaffold" if rec and rec.kind == "scaffold" else "Suggestion")
        self.edit_heading.setText(EDIT_HEADINGS.get(rec.kind if rec else "", EDIT_HEADINGS["rewrite"]))
        self._set_flags(rec.flags if rec else [])
        self._refresh()

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
        self.meta.setText("The model is writing…")
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

    def reject(self) -> None:
        if self._actionable():
            self.sig_suggestion_rejected.emit(self.record.id)

    def copy(self) -> None:
        if self.record is not None and not self.streaming:
            text = self.edit.toPlainText()
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
            self.set_suggestion(self.record, self.where)

    # -- internals ------------------------------------------------------------------------
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
        """The shown suggestion carries a flag: the author must click Accept, Enter does not."""
        return self.record is not None and bool(self.record.flags)

    def failed(self) -> bool:
        """The shown suggestion failed a check: it cannot be accepted as it stands."""
        return self.record is not None and self.record.failed

    def _set_flags(self, flags: list[Flag]) -> None:
        while self.flags_row.count() > 2:
            item = self.flags_row.takeAt(0)
            if item.widget():
                item.widget().deleteLater()
        shown = flags if len(flags) <= MAX_CHIPS else flags[: MAX_CHIPS - 1]
        for i, flag in enumerate(shown):
            text = CHIP_LABELS.get(flag.code, flag.short)
            label = chip(text if len(text) <= 28 else text[:27] + "…", "major" if flag.failed else "minor")
            tip = f"{FLAG_TIPS[flag.code]}: {flag.short}" if flag.code in FLAG_TIPS and flag.code in CHIP_LABELS \
                else FLAG_TIPS.get(flag.code, flag.message)
            if flag.code == "rewrite_withheld" and self.record is not None and self.record.rewrite:
                tip = f"{flag.message}\n\nThe withheld rewrite:\n{self.record.rewrite}"
            label.setToolTip(tip)
            self.flags_row.insertWidget(i, label)
            label.show()
        if len(shown) < len(flags):
            rest = flags[len(shown):]
            more = chip(f"+{len(rest)}", "major" if any(f.failed for f in rest) else "minor")
            more.setToolTip("\n".join(f.short for f in rest))
            self.flags_row.insertWidget(len(shown), more)
            more.show()

    def _refresh(self) -> None:
        rec, has = self.record, self.record is not None
        shown = has or self.streaming
        self.empty.setVisible(not shown)
        for w in self.sections:
            w.setVisible(shown)
        self.plan.setVisible(bool(self.plan.text()) and not self.streaming)
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


    def _fit_response(self) -> None:
        """The response box as tall as its text (at most a third of the card), the edit takes the rest."""
        self.response.setMaximumHeight(max(48, min(self.response.content_height(), self.height() // 3)))

    def resizeEvent(self, event) -> None:
        super().resizeEvent(event)
        self._fit_response()


def _meta(rec: SuggestionRecord, where: str = "") -> str:
    parts = [f"Comment {rec.comment_id}"]
    if rec.location:
        parts.append(f"at {where or rec.location}")
    if rec.model:
        parts.append(f"by {rec.model}")
    return " · ".join(parts)


def _plan(rec: SuggestionRecord) -> str:
    """A scaffold's (or a rewrite's) where and what: the change the comment asks for, the paragraph quoted."""
    lines = [rec.change] if rec.change else []
    if rec.quote:
        lines.append(f"Where: “{_shorten(rec.quote)}”")
    return "\n".join(lines)


#: Characters of the quoted paragraph the card shows (the rest is in the tooltip): room for the draft's box.
QUOTE_CHARS = 110


def _shorten(quote: str) -> str:
    """The paragraph's opening, cut at a word within ``QUOTE_CHARS``, marked "…" when cut."""
    quote = " ".join(quote.split())
    if len(quote) <= QUOTE_CHARS:
        return quote
    return quote[:QUOTE_CHARS].rsplit(" ", 1)[0].rstrip(" ,;:…") + " …"


def _meta_tip(rec: SuggestionRecord, where: str = "") -> str:
    lines = [f"Comment {rec.comment_id}: the comment this suggestion answers"]
    if rec.location:
        place = f"{where} ({rec.location})" if where else rec.location
        lines.append(f"at {place}: the paragraph of the paper the edit is for")
    if rec.model:
        lines.append(f"by {rec.model}: the model that wrote it")
    return "\n".join(lines)
