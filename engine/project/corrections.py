"""The author's corrections to the extracted comments, kept as a log and replayed on a new extraction.

Extraction is a guess; the author fixes it: edits a comment's text, deletes a
span that is not a comment, adds one the extractor missed, merges two that are
one request, splits one that holds two, or reassigns its reviewer or type.
Each correction is logged (the ``corrections`` table) beside its effect on the
stored comments; ``apply_corrections`` replays the log over a fresh extraction,
skipping the steps whose comments are no longer there.
"""

from __future__ import annotations

import dataclasses
import re
from typing import Any

from engine.reviews.model import ReviewComment

OPS = ("edit", "delete", "add", "merge", "split", "reassign")
#: Fields ``reassign`` may change.
REASSIGNABLE = ("reviewer", "action", "fine_type", "directness")


def apply_correction(comments: list[ReviewComment], op: str, data: dict[str, Any]) -> list[ReviewComment]:
    """``comments`` with one correction applied (a new list); ``KeyError`` when a comment it names is missing."""
    out = list(comments)
    index = {c.id: i for i, c in enumerate(out)}

    def at(comment_id: str) -> int:
        if comment_id not in index:
            raise KeyError(comment_id)
        return index[comment_id]

    if op == "edit":
        i = at(data["id"])
        out[i] = dataclasses.replace(out[i], text=data["text"], span=(0, 0), confidence=1.0)
    elif op == "delete":
        del out[at(data["id"])]
    elif op == "add":
        comment = ReviewComment.from_dict(data["comment"])
        if comment.id in index:
            raise ValueError(f"comment {comment.id} already exists")
        after, before = data.get("after"), data.get("before")
        # "before": a typed point placed where its review holds it; replayed on a new extraction without that
        # comment, it goes last rather than nowhere
        out.insert(at(after) + 1 if after else at(before) if before in index else len(out), comment)
    elif op == "merge":
        ids = list(data["ids"])
        first = at(ids[0])
        parts = [out[at(i)] for i in ids]
        out[first] = dataclasses.replace(parts[0], text=_merged_text(parts), span=(0, 0), confidence=1.0)
        out = [c for c in out if c.id not in ids[1:]]
    elif op == "split":
        i = at(data["id"])
        head, tail = out[i].text[: data["at"]].strip(), out[i].text[data["at"]:].strip()
        if not head or not tail:
            raise ValueError("a split needs text on both sides")
        if data["new_id"] in index:
            raise ValueError(f"comment {data['new_id']} already exists")
        out[i] = dataclasses.replace(out[i], text=head, span=(0, 0), confidence=1.0)
        out.insert(i + 1, dataclasses.replace(out[i], id=data["new_id"], text=tail, context=""))
    elif op == "reassign":
        i = at(data["id"])
        out[i] = dataclasses.replace(out[i], **{k: v for k, v in data.items() if k in REASSIGNABLE})
    else:
        raise ValueError(f"unknown correction {op!r}")
    return out


def apply_corrections(comments: list[ReviewComment],
                      log: list[tuple[str, dict[str, Any]]]) -> tuple[list[ReviewComment], int]:
    """Replay ``log`` over freshly extracted ``comments``; returns them and how many steps were skipped."""
    skipped = 0
    for op, data in log:
        try:
            comments = apply_correction(comments, op, data)
        except (KeyError, ValueError):
            skipped += 1
    return comments, skipped


def new_comment_id(comments: list[ReviewComment], reviewer_prefix: str) -> str:
    """A free id for a comment the author adds or splits off: ``R1.h1``, ``R1.h2`` ..."""
    taken = {c.id for c in comments}
    n = 1
    while f"{reviewer_prefix}.h{n}" in taken:
        n += 1
    return f"{reviewer_prefix}.h{n}"


def _merged_text(parts: list[ReviewComment]) -> str:
    """The comments' words in order, each later one's context too (the sentence it needs, "Two questions:"), unless
    the words before already hold it: a merged comment keeps all the reviewer said, as the letter quotes it."""
    words = parts[0].text.strip()
    for c in parts[1:]:
        context = c.context.strip()
        if context and context not in words and context not in parts[0].context:
            words += " " + context
        words += " " + c.text.strip()
    return words


def typed_place(project: Any, reviewer: str, text: str) -> tuple[tuple[int, int], str, dict[str, str]]:
    """Where a comment typed by hand stands in its reviewer's review when one section of the review holds each of its
    sentences, in order (the author pasted the point, or its key sentences): its span, its section ("Reviewer 1
    comment 1"), and where it goes among the comments (``{"before": id}`` of the reviewer's first comment after it,
    or ``{"after": id}`` of their last); else ``(0, 0)``, "" and {} (trial23: a referee's first point, added by
    hand, was the letter's last comment of that referee, unnamed)."""
    review = next((r for r in project.reviews if r.reviewer == reviewer), None)
    sentences = [s.split() for s in re.split(r"(?<=[.!?])\s+", text.strip()) if s.split()]
    if review is None or not sentences:
        return (0, 0), "", {}
    found, at = [], 0
    for words in sentences:
        m = re.compile(r"\s+".join(re.escape(w) for w in words)).search(review.text, at)
        if m is None:
            return (0, 0), "", {}
        found.append(m.span())
        at = m.end()
    a, b = found[0][0], found[-1][1]
    bounds = [(h, o, o + len(t)) for (h, t), o in zip(review.sections, review.offsets)]
    home = next(((h, lo, hi) for h, lo, hi in bounds if lo <= a < hi), None)
    if len(found) > 1 and (home is None or b > home[2]):
        return (0, 0), "", {}  # sentences gathered from several points: no one place
    mine = [c for c in project.comments if c.reviewer == reviewer]
    later = next((c.id for c in mine if c.span[1] > c.span[0] and c.span[0] >= b), None)
    return (a, b), home[0] if home else "", ({"before": later} if later else {"after": mine[-1].id} if mine else {})
