"""Comment → source-paragraph localisation: where in the OLD draft a comment
should be addressed (ARIES appendix G), by BM25 + embedding fusion over the
old body paragraphs."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.align.bm25 import bm25_matrix
from engine.align.cascade import fuse
from engine.align.embed import cosine_matrix, default_encoder
from engine.document.model import Document
from engine.jobs import CancelToken
from engine.models.protocols import Encoder
from engine.reviews.model import ReviewComment


@dataclass(frozen=True)
class Location:
    comment_id: str
    #: ``(paragraph id, score)``, best first.
    paragraphs: list[tuple[str, float]]

    def to_dict(self) -> dict:
        return {"comment_id": self.comment_id,
                "paragraphs": [{"id": pid, "score": round(s, 4)} for pid, s in self.paragraphs]}


def localize(
    comments: list[ReviewComment], document: Document, encoder: Encoder | None = None, top_k: int = 3,
    weight: float = 0.5, cancel: CancelToken | None = None,
) -> list[Location]:
    """The ``top_k`` body paragraphs of ``document`` each comment most likely refers to."""
    body = document.body()
    if not comments or not body:
        return [Location(c.id, []) for c in comments]
    queries = [c.full_text for c in comments]
    texts = [p.text for p in body]
    lexical = bm25_matrix(queries, texts)
    dense = cosine_matrix(encoder or default_encoder(), queries, texts, "sentence", cancel)
    scores = fuse(lexical, dense, weight)
    out = []
    for i, c in enumerate(comments):
        order = np.argsort(-scores[i], kind="stable")[:top_k]
        out.append(Location(c.id, [(body[j].id, float(scores[i, j])) for j in order]))
    return out
