"""A LaTeX project's PDF panes: where each LaTeX version's paragraphs are on the PDF typeset beside it
(``engine.project.typeset``), read from the project file or found by a background job once per version, so the
panes highlight the changes and the selected comment's edits as a PDF project's do; each pane's note says what
came of it (why nothing is highlighted when too little was found)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from desktop.pdf_panes import NOT_HIGHLIGHTED
from engine.errors import Cancelled
from engine.project.marked_source import PdfBeside, pdf_beside

if TYPE_CHECKING:
    from desktop.editing import Editing
    from desktop.job_runner import JobHandle
    from desktop.presenter import ProjectPresenter
    from engine.project import Project
    from engine.project.session import ProjectSession
    from engine.project.typeset import TypesetRegions
    from widgets.pdf_view import PdfView


def highlight_typeset(editing: Editing, session: ProjectSession) -> list[JobHandle]:
    """Each LaTeX version whose pane shows the PDF typeset beside it: where its paragraphs are on those pages,
    read from the project file or found by a background job (once per version and PDF), then the selected
    comment drawn again with its highlights; the pane's note says what came of it. The jobs started."""
    from engine.project.typeset import cached_typeset, typeset_key, version
    from engine.project.work import typeset_job

    presenter, project, handles = editing.presenter, session.project, []
    for role, view, source in (("old", editing.window.pdf_old, project.old_path),
                               ("new", editing.window.pdf_new, project.new_path)):
        document, beside = version(project, role), pdf_beside(source) if source else None
        if document is None or beside is None or view.path != str(beside.path):
            continue
        try:
            found = cached_typeset(project, role, typeset_key(document, beside.path))
        except OSError:
            continue  # the PDF went away meanwhile: the pane keeps its note
        if found is not None:
            _show_typeset(presenter, view, beside, project, found)
            continue
        view.set_note(f"{beside.note()} (finding the changes on its pages…)", warning=beside.older)
        job = typeset_job(session, role, beside.path)
        handles.append(editing.run(job, on_result=lambda found, v=view, b=beside: _show_typeset(
            presenter, v, b, project, found), on_failure=lambda err, v=view, b=beside: _not_found(
            presenter, v, b, project, err)))
    return [h for h in handles if h is not None]


def _not_found(presenter: ProjectPresenter, view: PdfView, beside: PdfBeside, project: Project,
               err: BaseException) -> bool:
    """The job was cancelled or failed: the pane says its changes are not highlighted (the runner reports why)."""
    if presenter.project is project:
        why = "stopped" if isinstance(err, Cancelled) else f"failed: {err}"
        view.set_note(f"{beside.note()} (changes not highlighted)", warning=beside.older)
        view.note.setToolTip(f"{beside.note()}.\nFinding its paragraphs on these pages {why}; open the project "
                             f"again to try again.\n{NOT_HIGHLIGHTED}")
    return False


def _show_typeset(presenter: ProjectPresenter, view: PdfView, beside: PdfBeside, project: Project,
                  found: TypesetRegions) -> None:
    """The pane's note on what the mapping found, and the selected comment drawn again with it."""
    if presenter.project is not project:
        return  # another project is open now
    if found.enough:
        view.set_note(beside.note(), warning=beside.older)
        view.note.setToolTip(f"{beside.note()}.\nRedraft read {beside.source.name} and found its paragraphs on these "
                             f"pages by their words: {found.note()}.")
    else:
        view.set_note(f"{beside.note()} (changes not highlighted)", warning=beside.older)
        view.note.setToolTip(f"{beside.note()}.\n{found.note()[:1].upper()}{found.note()[1:]}.\n{NOT_HIGHLIGHTED}")
    if presenter.current_comment is not None:
        presenter.show_comment(presenter.current_comment)
