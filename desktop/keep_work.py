"""Never losing the author's work (session 27's author trial, docs/app.md): what is typed and not saved is kept aside
until saved (``engine.project.drafts``) and put back in the response box when the project is opened again after a
crash (a SIGKILL while typing lost the text, unsaid); a project open read-only says so; a window activated reads
what another window or app wrote to its project (``Editing.refresh``)."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject

from desktop.editing import Editing
from desktop.main_window import MainWindow
from desktop.presenter import ProjectPresenter
from engine.project import drafts
from engine.project.filesafe import read_only_notice
from engine.project.responses import no_change_text
from engine.project.session import ProjectSession


class KeepWork(QObject):
    def __init__(self, window: MainWindow, presenter: ProjectPresenter, editing: Editing,
                 session: Callable[[], ProjectSession | None]) -> None:
        super().__init__(window)
        self.window, self.presenter, self.editing, self.session = window, presenter, editing, session
        window.response.sig_draft_changed.connect(self.keep)
        presenter.sig_comment_shown.connect(self.put_back)
        window.installEventFilter(self)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is self.window and event.type() == QEvent.Type.WindowActivate:
            self.editing.refresh()  # the same project open in another window or app may have changed it
        return False

    def opened(self, session: ProjectSession) -> None:
        """A project was opened: say if it was upgraded (and its backup kept) or is read-only, and put back what was
        typed and not saved."""
        for note in session.notices + ([read_only_notice(session.path)] if session.store.read_only else []):
            self.presenter.show_message(note, notice=True)
        if session.store.read_only:
            self.window.setWindowTitle(f"{session.project.name} (read-only) — Redraft")
        self.restore(session)

    def keep(self, comment_id: str, text: str, no_change: bool) -> None:
        session = self.session()
        if session is None:
            return
        if text:
            drafts.keep(session.project.id, session.path, comment_id, text, no_change)
        else:
            drafts.drop(session.project.id, comment_id)

    def _pending(self, session: ProjectSession) -> list[drafts.Draft]:
        """The drafts of this project still to put back (those saved after all, or whose comment went, dropped)."""
        p, kept = session.project, []
        for draft in drafts.take(p.id, session.path):
            text = draft.text.strip()
            typed = no_change_text(text) if draft.no_change and text else text
            if typed == p.notes.get(draft.comment_id, "").strip() or draft.comment_id not in {c.id for c in p.comments}:
                drafts.drop(p.id, draft.comment_id)
            else:
                kept.append(draft)
        return kept

    def restore(self, session: ProjectSession) -> list[str]:
        """Put back the responses typed and not saved when the project was last open: the latest in the box now,
        the others as their comments are shown; the ids of the comments they answer."""
        pending = self._pending(session)
        if not pending:
            return []
        self.presenter.select_comment(pending[0].comment_id)
        self.put_back(pending[0].comment_id)
        ids = [d.comment_id for d in pending]
        self.presenter.show_message(
            f"Your response{'s' if len(ids) > 1 else ''} to {', '.join(ids)} {'were' if len(ids) > 1 else 'was'} typed "
            "but not saved when Redraft last closed (it did not close normally, or the project could not be written). "
            f"{'Each is' if len(ids) > 1 else 'It is'} back in the box when {'its' if len(ids) > 1 else 'the'} comment "
            "is shown, unsaved: Save keeps it, Revert drops it.", notice=True)
        return ids

    def put_back(self, comment_id: str) -> None:
        """The shown comment's draft, if one is kept and nothing else is typed in the box."""
        session, box = self.session(), self.window.response
        if session is None or box.comment_id != comment_id or box.dirty():
            return
        draft = next((d for d in self._pending(session) if d.comment_id == comment_id), None)
        if draft is not None:
            box.restore(draft.text, draft.no_change)
