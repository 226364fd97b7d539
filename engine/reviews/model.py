"""Reviews as the app holds them, and the actionable comments drawn from them."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

#: Action classes of ARIES (subsection B.1).
ACTIONS = ("Explain", "Compare", "Report", "Remove", "Apply", "Use", "Define", "Discuss")
DIRECTNESS = ("direct", "indirect")
#: Fine comment types, after DISAPERE's fine review actions (requests for an experiment, an explanation, an
#: edit, a typo fix, a clarification, a result) plus criticism that implies a change without asking for one.
FINE_TYPES = ("experiment", "explanation", "clarification", "result", "edit", "typo", "criticism")


@dataclass
class Review:
    """One reviewer's review: its text and the sections found in it.

    ``sections`` holds ``(heading, text)`` pairs; ``offsets[i]`` is where the
    text of section ``i`` starts in ``text`` (so comment spans index ``text``).
    """

    reviewer: str
    text: str
    sections: list[tuple[str, str]] = field(default_factory=list)
    offsets: list[int] = field(default_factory=list)
    rating: str | None = None
    confidence: str | None = None
    #: "markdown", "text", "openreview", "pdf".
    source: str = "text"
    notices: list[str] = field(default_factory=list)

    def to_dict(self) -> dict[str, Any]:
        return {
            "reviewer": self.reviewer,
            "rating": self.rating,
            "confidence": self.confidence,
            "source": self.source,
            "sections": [{"heading": h, "text": t} for h, t in self.sections],
            "notices": list(self.notices),
        }


@dataclass(frozen=True)
class ReviewComment:
    """An actionable span of a review: something that could be a to-do item."""

    id: str
    reviewer: str
    text: str
    #: The lead-in the span needs to be understood ("" when it stands alone).
    context: str = ""
    action: str = "Explain"
    directness: str = "direct"
    #: (start, end) of ``text`` in the review's text; (0, 0) when written by hand.
    span: tuple[int, int] = (0, 0)
    section: str = ""
    #: One of ``FINE_TYPES`` ("" when unknown, e.g. written by hand before typing).
    fine_type: str = ""
    #: How sure extraction is that this is an actionable comment, 0..1 (1.0 for comments a person wrote).
    confidence: float = 1.0

    @property
    def full_text(self) -> str:
        """The text with its lead-in, the form aligners read."""
        return f"{self.context} {self.text}".strip() if self.context else self.text

    def to_dict(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "reviewer": self.reviewer,
            "text": self.text,
            "context": self.context,
            "action": self.action,
            "directness": self.directness,
            "span": list(self.span),
            "section": self.section,
            "fine_type": self.fine_type,
            "confidence": self.confidence,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "ReviewComment":
        span = data.get("span") or (0, 0)
        return cls(
            id=str(data["id"]),
            reviewer=data.get("reviewer", ""),
            text=data["text"],
            context=data.get("context", ""),
            action=data.get("action", "Explain"),
            directness=data.get("directness", "direct"),
            span=(int(span[0]), int(span[1])),
            section=data.get("section", ""),
            fine_type=data.get("fine_type", ""),
            confidence=float(data.get("confidence", 1.0)),
        )


#: Each fine type in plain words, for badges and tooltips.
FINE_TYPE_WORDS = {
    "experiment": "asks for a new experiment or evaluation",
    "explanation": "asks why or how: an explanation",
    "clarification": "asks to make something clear or precise",
    "result": "asks for a result or number to be reported",
    "edit": "asks for a change to the text, figures or structure",
    "typo": "points out a typo or a small error",
    "criticism": "criticises something without asking for a specific change",
}


def comment_tooltip(comment: ReviewComment) -> str:
    """Two plain-words lines about a comment's type and how sure extraction is, e.g.
    "Asks for a new experiment or evaluation." / "Redraft is 86% sure this is a request you can act on."."""
    words = FINE_TYPE_WORDS.get(comment.fine_type, "type not known (Change type… sets one)")
    sure = ("Written or corrected by hand." if comment.confidence >= 1.0
            else f"Redraft is {round(100 * comment.confidence)}% sure this is a request you can act on.")
    return f"{words[0].upper()}{words[1:]}.\n{sure}"