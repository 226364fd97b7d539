"""The suggestion card at 1440 × 900 on the demo project (session 33, after trial35: the card showed about six lines
and scrolled inside its own scroll area). A scaffold is shown whole: the card takes the room it needs from the TLDR
panel and the response pane (down to their least heights), its text boxes have no scroll bar of their own, and the
card's own bar is needed only for a scaffold longer than that room. The comments are invented."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtCore import QPoint, QRect

from desktop.pane_layout import card_sizes
from tests.gguf_factory import tiny_gguf  # noqa: F401
from tests.gui.app_helpers import demo_with_comment, shot
from tests.gui.app_helpers import light_shell as shell  # noqa: F401

#: A comment of one request and a named work, and a longer one (trial35's R2.5 was of this shape): invented.
SHORT = "Please explain how the step size was chosen for each test case (see e.g. Varro, Lind, & Obst, 2010)."
LONG = ("It is not clear what the authors mean by the step size of the earlier scheme, which seems to be more than "
        "one number (see e.g. Varro, Lind, & Obst, 2010). Please explain how it was chosen for each test case.")


def test_the_card_grows_by_taking_room_from_the_panes_below_down_to_their_least() -> None:
    assert card_sizes([300, 200, 250], 420, (120, 100)) == [420, 200, 130]  # the TLDR panel gives first
    assert card_sizes([300, 200, 250], 600, (120, 100)) == [530, 120, 100]  # then the response, never below least
    assert card_sizes([300, 200, 250], 280, (120, 100)) == [300, 200, 250]  # a card that fits keeps its room


@pytest.mark.parametrize("name", ["short", "long"])
def test_a_scaffold_shows_whole_at_1440_by_900_with_one_scroll_bar_at_most(qtbot, shell, tiny_gguf: Path,
                                                                          tmp_path: Path, name: str) -> None:
    c, w = shell.controller, shell.window
    demo_with_comment(qtbot, shell, tmp_path, SHORT if name == "short" else LONG, tiny_gguf, (1440, 900))
    card = w.suggestion
    c.editing.suggest_options = {"max_tokens": 40, "max_chars": 60, "scaffold": True}  # as the embedded model
    c.editing.suggest()
    qtbot.waitUntil(lambda: not card.streaming and card.suggestion() is not None, timeout=120_000)
    qtbot.wait(300)
    rec = card.suggestion()
    assert rec.kind == "scaffold"
    path = shot(shell, f"app_scaffold_1440x900_{name}", tmp_path)
    # no box inside the card scrolls: the card's own bar is the one bar
    for box in (card.response, card.edit):
        assert box.verticalScrollBar().maximum() == 0, box.accessibleName()
    side = card.parentWidget()
    least = [side.widget(i).minimumSizeHint().height() for i in (1, 2)]
    for i in (1, 2):  # the panes below keep at least their least heights
        assert side.widget(i).height() >= least[i - 1] and side.widget(i).isVisible()
    bar = card.scroll.verticalScrollBar()
    if name == "short":  # shown whole, no bar
        assert bar.maximum() == 0, (card.needed_height(), card.height())
        shown = card.visibleRegion().boundingRect()
        for part in (card.plan, card.response, card.edit, card.accept_button, card.reject_button):
            box = QRect(part.mapTo(card, QPoint(0, 0)), part.size())
            assert part.isVisible() and shown.contains(box), (part.accessibleName(), box, shown)
    else:  # a bar only when the card has all the room the panes below can give
        assert bar.maximum() == 0 or all(side.widget(i).height() <= least[i - 1] + 3 for i in (1, 2))  # (rounding)
    assert path.exists()
