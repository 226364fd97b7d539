"""Reviews: reading them (text, Markdown, OpenReview JSON, PDF), refusing what
is not a review, and drawing the actionable comments out of them.

The names below load on first use (PEP 562): the app's window imports
``engine.reviews.model`` to start, and the extractor (numpy, cue tables) comes
later, when a project is built.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "extract_comments": "comments",
    "author_response": "guard", "check_text": "guard", "reviews_look_like_response": "guard",
    "ACTIONS": "model", "FINE_TYPES": "model", "Review": "model", "ReviewComment": "model",
    "load_reviews": "load", "parse_reviews": "parse",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"engine.reviews.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'engine.reviews' has no attribute {name!r}")
