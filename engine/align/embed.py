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
from engine.revision import Edit, EditType
from engine.reviews.model import ReviewComment
from engine.text import sentences


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


def _marked(spans: list[tuple[str, bool]]) -> list[str]:
    """Sentences of the text ``spans`` make up that touch a changed span with a word in it."""
    text, changed, pos = "", [], 0
    for piece, is_change in spans:
        if is_change and any(ch.isalnum() for ch in piece):
            changed.append((pos, pos + len(piece)))
        text += piece
        pos += len(piece)
    return [s for s, a, b in sentences(text) if any(a < end and start < b for start, end in changed)]


def changed_sentences(edit: Edit, min_words: int = 4) -> list[str]:
    """The sentences an edit wrote (the revised sentences with inserted words; the deleted ones when it only
    deleted; every sentence of an added or deleted paragraph): what a comment can be answered by, without the
    unchanged rest of a long paragraph. Short fragments are joined to their neighbour."""
    if edit.type is EditType.ADDED or not edit.diff:
        return edit_sentences(edit.target_text or edit.source_text, min_words)
    if edit.type is EditType.DELETED:
        return edit_sentences(edit.source_text, min_words)
    new = _marked([(s.text, s.op == "insert") for s in edit.diff if s.op != "delete"])
    pieces = new or _marked([(s.old if s.op == "equal" and s.old else s.text, s.op == "delete")
                             for s in edit.diff if s.op != "insert"])
    out: list[str] = []
    for s in pieces:
        if out and len(s.split()) < min_words:
            out[-1] += " " + s
        else:
            out.append(s)
    return out or edit_sentences(edit.target_text or edit.source_text, min_words)


def sentence_cosines(
    encoder: Encoder, queries: list[str], pieces: list[list[str]], cancel: CancelToken | None = None,
) -> np.ndarray:
    """Max cosine of each query with each doc's ``pieces``; every distinct text is embedded once (in one
    batch, through the encoder's embedding cache). A doc with no pieces scores 0."""
    unique = list(dict.fromkeys([*queries, *(s for p in pieces for s in p)]))
    index = {t: k for k, t in enumerate(unique)}
    vectors = encode(encoder, unique, cancel) if unique else np.zeros((0, 1), dtype=np.float32)
    vectors = np.asarray(vectors, dtype=np.float64)  # as ``cosine_matrix``: the same cosines on every CPU
    q = vectors[[index[t] for t in queries]]
    out = np.zeros((len(queries), len(pieces)), dtype=np.float32)
    for j, p in enumerate(pieces):
        if p:
            out[:, j] = (q @ vectors[[index[t] for t in p]].T).max(axis=1)
    return out


def cosine_matrix(
    encoder: Encoder, queries: list[str], docs: list[str], pooling: str = "paragraph",
    cancel: CancelToken | None = None,
) -> np.ndarray:
    """Cosine of each query with each doc (``sentence`` pooling: max over a doc's sentences). The products are
    taken in double precision and rounded to float32: a float32 matrix product rounds as its BLAS kernel (the CPU)
    and thread count add up, and the doubles of two CPUs differ by about 1e-16 relative, under a float32 step."""
    q = np.asarray(encode(encoder, queries, cancel), dtype=np.float64)
    if pooling == "paragraph":
        return (q @ np.asarray(encode(encoder, docs, cancel), dtype=np.float64).T).astype(np.float32)
    pieces: list[str] = []
    owner: list[int] = []
    for j, d in enumerate(docs):
        for s in edit_sentences(d):
            pieces.append(s)
            owner.append(j)
    sims = q @ np.asarray(encode(encoder, pieces, cancel), dtype=np.float64).T
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
