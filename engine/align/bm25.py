"""BM25 (Lucene's variant, as bm25s scores it) between each comment and the text of each candidate edit.

ARIES scores a comment against the post-revision text of an edit; the form
is a setting (``target``, ``added`` or ``diff``). Scores are raw BM25 values,
comparable across comments only roughly, so thresholds are tuned on data.
"""

from __future__ import annotations

from collections.abc import Generator as Gen
from itertools import chain, repeat

import numpy as np

from engine.align.base import ScoredAligner
from engine.align.text import edit_text, tokens
from engine.jobs import CancelToken, Progress
from engine.revision import Edit
from engine.reviews.model import ReviewComment


def bm25_matrix(queries: list[str], docs: list[str], k1: float = 1.2, b: float = 0.75) -> np.ndarray:
    """BM25 score of every query against every document, shape (queries, docs).

    Lucene's variant (what bm25s computes by default, to float rounding): idf ``log(1 + (N - df + 0.5) /
    (df + 0.5))``, term weight ``tf / (tf + k1 (1 - b + b |d| / avgdl))``, summed over the query's tokens
    (repeats counted). Plain NumPy: no index library to import.
    """
    out = np.zeros((len(queries), len(docs)), dtype=np.float32)
    if not docs or not queries:
        return out
    doc_tokens = [tokens(d) or ["\u2205"] for d in docs]
    query_tokens = [tokens(q) for q in queries]
    # only the terms some query has get a weight column (df still counts every document)
    vocab = {t: k for k, t in enumerate(dict.fromkeys(t for toks in query_tokens for t in toks))}
    if not vocab:
        return out
    tf = _counts(doc_tokens, vocab)
    lengths = np.array([len(t) for t in doc_tokens], dtype=np.float32)[:, None]
    df = (tf > 0).sum(axis=0)
    idf = np.log(1.0 + (len(docs) - df + 0.5) / (df + 0.5)).astype(np.float32)
    weights = idf * tf / (tf + k1 * (1 - b + b * lengths / lengths.mean()))
    # summed in double precision, then rounded: a float32 product's rounding follows the BLAS kernel (the CPU) and
    # its thread count; the doubles of two CPUs differ by about 1e-16 relative, under a float32 rounding step
    return (_counts(query_tokens, vocab).astype(np.float64) @ weights.T.astype(np.float64)).astype(np.float32)


def _counts(texts: list[list[str]], vocab: dict[str, int]) -> np.ndarray:
    """Texts × ``vocab`` term counts (float32; terms outside ``vocab`` left out), counted in one NumPy pass."""
    ids = np.fromiter(map(vocab.get, chain.from_iterable(texts), repeat(-1)), dtype=np.int64)
    rows = np.repeat(np.arange(len(texts)), [len(t) for t in texts])
    keep = ids >= 0
    flat = np.bincount(rows[keep] * len(vocab) + ids[keep], minlength=len(texts) * len(vocab))
    return flat.reshape(len(texts), len(vocab)).astype(np.float32)


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
