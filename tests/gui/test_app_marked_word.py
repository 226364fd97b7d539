"""Export Marked-up PDF for a Word revision (a new-user trial, session 29): greyed out with no word of why; now its tip
says to save the revision as PDF beside it, and once that PDF is there the item is on."""

from __future__ import annotations

from pathlib import Path

from desktop.app import Shell
from tests.engine.project.test_marked_pdf_word_revision import NEW, _project
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 - the fixture

__all__ = ["shell"]


def test_the_greyed_item_says_why_and_comes_on_with_the_pdf(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    import fitz

    project = _project(tmp_path)
    presenter, action = shell.controller.presenter, shell.window.commands.export_marked
    presenter.show_project(project)
    assert not action.isEnabled()
    assert "not available: the revised version is a Word file (voles-revised.docx)" in action.toolTip()
    assert "save it as PDF beside it (voles-revised.pdf" in action.statusTip()
    assert "--revised-pdf" not in action.toolTip()
    pdf = fitz.open()
    pdf.new_page().insert_text((72, 72), NEW, fontsize=11)
    pdf.save(str(tmp_path / "voles-revised.pdf"))
    presenter.show_project(project)
    assert action.isEnabled() and "not available" not in action.toolTip()
