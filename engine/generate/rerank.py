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

A second stage (``SECOND``, round twelve of docs/suggest.md) rescores the same candidates with the first stage's
logit and the tuned comment↔edit encoder's cosine of the comment with each paragraph (``tuned_cosines``: its best
sentence, each read after its section path as the encoder was tuned on edits) and that cosine's rank over all
candidate paragraphs. Its weights were fitted only on training revisions the tuned encoder never saw
(``bench.place_round12``); the encoder is opened on first use, once per process (``placement_encoder``).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from engine.document.model import Paragraph, ParagraphKind
from engine.models.linear import StandardisedLinear, read_weights
from engine.reviews.model import ReviewComment

FEATURES = (
    "rule_gap", "rule_rank", "base", "base_rank", "located", "next_to_located", "bm25", "ask_bm25", "context_bm25",
    "named", "quote", "front", "results", "caption", "words", "position", "cite_related", "intro", "conclusion",
    "page",
)
#: The second stage's features: the first stage's logit, the tuned cosine and its rank among all candidates.
SECOND = ("z", "tuned", "tuned_rank")
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


def tuned_pieces(paragraph: Paragraph) -> list[str]:
    """A draft paragraph's sentences as the tuned encoder read an edit's (``engine.align.tuned.section_pieces``):
    each after its section path."""
    from engine.align.embed import edit_sentences

    path = " > ".join(paragraph.section)
    return [f"{path}: {s}" if path else s for s in edit_sentences(paragraph.text)]


def tuned_cosines(encoder: Any, comment: ReviewComment, paragraphs: list[Paragraph],
                  cancel: Any = None) -> np.ndarray:
    """Per paragraph, the best cosine of the comment's ``full_text`` with its ``tuned_pieces`` under ``encoder``
    (each distinct sentence embedded once, through the encoder's cache; ``cancel`` checked between its batches:
    ``engine.generate.placement_read`` runs the same pass ahead, reported and stored chunk by chunk)."""
    from engine.align.embed import sentence_cosines

    if not paragraphs:
        return np.zeros(0)
    return sentence_cosines(encoder, [comment.full_text], [tuned_pieces(p) for p in paragraphs],
                            cancel)[0].astype(np.float64)


@lru_cache(maxsize=1)
def placement_encoder() -> Any:
    """The shipped tuned encoder, opened once per process on first use (its vectors and graph cached under Redraft's
    cache folder)."""
    from engine.align.tuned import tuned_encoder
    from engine.models.encoders.embed_cache import EmbeddingCache

    return tuned_encoder(EmbeddingCache())


@dataclass
class PlacementModel(StandardisedLinear):
    """Standardised logistic regression over ``features`` of a comment and one of its ``k`` best paragraphs;
    ``second``: the second stage over ``SECOND`` (None: the first stage alone); ``margin``: the score gap within
    which its second place is offered (None: ``placement.ALTERNATIVE_MARGIN``)."""

    k: int = 5
    meta: dict[str, Any] = field(default_factory=dict)
    second: StandardisedLinear | None = None
    margin: float | None = None

    def scores(self, x: np.ndarray) -> np.ndarray:
        return self.logits(x)

    def to_dict(self) -> dict[str, Any]:
        second = {"second": {"features": list(SECOND), **self.second.weights_dict()}} if self.second else {}
        margin = {"margin": round(float(self.margin), 6)} if self.margin is not None else {}
        return {"format": "redraft-placement-model", "version": 1, "features": list(self.features), "k": self.k,
                **self.weights_dict(), **second, **margin, **({"meta": self.meta} if self.meta else {})}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> PlacementModel:
        weights = read_weights(raw, "redraft-placement-model", "placement model", FEATURES, np.float64)
        second = None
        if raw.get("second") is not None:
            stage = {"format": raw["format"], **raw["second"]}
            second = StandardisedLinear(SECOND, *read_weights(stage, raw["format"], "placement model", SECOND,
                                                               np.float64))
        margin = float(raw["margin"]) if raw.get("margin") is not None else None
        return cls(FEATURES, *weights, int(raw["k"]), dict(raw.get("meta", {})), second, margin)


@lru_cache(maxsize=1)
def shipped_model() -> PlacementModel:
    """The model fitted on the corpus's training part (``resources/models/placement/reranker.json``)."""
    from engine.resources import resource

    path = resource("models", "placement", "reranker.json")
    return PlacementModel.from_dict(json.loads(path.read_text(encoding="utf-8")))


def rerank(model: PlacementModel, comment: ReviewComment, parts: Any, order: np.ndarray,
           position: float | None = None, tuned: np.ndarray | None = None) -> tuple[np.ndarray, int, float | None]:
    """``order`` (the rules' ranking) with its first ``model.k`` reordered by the model, which of them (its
    rank by the rules) the model put first, and by how much the model scores its first above its second (None:
    fewer than two candidates). ``tuned``: every candidate paragraph's tuned cosine (``tuned_cosines``), read by
    the model's second stage (None, or a model without one: the first stage alone)."""
    picked = order[: model.k]
    if len(picked) < 2:
        return order, 0, None
    s = model.scores(candidate_features(comment, parts, picked, position))
    if model.second is not None and tuned is not None:
        s = model.second.logits(np.stack([s, tuned[picked], _inverse_rank(tuned)[picked]], axis=1))
    best = np.argsort(-s, kind="stable")
    return np.concatenate([picked[best], order[model.k:]]), int(best[0]), float(s[best[0]] - s[best[1]])
