"""Fusion of BM25 and embeddings (``hybrid``), and the cascade: a high-recall
fused pre-filter that picks a few candidate edits per comment, then the LLM
asks only about those (ARIES E: BM25 tuned for recall as a candidate filter)."""

from __future__ import annotations

from collections.abc import Generator as Gen

import numpy as np

from engine.align.bm25 import BM25Aligner
from engine.align.embed import EmbedAligner
from engine.align.base import ScoredAligner
from engine.align.llm import PairwiseLLMAligner
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder, Generator
from engine.revision import Edit
from engine.reviews.model import ReviewComment


def row_scaled(matrix: np.ndarray) -> np.ndarray:
    """Each row divided by its maximum (rows of zeros stay zero)."""
    top = matrix.max(axis=1, keepdims=True) if matrix.size else matrix
    return np.divide(matrix, top, out=np.zeros_like(matrix), where=top > 0)


def fuse(bm25: np.ndarray, cosine: np.ndarray, weight: float = 0.5) -> np.ndarray:
    """``weight`` × BM25 scaled per comment + (1 − ``weight``) × cosine."""
    return (weight * row_scaled(bm25) + (1 - weight) * cosine).astype(np.float32)


class HybridAligner(ScoredAligner):
    name = "hybrid"

    def __init__(self, encoder: Encoder | None = None, threshold: float = 0.6, weight: float = 0.5,
                 max_edits: int | None = 5, min_chars: int = 0) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self.bm25 = BM25Aligner(min_chars=min_chars)
        self.embed = EmbedAligner(encoder, min_chars=min_chars)
        self.weight = weight

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        lexical = yield from self.bm25.iter_scores(comments, edits, cancel)
        dense = yield from self.embed.iter_scores(comments, edits, cancel)
        return fuse(lexical, dense, self.weight)


def top_k_mask(matrix: np.ndarray, k: int) -> np.ndarray:
    mask = np.zeros(matrix.shape, dtype=bool)
    if matrix.size:
        order = np.argsort(-matrix, axis=1, kind="stable")[:, :k]
        np.put_along_axis(mask, order, True, axis=1)
    return mask


class CascadeAligner(ScoredAligner):
    """Hybrid top-``k`` pre-filter, then LLM pairwise on the survivors (others score 0)."""

    name = "cascade"

    def __init__(self, generator: Generator | None = None, encoder: Encoder | None = None, threshold: float = 0.5,
                 top_k: int = 5, max_edits: int | None = 5, min_chars: int = 0) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self.prefilter = HybridAligner(encoder, min_chars=min_chars)
        self.llm = PairwiseLLMAligner(generator, min_chars=min_chars)
        self.top_k = top_k

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        fused = yield from self.prefilter.iter_scores(comments, edits, cancel)
        self.llm.mask = top_k_mask(fused, self.top_k)
        try:
            return (yield from self.llm.iter_scores(comments, edits, cancel))
        finally:
            self.llm.mask = None
