"""A project opened again shows its reading notes when a reviewer's list item is in no comment, so that whoever opens
it (an area chair, or an author after `redraft project new`) sees that a point may be missing; with no such item the
bar stays closed, as before (trial20). Synthetic reviews of the demo paper, written for this test."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
REVIEWS = """# Reviewer 1

## Weaknesses
1. Please compare against static layer skipping at the same average depth.
2. Could the authors report wall-clock latency on a real device?
"""


def _project(tmp_path: Path, drop: bool) -> Path:
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    if drop:
        with ProjectSession.open(path) as session:
            session.delete_comment(next(c.id for c in session.project.comments if "latency" in c.text))
    return path


def test_a_point_in_no_comment_opens_the_notes_bar(qtbot, shell, tmp_path: Path) -> None:
    path = _project(tmp_path, drop=True)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)
    bar = shell.window.reading_notes
    assert bar.isVisible()
    assert any("1 of 2 list items are in no comment" in text for text in bar.listed())


def test_without_such_a_point_the_bar_stays_closed(qtbot, shell, tmp_path: Path) -> None:
    path = _project(tmp_path, drop=False)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(path)
    assert not shell.window.reading_notes.isVisible()
