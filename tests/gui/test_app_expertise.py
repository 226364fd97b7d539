"""The Expertise tab in the wired window: profiles added from files, scored on a worker
against the open project's paper, results with evidence shown."""

from __future__ import annotations

import json
from pathlib import Path

from desktop.app import Shell, open_demo
from tests.gui.test_app_shell import shell  # noqa: F401 (fixture)
from tests.gui.test_widget_expertise_panel import BIO_NOTES, SPEECH_BIB


def finish(qtbot, shell: Shell, handle) -> None:
    assert handle is not None
    qtbot.waitUntil(lambda: handle.outcome != "running", timeout=120_000)
    assert handle.outcome == "done", handle.outcome


def test_profiles_are_scored_against_the_open_paper(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    c, panel = shell.controller, shell.window.expertise
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        open_demo(shell)
    (tmp_path / "speech.bib").write_text(SPEECH_BIB, encoding="utf-8")
    (tmp_path / "~Ada_Quinn1.jsonl").write_text("\n".join(json.dumps(n) for n in BIO_NOTES), encoding="utf-8")
    finish(qtbot, shell, c.expertise.add_profile(tmp_path / "speech.bib"))
    finish(qtbot, shell, c.expertise.add_profile(tmp_path / "~Ada_Quinn1.jsonl"))
    assert [p.reviewer for p in c.expertise.profiles] == ["speech", "Ada_Quinn1"]

    finish(qtbot, shell, c.expertise.score())
    reports = panel.results
    assert [r.reviewer for r in reports] == ["speech", "Ada_Quinn1"]  # the speech profile matches the demo paper
    assert reports[0].score > reports[1].score
    assert reports[0].evidence and reports[0].paper == c.project.new.title

    c.expertise.remove_profile("Ada_Quinn1")
    assert [p.reviewer for p in c.expertise.profiles] == ["speech"]
