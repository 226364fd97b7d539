"""Session 32's candidates (issue 33), in invented reviews of an invented paper (a survey of alpine lakes): C1, two
comments side by side in a long paragraph or list item are one point (``points.MERGE_SIDE``, not kept: off); C2, a
request for references or citations is typed ``edit`` (``cues.CITATION_EDIT``, kept: on), and its suggestion scaffold
asks for a citation. Each test sets the switch it needs."""

from __future__ import annotations

import numpy as np
import pytest

from engine.reviews import cues, points
from engine.reviews.comments import build_comments, checked_type
from engine.reviews.cues import asks_for_references
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

_FILLER = ("The survey covers forty lakes above two thousand metres, sampled every month for six years, and the "
           "methods section describes the probes, the boat, the crews and the order in which the lakes were visited "
           "on each round, with a map of the routes and the altitude of each shore. ")
LONG = (f"## Reviewer 1\n\n{_FILLER * 3}Please give the winter budget of the sediments. What is the detection limit "
        "of the oxygen probe?\n")


def _built(text: str, picked: list[str]):
    review = parse_reviews(text, "markdown")[0]
    units = review_units(review)
    prob = np.full(len(units), 0.05)
    for start in picked:
        prob[next(i for i, u in enumerate(units) if u.text.startswith(start))] = 0.9
    return build_comments(review, "R1", units, prob, ["edit"] * len(units), 0.5)


@pytest.fixture
def side(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(points, "MERGE_SIDE", True)


PICKED = ["Please give", "What is the detection"]


def test_side_by_side_pieces_of_a_long_paragraph_are_one_point(side: None) -> None:
    got = [c.text for c in _built(LONG, PICKED)]
    assert got == ["Please give the winter budget of the sediments. What is the detection limit of the oxygen probe?"]


def test_without_the_rule_the_long_paragraph_keeps_them_apart() -> None:
    assert len(_built(LONG, PICKED)) == 2


def test_a_short_paragraph_keeps_its_own_rules(side: None) -> None:
    """Under ``segment.POINT_WORDS`` words the short-paragraph rules decide: a question on something else after a
    stated problem stays a point of its own."""
    text = ("## Reviewer 1\n\nThe oxygen profiles end at twelve metres. Why were the crews changed in the third "
            "year?\n")
    assert len(_built(text, ["The oxygen profiles", "Why were"])) == 2


@pytest.mark.parametrize(("second", "joins"), [
    ("What is the detection limit of the oxygen probe?", True),
    ("Also, what is the detection limit of the oxygen probe?", False),  # something added: a point of its own
    ("Line 212: what is the detection limit of the oxygen probe?", False),  # a new place: a note of its own
])
def test_what_opens_the_second_piece(side: None, second: str, joins: bool) -> None:
    review = parse_reviews(f"## Reviewer 1\n\n{_FILLER * 3}Please give the winter budget of the sediments. {second}\n",
                           "markdown")[0]
    units = review_units(review)
    assert points.side_by_side(units, units[-2], units[-1]) is joins
    assert points.side_by_side(units, units[-3], units[-1]) is False  # a sentence between them


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
