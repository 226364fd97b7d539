"""A revision that reorganised its sections: each side of the diff names its own version's section, so a paragraph
the revision put under a renamed heading is found in the draft under its old one (trial20: the draft's side said
"Methods Data" over a paragraph of the draft's "Ploidy and breeding system data"). Markdown drafts written here."""

from __future__ import annotations

from pathlib import Path

from engine.document import load_document
from engine.revision import diff_documents
from widgets.diff_view import DiffView

KEPT = ("We matched the trait records to the largest dated phylogeny of the family and kept every species with "
        "either trait recorded, since each pruned tip would leave the rates with less to go on.")
DRAFT = f"""# A paper

## Methods

### Ploidy and breeding system data

{KEPT} A total of 405 taxa were excluded.

### Models for ploidy

The first model lets diploids and polyploids differ in speciation and extinction rates, with one transition rate.
"""
REVISED = f"""# A paper

## Methods

### Data

{KEPT} A total of 372 taxa were excluded.

### Models

The first model lets diploids and polyploids differ in speciation and extinction rates, with one transition rate.
"""


def test_each_side_names_its_own_versions_section(qtbot, tmp_path: Path) -> None:
    (tmp_path / "old.md").write_text(DRAFT, encoding="utf-8")
    (tmp_path / "new.md").write_text(REVISED, encoding="utf-8")
    view = DiffView(diff_documents(load_document(tmp_path / "old.md"), load_document(tmp_path / "new.md")))
    qtbot.addWidget(view)
    (edit,) = view.edits
    old_header = view.old_pane.toPlainText().split("\n", 1)[0]
    new_header = view.new_pane.toPlainText().split("\n", 1)[0]
    assert old_header == "minor · Ploidy and breeding system data · line 7"
    assert new_header == "minor · Data · line 7"
