"""The three views a new-user trial found hard to read (issue 33's rough edges), in the whole window on real files,
with their screenshots ($REDRAFT_SCREENSHOTS, else tmp_path; the ones in docs/screenshots/ were made so):
the TLDR panel at 1280 x 800 and 1600 x 1000 with the TLDR Redraft picks from cgo18's abstract, each candidate
whole; the revised PDF pane after File → New Round with a LaTeX version typeset by pdflatex beside it; and Fit
Column beside Fit Width on cgo18's two-column pages at 1600 x 1000."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import pytest
from PySide6.QtGui import QImage

from desktop.app import Shell
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import new_round, shot
from tests.gui.test_app_round_pdf import latex_revision
from tests.gui.test_app_round_pdf import project  # noqa: F401 (the demo project fixture)
from tests.gui.test_widget_tldr_panel import demo_candidates
from widgets.tldr_panel import TldrRow

REVIEWS = Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"
pytestmark = pytest.mark.slow  # about a minute: cgo18 built once, then three windows

MAX_BYTES = 300_000  # a screenshot in docs/ stays under 300 KB


def _small(path: Path) -> Path:
    """A screenshot over ``MAX_BYTES`` saved again with 256 colours (dithered), its size kept."""
    if path.stat().st_size > MAX_BYTES:
        assert QImage(str(path)).convertToFormat(QImage.Format.Format_Indexed8).save(str(path))
    return path


@pytest.fixture(scope="module")
def cgo18(shared_data: Path, tmp_path_factory) -> Path:
    """The cgo18 project (submission vs camera-ready PDFs, its three reviews), built once with BM25."""
    cgo = shared_data / "revision" / "cgo18"
    path = tmp_path_factory.mktemp("cgo18") / "CGO 2018.redraft"
    return run_job(build_project_file(path, "CGO 2018", cgo / "submission.pdf", cgo / "camera_ready.pdf",
                                      REVIEWS, aligner="bm25"))


def _open(qtbot, shell: Shell, path: Path, size: tuple[int, int]) -> None:  # noqa: F811
    shell.window.resize(*size)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)


def _whole(panel) -> bool:
    """Every candidate as tall as its wrapped text, and the first one inside the visible list."""
    if not panel.rows:
        return False
    viewport, first = panel.scroll.viewport(), panel.rows[0]
    return first.mapTo(viewport, first.rect().bottomLeft()).y() <= viewport.height() and all(
        r.body.height() >= r.body.heightForWidth(r.body.width()) and r.copy_button.isVisibleTo(panel)
        for r in panel.rows)


@pytest.mark.shared_data
@pytest.mark.parametrize("size", [(1280, 800), (1600, 1000)])
def test_the_tldr_panel_shows_each_candidate_whole(qtbot, shell: Shell, cgo18: Path, size,  # noqa: F811
                                                   tmp_path: Path) -> None:
    """'From abstract' on cgo18 in a 1280 x 800 and a 1600 x 1000 window: the TLDR is shown whole, its words
    counted; the demo's three candidates (one of 40 words) are each shown whole too, the list scrolling."""
    _open(qtbot, shell, cgo18, size)
    panel = shell.window.tldr
    panel.extract_button.click()
    qtbot.waitUntil(lambda: not panel.is_streaming() and bool(panel.rows), timeout=30_000)
    picked = shell.controller.project.tldrs[0]
    assert panel.tldrs()[0] == picked and "online iterative compilation" in picked
    qtbot.waitUntil(lambda: _whole(panel), timeout=3_000)
    assert panel.rows[0].body.text() == picked and panel.rows[0].count.text() == f"{len(picked.split())} words"
    assert panel.rows[0].body.width() >= 0.8 * panel.rows[0].contentsRect().width()
    qtbot.waitUntil(lambda: [r for r in panel.findChildren(TldrRow) if r.isVisible()] == panel.rows)
    _small(shot(shell, f"app_tldr_{size[0]}x{size[1]}", tmp_path))

    panel.set_tldrs([picked] + [c.text for c in demo_candidates()])
    qtbot.waitUntil(lambda: _whole(panel), timeout=3_000)


@pytest.mark.skipif(shutil.which("pdflatex") is None, reason="needs pdflatex")
def test_new_round_pane_shows_the_pdf_pdflatex_typeset(qtbot, shell: Shell, project: Path,  # noqa: F811
                                                         tmp_path: Path) -> None:
    """The demo's revised draft as LaTeX, typeset by pdflatex beside it, given to File → New Round: the revised
    pane shows that PDF, names it, and finds the changes on its pages."""
    source, _ = latex_revision(tmp_path / "paper")
    (tmp_path / "paper" / "revised.pdf").unlink()  # the MuPDF layout: pdflatex typesets it instead
    subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", source.name], cwd=source.parent,
                   check=True, capture_output=True, timeout=120)
    pdf = source.with_suffix(".pdf")
    assert pdf.is_file()
    c, w = shell.controller, shell.window
    _open(qtbot, shell, project, (1400, 900))
    new_round(qtbot, c, source)
    pane = w.pdf_new
    assert pane.path == str(pdf) and pane.stack.currentWidget() is pane.scroll
    qtbot.waitUntil(lambda: "finding the changes" not in pane.note.text(), timeout=60_000)
    assert "revised.pdf, the PDF typeset from revised.tex" in pane.note.text()
    assert "(changes not highlighted)" not in pane.note.text()
    w.show_tab("pdf")
    qtbot.waitUntil(lambda: bool(pane.canvas.cache), timeout=5_000)
    qtbot.wait(100)
    _small(shot(shell, "app_round_latex_pdf", tmp_path))


@pytest.mark.shared_data
def test_fit_column_beside_fit_width_at_1600(qtbot, shell: Shell, cgo18: Path, tmp_path: Path) -> None:  # noqa: F811
    """cgo18 at 1600 x 1000: Fit Width draws the two-column pages' 9 pt text about 6 px high; Fit Column at least
    12 px, one column as wide as each pane."""
    _open(qtbot, shell, cgo18, (1600, 1000))
    w = shell.window
    w.show_tab("pdf")
    panes = (w.pdf_old, w.pdf_new)
    qtbot.waitUntil(lambda: all(p.page_count and p.canvas.cache for p in panes), timeout=10_000)
    assert all(p.fits_width for p in panes)
    qtbot.waitUntil(lambda: all(p.canvas.zoom * 9 < 7 for p in panes), timeout=5_000)  # fitted to 1600 x 1000
    qtbot.wait(100)
    _small(shot(shell, "app_pdf_fit_width_1600", tmp_path, w.tabs))
    for pane in panes:
        pane.fit_column()
    qtbot.waitUntil(lambda: all(p.fits_column and p.canvas.zoom * 9 >= 12 for p in panes), timeout=5_000)
    qtbot.waitUntil(lambda: all(p.canvas.cache for p in panes), timeout=5_000)
    qtbot.wait(100)
    _small(shot(shell, "app_pdf_fit_column_1600", tmp_path, w.tabs))
