"""File → New Round…: a new revised version, another round of reviews, or a new draft.

``on_submit(RoundFiles)`` returns an error message (or None when the round is started): on an
error the dialog stays open with the author's paths and says what is wrong. A new draft without a
revised version says, before the round starts, that the project's revised version (``revised_name``) is
dropped: it revised the old draft, not the new one."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from html import escape
from pathlib import Path

from PySide6.QtWidgets import (
    QDialog,
    QDialogButtonBox,
    QFormLayout,
    QLabel,
    QMessageBox,
    QVBoxLayout,
    QWidget,
)

from widgets.controls import problem_label
from widgets.path_field import PathField


@dataclass(frozen=True)
class RoundFiles:
    """The files a new round takes; "" for what stays as it is."""

    revised: str = ""
    reviews: str = ""
    draft: str = ""
    #: The authors' response letter of this round (optional; read with the new revision or reviews).
    response: str = ""

    def any(self) -> bool:
        return bool(self.revised or self.reviews or self.draft)


class RoundDialog(QDialog):
    """Asks for what is new in this round; the project keeps the rest and the author's work."""

    def __init__(self, project_name: str, draft_filter: str, review_filter: str,
                 on_submit: Callable[[RoundFiles], str | None], parent: QWidget | None = None,
                 files: RoundFiles | None = None, revised_name: str = "",
                 letter_filter: str = "All files (*)") -> None:
        super().__init__(parent)
        self.setWindowTitle("New Round")
        self.setAccessibleName("New round")
        self.setMinimumWidth(560)
        self._on_submit = on_submit
        intro = QLabel(f"<b>{escape(project_name)}</b>: give what is new in this round. Responses, confirmed "
                       "links and accepted edits are kept where their comments, edits and paragraphs still "
                       "exist; you will be told what had to be dropped. This round is kept as a copy. "
                       "The authors' response alone is added to this round: the statuses are read again with it.")
        intro.setWordWrap(True)
        self.revised = PathField("New revised version", draft_filter, "the revised paper of this round")
        self.reviews = PathField("New reviews", review_filter, "the reviews of this round")
        self.draft = PathField("New draft", draft_filter, "optional: the version these reviews are about (new reviews "
                               "and a new revised version: the last revised version)")
        self.response = PathField("Authors' response", letter_filter, "optional: your response letter of this round; "
                                  "the statuses then read what it says of each point")
        form = QFormLayout()
        form.addRow("Revised version", self.revised)
        form.addRow("Reviews", self.reviews)
        form.addRow("Draft", self.draft)
        form.addRow("Authors' response", self.response)
        self._revised_name = revised_name
        self.note = QLabel()
        self.note.setWordWrap(True)
        self.note.setAccessibleName("What the new draft does")
        self.note.hide()
        self.error = problem_label()
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Ok | QDialogButtonBox.StandardButton.Cancel)
        self.buttons.button(QDialogButtonBox.StandardButton.Ok).setText("Start Round")
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addWidget(intro)
        layout.addLayout(form)
        layout.addWidget(self.note)
        layout.addWidget(self.error)
        layout.addWidget(self.buttons)
        for field in (self.revised, self.reviews, self.draft, self.response):
            field.sig_path_changed.connect(lambda _: self.error.hide())  # the problem was about the old path
            field.sig_path_changed.connect(lambda _: self._show_note())
        if files is not None:
            self.revised.set_path(files.revised)
            self.reviews.set_path(files.reviews)
            self.draft.set_path(files.draft)
            self.response.set_path(files.response)

    def _show_note(self) -> None:
        """A new draft alone: the project's revised version is dropped (it revised the old draft)."""
        drops = bool(self._revised_name and self.draft.path() and not self.revised.path())
        self.note.setText(f"The new draft starts a round without a revised version: "
                          f"<i>{escape(self._revised_name)}</i> revised the old draft and is dropped. "
                          "Give the new draft's revised version to compare them." if drops else "")
        self.note.setVisible(drops)

    def files(self) -> RoundFiles:
        return RoundFiles(self.revised.path(), self.reviews.path(), self.draft.path(), self.response.path())

    def show_problem(self, problem: str) -> None:
        self.error.setText(problem)
        self.error.show()

    def accept(self) -> None:
        problem = self._on_submit(self.files())
        if problem:
            self.show_problem(problem)
            return  # the dialog and the author's paths stay
        super().accept()


#: The items a message lists itself (statuses a letter moved, what a round dropped); the rest are behind its Show
#: Details… button, in a box that scrolls (trial33: a letter that moved 27 statuses made the message 1,103 px tall
#: on a 1366×768 screen, its OK button below the screen's edge).
LISTED = 8


def _list(items: list[str]) -> str:
    shown = "".join(f"<li>{escape(m)}</li>" for m in items[:LISTED])
    more = len(items) - LISTED
    return f"<ul>{shown}</ul>" + (f"<p>\u2026 and {more} more: Show Details\u2026 lists them all.</p>" if more > 0 else "")


def round_summary(label: str, kept: list[str], dropped: list[str], backup: str, replaced: list[str] = ()) -> str:
    """What the message after a round says, as rich text; ``replaced``: new reviews, what became of the last
    round's comments. Past ``LISTED`` dropped items, the rest are in ``details(dropped)``."""
    lines = [f"<b>{escape(label)}</b>", "<p>Kept: " + escape("; ".join(kept)) + ".</p>"]
    lines += [f"<p>Replaced: {escape(line)}.</p>" for line in replaced]
    if dropped:
        lines.append(f"<p>Dropped ({len(dropped)}):</p>" + _list(dropped))
    else:
        lines.append("<p>None of your responses, link verdicts or accepted edits had to be dropped.</p>")
    lines.append(f"<p>The previous round is kept beside it as <i>{escape(Path(backup).name)}</i>.</p>")
    return "".join(lines)


def moved_lines(lines: list[str]) -> list[str]:
    """The statuses a letter moved, one line each, from ``LetterAdded.lines``."""
    return [line.strip() for line in lines[1:] if line.startswith("  ")]


def letter_summary(name: str, lines: list[str]) -> str:
    """The message after a letter is added to the round (``LetterAdded.lines``), as rich text: the moved
    statuses as a list (past ``LISTED``, the rest in ``details(moved_lines(lines))``)."""
    head, *rest = lines
    moved = moved_lines(lines)
    tail = [line for line in rest if not line.startswith("  ")]
    return (f"<b>{escape(name)}</b><p>{escape(head[:1].upper() + head[1:])}.</p>" + (_list(moved) if moved else "")
            + "".join(f"<p>{escape(t[:1].upper() + t[1:])}.</p>" for t in tail))


def details(items: list[str]) -> str:
    """The whole list as the message's details, when it lists only some of it ("" otherwise)."""
    return "\n".join(items) if len(items) > LISTED else ""


def summary_box(parent: QWidget | None, title: str, text: str, more: str, name: str) -> QMessageBox:
    """An information message with ``text`` and, when ``more`` holds the whole list, a Show Details… button."""
    box = QMessageBox(QMessageBox.Icon.Information, title, text, QMessageBox.StandardButton.Ok, parent)
    box.setAccessibleName(name)
    if more:
        box.setDetailedText(more)
    return box
