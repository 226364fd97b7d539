"""``Editing``: the author's steps on the open project (review, undo, generate), each through
the ``ProjectSession`` and drawn from the ``Changes`` it returns."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, Signal

from desktop.job_runner import JobHandle
from desktop.main_window import MainWindow
from desktop.model_jobs import ModelJobs
from desktop.presenter import ProjectPresenter
from engine.project.session import Changes, ProjectSession


class Editing(QObject):
    sig_suggestion_changed = Signal(str)  # suggestion id (status changed, undone, redone, added)
    sig_tldrs_changed = Signal(list)

    def __init__(self, window: MainWindow, presenter: ProjectPresenter, models: ModelJobs,
                 session: Callable[[], ProjectSession | None]) -> None:
        super().__init__(window)
        self.window, self.presenter, self.models, self.session = window, presenter, models, session

    def set_status(self, suggestion_id: str, status: str, edit_text: str | None = None) -> Changes | None:
        return self.do(lambda s: s.set_status(suggestion_id, status, edit_text))

    def save_response(self, comment_id: str, text: str) -> Changes | None:
        """The author's response to a comment ("" removes it); undoable."""
        try:
            return self.do(lambda s: s.set_response(comment_id, text))
        except KeyError:  # the comment went (deleted or merged) while its response was being typed
            self.presenter.show_message(f"The comment {comment_id} is no longer in the project; "
                                        "the response was not saved.")
            return None

    def undo(self) -> Changes | None:
        return self.do(ProjectSession.undo, follow=True)

    def redo(self) -> Changes | None:
        return self.do(ProjectSession.redo, follow=True)

    def do(self, op: Callable[[ProjectSession], Changes], follow: bool = False) -> Changes | None:
        """Run one session operation and draw what it changed (``follow``: select its comment)."""
        session = self.session()
        if session is None:
            return None
        changes = op(session)
        if follow and changes.comment_ids:
            self.presenter.select_comment(changes.comment_ids[0])
        self.apply(changes)
        return changes

    def apply(self, changes: Changes) -> None:
        self.presenter.apply(changes)
        self.update_undo()
        if changes.suggestion_id is not None:
            self.sig_suggestion_changed.emit(changes.suggestion_id)
        session = self.session()
        if changes.tldrs and session is not None:
            self.sig_tldrs_changed.emit(session.project.tldrs)

    def update_undo(self) -> None:
        a, s = self.window.commands, self.session()
        a.undo.setEnabled(s is not None and s.can_undo())
        a.redo.setEnabled(s is not None and s.can_redo())

    def step_comment(self, step: int) -> None:
        session = self.session()
        if session is not None and session.project.comments:
            ids = [c.id for c in session.project.comments]
            current = self.presenter.current_comment
            i = ids.index(current) if current in ids else -step
            self.presenter.select_comment(ids[(i + step) % len(ids)])

    def suggest(self) -> JobHandle | None:
        """Generate a suggestion for the selected comment; its tokens stream into the card, then it is stored."""
        session, cid = self.session(), self.presenter.current_comment
        if session is None or cid is None:
            return None
        return self.models.suggest(session.project, cid, self.window.suggestion, lambda rec: self.do(
            lambda s: s.add_suggestion(rec)) if self.session() is session else None)

    def tldr(self, mode: str = "llm") -> JobHandle | None:
        session = self.session()
        if session is None or (session.project.new or session.project.old) is None:
            return None
        return self.models.tldr(session.project, mode, self.window.tldr, lambda tldrs: self.do(
            lambda s: s.set_tldrs(tldrs)) if self.session() is session else None)
