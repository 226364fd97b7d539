"""A review given more than once (60 pasted copies of one set of reviews once made 741 comments from 48
reviewers, with no warning): ``drop_repeats`` keeps each review once and says, in one line, what it dropped. The
build (CLI and app) and ``redraft comments`` run it on every set of reviews they read; the notice is kept on the
reviews, so the app shows it once the project is built (``repeats_notice``)."""

from __future__ import annotations

import re

from engine.reviews.model import Review
from engine.reviews.parse import parse_reviews

#: A review of fewer words is never taken for a copy (two reviewers may both write "No further comments.").
REPEAT_MIN_WORDS = 20
#: Share of a review's word triples that an earlier review holds for it to be a copy (pasted twice, re-wrapped,
#: retyped, or the last of many pasted copies cut off part way, which holds only the start of the review).
REPEAT_OVERLAP = 0.9
#: How the repeats notice starts (the app shows it after the build).
REPEATS = "the reviews repeat"


def _triples(text: str) -> set[tuple[str, ...]]:
    words = re.findall(r"[a-z0-9]+", text.lower())
    return {tuple(words[i:i + 3]) for i in range(max(0, len(words) - 2))}


def _repeated_block(review: Review) -> str | None:
    """The text of one copy when a review's paragraphs are one block given several times over, else None."""
    paragraphs = [p for p in re.split(r"\n\s*\n", review.text) if p.strip()]
    keys = [" ".join(re.findall(r"[a-z0-9]+", p.lower())) for p in paragraphs]
    for period in range(1, len(keys) // 2 + 1):
        if len(keys) % period == 0 and keys[period] == keys[0] and keys == keys[:period] * (len(keys) // period) \
                and len(" ".join(keys[:period]).split()) >= REPEAT_MIN_WORDS:
            return "\n\n".join(paragraphs[:period])
    return None


def drop_repeats(reviews: list[Review]) -> tuple[list[Review], str | None]:
    """``reviews`` with each review given more than once kept once (the first), and a one-line notice saying what
    was dropped (None when nothing was). A review whose text lies inside an earlier one's (``REPEAT_OVERLAP`` of its
    word triples, at least ``REPEAT_MIN_WORDS`` words: the same review again, or a copy cut off part way) is a copy; so is a review whose text is one block repeated
    (pasted many times with no reviewer headings), which keeps one copy of the block."""
    kept: list[Review] = []
    seen: list[tuple[set, Review]] = []
    copies: dict[str, list[str]] = {}
    blocks = 0
    for review in reviews:
        block = _repeated_block(review)
        if block is not None:
            single = parse_reviews(block, review.source)
            if len(single) == 1:
                single[0].reviewer, single[0].notices = review.reviewer, review.notices
                review, blocks = single[0], blocks + 1
        grams = _triples(review.text)
        first = None
        if len(review.text.split()) >= REPEAT_MIN_WORDS and grams:
            first = next((r for g, r in seen if len(grams & g) >= REPEAT_OVERLAP * len(grams)), None)
        if first is not None:
            copies.setdefault(first.reviewer, []).append(review.reviewer)
            continue
        seen.append((grams, review))
        kept.append(review)
    if not copies and not blocks:
        return reviews, None
    dropped = sum(len(v) for v in copies.values())
    parts = []
    if dropped:
        named = "; ".join(f"{first} given {len(names) + 1} times" for first, names in list(copies.items())[:3])
        parts.append(f"{dropped} of {len(reviews)} reviews are copies of an earlier one ({named}"
                     f"{'; …' if len(copies) > 3 else ''})")
    if blocks:
        parts.append(f"{blocks} review{'s' * (blocks > 1)} held the same text several times over")
    notice = f"{REPEATS}: {' and '.join(parts)}; each is kept once"
    for review in kept:
        review.notices = [*review.notices, notice]
    return kept, notice


def repeats_notice(reviews: list[Review]) -> str | None:
    """The notice ``drop_repeats`` left on the reviews a project stores (None when none was)."""
    return next((n for r in reviews for n in r.notices if n.startswith(REPEATS)), None)
