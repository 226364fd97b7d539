"""Where the project's paragraphs are on the PDF panes' pages, and the lines the presenter writes about them."""

from __future__ import annotations

from engine.align.status import Status, status_text
from engine.document.model import Region
from engine.project import Project
from engine.revision import Edit


def located_note(project: Project, count: int, edits: list[Edit], status: Status = Status.NOT_ADDRESSED) -> str:
    """The line above the draft paragraphs a comment applies to: its status (no edit is linked), and where."""
    where = f"{count} draft paragraph{'s' if count != 1 else ''}"
    if project.diff is None:
        return f"Where this comment applies: {where}"
    changed = sum(1 for e in edits if e.changed)
    extra = f" · {changed} changed, not linked to it" if changed else ""
    words = status_text(status)
    return f"{words[:1].upper()}{words[1:]} · where it applies: {where}{extra}"


def has_revised_pdf(project: Project) -> bool:
    """A revised PDF to draw the marked-up copy on (the revision's, or one beside its LaTeX sources)."""
    from engine.errors import InputError
    from engine.project.marked_source import revised_pdf

    try:
        revised_pdf(project)
    except InputError:
        return False
    return True


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
