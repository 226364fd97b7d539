"""The placement's second place, offered beside the first ("here, or here": docs/suggest.md, round nine).

On the training part a right paragraph is among the placement's best two for 300 of 517 answered comments against
256 first; the suggestion offers the second when the placement model scores it close to the first
(``engine.generate.placement.ALTERNATIVE_MARGIN``), with the scaffold written for it, so that the app switches to it
at once and the CLI prints it ("also fits: ¶ …").
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from engine.document.model import Document
from engine.generate.placement import Placement
from engine.generate.scaffold import Scaffold, build_scaffold, shorten
from engine.reviews.model import ReviewComment


@dataclass
class Alternative:
    """The second place: its paragraph, section, the words of it the edit would extend (quoted, shortened), the
    placement model's score gap to the first, and the scaffold written for it."""

    paragraph_id: str
    section: str
    quote: str
    margin: float
    scaffold: Scaffold

    def to_dict(self) -> dict[str, Any]:
        return {"paragraph_id": self.paragraph_id, "section": self.section, "quote": self.quote,
                "margin": round(self.margin, 3), "scaffold": self.scaffold.to_dict()}

    def line(self) -> str:
        """One line for a reader: ``also fits: ¶ p0012 (3 Experiments): “We train on …”``."""
        where = f" ({self.section.split(' > ')[-1]})" if self.section else ""
        return f"also fits: ¶ {self.paragraph_id}{where}: “{shorten(self.quote, 16)}”"


def alternative(placement: Placement, comment: ReviewComment, document: Document) -> Alternative | None:
    """The placement's close second place with its scaffold, or None (none close, or no placement)."""
    second = placement.alternative
    if second is None or placement.paragraph is None or placement.margin is None:
        return None
    scaffold = build_scaffold(comment, [second, placement.paragraph], document)
    return Alternative(second.id, " > ".join(second.section), scaffold.quote or shorten(second.text),
                       placement.margin, scaffold)
