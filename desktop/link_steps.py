"""``LinkSteps``: the author's verdicts on the links between the selected comment and the
revision's edits (confirm, reject, link one the aligner missed), each an undoable session step."""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QObject

from desktop.editing import Editing
from desktop.main_window import MainWindow
from engine.project.edit_places import EditPlaces, edit_where
from engine.project.session import Changes, ProjectSession
from widgets.edit_picker import EditPicker
from widgets.link_bar import SUGGESTED


class LinkSteps(QObject):
    def __init__(self, window: MainWindow, editing: Editing, session: Callable[[], ProjectSession | None]) -> None:
        super().__init__(window)
        self.window, self.editing, self.session = window, editing, session
        self.picker: EditPicker | None = None
        bar, a = window.links, window.commands
        bar.sig_link_confirmed.connect(lambda eid: self.set_link(eid, "confirmed"))
        bar.sig_link_rejected.connect(lambda eid: self.set_link(eid, "rejected"))
        bar.sig_link_added.connect(lambda eid: self.set_link(eid, "added"))
        bar.sig_link_requested.connect(self.pick_edit)
        a.confirm_link.triggered.connect(lambda: self._on_shown("confirmed", SUGGESTED))
        a.reject_link.triggered.connect(lambda: self._on_shown("rejected", (*SUGGESTED, "confirmed", "added")))
        a.link_edit.triggered.connect(self.pick_edit)
        a.mark_throughout.triggered.connect(self.mark_throughout)
        # the comment's pane: its box shows what the action holds (which the presenter sets), and the hint
        window.response.sig_throughout_toggled.connect(self.mark_throughout)
        a.mark_throughout.toggled.connect(lambda _: self.show_mark())
        a.mark_throughout.enabledChanged.connect(lambda _: self.show_mark())
        window.comments.sig_comment_selected.connect(self.show_mark)

    @property
    def comment_id(self) -> str | None:
        return self.editing.presenter.current_comment

    def set_link(self, edit_id: str, verdict: str) -> Changes | None:
        cid = self.comment_id
        if cid is None:
            return None
        changes = self.editing.do(lambda s: s.set_link(cid, edit_id, verdict))
        if changes is not None and changes.label:
            self.editing.presenter.flash(_said(verdict, cid, self._edit_named(edit_id)), 4000)
        return changes

    def mark_throughout(self, on: bool) -> Changes | None:
        """The author's mark "answered throughout the paper" on the selected comment (undoable): its links and status
        are drawn again from the change; the action and the bar show what the project now holds."""
        cid = self.comment_id
        changes = self.editing.do(lambda s: s.mark_throughout(cid, bool(on))) if cid is not None else None
        if changes is not None and changes.label:
            self.editing.presenter.flash(f"{cid}: answered throughout the paper, linked past the usual five edits "
                                         "(Ctrl+Z undoes)" if on else f"{cid}: mark cleared (Ctrl+Z undoes)", 4000)
        self.editing.presenter.show_link()
        return changes

    def show_mark(self, comment_id: str | None = None) -> None:
        """The response pane's box and hint for the comment shown (``comment_id``: the one just selected)."""
        mark, session = self.window.commands.mark_throughout, self.session()
        cid = comment_id or self.comment_id
        hint = session is not None and cid is not None and session.project.broad_hint(cid)  # none without alignment
        self.window.response.set_throughout(mark.isChecked(), mark.isEnabled(), bool(hint))

    def _edit_named(self, edit_id: str) -> str:
        """``the edit in Results, p. 7``: what the status bar calls an edit (its id told a trial's author nothing)."""
        session = self.session()
        p = session.project if session is not None else None
        try:
            where = edit_where(p, p.diff.edit(edit_id)) if p is not None and p.diff is not None else ""
        except KeyError:
            where = ""
        return f"the edit in {where}" if where else "the edit"

    def _on_shown(self, verdict: str, states: tuple[str, ...]) -> None:
        """The menu or shortcut: acts on the edit the link bar shows, when that step applies to it."""
        bar = self.window.links
        if bar.edit_id is not None and bar.state in states:
            self.set_link(bar.edit_id, verdict)

    def pick_edit(self) -> EditPicker | None:
        """The picker over the revision's changed edits; the one chosen is linked to the comment."""
        session, cid = self.session(), self.comment_id
        if session is None or cid is None or session.project.diff is None:
            return None
        p, places = session.project, EditPlaces(session.project)
        self.picker = EditPicker(p.diff.changed_edits(), set(p.linked_edit_ids(cid)),
                                 lambda eid: self._picked(cid, eid), comment_label=cid, parent=self.window,
                                 about=p.comment(cid).full_text,
                                 places={e.id: places.where(e) for e in p.diff.changed_edits()})
        self.picker.open()
        return self.picker

    def _picked(self, comment_id: str, edit_id: str) -> None:
        if self.comment_id == comment_id and self.set_link(edit_id, "added") is not None:
            self.window.diff.select_edit(edit_id)  # the diff on the edit just linked
            self.editing.presenter.focus_edit(edit_id)


def _said(verdict: str, comment_id: str, edit: str) -> str:
    return {"confirmed": f"Confirmed: {edit} addresses {comment_id}",
            "rejected": f"Unlinked {edit} from {comment_id} (Ctrl+Z undoes)",
            "added": f"Linked {edit} to {comment_id}"}.get(verdict, f"{verdict} {edit}")
