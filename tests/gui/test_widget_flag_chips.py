"""Every flag the checks can raise shows a chip that reads whole on the suggestion card (an author's trial, session 33:
a rewrite inventing its claim carried one chip, "no number, placeholder, cit…", cut at 28 characters); the flag's
message stays in the chip's tooltip."""

from __future__ import annotations

import re
from pathlib import Path

from engine.generate.flags import Flag, failure
from engine.project.model import SuggestionRecord
from widgets.suggestion_card import SuggestionCard

ENGINE = Path(__file__).resolve().parents[2] / "engine"
_RAISED = re.compile(r"\b(Flag|failure)\(\s*\"([a-z_]+)\",\s*f?\"([^\"]*)\"")


def _raised() -> list[Flag]:
    out = {}
    for path in sorted(ENGINE.rglob("*.py")):
        for kind, code, message in _RAISED.findall(path.read_text(encoding="utf-8")):
            out.setdefault(code, failure(code, message) if kind == "failure" else Flag(code, message))
    return list(out.values())


def _chips(qtbot, flags: list[Flag]) -> list:
    card = SuggestionCard()
    qtbot.addWidget(card)
    card.set_suggestion(SuggestionRecord(id="s1", comment_id="R1.1", response="We glimmer the quent tiles.",
                                         edit="The frobble pass folds each quent tile.", location="p0001",
                                         flags=flags))
    return [card.flags_row.itemAt(i).widget() for i in range(card.flags_row.count() - 2)]


def test_every_flag_the_checks_raise_has_a_whole_chip(qtbot) -> None:
    flags = _raised()
    assert len(flags) >= 30  # the scan finds the checks' flags
    cut = []
    for flag in flags:
        (chip,) = _chips(qtbot, [flag])
        if chip.text().endswith("…"):
            cut.append(f"{flag.code}: {chip.text()}")
    assert cut == []


def test_the_chip_reads_whole_and_its_tooltip_says_what_was_found(qtbot) -> None:
    flag = Flag("no_technical_detail", "no number, placeholder, citation, formula or acronym")
    (chip,) = _chips(qtbot, [flag])
    assert chip.text() == "no technical detail"
    assert chip.toolTip() == "The edit carries no technical detail: no number, placeholder, citation, formula or " \
                             "acronym"
