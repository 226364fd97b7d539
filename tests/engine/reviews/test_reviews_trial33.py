"""A referee who letters twenty points "a)" to "t)" (trial33: a journal referee's long list; the points past "h)"
were read as paragraphs, cut into sentences with their letters left on, and the last point was in no comment and
in no reading note). Invented words throughout."""

from __future__ import annotations

from engine.reviews import parse_reviews
from engine.reviews.units import review_units

LETTERS = "abcdefghijklmnopqrst"
REVIEW = "Reviewer 1\n\nBelow a list of further remarks on the lantern survey.\n\n" + "\n\n".join(
    f"{x}) Figure {i + 1}. The glimmer counts of the marsh transect {x} are not explained. Please add the gauge "
    f"used for panel {x}." for i, x in enumerate(LETTERS)) + "\n"


def _units():
    review = parse_reviews(REVIEW, "text")[0]
    return [u for u in review_units(review) if "glimmer" in u.text or "gauge" in u.text or "Figure" in u.text]


def test_every_lettered_point_is_a_list_item_past_h() -> None:
    units = _units()
    assert units and all(u.is_item for u in units)
    assert len({u.block for u in units}) == len(LETTERS)  # one list item per letter, "j)" to "t)" included


def test_the_letter_is_not_left_on_the_points_text() -> None:
    firsts = {}
    for u in _units():
        firsts.setdefault(u.block, u.text)
    assert all(t.startswith("Figure") for t in firsts.values())


def test_a_page_abbreviation_still_opens_no_item() -> None:
    review = parse_reviews("Reviewer 1\n\nThe survey is sound.\np. 5 is where the gauge is first named.\n", "text")[0]
    assert not any(u.is_item for u in review_units(review))
