"""BM25 (bm25s) between each comment and the text of each candidate edit.

ARIES scores a comment against the post-revision text of an edit; the form
is a setting (``target``, ``added`` or ``diff``). Scores are raw BM25 values,
comparable across comments only roughly, so thresholds are tuned on data.
"""

from __future__ import annotations

from collections.abc import Generator as Gen

import numpy as np

from engine.align.base import ScoredAligner
from engine.align.text import edit_text, tokens
from engine.jobs import CancelToken, Progress
from engine.revision import Edit
from engine.reviews.model import ReviewComment


def bm25_matrix(queries: list[str], docs: list[str], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    """BM25 score of every query against every document, shape (queries, docs)."""
    import bm25s

    out = np.zeros((len(queries), len(docs)), dtype=np.float32)
    doc_tokens = [tokens(d) or ["\u2205"] for d in docs]
    if not docs:
        return out
    retriever = bm25s.BM25(k1=k1, b=b)
    retriever.index(doc_tokens, show_progress=False)
    vocab = retriever.vocab_dict
    for i, q in enumerate(queries):
        q_tokens = [t for t in tokens(q) if t in vocab]
        if q_tokens:
            out[i] = retriever.get_scores(q_tokens)
    return out


class BM25Aligner(ScoredAligner):
    name = "bm25"

    def __init__(self, threshold: float = 6.0, edit_form: str = "target", k1: float = 1.2, b: float = 0.75,
                 max_edits: int | None = 5, min_chars: int = 0) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self.edit_form, self.k1, self.b = edit_form, k1, b

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        yield Progress(0, 1, "BM25")
        matrix = bm25_matrix([c.full_text for c in comments], [edit_text(e, self.edit_form) for e in edits],
                             self.k1, self.b)
        yield Progress(1, 1, "BM25")
        return matrix
