"""Where the project's paragraphs are on the PDF panes' pages, and the lines the presenter writes about them."""

from __future__ import annotations

from collections.abc import Set as AbstractSet

from PySide6.QtGui import QAction

from engine.align.status import Status, status_text
from engine.document.model import Region
from engine.project import Project
from engine.revision import Edit

#: The dynamic property holding a menu item's own tip, before any "not available" is added to it.
_PLAIN_TIP = "redraft_plain_tip"


def located_note(project: Project, count: int, edits: list[Edit], status: Status = Status.NOT_ADDRESSED) -> str:
    """The line above the draft paragraphs a comment applies to: its status (no edit is linked), and where."""
    where = f"{count} draft paragraph{'s' if count != 1 else ''}"
    if project.diff is None:
        return f"Where this comment applies: {where}"
    changed = sum(1 for e in edits if e.changed)
    extra = f" · {changed} changed, not linked to it" if changed else ""
    words = status_text(status)
    return f"{words[:1].upper()}{words[1:]} · where it applies: {where}{extra}"


def show_marked_pdf_state(action: QAction, project: Project, enabled: bool = True) -> None:
    """Export Marked-up PDF on when there is a revised PDF to draw on; off otherwise, its tip saying why and what to
    do (a Word revision: save it as PDF beside it), so the greyed-out menu item is not left unexplained. The tip is
    composed from ``NoRevisedPdf``'s reason and hint; the command line's option is left out (no menu takes it)."""
    from engine.project.marked_source import NoRevisedPdf, revised_pdf

    tip = action.property(_PLAIN_TIP)
    if tip is None:  # the item's own tip, kept the first time: the reason is added to it, never cut from it
        tip = action.toolTip()
        action.setProperty(_PLAIN_TIP, tip)
    try:
        revised_pdf(project)
    except NoRevisedPdf as err:
        action.setEnabled(False)
        action.setToolTip(f"{tip} — not available: {err.reason}" + (f"; {err.hint}" if err.hint else ""))
        action.setStatusTip(action.toolTip())
        return
    action.setEnabled(enabled)
    action.setToolTip(tip)
    action.setStatusTip(tip)


def _regions(project: Project, paragraph_id: str, new: bool) -> list[Region]:
    """Where a paragraph is on its pane's pages: its own boxes (a PDF version), or where its LaTeX was found on
    the PDF typeset from it (``engine.project.typeset``)."""
    para = project.paragraph(paragraph_id, new=new)
    if para is None:
        return []
    typeset = project.typeset.get("new" if new else "old")
    return list(para.regions) or (typeset.of(paragraph_id) if typeset is not None else [])


def _has_regions(project: Project, edit: Edit, new: bool) -> bool:
    return any(_regions(project, pid, new) for pid in (edit.target_ids if new else edit.source_ids))


def start_edit(project: Project, edits: list[Edit], outlined: AbstractSet[str] = frozenset()
               ) -> tuple[Edit, list[Region | None]]:
    """The edit both PDF panes start on: the first counted one (not in ``outlined``) with text on both sides, else
    the first with text on both sides, else the first; and, for the old pane then the new, where that pane goes when
    the edit has no text on it: the first of the other edits' places there (None when the edit has text there, or
    no edit has). trial36: a figure's caption rewritten is a deleted and an added paragraph; the draft pane showed
    the old caption, the revised pane stayed on page 1."""
    both = [e for e in edits if _has_regions(project, e, False) and _has_regions(project, e, True)]
    first = next((e for e in both if e.id not in outlined), both[0] if both else edits[0])
    elsewhere: list[Region | None] = []
    for new in (False, True):
        places = [] if _has_regions(project, first, new) else [
            r for e in edits for pid in (e.target_ids if new else e.source_ids) for r in _regions(project, pid, new)]
        elsewhere.append(places[0] if places else None)
    return first, elsewhere
