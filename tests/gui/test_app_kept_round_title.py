"""The round a new round keeps beside the project opens under its own name (an author's trial, session 33: the kept
"NAME (round 1).redraft" opened titled "NAME — Redraft", as the current round, where an author could type answers into
the old round unawares; Open Recent already named it by its file)."""

from __future__ import annotations

import shutil
from pathlib import Path

from desktop.app import Shell
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.recent import title_name
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


class _P:
    def __init__(self, name: str, path: str, review_round: int = 1) -> None:
        self.name, self.path, self.review_round = name, Path(path), review_round


def test_the_title_names_the_kept_round_by_its_file() -> None:
    assert title_name(_P("glimmer", "/x/glimmer.redraft")) == "glimmer"
    assert title_name(_P("glimmer", "/x/glimmer (round 1).redraft")) == "glimmer (round 1)"
    assert title_name(_P("glimmer", "/x/glimmer (round 1) (2).redraft", 1)) == "glimmer (round 1) (2)"
    assert title_name(_P("glimmer", "/x/glimmer.redraft", 2)) == "glimmer, round 2"
    assert title_name(_P("glimmer", "/x/quent.redraft")) == "glimmer"  # a file named otherwise: the project's name


def test_the_kept_round_opens_under_its_own_title(qtbot, shell: Shell, tmp_path: Path) -> None:
    current = run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                         DEMO / "reviews.md", aligner="bm25"))
    kept = tmp_path / "demo (round 1).redraft"
    shutil.copy(current, kept)
    for path, title in ((kept, "demo (round 1) — Redraft"), (current, "demo — Redraft")):
        with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
            shell.controller.open_project(path)
        assert shell.window.windowTitle() == title
