"""The rule that fixes the card's margin inside the training folds (``bench.place_alternative``): the margin is the
one that maximises right places among what the card shows less the cost of every alternative shown."""

from __future__ import annotations

import math

from bench.place_alternative import COST, choose, shown

#: Comments as the folds score them: is the first place right, the second, and the model's gap between them.
RESULTS = [
    {"first": False, "second": True, "margin": 0.2},  # a close second that is right: worth showing
    {"first": True, "second": False, "margin": 0.5},
    {"first": False, "second": True, "margin": 0.9},  # right, but shown only with four more that are not
    {"first": False, "second": False, "margin": 1.0},
    {"first": True, "second": True, "margin": 1.1},
    {"first": False, "second": False, "margin": 1.2},
    {"first": False, "second": False, "margin": 3.0},
    {"first": True, "second": False, "margin": math.inf},  # one candidate: never two
]


def test_what_the_card_shows_at_a_margin() -> None:
    assert shown(RESULTS, -1.0) == {"comments": 8, "first": 3, "shown": 3, "two": 0}
    assert shown(RESULTS, 0.9) == {"comments": 8, "first": 3, "shown": 5, "two": 3}
    assert shown(RESULTS, math.inf)["two"] == 8 and shown(RESULTS, math.inf)["shown"] == 5


def test_the_margin_pays_for_the_alternatives_it_shows() -> None:
    assert COST == 0.1
    assert choose(RESULTS) == 0.9  # +2 right for 3 shown beats +1 for 1 (1.7 against 0.9)
    assert choose(RESULTS, cost=0.6) == 0.2  # dearer alternatives: only the closest pays
    assert choose(RESULTS, cost=1.1) == -1.0  # dearer than a right place: never two


def test_the_cap_bounds_how_often_two_places_are_shown() -> None:
    # uncapped, 0.9 shows two on 3 of 8 comments; a cap of a quarter allows 2 of 8: within it 0.2 pays best (3.9)
    assert shown(RESULTS, choose(RESULTS))["two"] == 3
    capped = choose(RESULTS, cap=0.25)
    assert capped == 0.2 and shown(RESULTS, capped)["two"] == 1 <= 0.25 * len(RESULTS)
    assert choose(RESULTS, cap=0.375) == 0.9  # 3 of 8 allowed: the uncapped choice
    assert choose(RESULTS, cap=0.1) == -1.0  # not even one in eight: never two
    assert choose(RESULTS, cap=1.0) == choose(RESULTS)  # a cap that binds nothing changes nothing
