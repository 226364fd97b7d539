"""The author's mark "answered throughout the paper" in the window (issue 32, session 29): from the comment list's
context menu (and its shortcut) and from the comment's response pane; undone with Ctrl+Z; the comment's links reach
past the cap and go back when unmarked; the Coverage tab shows the mark; all checked in a fresh load of the file.
Screenshots go to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import Qt

from desktop.app import Shell
from engine.align.records import Alignment
from engine.align.status import LINK_P
from engine.align.throughout import MARK_TEXT, marked_link_p
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from engine.project.store import ProjectStore
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)
from tests.gui.test_app_links import keys, open_project

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[str]]:
    """The demo, R1.1's alignment replaced by invented calibrated scores: two links over the link threshold, seven
    between the marked threshold and it, the rest under both."""
    folder = tmp_path_factory.mktemp("throughout")
    path = run_job(build_project_file(folder / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))
    store = ProjectStore.open(path)
    try:
        edits = [e.id for e in store.load().diff.changed_edits()]
        low = marked_link_p()
        scores = [0.62, 0.40] + [LINK_P - (LINK_P - low) * k / 8 for k in range(1, 8)]
        scores += [low * 0.5] * (len(edits) - len(scores))
        store.save_alignments([Alignment("R1.1", edits[:2], {e: round(p, 4) for e, p in zip(edits, scores)},
                                         calibrated=True, answered=0.45, broad=True)], aligner=None)
    finally:
        store.close()
    return path, edits


def marks(path: Path) -> set[str]:
    with ProjectSession.open(path) as session:
        return set(session.project.throughout)


def test_mark_from_the_menu_and_the_pane_undo_and_the_coverage_tab(qtbot, shell: Shell, built, tmp_path: Path) -> None:
    path, edits = tmp_path / "copy.redraft", built[1]
    path.write_bytes(built[0].read_bytes())
    c, w = shell.controller, shell.window
    open_project(qtbot, shell, path)
    action, bar, box = w.commands.mark_throughout, w.links, w.response.throughout
    assert action in w.comments.tree.actions()  # the comment's context menu
    c.select_comment("R1.1")
    assert action.isEnabled() and not action.isChecked() and not box.isChecked()
    assert w.response.hint.isVisible()  # the broad-comment score called it broad: the quiet hint
    assert c.project.linked_edit_ids("R1.1") == edits[:2]

    keys(qtbot, w, "Ctrl+Shift+T")  # the keyboard, from the comment list
    assert marks(path) == {"R1.1"} and action.isChecked() and box.isChecked() and not w.response.hint.isVisible()
    assert c.project.linked_edit_ids("R1.1") == edits[:9]  # past the cap of five
    assert "9 links" in bar.summary.text() or "closest" in bar.summary.text()
    assert "answered throughout the paper" in w.status_text.text()
    w.tabs.setCurrentIndex(0)
    shot(shell, "app_throughout_marked", tmp_path)

    keys(qtbot, w, "Ctrl+Z")
    assert marks(path) == set() and not action.isChecked() and not box.isChecked() and w.response.hint.isVisible()
    assert c.project.linked_edit_ids("R1.1") == edits[:2]
    keys(qtbot, w, "Ctrl+Shift+Z")
    assert marks(path) == {"R1.1"} and box.isChecked()

    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)  # the response pane's box clears it
    assert marks(path) == set() and not action.isChecked()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    assert marks(path) == {"R1.1"} and action.isChecked()

    c.select_comment("R1.2")  # another comment: its own state
    assert not action.isChecked() and not box.isChecked() and not w.response.hint.isVisible()
    c.select_comment("R1.1")
    assert box.isChecked() and not w.response.hint.isVisible()
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    shot(shell, "app_throughout_hint", tmp_path)
    qtbot.mouseClick(box, Qt.MouseButton.LeftButton)
    c.select_comment("R1.2")
    w.tabs.setCurrentIndex(3)
    assert MARK_TEXT in w.coverage.row("R1.1")["Comment"] and MARK_TEXT not in w.coverage.row("R1.2")["Comment"]
    shot(shell, "app_throughout_coverage", tmp_path)
