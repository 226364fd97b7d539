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


def demo_with_two_profiles(qtbot, shell: Shell, tmp_path: Path) -> None:
    """The demo project open, with a BibTeX profile ("speech") and an OpenReview one ("Ada_Quinn1") added."""
    c = shell.controller
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        open_demo(shell)
    (tmp_path / "speech.bib").write_text(SPEECH_BIB, encoding="utf-8")
    (tmp_path / "~Ada_Quinn1.jsonl").write_text("\n".join(json.dumps(n) for n in BIO_NOTES), encoding="utf-8")
    finish(qtbot, shell, c.expertise.add_profile(tmp_path / "speech.bib"))
    finish(qtbot, shell, c.expertise.add_profile(tmp_path / "~Ada_Quinn1.jsonl"))


def test_profiles_are_scored_against_the_open_paper(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    c, panel = shell.controller, shell.window.expertise
    demo_with_two_profiles(qtbot, shell, tmp_path)
    assert [p.reviewer for p in c.expertise.profiles] == ["speech", "Ada_Quinn1"]

    finish(qtbot, shell, c.expertise.score())
    reports = panel.results
    assert [r.reviewer for r in reports] == ["speech", "Ada_Quinn1"]  # the speech profile matches the demo paper
    assert reports[0].score > reports[1].score
    assert reports[0].evidence and reports[0].paper == c.project.new.title

    c.expertise.remove_profile("Ada_Quinn1")
    assert [p.reviewer for p in c.expertise.profiles] == ["speech"]


def test_scores_export_as_csv(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    # trial22: an area chair could read the scores in the app but not keep them
    import csv

    c, panel = shell.controller, shell.window.expertise
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        open_demo(shell)
    (tmp_path / "speech.bib").write_text(SPEECH_BIB, encoding="utf-8")
    assert not panel.export_button.isEnabled()
    finish(qtbot, shell, c.expertise.add_profile(tmp_path / "speech.bib"))
    finish(qtbot, shell, c.expertise.score())
    assert panel.export_button.isEnabled()
    with qtbot.waitSignal(c.expertise.sig_export_written, timeout=30_000) as written:
        finish(qtbot, shell, c.expertise.export_csv(tmp_path / "scores.csv"))
    assert written.args == [str(tmp_path / "scores.csv")]
    with (tmp_path / "scores.csv").open(encoding="utf-8-sig", newline="") as f:
        rows = list(csv.reader(f))
    assert rows[1][:3] == ["speech", c.project.new.title, "fused"] and rows[1][5] == "2"
    assert float(rows[1][3]) == panel.results[0].score and rows[1][4] == f"{panel.results[0].estimate:.2f}"


def test_profiles_come_back_when_the_project_is_reopened(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    # trial22: closing the app lost every reviewer profile; the area chair added each folder again
    from desktop.app import build_shell
    from engine.expertise.saved import saved_profile_paths
    from engine.settings import Settings

    c = shell.controller
    demo_with_two_profiles(qtbot, shell, tmp_path)
    c.expertise.remove_profile("Ada_Quinn1")
    assert saved_profile_paths(c.session.store) == [str(tmp_path / "speech.bib")]
    path = c.project.path
    c.close()
    other = build_shell(Settings())
    qtbot.addWidget(other.window)
    with qtbot.waitSignal(other.controller.sig_project_loaded, timeout=60_000):
        other.controller.open_project(path)
    qtbot.waitUntil(lambda: [p.reviewer for p in other.controller.expertise.profiles] == ["speech"], timeout=30_000)
    assert other.window.expertise.profile_list.count() == 1
    other.controller.close()


def test_scores_come_back_when_the_project_is_reopened(qtbot, shell: Shell, tmp_path: Path) -> None:  # noqa: F811
    # trial22: the scores were not kept; an area chair scored again after every reopening
    from desktop.app import build_shell
    from engine.settings import Settings

    c = shell.controller
    demo_with_two_profiles(qtbot, shell, tmp_path)
    finish(qtbot, shell, c.expertise.score())
    scored = [(r.reviewer, r.score) for r in shell.window.expertise.results]
    path = c.project.path
    c.close()
    with (tmp_path / "speech.bib").open("a", encoding="utf-8") as f:  # a paper added to one profile since
        f.write("\n@article{new2024, title={Whispered speech}, author={Roe, Rick}, year={2024},"
                " abstract={We recognise whispered speech.}}\n")

    other = build_shell(Settings())
    qtbot.addWidget(other.window)
    with qtbot.waitSignal(other.controller.sig_project_loaded, timeout=60_000):
        other.controller.open_project(path)
    panel = other.window.expertise
    qtbot.waitUntil(lambda: len(other.controller.expertise.profiles) == 2, timeout=30_000)
    qtbot.waitUntil(lambda: bool(panel.results), timeout=30_000)
    assert [(r.reviewer, r.score) for r in panel.results] == [s for s in scored if s[0] == "Ada_Quinn1"]
    assert "kept in the project" in panel.notices.text() and "speech; Score again" in panel.notices.text()
    finish(qtbot, other, other.controller.expertise.score())
    assert {r.reviewer for r in panel.results} == {"speech", "Ada_Quinn1"}
    assert "kept in the project" not in panel.notices.text()
    other.controller.close()


def test_one_paper_is_a_profile(qtbot, shell: Shell, tmp_path: Path, monkeypatch) -> None:  # noqa: F811
    # trial22: the CLI took a single paper as a reviewer's profile, the app only a folder
    from PySide6.QtWidgets import QFileDialog

    from tests.pdf_factory import make_paper_pdf

    c, panel = shell.controller, shell.window.expertise
    with qtbot.waitSignal(c.sig_project_loaded, timeout=120_000):
        open_demo(shell)
    make_paper_pdf(tmp_path / "roe2019.pdf", title="Protein Folding in Yeast", authors=["Rick Roe"],
                   abstract="We measure protein folding rates in yeast cells.",
                   sections=[("Introduction", ["Proteins fold. " * 5])])
    asked = []

    def pick(parent, caption, folder, filters):
        asked.append(filters)
        return str(tmp_path / "roe2019.pdf"), filters

    monkeypatch.setattr(QFileDialog, "getOpenFileName", pick)
    panel.add_actions["paper"].trigger()
    qtbot.waitUntil(lambda: [p.reviewer for p in c.expertise.profiles] == ["roe2019"], timeout=60_000)
    assert "*.pdf" in asked[0] and "*.tex" in asked[0] and "*.docx" in asked[0]
    assert [p.title for p in c.expertise.profiles[0].papers] == ["Protein Folding in Yeast"]
    assert panel.profile_list.count() == 1
