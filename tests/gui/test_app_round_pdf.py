"""File → New Round… with a LaTeX revised version: the revised PDF pane shows the PDF typeset from it, found
beside the ``.tex`` (from a new-user trial: it said "No document" with the PDF right there), says which file it
is, warns when that PDF is older than its LaTeX, and says how to get one when there is none.
Screenshots go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

import os
import re
from html import escape
from pathlib import Path

import pymupdf
import pytest

from desktop.app import Shell
from desktop.pdf_panes import NOT_HIGHLIGHTED
from engine.jobs import run_job
from engine.letter.text_formats import tex_escape
from engine.project.pipeline import build_project_file
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import new_round, shot

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))


def latex_revision(folder: Path) -> tuple[Path, Path]:
    """The demo's revised draft as a LaTeX file, and a PDF of its text beside it (laid out by MuPDF)."""
    folder.mkdir()
    body = (DEMO / "draft_v2.md").read_text(encoding="utf-8").split("---", 2)[2]
    blocks = [b.strip() for b in body.split("\n\n") if b.strip()]
    tex = ["\\documentclass{article}", "\\title{Learned Early Exits for Streaming Speech Recognition}",
           "\\begin{document}", "\\maketitle"]
    html = ["<h1>Learned Early Exits for Streaming Speech Recognition</h1>"]
    for block in blocks:
        heading = re.match(r"#+\s*(?:\d+\s+)?(.*)", block)
        tex.append(f"\\section{{{tex_escape(heading.group(1))}}}" if heading else tex_escape(block))
        html.append(f"<h2>{escape(heading.group(1))}</h2>" if heading else f"<p>{escape(block)}</p>")
    source = folder / "revised.tex"
    source.write_text("\n\n".join(tex + ["\\end{document}"]) + "\n", encoding="utf-8")
    story, writer = pymupdf.Story("".join(html)), pymupdf.DocumentWriter(str(folder / "revised.pdf"))
    more = True
    while more:
        device = writer.begin_page(pymupdf.paper_rect("a4"))
        more, _ = story.place(pymupdf.Rect(72, 72, 523, 770))
        story.draw(device)
        writer.end_page()
    writer.close()
    return source, folder / "revised.pdf"


def test_the_revised_pane_shows_the_pdf_beside_the_latex(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    source, pdf = latex_revision(tmp_path / "paper")
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(project)
    new_round(qtbot, c, source)
    assert c.session.project.new.source_format == "latex"
    pane = w.pdf_new
    assert pane.path == str(pdf) and pane.page_count >= 2 and pane.stack.currentWidget() is pane.scroll
    assert pane.note.isVisibleTo(pane) and "revised.pdf, the PDF typeset from revised.tex" in pane.note.text()
    # its paragraphs found on those pages (a background job): the changes are highlighted, the note says which file
    qtbot.waitUntil(lambda: "finding the changes" not in pane.note.text(), timeout=60_000)
    assert "(changes not highlighted)" not in pane.note.text() and "revised.pdf, the PDF typeset" in pane.note.text()
    assert "body paragraphs found on its pages" in pane.note.toolTip() and NOT_HIGHLIGHTED not in pane.note.toolTip()
    assert w.pdf_old.path is None  # the Markdown draft has no pages
    w.show_tab("pdf")
    w.resize(1400, 900)
    qtbot.waitUntil(lambda: bool(pane.canvas.cache), timeout=5_000)
    shot(shell, "round-latex-revised-pane", tmp_path, pane)

    later = pdf.stat().st_mtime + 60  # the LaTeX edited after its PDF was typeset: the pane warns
    os.utime(source, (later, later))
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(c.session.project.path)
    qtbot.waitUntil(lambda: w.pdf_new.path == str(pdf), timeout=5_000)
    assert "older than its LaTeX" in w.pdf_new.note.text() and w.pdf_new.note.isVisibleTo(w.pdf_new)
    shot(shell, "round-latex-revised-pane-older", tmp_path, w.pdf_new)

    pdf.unlink()  # none beside it: the pane says how to get one
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(c.session.project.path)
    qtbot.waitUntil(lambda: "No PDF of revised.tex" in w.pdf_new.empty.text(), timeout=5_000)
    assert w.pdf_new.path is None and not w.pdf_new.note.isVisibleTo(w.pdf_new)
