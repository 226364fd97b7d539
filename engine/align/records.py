"""The records aligners produce and projects store: ``Alignment`` (comment → edits) and ``Location``
(comment → draft paragraphs). Plain data, no scoring code."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass
class Alignment:
    comment_id: str
    edit_ids: list[str]
    #: Score of every candidate edit (higher means more likely to address the comment).
    scores: dict[str, float] = field(default_factory=dict)
    notes: list[str] = field(default_factory=list)
    #: True when ``scores`` are calibrated probabilities (the ``evidence`` aligner); statuses read them.
    calibrated: bool = False
    #: Why an edit scored as it did, for the edits worth showing (edit id → a short account).
    reasons: dict[str, str] = field(default_factory=dict)
    #: Probability that the revision answers the comment at all, on the status scale (``engine.align.answered``;
    #: the ``learned`` aligner's statuses read it instead of the best link's); None: the best link decides.
    answered: float | None = None
    #: What the authors' response letter says of the comment when one was given (``engine.align.letter.describe``;
    #: the status then read it); "" without a letter.
    letter: str = ""
    #: The ``learned`` aligner's broad-comment score calls the comment broad (``engine.align.broad``): the app
    #: suggests marking it "answered throughout the paper"; it changes no link and no status.
    broad: bool = False

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "comment_id": self.comment_id,
            "edit_ids": list(self.edit_ids),
            "scores": {k: round(v, 4) for k, v in self.scores.items()},
        }
        if self.notes:
            out["notes"] = list(self.notes)
        if self.calibrated:
            out["calibrated"] = True
        if self.reasons:
            out["reasons"] = dict(self.reasons)
        if self.answered is not None:
            out["answered"] = round(self.answered, 4)
        if self.letter:
            out["letter"] = self.letter
        if self.broad:
            out["broad"] = True
        return out

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Alignment":
        """Reads what ``to_dict`` writes, older records (no ``calibrated``, ``reasons`` or ``answered``) included."""
        answered = data.get("answered")
        return cls(str(data["comment_id"]), list(data.get("edit_ids", [])),
                   {k: float(v) for k, v in data.get("scores", {}).items()}, list(data.get("notes", [])),
                   bool(data.get("calibrated", False)), dict(data.get("reasons", {})),
                   None if answered is None else float(answered), str(data.get("letter", "")),
                   bool(data.get("broad", False)))


@dataclass(frozen=True)
class Location:
    """Where in the old draft a comment applies (``engine.align.localize``)."""

    comment_id: str
    #: ``(paragraph id, score)``, best first.
    paragraphs: list[tuple[str, float]]

    def to_dict(self) -> dict:
        return {"comment_id": self.comment_id,
                "paragraphs": [{"id": pid, "score": round(s, 4)} for pid, s in self.paragraphs]}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Location":
        return cls(data["comment_id"], [(p["id"], float(p["score"])) for p in data.get("paragraphs", [])])
