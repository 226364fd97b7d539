"""Parts of the suggestion card (``widgets.suggestion_card``) that fill themselves from its record: the flag chips and
the placement's second place ("Also fits: …")."""

from __future__ import annotations

from typing import Any

from engine.generate.flags import Flag
from engine.project.model import SuggestionRecord
from widgets.badges import chip
from widgets.suggestion_text import CHIP_LABELS, FLAG_TIPS, MAX_CHIPS, shorten_quote


def set_flags(card: Any, flags: list[Flag]) -> None:
    """The flag chips, at most ``MAX_CHIPS`` (the rest as "+n"), before the placeholder count."""
    while card.flags_row.count() > 2:
        item = card.flags_row.takeAt(0)
        if item.widget():
            item.widget().deleteLater()
    shown = flags if len(flags) <= MAX_CHIPS else flags[: MAX_CHIPS - 1]
    for i, flag in enumerate(shown):
        text = CHIP_LABELS.get(flag.code, flag.short)
        label = chip(text if len(text) <= 28 else text[:27] + "…", "major" if flag.failed else "minor")
        tip = f"{FLAG_TIPS[flag.code]}: {flag.short}" if flag.code in FLAG_TIPS and flag.code in CHIP_LABELS \
            else FLAG_TIPS.get(flag.code, flag.message)
        if flag.code == "rewrite_withheld" and card.record is not None and card.record.rewrite:
            tip = f"{flag.message}\n\nThe withheld rewrite:\n{card.record.rewrite}"
        label.setToolTip(tip)
        card.flags_row.insertWidget(i, label)
        label.show()
    if len(shown) < len(flags):
        rest = flags[len(shown):]
        more = chip(f"+{len(rest)}", "major" if any(f.failed for f in rest) else "minor")
        more.setToolTip("\n".join(f.short for f in rest))
        card.flags_row.insertWidget(len(shown), more)
        more.show()


def set_alternative(card: Any, rec: SuggestionRecord | None, elsewhere: str) -> None:
    """The placement's close second place ("Also fits: …") and its button's words."""
    alt = rec.alternative if rec is not None else {}
    if not alt:
        card.alternative.setText("")
        return
    place = elsewhere or alt.get("location", "")
    card.alternative.setText(f"Also fits: {place}, “{shorten_quote(alt.get('quote', ''), 70)}”")
    card.alternative.setToolTip(
        "The placement's second place, scored close to the first: the authors' paragraph is among the two more "
        f"often than it is the first.\nThere: “{alt.get('quote', '')}”")
    scaffold = rec.kind == "scaffold"
    card.switch_button.setText("Put it there" if scaffold else "Suggest there")
    card.switch_button.setToolTip("Move this draft to that place (written there at once; again to come back)"
                                  if scaffold else "Write a new suggestion there with the model")
