"""A LaTeX project's PDF tab (from a new-user trial: the typeset PDF was shown with nothing highlighted): each
pane finds its LaTeX paragraphs on the PDF typeset beside it, in a background job, once per version (kept in the
project file), then highlights the changed paragraphs and the selected comment's edits like a PDF project's.
Screenshots go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from desktop.app import Shell
from desktop.pdf_panes import NOT_HIGHLIGHTED
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from tests.engine.project.latex_pair import DEMO, needs_latexmk, typeset_demo
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import shot

pytestmark = needs_latexmk


@pytest.fixture
def latex_project(tmp_path: Path) -> Path:
    old, new = typeset_demo(tmp_path / "v1", "draft_v1"), typeset_demo(tmp_path / "v2", "draft_v2")
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", old, new, DEMO / "reviews.md",
                                      aligner="bm25"))


def test_latex_panes_highlight_the_comment_s_edits(qtbot, shell: Shell, latex_project: Path, tmp_path: Path) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(latex_project)
    project = c.session.project
    assert project.old.source_format == project.new.source_format == "latex"
    assert w.pdf_old.path.endswith("draft_v1.pdf") and w.pdf_new.path.endswith("draft_v2.pdf")
    qtbot.waitUntil(lambda: set(project.typeset) == {"old", "new"} and not c.runner.active, timeout=60_000)
    for pane in (w.pdf_old, w.pdf_new):
        assert "changes not highlighted" not in pane.note.text() and "finding" not in pane.note.text()
        assert "the PDF typeset from" in pane.note.text() and "body paragraphs found" in pane.note.toolTip()
    # the selected comment's edits, on both panes, as on a PDF project's
    cid = c.current_comment
    edits = project.aligned_edits(cid)
    assert edits and w.pdf_new.highlights() and w.pdf_old.highlights()
    pages = {r.page for r in w.pdf_new.highlights()}
    assert pages <= set(range(1, w.pdf_new.page_count + 1))
    expected = {r for e in edits for pid in e.target_ids for r in project.typeset["new"].of(pid)}
    assert set(w.pdf_new.highlights()) == expected
    w.show_tab("pdf")
    w.resize(1400, 900)
    qtbot.waitUntil(lambda: bool(w.pdf_new.canvas.cache), timeout=5_000)
    shot(shell, "latex-pdf-tab-highlighted", tmp_path)

    other = next(x.id for x in project.comments if x.id != cid and project.aligned_edits(x.id))
    c.select_comment(other)  # another comment: its own edits
    want = {r for e in project.aligned_edits(other) for pid in e.target_ids for r in project.typeset["new"].of(pid)}
    assert set(w.pdf_new.highlights()) == want

    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):  # opened again: read from the file, no job
        c.open_project(latex_project)
    assert set(c.session.project.typeset) == {"old", "new"} and not c.runner.active
    assert w.pdf_new.highlights() and "changes not highlighted" not in w.pdf_new.note.text()

    revised_pdf = Path(w.pdf_new.path)  # another PDF beside the revision: too little found, and the pane says so
    doc = pymupdf.open()
    doc.new_page().insert_text((72, 72), "Entirely unrelated words about gardening and tomatoes.")
    doc.save(revised_pdf)
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(latex_project)
    qtbot.waitUntil(lambda: "finding the changes" not in w.pdf_new.note.text(), timeout=60_000)
    assert "(changes not highlighted)" in w.pdf_new.note.text() and NOT_HIGHLIGHTED in w.pdf_new.note.toolTip()
    assert "only 0 of" in w.pdf_new.note.toolTip() and not w.pdf_new.highlights() and w.pdf_old.highlights()
