"""A response typed and not saved is kept when the window closes or another project opens, as it is when the author
moves to another comment (session 23's author trial: a response typed in the box, then the window closed, was gone
with no word; opening another project dropped it the same way). The demo project, built here."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from desktop.app import Shell
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"
TYPED = "Typed, never saved: the cost of forming K̄ is O(n·p³) per element (Müller, §4)."


@pytest.fixture
def project(tmp_path: Path) -> Path:
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))


def _type(qtbot, shell: Shell, path: Path, cid: str, text: str) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(path)
    if c.current_comment != cid:
        with qtbot.waitSignal(c.sig_comment_shown, timeout=10_000):
            w.comments.select_comment(cid)
    w.response.text.setPlainText(text)
    assert not text or (w.response.dirty() and "unsaved" in w.response.state.text())


def _responses(path: Path) -> dict[str, str]:
    with ProjectSession.open(path) as session:
        return dict(session.project.notes)


def test_closing_the_window_keeps_what_was_typed(qtbot, shell: Shell, project: Path) -> None:
    _type(qtbot, shell, project, "R1.2", TYPED)
    shell.window.close()
    assert _responses(project).get("R1.2") == TYPED


def test_opening_another_project_saves_it_in_the_one_it_was_typed_for(qtbot, shell: Shell, project: Path,
                                                                       tmp_path: Path) -> None:
    other = shutil.copy(project, tmp_path / "other.redraft")
    _type(qtbot, shell, project, "R1.2", TYPED)
    with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
        shell.controller.open_project(other)
    assert shell.window.response.text.toPlainText() != TYPED  # the box shows the other project's comment
    shell.controller.close()
    assert _responses(project).get("R1.2") == TYPED
    assert "R1.2" not in _responses(Path(other))


def test_a_no_change_box_without_a_reason_stores_nothing_on_close(qtbot, shell: Shell, project: Path) -> None:
    _type(qtbot, shell, project, "R1.2", "")
    shell.window.response.no_change.setChecked(True)
    shell.window.close()
    assert "R1.2" not in _responses(project)


def test_exporting_the_letter_keeps_what_was_typed(qtbot, shell: Shell, project: Path, tmp_path: Path) -> None:
    """Session 29's trial: an answer typed, then Ctrl+E: the letter did not hold it."""
    _type(qtbot, shell, project, "R1.2", TYPED)
    letter = tmp_path / "letter.md"
    with qtbot.waitSignal(shell.controller.exports.sig_export_written, timeout=60_000):
        shell.controller.exports.export_letter(letter)
    assert TYPED in letter.read_text(encoding="utf-8")
    assert _responses(project).get("R1.2") == TYPED and not shell.window.response.dirty()
