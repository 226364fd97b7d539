"""What the letter quotes of a comment: the reviewer's whole point, not only the sentences the extractor kept.

A comment is the sentences Redraft found actionable; the sentence before them in the same paragraph or list item
often says what they are about ("The caption of Figure 1 cites [20]. Please state which section of which paper the
example was taken from."). A new-user trial read the letter's quote without it and could not tell which figure was
meant. The quote takes up to ``LEAD_SENTENCES`` sentences before the comment in its paragraph or list item, when no
other comment holds them and the comment still reads as the review does (an author's correction is quoted as
corrected), and never opens on a sentence that leans on one it leaves out ("Why?", "This is not clear to me.", "If so,
…": they belong to the point before). Sentences inside the comment that the extractor left out (praise or a remark between two requests of
one paragraph) are quoted too: a new-user trial missed a reviewer's point in the letter, "When designing feedback
circuits … so is the relative phase of the feedback", left out between the two sentences of its request.

The quote also takes what follows the comment to the end of its paragraph or list item, up to ``TRAIL_SENTENCES``
sentences (then "…"), when no other comment has a sentence in that paragraph or item: a reviewer's reason or the
reference they name after a request is part of the point. A last sentence ending in a colon ("For example:") leads
into the next item and is left out. An author's trial (session 23) sent a letter whose quote
stopped in the middle of a numbered point, at the sentence naming a paper to test on: the cited paper's subtitle and the two
reasons the reviewer gave for it, the rest of the same numbered item, were in no comment and in no quote.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from engine.reviews.model import Review, ReviewComment
from engine.reviews.segment import follow_up, linked
from engine.text import sentences

#: Sentences of the paragraph before the comment that the quote may take.
LEAD_SENTENCES = 2
#: Sentences after the comment, to the end of its paragraph or list item, that the quote may take.
TRAIL_SENTENCES = 4
#: Where a list item starts: "- ", "* ", "1. ", "(a) ", "a) ", "W2: ".
_ITEM = re.compile(r"^[ \t]*(?:[-*\u2022]|\(?\d{1,2}[.)]|\(?[a-z][.)]|[A-Z]\d{1,2}[:.])[ \t]+", re.M)


def _flat(text: str) -> str:
    return " ".join(text.split())


def whole_point(comment: ReviewComment, review: Review | None, others: Sequence[ReviewComment] = ()) -> str:
    """The comment as the letter quotes it (see the module docstring); ``others`` are the review's other comments."""
    start, end = comment.span
    if review is None or not 0 <= start < end <= len(review.text) or not _as_reviewed(comment.text, review.text[start:end]):
        return comment.full_text.strip()
    text = review.text
    body = _flat(text[start:end])  # the reviewer's words from the comment's first sentence to its last, none left out
    context = comment.context.strip()
    whole = comment.full_text.strip() if body == _flat(comment.text) else (
        f"{context} {body}" if context and context not in body else body)
    block = text.rfind("\n\n", 0, start)
    block = 0 if block < 0 else block + 2
    items = [m.end() for m in _ITEM.finditer(text, block, start)]
    block = items[-1] if items else block
    whole = _with_tail(whole, text, block, end, [o for o in others if o.id != comment.id and o.span != (0, 0)])
    if any(o.span[0] < start and o.span[1] > block for o in others if o.id != comment.id and o.span != (0, 0)):
        return whole
    lead = [s for s, _, _ in sentences(_flat(text[block:start]))][-LEAD_SENTENCES:]
    while lead and (follow_up(lead[0]) or linked(lead[0])):  # "Why?" whose sentence is cut off: another point's
        lead.pop(0)
    if not lead or lead[-1].rstrip().endswith(":"):  # a lead-in ending with a colon is the comment's context
        return whole
    quote = " ".join([*lead, body])
    return f"{context} {quote}" if context and context not in quote else quote


def _with_tail(quote: str, text: str, block: int, end: int, others: Sequence[ReviewComment]) -> str:
    """``quote`` with the sentences after the comment (which ends at ``end``) to the end of its paragraph or list
    item, when no other comment has a sentence in that paragraph or item (from ``block``, where it starts)."""
    stop = text.find("\n\n", end)
    stop = len(text) if stop < 0 else stop
    item = _ITEM.search(text, end, stop)
    stop = item.start() if item else stop
    if any(o.span[0] < stop and o.span[1] > block for o in others):
        return quote
    tail = [s for s, _, _ in sentences(_flat(text[end:stop]))]
    if tail and tail[-1].rstrip().endswith(":"):  # "For example:" leads into the next item, not quoted with it
        tail.pop()
    if not tail:
        return quote
    more = len(tail) > TRAIL_SENTENCES
    return " ".join([quote, *tail[:TRAIL_SENTENCES]]) + (" …" if more else "")


def _as_reviewed(comment_text: str, span_text: str) -> bool:
    """Whether the comment's sentences are the review's, in order, within its span (sentences between them that the
    extractor left out may sit there); an author's correction is not."""
    pos, span = 0, _flat(span_text)
    for sentence, _, _ in sentences(_flat(comment_text)):
        found = span.find(sentence, pos)
        if found < 0:
            return False
        pos = found + len(sentence)
    return pos > 0
