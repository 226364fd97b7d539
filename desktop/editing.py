"""``Editing``: the author's steps on the open project (review, undo, generate), each through
the ``ProjectSession`` and drawn from the ``Changes`` it returns. Model-backed work (a suggestion, TLDRs,
locating and aligning comments) is an engine job on the session (``engine.project.work``), run by ``run``."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QMessageBox

from typing import Any

from desktop.job_runner import JobHandle, JobRunner
from desktop.main_window import MainWindow
from desktop.presenter import ProjectPresenter
from engine.models.protocols import ModelSource
from engine.project import Project
from engine.project.filesafe import ProjectNotSaved
from engine.project.session import Changes, ProjectSession
from engine.project.work import SessionJob, suggest_job, tldr_job
from widgets.suggestion_card import WRITING


class Editing(QObject):
    sig_suggestion_changed = Signal(str)  # suggestion id (status changed, undone, redone, added)
    sig_tldrs_changed = Signal(list)

    def __init__(self, window: MainWindow, presenter: ProjectPresenter, runner: JobRunner, models: ModelSource,
                 session: Callable[[], ProjectSession | None]) -> None:
        super().__init__(window)
        self.window, self.presenter, self.runner, self.models, self.session = window, presenter, runner, models, session
        #: Extra ``EditSuggester`` arguments (max_tokens, max_chars, top_k).
        self.suggest_options: dict[str, Any] = {}
        self._suggesting: int | None = None  # the running suggestion's job id: its steps go to the card
        self._writing_tldrs: int | None = None  # the running TLDR job's id: its steps go to the TLDR panel
        self._refused: QMessageBox | None = None  # the box saying a step was not written
        self._redraw = QTimer(self, singleShot=True, interval=0)  # a project read again (``refresh``), drawn
        self._redraw.timeout.connect(self._redraw_refreshed)
        runner.sig_job_progress.connect(self._suggestion_step)

    def _suggestion_step(self, job_id: int, done: int, total: int, label: str) -> None:
        """A step of the running suggestion before the model writes ("reading the draft for placement…", a draft's
        first suggestion): said in the card too, where the author waits."""
        if job_id == self._writing_tldrs:
            self.window.tldr.set_step(label)
        card = self.window.suggestion
        if job_id == self._suggesting and label and card.streaming:
            card.meta.setText(label[:1].upper() + label[1:] + (f" {100 * done // total} %" if total else ""))

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
        self.refresh()
        try:
            changes = op(session)
        except ProjectNotSaved as err:  # a full disk, a read-only file: said, and the views keep what they show
            said = (f"{err}. What you typed or chose is still on screen: free some space, or copy the project to a "
                    "folder you can write to, and do it again.")
            if self._refused is not None and self._refused.isVisible() and self._refused.text() == said:
                self.presenter.flash(said, 8000)  # one box for a disk that refuses step after step
            else:
                self._refused = self.presenter.show_message(said)
            return None
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

    def current_project(self) -> Project | None:
        """The open project as its file holds it now (exports: read again if another window wrote to it)."""
        self.refresh()
        session = self.session()
        return session.project if session is not None else None

    def refresh(self) -> bool:
        """Read the project again if another window or app wrote to it since this one last looked (True when it
        did); the views are redrawn on the next turn of the loop, never inside the selection change or step that
        asked (rebuilding the comment list there deleted the item being selected), and what is typed stays."""
        session = self.session()
        if session is None or not session.refresh().any:
            return False
        self.presenter.project = session.project  # what the step that asked draws reads the file as it is now
        self._redraw.start()
        return True

    def _redraw_refreshed(self) -> None:
        session = self.session()
        if session is None or self.presenter.project is not session.project:
            return  # another project was opened meanwhile: it is drawn already
        current = self.presenter.current_comment
        self.apply(Changes(comment_list=True, statuses=True, tldrs=True, history=True,
                           comment_ids=(current,) if current else ()))
        self.presenter.flash("The project was changed in another window: it is shown as it is now", 8000)

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

    def run(self, job: SessionJob | None, **callbacks: Any) -> JobHandle | None:
        """Any model-backed job on the session: computed on a worker, stored by the session if it is still the
        open one, and drawn (``callbacks``: ``on_text``, ``on_result``, ``on_failure`` of ``run_session_job``)."""
        if job is None:
            return None
        return self.runner.run_session_job(job, self.session, self.apply, **callbacks)

    def switch_place(self, suggestion_id: str) -> Changes | None:
        """A scaffold moved to its alternative place (its draft written there, no model)."""
        return self.do(lambda s: s.switch_place(suggestion_id))

    def suggest(self, at: str | None = None) -> JobHandle | None:
        """A suggestion for the selected comment (``at``: after that paragraph, the card's alternative place): its
        text streams into the card; stored (passed or failed its checks), then drawn by the presenter."""
        session, cid = self.session(), self.presenter.current_comment
        if session is None or cid is None:
            return None
        card = self.window.suggestion

        def failed(err: BaseException) -> bool:
            card.end_stream()
            self.presenter.show_suggestion(cid)  # the card as it was
            return False

        job = suggest_job(session, self.models, cid, at, **self.suggest_options)
        card.begin_stream()

        def text(piece: str) -> None:
            if card.meta.text() != WRITING:
                card.meta.setText(WRITING)  # the model writes: the step before it is over
            card.append_text(piece)

        handle = self.run(job, on_text=text, on_result=lambda rec: card.end_stream(), on_failure=failed)
        self._suggesting = handle.id if handle is not None else None
        return handle

    def tldr(self, mode: str = "llm") -> JobHandle | None:
        """TLDR candidates (``extractive`` or by the LLM); those that pass the checks are stored, the failed
        ones shown, marked with what failed, until the next redraw; which candidate and try the model is on is
        said in the panel and the status bar."""
        session = self.session()
        if session is None or (session.project.new or session.project.old) is None:
            return None
        panel = self.window.tldr

        def shown(result: Any) -> None:
            panel.end_stream()
            if result.failed and self.session() is session:
                panel.set_candidates([{"text": t} for t in result.tldrs] + result.failed)

        job = tldr_job(session, self.models, mode)
        panel.begin_stream()
        handle = self.run(job, on_text=panel.append_text, on_result=shown, on_failure=lambda err: panel.end_stream())
        self._writing_tldrs = handle.id if handle is not None else None
        return handle
