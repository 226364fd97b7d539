"""A revision that reorganised its sections: each side of the diff names its own version's section, so a paragraph
the revision put under a renamed heading is found in the draft under its old one (trial20: the draft's side said
the revised heading over a paragraph of a draft section it had renamed). Markdown drafts written here."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.revision import diff_documents
from widgets.diff_view import DiffView

KEPT = ("We joined the survey answers to the census tables of each district and kept every household with "
        "either answer recorded, since each dropped row would leave the estimates with less to go on.")
DRAFT = f"""# A paper

## Methods

### Survey and census records

{KEPT} A total of 318 rows were excluded.

### Models for income

The first model lets urban and rural districts differ in income and in spending, with one shared trend.
"""
REVISED = f"""# A paper

## Methods

### Data

{KEPT} A total of 327 rows were excluded.

### Models

The first model lets urban and rural districts differ in income and in spending, with one shared trend.
"""


def test_each_side_names_its_own_versions_section(qtbot, tmp_path: Path) -> None:
    (tmp_path / "old.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "new.md").write_text(REVISED, encoding="utf-8")
    view = DiffView(diff_documents(load_document(tmp_path / "old.md"), load_document(tmp_path / "new.md")))
    qtbot.addWidget(view)
    (edit,) = view.edits
    old_header = view.old_pane.toPlainText().split("\n", 1)[0]
    new_header = view.new_pane.toPlainText().split("\n", 1)[0]
    assert old_header == "minor · Survey and census records · line 7"
    assert new_header == "minor · Data · line 7"


def test_the_coverage_tab_says_how_the_sections_were_reorganised(qtbot, tmp_path: Path) -> None:
    """Opened in the app, a reorganised revision's Coverage tab names the count, each section on hover."""
    from engine.jobs import run_job
    from engine.project.pipeline import build_project_file
    from desktop.app import build_shell
    from engine.settings import Settings

    (tmp_path / "old.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "new.md").write_text(REVISED, encoding="utf-8")
    (tmp_path / "reviews.txt").write_text("Reviewer 1\n\n1. Please say how the districts were chosen.\n", encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", tmp_path / "old.md", tmp_path / "new.md",
                                      tmp_path / "reviews.txt", aligner="bm25"))
    shell = build_shell(Settings(theme="light"))
    qtbot.addWidget(shell.window)
    try:
        with qtbot.waitSignal(shell.controller.sig_project_loaded, timeout=60_000):
            shell.controller.open_project(path)
        note = shell.window.coverage.sections_note
        assert not note.isHidden()
        assert note.text() == ("Sections reorganised: 2 of the draft's sections renamed, merged, split or removed "
                               "(hover for the list; the report lists them too).")
        assert "Methods > Survey and census records: now under \u201cMethods > Data\u201d" in note.toolTip()
    finally:
        shell.controller.close()
