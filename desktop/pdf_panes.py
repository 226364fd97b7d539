"""What a PDF pane shows for a source that is not a PDF: the PDF typeset from a LaTeX source, found beside it, or the
PDF a Word or Markdown version was saved as (its changes highlighted by ``desktop.typeset_panes``)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import InputError
from engine.project.marked_source import pdf_beside

if TYPE_CHECKING:  # the panes' module loads with the window's body, not with the presenter
    from widgets.pdf_view import PdfView


#: Why a typeset PDF's pages show no highlights (a new-user trial looked for them on a LaTeX project).
NOT_HIGHLIGHTED = ("Redraft read the paper's source (LaTeX, Word or Markdown), not this PDF, so it cannot "
                   "highlight the changes or the comment's paragraphs on these pages: the Diff and Document tabs show "
                   "them, and File → Export Marked-up PDF… writes the revised PDF with every change marked.")


def show_pdf_beside(view: PdfView, source: str) -> bool:
    """A LaTeX source's pages: the PDF typeset from it, found beside it (the pane says so, and warns when the PDF
    is older than the LaTeX); whether one was shown. A LaTeX source with none says how to get one."""
    beside = pdf_beside(source)
    if beside is None:
        if Path(source).suffix.lower() in (".tex", ".latex") or Path(source).is_dir():
            view.show_missing(f"No PDF of {Path(source).name} beside it: typeset it (as {Path(source).stem}.pdf) "
                              "to see its pages here")
        return False
    try:
        view.open(beside.path)
    except InputError as err:
        view.show_missing(str(err))
        return False
    # its pages come from another file than the one read: no boxes until ``desktop.typeset_panes`` finds them
    view.set_note(f"{beside.note()} (changes not highlighted)", warning=beside.older)
    view.note.setToolTip(f"{beside.note()}.\n{NOT_HIGHLIGHTED}")
    return True

