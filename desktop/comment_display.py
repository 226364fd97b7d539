"""What the window shows for the selected comment: its aligned edits in the
diff view and on both PDFs, or, when no edit addresses it, the draft
paragraphs it applies to (and their counterparts in the revision)."""

from __future__ import annotations

from desktop.main_window import MainWindow
from engine.document.model import Region
from engine.project import Project
from engine.revision import Edit

#: PDF highlight colours: text the aligned edits removed, text they added, where an open comment applies.
REMOVED, ADDED, LOCATED = "#f28b82", "#81c995", "#fdd663"


def show_comment(window: MainWindow, project: Project, comment_id: str) -> None:
    w = window
    w.show_comment(project.comment(comment_id), project.status(comment_id))
    w.pdf_old.clear_highlights()
    w.pdf_new.clear_highlights()
    edits = project.aligned_edits(comment_id)
    if edits:
        w.diff.set_edits(edits)
        _highlight(w, project, edits, REMOVED, ADDED)
        _mark_outline(w, project, edits, "added")
    else:
        show_location(w, project, comment_id)
    recs = project.suggestions.get(comment_id, [])
    w.suggestion.set_suggestion(recs[-1] if recs else None)


def show_location(window: MainWindow, project: Project, comment_id: str) -> None:
    """No edit addresses the comment: where in the draft it applies instead."""
    located = project.located_paragraphs(comment_id)
    if not located:
        window.diff.set_edits([], "No edit addresses this comment")
        window.document.mark_paragraphs([])
        return
    edits = project.location_edits(comment_id)
    window.diff.set_edits(edits, located_note(project, len(located), edits))
    # the draft paragraphs, and the same text in the revision, where it still waits for the change
    _highlight(window, project, edits, LOCATED, LOCATED)
    _mark_outline(window, project, edits, "located")


def located_note(project: Project, count: int, edits: list[Edit]) -> str:
    where = f"{count} draft paragraph{'s' if count != 1 else ''}"
    if project.diff is None:
        return f"Where this comment applies: {where}"
    changed = sum(1 for e in edits if e.changed)
    extra = f" · {changed} changed, not linked to it" if changed else ""
    return f"Not addressed · where it applies: {where}{extra}"


def _highlight(window: MainWindow, project: Project, edits: list[Edit], old_color: str, new_color: str) -> None:
    old_regions = [r for e in edits for pid in e.source_ids for r in _regions(project, pid, new=False)]
    new_regions = [r for e in edits for pid in e.target_ids for r in _regions(project, pid, new=True)]
    if old_regions:
        window.pdf_old.highlight(old_regions, old_color)
    if new_regions:
        window.pdf_new.highlight(new_regions, new_color)


def _mark_outline(window: MainWindow, project: Project, edits: list[Edit], kind: str) -> None:
    """The same paragraphs in the Document tab (which shows the revision when there is one)."""
    shows_new = window.document.document is not None and window.document.document is project.new
    ids = [pid for e in edits for pid in (e.target_ids if shows_new else e.source_ids)]
    window.document.mark_paragraphs(ids, kind)


def _regions(project: Project, paragraph_id: str, new: bool) -> list[Region]:
    para = project.paragraph(paragraph_id, new=new)
    return list(para.regions) if para is not None else []
