"""Session 32's kept candidate (issue 33), in invented reviews of an invented paper (a survey of alpine lakes): C2, a
request for references or citations is typed ``edit`` (``cues.CITATION_EDIT``, kept: on), and its suggestion scaffold
asks for a citation. (C1, two comments side by side in a long paragraph joined, failed its rule: its code was removed
at the merge; docs/comments.md keeps its figures.)"""

from __future__ import annotations

import pytest

from engine.reviews import cues
from engine.reviews.comments import checked_type
from engine.reviews.cues import asks_for_references


@pytest.mark.parametrize(("text", "asks"), [
    ("Please provide references for the claim that the lakes warm faster than the air.", True),
    ("The authors should cite the earlier varve studies of these lakes.", True),
    ("I suggest adding a reference for the probe calibration.", True),
    ("The references are well chosen.", False),  # names them, asks nothing
    ("Please compare the reference solution with the measured profile.", False),  # no reference to the literature
    ("Please extend the profiles to the lake bed.", False),
])
def test_a_request_for_references_is_told_apart(text: str, asks: bool) -> None:
    assert asks_for_references(text) is asks


def test_a_request_for_references_is_an_edit(monkeypatch: pytest.MonkeyPatch) -> None:
    ask = "Please provide references for the claim that the lakes warm faster than the air."
    assert cues.CITATION_EDIT  # shipped on (session 32's rule)
    assert checked_type(ask, "experiment") == "edit"
    assert checked_type(ask, "criticism") == "edit"
    assert checked_type("Please extend the profiles to the lake bed.", "experiment") == "experiment"
    assert checked_type("Typo: 'refrences' in the caption of Figure 2.", "edit") == "typo"
    monkeypatch.setattr(cues, "CITATION_EDIT", False)
    assert checked_type(ask, "experiment") == "experiment"  # the rule off: the model's type


def test_the_scaffold_of_a_request_for_references_typed_edit_asks_for_a_citation() -> None:
    from engine.document.model import Document, Paragraph, Section
    from engine.generate.placeholders import find
    from engine.generate.scaffold import build_scaffold
    from engine.reviews.model import ReviewComment

    ask = "Please provide references for the claim that the lakes warm faster than the air."
    doc = Document(title="Forty alpine lakes", abstract="A survey of forty alpine lakes.",
                   sections=[Section("Introduction", number="1")],
                   paragraphs=[Paragraph("p0001", "The lakes warm faster than the air above them.",
                                         section=("Introduction",))])
    comment = ReviewComment("R1.1", "Reviewer 1", ask, fine_type=checked_type(ask, "experiment"))
    assert comment.fine_type == "edit"
    got = build_scaffold(comment, doc.paragraphs, doc)
    assert got.kind == "citation" and [p.kind for p in find(got.draft)] == ["CITATION"]
