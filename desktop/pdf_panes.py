"""What a PDF pane shows for a source that is not a PDF: the PDF typeset from a LaTeX source, found beside it."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from engine.errors import InputError
from engine.project.marked_source import pdf_beside

if TYPE_CHECKING:  # the panes' module loads with the window's body, not with the presenter
    from widgets.pdf_view import PdfView


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
    view.set_note(beside.note(), warning=beside.older)
    return True
