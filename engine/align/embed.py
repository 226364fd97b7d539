"""Bi-encoder alignment: cosine between comment and edit embeddings.

Any ``Encoder`` works (the embedded MiniLM by default; a local SPECTER2 or
other sentence-transformers folder through the same encoder class). With
``pooling="sentence"`` an edit scores as its best-matching sentence, which
keeps a long, mostly unchanged paragraph from drowning the added sentence.
"""

from __future__ import annotations

from collections.abc import Generator as Gen

import numpy as np

from engine.align.base import ScoredAligner
from engine.align.text import edit_text
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder
from engine.revision import Edit
from engine.reviews.model import ReviewComment
from engine.reviews.split import sentences


def encode(encoder: Encoder, texts: list[str], cancel: CancelToken | None = None) -> np.ndarray:
    try:
        return encoder.encode(texts, cancel=cancel)  # type: ignore[call-arg]
    except TypeError:
        return encoder.encode(texts)


def edit_sentences(text: str, min_words: int = 4) -> list[str]:
    """Sentences of an edit text, short fragments joined to their neighbour."""
    out: list[str] = []
    for s, _, _ in sentences(text):
        if out and len(s.split()) < min_words:
            out[-1] += " " + s
        else:
            out.append(s)
    return out or [text]


def cosine_matrix(
    encoder: Encoder, queries: list[str], docs: list[str], pooling: str = "paragraph",
    cancel: CancelToken | None = None,
) -> np.ndarray:
    """Cosine of each query with each doc (``sentence`` pooling: max over a doc's sentences)."""
    q = encode(encoder, queries, cancel)
    if pooling == "paragraph":
        return (q @ encode(encoder, docs, cancel).T).astype(np.float32)
    pieces: list[str] = []
    owner: list[int] = []
    for j, d in enumerate(docs):
        for s in edit_sentences(d):
            pieces.append(s)
            owner.append(j)
    sims = q @ encode(encoder, pieces, cancel).T
    out = np.full((len(queries), len(docs)), -1.0, dtype=np.float32)
    owner_arr = np.asarray(owner)
    for j in range(len(docs)):
        out[:, j] = sims[:, owner_arr == j].max(axis=1)
    return out


class EmbedAligner(ScoredAligner):
    name = "embed"

    def __init__(self, encoder: Encoder | None = None, threshold: float = 0.5, edit_form: str = "added",
                 pooling: str = "sentence", max_edits: int | None = 5, min_chars: int = 0) -> None:
        super().__init__(threshold, max_edits, min_chars)
        self._encoder = encoder
        self.edit_form, self.pooling = edit_form, pooling

    @property
    def encoder(self) -> Encoder:
        if self._encoder is None:
            from engine.models.factory import open_model

            self._encoder = open_model("encoder")
        return self._encoder

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        yield Progress(0, 1, f"embedding with {self.encoder.name}")
        matrix = cosine_matrix(self.encoder, [c.full_text for c in comments],
                               [edit_text(e, self.edit_form) for e in edits], self.pooling, cancel)
        yield Progress(1, 1, "embeddings compared")
        return matrix
