"""The stored form of a suggestion. (Models come from ``desktop.models.ModelOwner``; the engine's
suggester and TLDR generator stream their labelled fields to the UI themselves.)
"""

from __future__ import annotations

import time
import uuid
from typing import Any

from engine.project.model import SuggestionRecord


def record_from_suggestion(suggestion: Any) -> SuggestionRecord:
    """The stored form of an ``engine.generate.suggest.Suggestion``."""
    return SuggestionRecord(
        id=uuid.uuid4().hex[:12],
        comment_id=suggestion.comment_id,
        response=suggestion.response,
        edit=suggestion.edit,
        location=suggestion.paragraph_id or suggestion.section,
        placeholders=[f"[[{p.kind}: {p.description}]]" for p in suggestion.placeholders],
        flags=[f.message for f in suggestion.flags],
        model=suggestion.model,
        created=time.time(),
    )
