"""The Coverage tab's line on a reorganised revision reads as English for one section too: "1 of the draft's section
renamed, ..." (an area chair's trial, session 33, trial38) is "1 of the draft's sections ..."."""

from __future__ import annotations

from engine.revision.sections import SectionFate
from widgets.coverage_table import CoverageTable


def test_one_moved_section_is_one_of_the_drafts_sections(qtbot) -> None:
    table = CoverageTable()
    qtbot.addWidget(table)
    table.set_sections([SectionFate("renamed", "Methods > Sampling the ponds", ("Methods > Sampling",), 3, 3)])
    assert table.sections_note.text() == ("Sections reorganised: 1 of the draft's sections renamed, merged, split or "
                                          "removed (hover for the list; the report lists them too).")
    table.set_sections([SectionFate("removed", "Ponds", (), 0, 2), SectionFate("new", "Streams", (), 0, 4)])
    assert table.sections_note.text().startswith("Sections reorganised: 1 of the draft's sections renamed, merged, "
                                                 "split or removed; 1 new section (")
