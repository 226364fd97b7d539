"""``MarkSteps``: ``ProjectSession``'s operation on the author's mark "answered throughout the paper"
(``engine.project.marks``), kept beside the session module, which is at its size limit."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.project import history, marks
from engine.project.changes import NOTHING, Changes

if TYPE_CHECKING:
    from engine.project.model import Project
    from engine.project.store import ProjectStore


class MarkSteps:
    """Mixed into ``ProjectSession`` (its ``store`` and ``project``)."""

    store: "ProjectStore"
    project: "Project"

    def mark_throughout(self, comment_id: str, on: bool = True) -> Changes:
        """Mark the comment "answered throughout the paper" (``on``) or unmark it, as one undoable step. Its links
        and status are recomputed from the stored scores (``Project.assessment``): unmarking gives back exactly what
        was there. ``KeyError`` for a comment the project does not have."""
        self.project.comment(comment_id)
        with self.store.transaction() as conn:
            if not history.change(conn, "mark", comment_id, True if on else None):
                return NOTHING
        marks.apply(self.project, comment_id, on)
        return Changes(comment_ids=(comment_id,), statuses=True, history=True,
                       label=f"{'marked' if on else 'unmarked'} {comment_id} answered throughout the paper")

    def _mark_stepped(self, comment_id: str, state: Any, verb: str) -> Changes:
        """The in-memory project after a mark step was undone or redone."""
        marks.apply(self.project, comment_id, state)
        return Changes(comment_ids=(comment_id,), statuses=True, history=True,
                       label=f"{verb} mark of {comment_id} (answered throughout the paper)")
