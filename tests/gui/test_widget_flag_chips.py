"""Every flag the checks can raise has a chip that reads whole (an author's trial, session 33: a rewrite inventing
its claim carried one chip, "no number, placeholder, cit…", cut at 28 characters); the message is its tooltip."""

from __future__ import annotations

import re
from pathlib import Path

from engine.generate.flags import Flag, failure
from engine.project.model import SuggestionRecord
from widgets.suggestion_card import SuggestionCard
from widgets.suggestion_text import CHIP_CHARS, chip_text, chip_tip

ENGINE = Path(__file__).resolve().parents[2] / "engine"
_RAISED = re.compile(r"\b(Flag|failure)\(\s*\"([a-z_]+)\",\s*f?\"([^\"]*)\"")


def _raised() -> list[Flag]:
    out = []
    for path in ENGINE.rglob("*.py"):
        for kind, code, message in _RAISED.findall(path.read_text(encoding="utf-8")):
            out.append(failure(code, message) if kind == "failure" else Flag(code, message))
    return out


def test_every_flag_the_checks_raise_has_a_whole_chip() -> None:
    flags = _raised()
    assert len({f.code for f in flags}) >= 30  # the scan finds the checks' flags
    cut = sorted({f.code for f in flags if chip_text(f).endswith("…") or len(chip_text(f)) > CHIP_CHARS})
    assert cut == []


def test_the_card_shows_the_chip_whole_and_the_message_as_its_tip(qtbot) -> None:
    flag = Flag("no_technical_detail", "no number, placeholder, citation, formula or acronym")
    assert chip_tip(flag) == "No number, placeholder, citation, formula or acronym"
    card = SuggestionCard()
    qtbot.addWidget(card)
    card.set_suggestion(SuggestionRecord(id="s1", comment_id="R1.1", response="We glimmer the quent tiles.",
                                         edit="The frobble pass folds each quent tile.", location="p0001",
                                         flags=[flag]))
    chips = [w for w in card.findChildren(type(card.title)) if w.text() == "no technical detail"]
    assert chips and chips[0].toolTip() == chip_tip(flag)
