"""How Redraft read the files, shown in the app: after a build or a new round, one bar above the panes lists each
reading note with its source (draft, revised, reviews), never a box per note; it hides with its ✕ and View →
Reading Notes shows it again, from the project file once reopened. Inputs written for the test: a Word file with a
tracked insertion (python-docx), a paper typeset here with a reply to the reviewers appended after it."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtWidgets import QMessageBox

from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from tests.engine.document.test_appended_reply import PROSE, paper
from tests.engine.document.test_docx_tracked import word
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)
from tests.gui.app_helpers import new_round, shot

REVIEWS = ("## Reviewer 1\n\nThe results should report how many chains were run for each lattice size.\n\n"
           "## Reviewer 2\n\nThe paper never states how the step size of the sampler is chosen.\n")


def _reviews(tmp_path: Path, head: str = "") -> Path:
    path = tmp_path / "reviews.md"
    path.write_text(head + REVIEWS, encoding="utf-8")
    return path


def _build(qtbot, shell: Shell, request: ProjectRequest, target: Path) -> None:
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=120_000):
        shell.controller.create_project(request, target)


def test_a_tracked_word_revision_is_noted_after_the_build_and_again_from_the_menu(
        qtbot, shell: Shell, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    bar, action = w.reading_notes, w.commands.reading_notes
    assert not bar.isVisible() and not action.isEnabled()  # no project yet
    old, new = word(tmp_path, "draft.docx", tracked=False), word(tmp_path, "revised.docx", tracked=True)
    target = tmp_path / "tracked.redraft"
    reviews = _reviews(tmp_path, head="Manuscript 1234: minor revision.\n\n")  # a line before the first review
    request = ProjectRequest("Tracked", str(old), str(new), str(reviews), aligner="bm25")
    _build(qtbot, shell, request, target)
    expected = ["Revised (revised.docx): Read with its tracked changes accepted (2 insertions, 1 deletion).",
                "Reviews (reviews.md): Skipped the text before the first review (4 words)."]
    assert bar.isVisible() and bar.listed() == expected and action.isEnabled()
    assert "2 notes" in bar.title.text() and "revised.docx" in bar.text.text()
    assert not any(box.isVisible() for box in w.findChildren(QMessageBox))  # nothing to click away
    assert bar.geometry().bottom() < w.tabs.mapTo(w, w.tabs.rect().topLeft()).y()  # above the panes, not over them
    qtbot.wait(100)  # the panes take their first share of the width
    shot(shell, "reading-notes", tmp_path)
    bar.close_button.click()
    assert not bar.isVisible() and c.project.name == "Tracked"  # dismissed; the project is untouched
    action.trigger()
    assert bar.isVisible() and bar.listed() == expected

    # the same notes from the project file, opened again: in the menu, not pushed at the user
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(target)
    assert not bar.isVisible() and action.isEnabled()
    action.trigger()
    assert bar.isVisible() and bar.listed() == expected


def test_a_project_read_without_notes_shows_no_bar(qtbot, shell: Shell, tmp_path: Path) -> None:
    old, new = word(tmp_path, "draft.docx", tracked=False), word(tmp_path, "revised.docx", tracked=False)
    request = ProjectRequest("Plain", str(old), str(new), str(_reviews(tmp_path)), aligner="bm25",
                             force=True)  # the same text twice: built anyway
    _build(qtbot, shell, request, tmp_path / "plain.redraft")
    assert shell.controller.project.name == "Plain"
    assert not shell.window.reading_notes.isVisible() and not shell.window.commands.reading_notes.isEnabled()


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")
def test_a_revised_pdf_with_the_reply_appended_is_noted_after_a_new_round(qtbot, shell: Shell, tmp_path: Path) -> None:
    pdfs = {}
    for name, results, reply in (("draft", PROSE, False), ("revised", PROSE.replace("five", "seven"), True)):
        tex = paper(tmp_path, name, results, reply)
        run = subprocess.run(["pdflatex", "-interaction=nonstopmode", "main.tex"], cwd=tex.parent,
                             capture_output=True, text=True, timeout=180)
        assert (tex.parent / "main.pdf").is_file(), run.stdout[-2000:]
        pdfs[name] = Path(shutil.copy(tex.parent / "main.pdf", tmp_path / f"{name}.pdf"))
    bar = shell.window.reading_notes
    _build(qtbot, shell, ProjectRequest("Reply", str(pdfs["draft"]), None, str(_reviews(tmp_path)), aligner="bm25"),
           tmp_path / "reply.redraft")
    assert not bar.isVisible()  # the draft was read with nothing to note
    new_round(qtbot, shell.controller, pdfs["revised"])
    assert bar.isVisible()
    (line,) = bar.listed()
    assert line.startswith("Revised (revised.pdf): Read the reply to the reviewers after the paper")
    shot(shell, "reading-notes-round", tmp_path)
