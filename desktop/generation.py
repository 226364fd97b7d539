"""Generation helpers for the desktop: a generator that streams its tokens to the UI,
and the stored form of a suggestion. (Models come from ``desktop.models.ModelOwner``.)
"""

from __future__ import annotations

import time
import uuid
from collections.abc import Callable, Iterator
from typing import Any

from engine.project.model import SuggestionRecord


class TeeGenerator:
    """A ``Generator`` that passes every streamed piece to ``sink`` as it goes.

    Features call ``stream`` (or ``generate``) as usual; the desktop sees the
    tokens arrive (e.g. the JSON of a suggestion being written).
    """

    def __init__(self, inner: Any, sink: Callable[[str], None]) -> None:
        self.inner = inner
        self.sink = sink
        self.name = inner.name

    @property
    def n_ctx(self) -> int:
        return self.inner.n_ctx

    def stream(self, prompt: Any, *args: Any, **kwargs: Any) -> Iterator[str]:
        for piece in self.inner.stream(prompt, *args, **kwargs):
            self.sink(piece)
            yield piece

    def generate(self, prompt: Any, *args: Any, **kwargs: Any) -> str:
        return "".join(self.stream(prompt, *args, **kwargs))

    def __getattr__(self, name: str) -> Any:  # count_tokens, choice_probabilities, ...
        return getattr(self.inner, name)


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
