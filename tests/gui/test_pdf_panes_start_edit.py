"""trial36: a Sensors comment on Figure 4, whose caption the authors rewrote (a deleted paragraph and an added one):
the PDF tab put the draft pane on the old caption (page 5) and left the revised pane on page 1. A pane the first
edit has no text on now shows the first of the comment's other edits there. The project is made by hand."""

from __future__ import annotations

from types import SimpleNamespace

from desktop.page_regions import start_edit
from engine.document.model import Region
from engine.revision.model import Edit, EditType

OLD = {"p10": Region(5, (40.0, 60.0, 300.0, 80.0)), "p3": Region(2, (40.0, 100.0, 300.0, 140.0))}
NEW = {"p11": Region(5, (40.0, 300.0, 300.0, 330.0)), "p4": Region(2, (40.0, 120.0, 300.0, 160.0))}


def project():
    def paragraph(pid, new=True):
        place = (NEW if new else OLD).get(pid)
        return SimpleNamespace(regions=[place]) if place else None
    return SimpleNamespace(paragraph=paragraph, typeset={})


def edit(eid, kind, old=(), new=()):
    return Edit(eid, kind, tuple(old), tuple(new), "old words", "new words", "Bounds")


def test_a_deleted_caption_puts_the_revised_pane_on_its_new_one() -> None:
    gone, added = edit("e1", EditType.DELETED, old=["p10"]), edit("e2", EditType.ADDED, new=["p11"])
    first, elsewhere = start_edit(project(), [gone, added])
    assert first is gone and elsewhere == [None, NEW["p11"]]  # before: the revised pane stayed where it was


def test_an_edit_with_both_sides_moves_no_pane_elsewhere() -> None:
    gone, both = edit("e1", EditType.DELETED, old=["p10"]), edit("e3", EditType.MINOR, old=["p3"], new=["p4"])
    assert start_edit(project(), [gone, both]) == (both, [None, None])
    assert start_edit(project(), [gone, both], outlined={"e3"}) == (both, [None, None])  # still the first on both
    assert start_edit(project(), [gone]) == (gone, [None, None])  # nothing on the revised pane to show
