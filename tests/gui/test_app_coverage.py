"""The Coverage tab in the window: a snippet clicked opens the diff on its edit, a link the author
confirms shows there at once, and the exports (coverage CSV; the marked-up PDF only with a revised PDF)."""

from __future__ import annotations

import csv
from pathlib import Path

import pytest

from desktop.app import Shell
from desktop.main_window import TABS
from engine.jobs import run_job
from engine.project.coverage import coverage_rows
from engine.project.pipeline import build_project_file
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)
from tests.gui.app_helpers import shot

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


@pytest.fixture
def opened(qtbot, shell: Shell, tmp_path: Path) -> Shell:  # noqa: F811
    path = run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)
    return shell


def test_a_snippet_opens_the_diff_on_its_edit(qtbot, opened: Shell, tmp_path: Path) -> None:
    w, p = opened.window, opened.controller.presenter.project
    w.show_tab("coverage")
    first = opened.controller.presenter.current_comment
    row = [r for r in coverage_rows(p) if r.edits and r.comment_id != first][-1]  # another comment than the one shown
    edit_id = row.edits[-1].edit_id
    w.coverage._labels[row.comment_id].linkActivated.emit(edit_id)
    assert w.tabs.currentIndex() == TABS.index("diff")
    assert opened.controller.presenter.current_comment == row.comment_id and w.diff.current_edit_id == edit_id
    assert w.comments.selected_id == row.comment_id

    assert w.links.edit_id == edit_id and w.commands.confirm_link.isEnabled()
    w.commands.confirm_link.trigger()  # Edit → Confirm Link, on the edit the snippet opened
    assert w.coverage.row(row.comment_id)["Status"] == "confirmed addressed"
    assert w.coverage.row(row.comment_id)["Edits"].split("\n")[0].startswith(row.edits[-1].snippet)
    w.show_tab("coverage")
    shot(opened, "app_coverage_confirmed", tmp_path)


def test_exports_from_the_window(qtbot, opened: Shell, tmp_path: Path) -> None:
    a = opened.window.commands
    assert a.export_coverage.isEnabled()
    assert not a.export_marked.isEnabled()  # the demo's revision is Markdown: no PDF to mark
    out = tmp_path / "coverage.csv"
    with qtbot.waitSignal(opened.controller.exports.sig_export_written, timeout=30_000):
        opened.controller.exports.export_coverage(out)
    with out.open(encoding="utf-8-sig") as f:
        assert len(list(csv.DictReader(f))) == len(opened.controller.presenter.project.comments)
