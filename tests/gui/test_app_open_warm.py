"""Opening or building a project imports what drawing it needs on the worker, not on the UI thread (session 24,
trial21: on a long paper the window froze ~1 s as it was drawn, 0.8 s of it PyMuPDF's and the reviews' imports)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from desktop import builds, controller
from desktop.app import Shell
from desktop.project_wizard import ProjectRequest
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def test_a_project_is_opened_and_built_with_its_view_imports_done_on_the_worker(
        qtbot, shell: Shell, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    threads: list[str] = []
    real = builds.warm_view_imports

    def warm(session):
        threads.append(threading.current_thread().name)
        return real(session)

    monkeypatch.setattr(builds, "warm_view_imports", warm)
    monkeypatch.setattr(controller, "warm_view_imports", warm)
    c = shell.controller
    target = tmp_path / "Révision — démo.redraft"
    request = ProjectRequest("Révision — démo", str(DEMO / "draft_v1.md"), str(DEMO / "draft_v2.md"),
                             str(DEMO / "reviews.md"), aligner="bm25")
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        c.create_project(request, target)
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(target)
    assert c.project.path == target and c.project.comments
    main = threading.main_thread().name
    assert len(threads) == 2 and main not in threads  # the build's and the open's, each on a worker
