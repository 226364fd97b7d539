"""Comment ↔ edit alignment: which review comments a revision addressed, and where.

Aligners share one interface (``Aligner.align(comments, diff)``) and are
picked by name with ``make_aligner``; models are injected (an ``Encoder`` for
embeddings, a ``Generator`` for the LLM methods), defaults come from settings.
"""

from __future__ import annotations

from typing import Any

from engine.align.base import Aligner, ScoredAligner, candidate_edits
from engine.align.records import Alignment
from engine.align.config import DEFAULT_METHOD, METHODS, align_options
from engine.errors import InputError
from engine.models.protocols import Encoder, Generator
from engine.settings import Settings

__all__ = ["DEFAULT_METHOD", "METHODS", "Aligner", "Alignment", "ScoredAligner", "candidate_edits", "make_aligner"]


def make_aligner(
    method: str, *, encoder: Encoder | None = None, generator: Generator | None = None,
    settings: Settings | None = None, **overrides: Any,
) -> ScoredAligner:
    """An aligner by name (``learned``, ``evidence``, ``bm25``, ``embed``, ``hybrid``, ``llm-pairwise``, ``llm-multi``,
    ``cascade``, ``learned-llm``)."""
    if method not in METHODS:
        raise InputError(f"unknown alignment method {method!r}; choose from {', '.join(METHODS)}")
    opts = {**align_options(method, settings), **overrides}
    if method == "learned-llm":
        from engine.align.rejudge import RejudgedAligner

        return RejudgedAligner(encoder, generator, **opts)
    if method == "learned":
        from engine.align.learned import LearnedAligner

        return LearnedAligner(encoder, **opts)
    if method == "evidence":
        from engine.align.evidence import EvidenceAligner

        return EvidenceAligner(encoder, **opts)
    if method == "bm25":
        from engine.align.bm25 import BM25Aligner

        return BM25Aligner(**opts)
    if method == "embed":
        from engine.align.embed import EmbedAligner

        return EmbedAligner(encoder, **opts)
    if method == "hybrid":
        from engine.align.cascade import HybridAligner

        return HybridAligner(encoder, **opts)
    if method == "llm-pairwise":
        from engine.align.llm import PairwiseLLMAligner

        return PairwiseLLMAligner(generator, **opts)
    if method == "llm-multi":
        from engine.align.llm import MultiEditLLMAligner

        return MultiEditLLMAligner(generator, **opts)
    from engine.align.cascade import CascadeAligner

    return CascadeAligner(generator, encoder, **opts)
