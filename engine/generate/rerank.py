"""The placement model: a logistic regression that picks, among the rules' best few paragraphs, where the authors
would edit for a comment (``engine.generate.placement``). The rules (``placement.rule_scores``) rank every
candidate paragraph; the model rescores their ``k`` best with general features of the pair (``FEATURES``): the
rules' and the locator's scores and ranks, where the build located the comment, BM25 of the comment's request
sentences (``engine.generate.asks``) and of its lead-in, the part of the paper it names (and the page and line), a
passage it quotes, the abstract, a results paragraph for an experiment request, a related-work or introduction
paragraph for a citation request, a caption, the paragraph's length, its distance to the located paragraph, and the
comment's place among its reviewer's comments against the paragraph's place in the paper (reviews tend to follow
the paper's order). Standardised features; the weights are fitted on the training part of the revisions corpus only
(``bench.fit_placement``, leave-papers-out; docs/suggest.md) and shipped as
``resources/models/placement/reranker.json``.
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from engine.document.model import ParagraphKind
from engine.models.linear import StandardisedLinear, read_weights
from engine.reviews.model import ReviewComment

FEATURES = (
    "rule_gap", "rule_rank", "base", "base_rank", "located", "next_to_located", "bm25", "ask_bm25", "context_bm25",
    "named", "quote", "front", "results", "caption", "words", "position", "cite_related", "intro", "conclusion",
    "page",
)
_RELATED = re.compile(r"\b(?:related|prior|previous|background|literature)\b", re.I)
_INTRO = re.compile(r"\bintroduction\b", re.I)
_CONCLUSION = re.compile(r"\b(?:conclusions?|discussion|summary|outlook)\b", re.I)
_CITE_REQUEST = re.compile(r"\bcit(?:e|es|ed|ing|ation)s?\b|\breferences?\b|\brelated work\b|\bprior work\b|"
                           r"\bliterature\b", re.I)


def _scaled(row: np.ndarray) -> np.ndarray:
    top = float(row.max()) if row.size else 0.0
    return row / top if top > 0 else np.zeros_like(row)


def _inverse_rank(values: np.ndarray) -> np.ndarray:
    ranks = np.empty(len(values), dtype=np.int64)
    ranks[np.argsort(-values, kind="stable")] = np.arange(len(values))
    return 1.0 / (1.0 + ranks)


def candidate_features(comment: ReviewComment, parts: Any, picked: np.ndarray, position: float | None) -> np.ndarray:
    """``len(picked)`` × ``FEATURES`` for the candidate paragraphs ``picked`` (indices into ``parts.paragraphs``,
    the rules' order) of ``comment``; ``parts``: ``placement.Scores``."""
    from engine.align.bm25 import bm25_matrix
    from engine.align.localize import quote_boosts
    from engine.generate.asks import ask

    paragraphs = parts.paragraphs
    texts = [p.text for p in paragraphs]
    text = comment.full_text
    queries = [text, ask(text) or comment.text, comment.context or ""]
    bm25 = bm25_matrix([q or "-" for q in queries], texts)
    top = float(parts.total[picked].max())
    n = len(paragraphs)
    located = np.flatnonzero(parts.located >= parts.located.max()) if parts.located.max() > 0 else []
    near = np.zeros(n)
    for j in located:
        near[max(j - 1, 0): j + 2] = 1.0
        near[j] = 0.0
    where = np.arange(n) / max(n - 1, 1)
    cite = bool(_CITE_REQUEST.search(text))
    cols = {
        "rule_gap": np.clip(parts.total - top, -2.0, 0.0),
        "rule_rank": _inverse_rank(parts.total),
        "base": parts.base,
        "base_rank": _inverse_rank(parts.base),
        "located": parts.located,
        "next_to_located": near,
        "bm25": _scaled(bm25[0]),
        "ask_bm25": _scaled(bm25[1]),
        "context_bm25": _scaled(bm25[2]) if comment.context else np.zeros(n),
        "named": parts.named.astype(float),
        "quote": (quote_boosts([text], texts)[0] > 0).astype(float),
        "front": parts.front.astype(float),
        "results": parts.results.astype(float),
        "caption": np.array([p.kind is ParagraphKind.CAPTION for p in paragraphs], dtype=float),
        "words": np.log1p([len(t.split()) for t in texts]),
        "position": -np.abs(where - position) if position is not None else np.zeros(n),
        "cite_related": np.array([cite and any(_RELATED.search(s) or _INTRO.search(s) for s in p.section)
                                  for p in paragraphs], dtype=float),
        "intro": np.array([any(_INTRO.search(s) for s in p.section) for p in paragraphs], dtype=float),
        "conclusion": np.array([any(_CONCLUSION.search(s) for s in p.section) for p in paragraphs], dtype=float),
        "page": parts.pages,
    }
    return np.stack([np.asarray(cols[f], dtype=np.float64)[picked] for f in FEATURES], axis=1)


@dataclass
class PlacementModel(StandardisedLinear):
    """Standardised logistic regression over ``features`` of a comment and one of its ``k`` best paragraphs."""

    k: int = 5
    meta: dict[str, Any] = field(default_factory=dict)

    def scores(self, x: np.ndarray) -> np.ndarray:
        return self.logits(x)

    def to_dict(self) -> dict[str, Any]:
        return {"format": "redraft-placement-model", "version": 1, "features": list(self.features), "k": self.k,
                **self.weights_dict(), **({"meta": self.meta} if self.meta else {})}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> PlacementModel:
        weights = read_weights(raw, "redraft-placement-model", "placement model", FEATURES, np.float64)
        return cls(FEATURES, *weights, int(raw["k"]), dict(raw.get("meta", {})))


@lru_cache(maxsize=1)
def shipped_model() -> PlacementModel:
    """The model fitted on the corpus's training part (``resources/models/placement/reranker.json``)."""
    from engine.resources import resource

    path = resource("models", "placement", "reranker.json")
    return PlacementModel.from_dict(json.loads(path.read_text(encoding="utf-8")))


def rerank(model: PlacementModel, comment: ReviewComment, parts: Any, order: np.ndarray,
           position: float | None = None) -> tuple[np.ndarray, int, float | None]:
    """``order`` (the rules' ranking) with its first ``model.k`` reordered by the model, which of them (its
    rank by the rules) the model put first, and by how much the model scores its first above its second (None:
    fewer than two candidates)."""
    picked = order[: model.k]
    if len(picked) < 2:
        return order, 0, None
    s = model.scores(candidate_features(comment, parts, picked, position))
    best = np.argsort(-s, kind="stable")
    return np.concatenate([picked[best], order[model.k:]]), int(best[0]), float(s[best[0]] - s[best[1]])
