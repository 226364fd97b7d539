"""The author's response to a comment, and what of it the letter may print.

A response is plain text stored per comment (``ProjectSession.set_response``).
"No change" answers are kept in the same text with a fixed lead
(``No change: <reason>``), readable as they stand and recognised by
``response_kind``. What reaches the letter (``letter_response``) is only what
the author wrote or accepted: their own text, else the responses of the
suggestions they accepted or edited; a pending suggestion's response never
does, and a comment with neither is *to answer*.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import Enum

from engine.project.model import Project, SuggestionRecord

#: The lead of a "no change" response, as it is stored.
NO_CHANGE_LEAD = "No change:"


class ResponseKind(str, Enum):
    WRITTEN = "written"  # the author's own text (typed, or a suggestion's response taken as it stood)
    NO_CHANGE = "no change"  # no change to the paper, with the author's reason
    ACCEPTED = "accepted suggestion"  # the response of a suggestion the author accepted or edited
    TO_ANSWER = "to answer"  # nothing the author wrote or accepted yet


@dataclass(frozen=True)
class LetterResponse:
    kind: ResponseKind
    #: What the letter prints: the text, the reason for "no change", or "".
    text: str


def no_change_text(reason: str) -> str:
    """The stored form of a "no change" answer; a reason is required."""
    reason = reason.strip()
    if not reason:
        raise ValueError("say why the paper does not change (a reason is needed)")
    return f"{NO_CHANGE_LEAD} {reason}"


def is_no_change(text: str) -> bool:
    return text.strip().lower().startswith(NO_CHANGE_LEAD.lower())


def no_change_reason(text: str) -> str:
    """The reason of a stored "no change" answer ("" when it is not one)."""
    return text.strip()[len(NO_CHANGE_LEAD):].strip() if is_no_change(text) else ""


def suggested_response(project: Project, comment_id: str, suggestion_id: str | None = None) -> SuggestionRecord:
    """The suggestion whose response the author takes: ``suggestion_id``, else the newest one not
    rejected that has a response. ``KeyError`` for an unknown id, ``ValueError`` when there is none."""
    project.comment(comment_id)
    recs = project.suggestions.get(comment_id, [])
    if suggestion_id is not None:
        rec = project.suggestion(suggestion_id)
        if rec.comment_id != comment_id:
            raise ValueError(f"suggestion {suggestion_id} is for comment {rec.comment_id}, not {comment_id}")
    else:
        usable = [r for r in recs if r.status != "rejected" and r.response.strip()]
        if not usable:
            raise ValueError(f"comment {comment_id} has no suggested response to accept")
        rec = usable[-1]
    if not rec.response.strip():
        raise ValueError(f"suggestion {rec.id} has no response text")
    return rec


def letter_response(project: Project, comment_id: str) -> LetterResponse:
    """What the letter says in answer to the comment (only what the author wrote or accepted)."""
    note = project.notes.get(comment_id, "").strip()
    if note:
        if is_no_change(note):
            return LetterResponse(ResponseKind.NO_CHANGE, no_change_reason(note))
        return LetterResponse(ResponseKind.WRITTEN, note)
    kept = "\n\n".join(s.response.strip() for s in project.kept_suggestions(comment_id) if s.response.strip())
    if kept:
        return LetterResponse(ResponseKind.ACCEPTED, kept)
    return LetterResponse(ResponseKind.TO_ANSWER, "")
