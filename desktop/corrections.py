"""``Corrections``: the author's fixes to the extracted comments (edit, delete, merge, split, change
reviewer or type, add one the extraction missed), from the comment list's context menu and the Edit menu, each through the session.

A bad input never loses the author's text: the dialog stays open and says what is wrong."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtWidgets import QDialog, QMessageBox

from desktop.editing import Editing
from desktop.main_window import MainWindow
from engine.project.session import Changes, ProjectSession
from engine.reviews.model import FINE_TYPES, ReviewComment
from widgets.comment_dialogs import (
    AddCommentDialog,
    ChoiceDialog,
    SplitDialog,
    TextDialog,
)
from widgets.comment_list import TYPE_TIPS


class Corrections:
    def __init__(self, window: MainWindow, editing: Editing, session: Callable[[], ProjectSession | None],
                 show_notes: Callable[[], object] = lambda: None) -> None:
        self.window, self.editing, self.session = window, editing, session
        #: The controller's reading-notes bar, drawn again after a correction while it is shown: it says what is left
        #: (trial23: it kept the note on a point the author had just added).
        self.show_notes = show_notes
        self.dialog: QDialog | QMessageBox | None = None  # the open one (tests drive it)
        #: Called after each correction (the controller aligns comments added or reworded, on a worker).
        self.on_corrected: Callable[[], object] = lambda: None
        a = window.commands
        a.edit_comment.triggered.connect(self.edit_text)
        a.delete_comment.triggered.connect(self.delete)
        a.merge_next.triggered.connect(self.merge_next)
        a.merge_selected.triggered.connect(self.merge_selected)
        a.split_comment.triggered.connect(self.split)
        a.change_reviewer.triggered.connect(self.change_reviewer)
        a.change_type.triggered.connect(self.change_type)
        a.add_comment.triggered.connect(self.add)

    def _comment(self) -> ReviewComment | None:
        session, cid = self.session(), self.window.comments.selected_id or self.editing.presenter.current_comment
        if session is None or cid is None:
            return None
        try:
            return session.project.comment(cid)
        except KeyError:
            return None

    def _run(self, op: Callable[[ProjectSession], Changes]) -> str | None:
        """Run one correction; its problem in words (nothing was written), or None when done."""
        try:
            changes = self.editing.do(op)
        except (KeyError, ValueError) as exc:
            return _plain(exc)
        if changes is not None and changes.label:
            self.editing.presenter.flash(f"Corrected: {changes.label}", 4000)
        if self.window.reading_notes.isVisible():
            self.show_notes()
        self.on_corrected()
        return None

    def _open(self, dialog: QDialog | QMessageBox) -> QDialog | QMessageBox:
        self.dialog = dialog
        dialog.open()
        return dialog

    def _say(self, problem: str) -> None:
        self.editing.presenter.show_message(problem)

    # -- the steps ----------------------------------------------------------------------------

    def edit_text(self) -> QDialog | None:
        c = self._comment()
        if c is None:
            return None
        return self._open(TextDialog(f"Edit {c.id}", f"The text of {c.id} ({c.reviewer}):", c.text,
                                     lambda text: self._run(lambda s: s.edit_comment(c.id, str(text))),
                                     self.window))

    def delete(self) -> QMessageBox | None:
        c = self._comment()
        if c is None:
            return None
        box = QMessageBox(QMessageBox.Icon.Question, "Delete comment",
                          f"Delete {c.id}? Its response, suggestions and links go with it. "
                          "This cannot be undone (Undo covers links, suggestions and responses).",
                          QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.Cancel, self.window)
        box.setDefaultButton(QMessageBox.StandardButton.Cancel)
        box.accepted.connect(lambda: self._report(self._run(lambda s: s.delete_comment(c.id))))
        return self._open(box)

    def merge_next(self) -> str | None:
        c, session = self._comment(), self.session()
        if c is None or session is None:
            return None
        ids = [x.id for x in session.project.comments if x.reviewer == c.reviewer]
        i = ids.index(c.id)
        if i + 1 >= len(ids):
            return self._report(f"{c.id} is {c.reviewer}'s last comment: there is no next one to merge with.")
        return self._report(self._run(lambda s: s.merge_comments([c.id, ids[i + 1]])))

    def merge_selected(self) -> str | None:
        ids = self.window.comments.selected_ids()
        if len(ids) < 2:
            return self._report("Select two comments or more (Ctrl+click) to merge them.")
        return self._report(self._run(lambda s: s.merge_comments(ids)))

    def split(self) -> QDialog | None:
        c = self._comment()
        if c is None:
            return None
        return self._open(SplitDialog(c.text, lambda at: self._run(lambda s: s.split_comment(c.id, int(at))),
                                      self.window))

    def change_reviewer(self) -> QDialog | None:
        c, session = self._comment(), self.session()
        if c is None or session is None:
            return None
        names = [(r, r) for r in session.project.reviewers()]
        return self._open(ChoiceDialog("Change reviewer", f"Who wrote {c.id}?", names, c.reviewer,
                                       lambda name: self._reassign(c.id, reviewer=str(name)), editable=True,
                                       parent=self.window))

    def change_type(self) -> QDialog | None:
        c = self._comment()
        if c is None:
            return None
        types = [(t, f"{t} — {TYPE_TIPS[t].lower()}") for t in FINE_TYPES]
        return self._open(ChoiceDialog("Change type", f"What does {c.id} ask for?", types, c.fine_type,
                                       lambda t: self._reassign(c.id, fine_type=str(t)), parent=self.window))

    def add(self) -> QDialog | None:
        """Works with no comment selected, and in a project where the extraction found none."""
        session = self.session()
        if session is None:
            return None
        reviewers = session.project.reviewers()
        c = self._comment()
        current = c.reviewer if c is not None else (reviewers[0] if reviewers else "Reviewer 1")
        return self._open(AddCommentDialog(reviewers, current, self._add, self.window))

    def _add(self, value: object) -> str | None:
        reviewer, text = value  # type: ignore[misc]
        if not str(reviewer).strip():
            return "Say which reviewer wrote it (or Cancel)."
        if not str(text).strip():
            return "Type or paste the comment (or Cancel)."
        session = self.session()
        before = {x.id for x in session.project.comments} if session is not None else set()
        problem = self._run(lambda s: s.add_comment(str(reviewer), str(text)))
        session = self.session()
        if problem is None and session is not None:
            added = [x.id for x in session.project.comments if x.id not in before]
            if added:
                self.editing.presenter.select_comment(added[0])
        return problem

    def _reassign(self, comment_id: str, **fields: str) -> str | None:
        if any(not v.strip() for v in fields.values()):
            return "Give a name (or Cancel)."
        return self._run(lambda s: s.reassign_comment(comment_id, **fields))

    def _report(self, problem: str | None) -> str | None:
        if problem:
            self._say(problem)
        return problem


def _plain(exc: Exception) -> str:
    if isinstance(exc, KeyError):
        return f"Comment {exc.args[0]} is no longer in the project."
    text = str(exc)
    return {"a split needs text on both sides": "Put the cursor inside the text: both parts need some text."}.get(
        text, text[:1].upper() + text[1:] + ".")
