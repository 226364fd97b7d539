"""Reviews: reading them (text, Markdown, OpenReview JSON, PDF), refusing what
is not a review, and drawing the actionable comments out of them.

The model loads with the package; the readers and the extractor (large cue
lexicons compiled at import) load on first use, so code that only needs
``ReviewComment`` (the aligners, a saved project) starts quickly.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any

from engine.reviews.model import ACTIONS, FINE_TYPES, Review, ReviewComment

_LAZY = {"extract_comments": "engine.reviews.comments", "author_response": "engine.reviews.guard",
         "check_text": "engine.reviews.guard", "reviews_look_like_response": "engine.reviews.guard",
         "load_reviews": "engine.reviews.parse", "parse_reviews": "engine.reviews.parse"}

__all__ = ["ACTIONS", "FINE_TYPES", "Review", "ReviewComment", "author_response", "check_text", "extract_comments",
           "load_reviews", "parse_reviews", "reviews_look_like_response"]


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        value = getattr(import_module(_LAZY[name]), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'engine.reviews' has no attribute {name!r}")
