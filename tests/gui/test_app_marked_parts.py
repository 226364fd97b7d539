"""Export Marked-up PDF's greyed-out tip is composed from the engine's parts (``NoRevisedPdf``: reason, hint,
the command line's option), never cut out of its message (session 30, thread31). Before, the desktop cut the
message at two phrases; a LaTeX revision with no PDF kept "give it with --revised-pdf", an option no menu takes.
Files written here, in invented words."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from desktop.app import Shell
from engine.project.marked_source import GIVE_PDF, NoRevisedPdf, revised_pdf
from tests.engine.project.test_marked_pdf_word_revision import _project
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 - the fixture

__all__ = ["shell"]


def test_the_error_carries_its_parts_and_the_cli_line_joins_them(tmp_path: Path) -> None:
    project = _project(tmp_path)
    with pytest.raises(NoRevisedPdf) as word:
        revised_pdf(project)
    assert word.value.reason == ("the revised version is a Word file (voles-revised.docx), not a PDF: the marked-up "
                                 "copy is drawn on the revised PDF")
    assert word.value.hint.startswith("save it as PDF beside it (voles-revised.pdf;")
    assert word.value.option == GIVE_PDF and str(word.value) == f"{word.value.reason}; {word.value.hint} or {GIVE_PDF}"
    tex = tmp_path / "glimmer" / "main.tex"
    tex.parent.mkdir()
    tex.write_text("\\documentclass{article}\\begin{document}Glimmer.\\end{document}\n", encoding="utf-8")
    latex = dataclasses.replace(project, new_path=str(tex), new=dataclasses.replace(project.new, source_format="latex"))
    with pytest.raises(NoRevisedPdf) as none:
        revised_pdf(latex)
    assert none.value.hint == "typeset it (main.pdf beside it)" and "--revised-pdf" not in none.value.hint
    assert str(none.value).endswith(f"; typeset it (main.pdf beside it) or {GIVE_PDF}")
    with pytest.raises(NoRevisedPdf) as bare:
        revised_pdf(dataclasses.replace(project, diff=None))
    # a project with no revised version says what to do (review31: it said only what was missing)
    assert bare.value.hint == "give the revised version in a new round first" and "redraft" not in bare.value.hint
    assert bare.value.option == "redraft project round PROJECT --revised NEW"


def test_the_menu_tip_is_the_reason_and_the_hint_and_comes_back_whole(qtbot, shell: Shell, tmp_path: Path,
                                                                      monkeypatch) -> None:
    import engine.project.marked_source as marked_source

    project = _project(tmp_path)
    presenter, action = shell.controller.presenter, shell.window.commands.export_marked
    presenter.show_project(project)
    plain = action.toolTip().split(" — ")[0]
    parts = NoRevisedPdf("the flumox is missing; really", "press the blue knob, or the red one", "--flumox F")
    monkeypatch.setattr(marked_source, "revised_pdf", lambda p: (_ for _ in ()).throw(parts))
    for _ in range(2):  # drawn again: the reason is not added twice
        presenter.show_project(project)
        assert action.toolTip() == (f"{plain} — not available: the flumox is missing; really; press the blue knob, "
                                    "or the red one")
        assert action.statusTip() == action.toolTip() and not action.isEnabled()
    tex = tmp_path / "glimmer" / "main.tex"
    tex.parent.mkdir()
    tex.write_text("x", encoding="utf-8")
    monkeypatch.undo()
    latex = dataclasses.replace(project, new_path=str(tex), new=dataclasses.replace(project.new, source_format="latex"))
    presenter.show_project(latex)
    assert action.toolTip().endswith("no PDF of it was found beside it; typeset it (main.pdf beside it)")
    assert "--revised-pdf" not in action.toolTip()
    (tex.parent / "main.pdf").write_bytes(b"")
    monkeypatch.setattr(marked_source, "revised_pdf", lambda p: tex.parent / "main.pdf")
    presenter.show_project(latex)
    assert action.toolTip() == plain and action.isEnabled()
