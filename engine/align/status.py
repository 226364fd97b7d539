"""Comment statuses, defined once: what the revision did about each comment,
with the evidence, and how the author's confirmations change it.

With a revised version, a comment is *addressed* (an edit addresses it with
probability ≥ ``ADDRESSED_P``), *partly* addressed (best link ≥ ``PARTLY_P``),
*not addressed* (edits were weighed and none is likely) or has *no evidence*
(there was nothing to weigh: no changed paragraph the comment could be matched
to). In a draft-only project a comment is *open* until the author keeps a
suggestion or writes a response (*answered*). The author's confirmations come
first: a confirmed or hand-made link makes it *confirmed addressed*; rejecting
every suggested link (and adding none) makes it *confirmed not addressed*.

Everything here is a pure function of an ``Alignment`` (its ``probabilities``)
and the author's link decisions, so the project, the letter, the coverage
table and the report all read one definition.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class Status(str, Enum):
    ADDRESSED = "addressed"
    PARTLY = "partly addressed"
    NOT_ADDRESSED = "not addressed"
    NO_EVIDENCE = "no evidence"
    OPEN = "open"
    ANSWERED = "answered"
    CONFIRMED = "confirmed addressed"
    CONFIRMED_NOT = "confirmed not addressed"
    #: A revision was given but not compared or aligned yet.
    UNKNOWN = "unknown"


#: Every status, in the order a table lists them (most in need of work first).
STATUSES = (Status.NOT_ADDRESSED, Status.CONFIRMED_NOT, Status.OPEN, Status.NO_EVIDENCE, Status.UNKNOWN,
            Status.PARTLY, Status.ADDRESSED, Status.CONFIRMED, Status.ANSWERED)
#: Statuses that still need the author's attention.
NEEDS_WORK = frozenset({Status.NOT_ADDRESSED, Status.CONFIRMED_NOT, Status.OPEN, Status.NO_EVIDENCE,
                        Status.PARTLY, Status.UNKNOWN})
#: Statuses that rest on the author's own word rather than on a suggestion.
CONFIRMED_STATUSES = frozenset({Status.CONFIRMED, Status.CONFIRMED_NOT, Status.ANSWERED})

#: A link at or above this probability addresses the comment; calibrated cross-paper (docs/gold-icassp20.md).
ADDRESSED_P = 0.5
#: A best link at or above this probability (and below ``ADDRESSED_P``) addresses it partly.
PARTLY_P = 0.3


class Link(str, Enum):
    """The author's decision on one (comment, edit) link."""

    SUGGESTED = "suggested"  # proposed by the aligner, not looked at
    CONFIRMED = "confirmed"
    REJECTED = "rejected"
    MANUAL = "manual"  # a missing edit linked by hand


@dataclass(frozen=True)
class Evidence:
    """One edit behind a status: its probability, the author's decision and why it was linked."""

    edit_id: str
    probability: float
    link: Link = Link.SUGGESTED
    why: str = ""

    def to_dict(self) -> dict[str, Any]:
        return {"edit_id": self.edit_id, "probability": round(self.probability, 4), "link": self.link.value,
                "why": self.why}


@dataclass(frozen=True)
class Assessment:
    """A comment's status with the edits it rests on (confirmed links first, then by probability)."""

    comment_id: str
    status: Status
    evidence: tuple[Evidence, ...] = field(default_factory=tuple)

    @property
    def confirmed(self) -> bool:
        return self.status in CONFIRMED_STATUSES

    def linked_edits(self) -> list[str]:
        """The edits the letter, table and report cite: confirmed and manual links, then unrejected suggestions."""
        return [e.edit_id for e in self.evidence if e.link is not Link.REJECTED]

    def to_dict(self) -> dict[str, Any]:
        return {"comment_id": self.comment_id, "status": self.status.value,
                "evidence": [e.to_dict() for e in self.evidence]}


def status_from_probability(best: float | None) -> Status:
    """The status a best link probability gives (None: nothing to weigh)."""
    if best is None:
        return Status.NO_EVIDENCE
    if best >= ADDRESSED_P:
        return Status.ADDRESSED
    if best >= PARTLY_P:
        return Status.PARTLY
    return Status.NOT_ADDRESSED


def assess(
    comment_id: str, probabilities: Mapping[str, float], reasons: Mapping[str, str] | None = None,
    decisions: Mapping[str, Link | str] | None = None, *, top: int = 5,
) -> Assessment:
    """The status of one comment from its link ``probabilities`` (edit id → p) and the author's ``decisions``.

    ``probabilities`` empty means no edit could be weighed (no evidence). Suggested
    evidence is the links at or above ``PARTLY_P`` (at most ``top``); confirmed and
    manual links are always kept, rejected ones are kept marked so the app can undo.
    """
    decisions = {k: Link(v) for k, v in (decisions or {}).items()}
    reasons = reasons or {}
    kept = [k for k, d in decisions.items() if d in (Link.CONFIRMED, Link.MANUAL)]
    rejected = [k for k, d in decisions.items() if d is Link.REJECTED]
    suggested = sorted((k for k, p in probabilities.items() if p >= PARTLY_P and k not in decisions),
                       key=lambda k: -probabilities[k])[:top]
    evidence = [Evidence(k, probabilities.get(k, 1.0 if decisions[k] is Link.MANUAL else 0.0), decisions[k],
                         reasons.get(k, "linked by hand" if decisions[k] is Link.MANUAL else ""))
                for k in sorted(kept, key=lambda k: -probabilities.get(k, 1.0))]
    evidence += [Evidence(k, probabilities[k], Link.SUGGESTED, reasons.get(k, "")) for k in suggested]
    evidence += [Evidence(k, probabilities.get(k, 0.0), Link.REJECTED, reasons.get(k, "")) for k in rejected]
    if kept:
        status = Status.CONFIRMED
    elif rejected and not suggested:
        status = Status.CONFIRMED_NOT
    else:
        open_p = [p for k, p in probabilities.items() if k not in rejected]
        status = status_from_probability(max(open_p) if open_p else (None if not probabilities else 0.0))
    return Assessment(comment_id, status, tuple(evidence))


def draft_status(answered: bool) -> Status:
    """A draft-only project's comment: answered once a suggestion is kept or a response written."""
    return Status.ANSWERED if answered else Status.OPEN


def counts(statuses: Iterable[Status]) -> dict[str, int]:
    """How many comments have each status, every status listed in ``STATUSES`` order."""
    out = {s.value: 0 for s in STATUSES}
    for s in statuses:
        out[Status(s).value] += 1
    return out
