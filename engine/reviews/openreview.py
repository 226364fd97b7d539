"""Reviews from OpenReview API JSON.

Accepts a single note, a list of notes, or ``{"notes": [...]}``; content
fields may be plain strings (API v1) or ``{"value": ...}`` (API v2). Only
review notes are kept (those with review fields such as ``review``,
``weaknesses`` or ``rating``); the submission, decisions and comments are skipped.
"""

from __future__ import annotations

import re
from typing import Any

from engine.errors import InputError
from engine.reviews.model import Review
from engine.reviews.parse import MAX_CHARS, parse_reviews

#: Content keys that mark a note as a review.
REVIEW_KEYS = (
    "review", "main_review", "weaknesses", "strengths", "strength_and_weaknesses", "summary_of_the_paper",
    "summary_of_the_review", "questions", "rating", "recommendation", "requested_changes",
    "strengths_and_weaknesses", "limitations",
)
#: Content keys that are not review text.
SKIP_KEYS = ("title", "code_of_conduct", "first_time_reviewer", "authorids", "authors", "pdf", "venue", "venueid")
#: Keys placed first when present, in this order.
ORDER = ("summary", "summary_of_the_paper", "strengths", "weaknesses", "strength_and_weaknesses", "main_review",
         "review", "questions", "limitations")


def _value(field: Any) -> Any:
    if isinstance(field, dict) and "value" in field:
        return field["value"]
    return field


def _notes(data: Any) -> list[dict[str, Any]]:
    if isinstance(data, dict) and isinstance(data.get("notes"), list):
        data = data["notes"]
    if isinstance(data, dict):
        data = [data]
    if not isinstance(data, list):
        raise InputError("OpenReview JSON must be a note, a list of notes or {\"notes\": [...]}")
    return [n for n in data if isinstance(n, dict)]


def is_review(note: dict[str, Any]) -> bool:
    content = note.get("content")
    if not isinstance(content, dict):
        return False
    listed = note.get("invitations") or []
    listed = listed if isinstance(listed, list) else [listed]  # hand-edited JSON may hold a bare value
    invitations = " ".join([str(note.get("invitation", ""))] + [str(i) for i in listed]).lower()
    if re.search(r"meta_review|decision|comment|rebuttal|withdraw", invitations):
        return False
    return any(k in content for k in REVIEW_KEYS)


def reviewer_label(note: dict[str, Any], index: int) -> str:
    """``Reviewer xYz1`` from a signature like ``.../Paper12/Reviewer_xYz1``."""
    signatures = note.get("signatures") or []
    for sig in signatures if isinstance(signatures, list) else [signatures]:
        last = str(sig).rstrip("/").split("/")[-1]
        m = re.match(r"(?:AnonReviewer|Reviewer)[_ ]?(\w+)", last)
        if m:
            return f"Reviewer {m.group(1)}"
    return f"Reviewer {index + 1}"


def heading_of(key: str) -> str:
    return key.replace("_", " ").strip().title()


def note_text(content: dict[str, Any]) -> str:
    """The review rendered as ``Heading:`` blocks, the form ``parse_reviews`` reads."""
    keys = [k for k in ORDER if k in content] + [k for k in content if k not in ORDER]
    blocks = []
    for key in keys:
        if key in SKIP_KEYS:
            continue
        value = _value(content[key])
        if value is None or isinstance(value, (dict, list)) and not value:
            continue
        if isinstance(value, list):
            value = "\n".join(f"- {v}" for v in value)
        text = str(value).strip()
        if text:
            blocks.append(f"## {heading_of(key)}\n{text}")
    return "\n\n".join(blocks)


def reviews_from_openreview(data: Any, *, max_chars: int = MAX_CHARS) -> list[Review]:
    notes = [n for n in _notes(data) if is_review(n)]
    if not notes:
        raise InputError("no review text found (no OpenReview review notes in the JSON)")
    reviews: list[Review] = []
    budget = max_chars
    for i, note in enumerate(notes):
        text = note_text(note["content"])
        if not text.strip() or budget <= 0:
            continue
        parsed = parse_reviews(text, source="openreview", max_chars=budget)
        budget -= len(text)
        label = reviewer_label(note, i)
        for r in parsed:
            r.reviewer = label
            reviews.append(r)
    if not reviews:
        raise InputError("no review text found")
    return reviews
