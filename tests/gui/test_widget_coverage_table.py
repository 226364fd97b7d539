"""CoverageTable on the real demo project (built with the BM25 aligner into a store in tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from engine.jobs import run_job
from engine.project import Project, ProjectStore
from engine.project.pipeline import build_project
from engine.resources import resource
from tests.gui.widget_helpers import save_shot, use_theme
from widgets.coverage_table import COMMENT, SCORE, STATUS, CoverageTable


@pytest.fixture(scope="module")
def project(tmp_path_factory) -> Project:
    demo = resource("demo")
    store = ProjectStore.create(tmp_path_factory.mktemp("coverage") / "demo.redraft", "demo")
    try:
        run_job(build_project(store, demo / "draft_v1.md", demo / "draft_v2.md", demo / "reviews.md", aligner="bm25"))
        return store.load()
    finally:
        store.close()


@pytest.fixture
def table(qtbot, project: Project) -> CoverageTable:
    use_theme("light")
    widget = CoverageTable()
    qtbot.addWidget(widget)
    widget.resize(980, 520)
    widget.set_project(project)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def test_rows_show_each_comments_coverage(table: CoverageTable, project: Project, tmp_path: Path) -> None:
    by_reviewer = project.comments_by_reviewer()
    assert table.tree.topLevelItemCount() == len(by_reviewer) >= 2
    assert table.comment_ids() == [c.id for comments in by_reviewer.values() for c in comments]
    statuses = project.statuses()
    assert set(statuses.values()) == {"addressed", "not addressed"}  # the demo has both
    for c in project.comments:
        row = table.row(c.id)
        alignment = project.alignments[c.id]
        assert row["Status"] == statuses[c.id] and row["Action"] == c.action
        assert row["Aligned edits"] == (", ".join(alignment.edit_ids) or "—")
        assert row["Best score"] == f"{max(alignment.scores.values()):.2f}"
        assert row["Comment"].startswith(c.id)
    for g in range(table.tree.topLevelItemCount()):
        name, comments = list(by_reviewer.items())[g]
        done = sum(statuses[c.id] == "addressed" for c in comments)
        assert table.tree.topLevelItem(g).text(COMMENT) == f"{name} — {done} of {len(comments)} addressed"
    total = sum(s == "addressed" for s in statuses.values())
    assert table.summary.text().startswith(f"{total} of {len(project.comments)} comments addressed")
    save_shot(table, "widget_coverage_table", tmp_path)


def test_sorting_stays_within_each_reviewer(table: CoverageTable, project: Project) -> None:
    table.tree.sortByColumn(SCORE, Qt.SortOrder.DescendingOrder)
    for g in range(table.tree.topLevelItemCount()):
        group = table.tree.topLevelItem(g)
        ids = [group.child(i).data(COMMENT, Qt.ItemDataRole.UserRole) for i in range(group.childCount())]
        scores = [max(project.alignments[cid].scores.values()) for cid in ids]
        assert scores == sorted(scores, reverse=True)
        assert {project.comment(cid).reviewer for cid in ids} == {group.text(COMMENT).split(" — ")[0]}
    table.tree.sortByColumn(STATUS, Qt.SortOrder.AscendingOrder)
    group = table.tree.topLevelItem(0)
    shown = [group.child(i).text(STATUS) for i in range(group.childCount())]
    assert shown == sorted(shown, key=lambda s: s == "addressed")  # what needs attention first


def test_clicking_a_comment_selects_it(table: CoverageTable, project: Project, qtbot) -> None:
    cid = next(c.id for c in project.comments if project.aligned_edits(c.id))
    item = table._items[cid]
    rect = table.tree.visualItemRect(item)
    with qtbot.waitSignal(table.sig_comment_selected, timeout=2000) as chosen:
        qtbot.mouseClick(table.tree.viewport(), Qt.MouseButton.LeftButton, pos=rect.center())
    assert chosen.args == [cid] and table.selected_comment() == cid
    other = next(c.id for c in project.comments if c.id != cid)
    with qtbot.assertNotEmitted(table.sig_comment_selected):
        table.select_comment(other)  # the shell syncing the view: no echo
    assert table.selected_comment() == other


def test_without_a_revised_version_comments_are_open(table: CoverageTable, project: Project) -> None:
    table.set_data(project.comments, project.alignments, None)
    assert {table.row(c.id)["Status"] for c in project.comments} == {"open"}
    assert "no revised version" in table.summary.text()
