"""Where an edit is, as a reader looks for it: the innermost section, numbered and short (``3.2 Noise model``), and
the page or line (``p. 4``; ``draft p. 4`` for removed text); the whole numbered path for a tooltip. A new-user
trial read "CIRCUIT DESIGN > Digital control and slow modulation, p. 4" in every edits cell of the coverage table."""

from __future__ import annotations

from collections.abc import Callable

from engine.document.model import Paragraph, Region, line_place, several_files
from engine.document.sections import SectionNames
from engine.project.model import Project
from engine.revision.model import Edit

__all__ = ["EditPlaces", "edit_where", "typeset_places"]


class EditPlaces:
    """Where a project's edits are, section names read once per version (``SectionNames``)."""

    def __init__(self, project: Project, typeset: dict[bool, Callable[[Paragraph], list[Region]]] | None = None
                 ) -> None:
        self.project = project
        self.new, self.old = SectionNames(project.new), SectionNames(project.old)
        #: new (True) or draft (False) -> whether that version is read from several files (a line names its file).
        self.several = {new: doc is not None and several_files(doc.paragraphs)
                        for new, doc in ((True, project.new), (False, project.old))}
        #: new (True) or draft (False) -> where a LaTeX paragraph is on the PDF typeset beside it (``typeset_places``).
        self.typeset = typeset or {}

    def names(self, edit: Edit) -> SectionNames:
        """The version whose paragraphs gave the edit its section: the revised one, the draft's for removed text."""
        return self.new if edit.target_ids else self.old

    def where(self, edit: Edit) -> str:
        """``3.2 Noise model, p. 4``: the innermost section, numbered, and the page or line of the revised text (the
        draft's for a removed paragraph); the whole path is ``path(edit)``, for a tooltip."""
        project, new = self.project, bool(edit.target_ids)
        para = project.paragraph((edit.target_ids or edit.source_ids)[0], new=new) if (
            edit.target_ids or edit.source_ids) else None
        parts = [self.names(edit).short(edit.section)] if edit.section else []
        match = self.typeset.get(new)
        pages = sorted({r.page for r in match(para)}) if para is not None and match is not None else []
        if pages:
            parts.append(f"p. {pages[0]}" if new else f"draft p. {pages[0]}")
        elif para is not None and para.page is not None:
            parts.append(f"p. {para.page}" if new else f"draft p. {para.page}")
        elif para is not None and para.line is not None:
            place = line_place(para, self.several[new])
            parts.append(place if new else f"draft {place}")
        return ", ".join(parts)

    def path(self, edit: Edit) -> str:
        """The edit's whole section path, numbered."""
        return self.names(edit).full(edit.section) if edit.section else ""


def typeset_places(project: Project) -> EditPlaces:
    """``EditPlaces`` that give a LaTeX version's edits the page of the PDF typeset beside its sources (no older
    than the LaTeX; as the marked-up PDF and the letter find it) rather than a line of the ``.tex``, which an
    editor reading the coverage CSV cannot use (session 26); the app's views keep the ``.tex`` line."""
    from engine.project.marked_source import BESIDE_FORMATS, pdf_beside
    from engine.project.typeset import typeset_match

    typeset = {}
    for new, doc, path in ((True, project.new, project.new_path), (False, project.old, project.old_path)):
        if doc is None or doc.source_format not in BESIDE_FORMATS or not path:
            continue
        beside = pdf_beside(path)
        if beside is None or beside.older:
            continue
        try:
            typeset[new] = typeset_match(project, "new" if new else "old", beside.path)  # found once if it was
        except Exception:  # noqa: BLE001 - a PDF that cannot be read: the .tex line as before
            continue
    return EditPlaces(project, typeset)


def edit_where(project: Project, edit: Edit) -> str:
    """``3.2 Noise model, p. 4`` (``EditPlaces.where``)."""
    return EditPlaces(project).where(edit)
