"""A reviewer's point kept whole after the comments are built (issue 33, session 29; docs/comments.md).

``engine.reviews.comments.build_comments`` passes one review's comments through ``merge_leaning``: two comments next
to each other in one paragraph or list item become one when the second leans on the first (``segment.leans``: "In
other words, ...", "Several of these papers ...", "Please comment on this!").
"""

from __future__ import annotations

from dataclasses import replace

from engine.reviews.cues import action_of
from engine.reviews.model import ReviewComment
from engine.reviews.segment import REVIEWER, leans
from engine.reviews.units import SentenceUnit

#: Two comments of one paragraph or item are one when the second leans on the first (False: never).
MERGE_LEANING = True


def _merged(a: ReviewComment, b: ReviewComment) -> ReviewComment:
    """``a`` and ``b`` as one comment (``b`` carries no context of its own: ``merge_leaning``)."""
    text = f"{a.text} {b.text}"
    best = a if a.confidence >= b.confidence else b
    return replace(a, text=text, span=(a.span[0], b.span[1]), action=action_of(f"{a.context} {text}".strip()),
                   directness="direct" if "direct" in (a.directness, b.directness) else "indirect",
                   fine_type=best.fine_type, confidence=best.confidence)


def _numbered(comments: list[ReviewComment]) -> list[ReviewComment]:
    return [replace(c, id=f"{c.id.rsplit('.', 1)[0]}.{n}") for n, c in enumerate(comments, start=1)]


def merge_leaning(units: list[SentenceUnit], comments: list[ReviewComment]) -> list[ReviewComment]:
    """The comments with each one whose first sentence leans on the comment just before it in its paragraph or list
    item ("In other words, ...", "Several of these papers ...", "Please comment on this!") merged into it, unless the
    comment before ends on the reviewer speaking of themselves ("I did not have time to check the proofs.") or the
    comment carries a context of its own, the sentence its "This" leans on ("The noise model assumes independent
    sources." before "This is not clear to me."), which the comment before does not hold."""
    if not MERGE_LEANING or len(comments) < 2:
        return comments
    first_at = {u.start: u for u in units}
    last_at = {u.end: u for u in units}
    out = [comments[0]]
    for c in comments[1:]:
        first, last = first_at.get(c.span[0]), last_at.get(out[-1].span[1])
        if (first is not None and last is not None and first.block == last.block and out[-1].span[1] <= c.span[0]
                and leans(first.text) and not REVIEWER.match(last.text)  # "I did not check the proofs.": no
                and (not c.context or c.context in out[-1].full_text)):  # its "This" is its own context's
            out[-1] = _merged(out[-1], c)
        else:
            out.append(c)
    return _numbered(out) if len(out) < len(comments) else comments

