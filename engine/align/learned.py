"""The ``learned`` aligner: a logistic regression over per-pair features, fitted across papers.

A fast first stage keeps, per comment, the pairs the ``evidence`` aligner can link (specific evidence and a
compatible edit) plus its ``FIRST_STAGE`` best edits by BM25 and by BM25 against the changed words; cosines are
computed for those only, in one encoder pass: the comment↔edit encoder fine-tuned on the training part
(``engine.align.tuned``: the comment against the sentences the edit wrote, each after its section's title; on a
training paper, while fitting, out of fold), not the embedded MiniLM. Every kept pair then gets ``FEATURES``: the
evidence features (BM25 and changed-words BM25 scaled per comment, that sentence-max cosine, the edit rewrote a
paragraph the comment is located at, quoted words changed, the edit's intent fits the comment's fine type,
proofreading and replacement fixes; not the names it shares, see ``FEATURES``), whether the evidence aligner could
link it, the pair's ranks within the comment by BM25, changed-words BM25 and cosine, its cosine's gap to the
comment's best, the edit's size, intent kind and whether it is an addition, and the comment's length. (Until round
eight the embedded MiniLM's cosines fed the cosine features and the tuned encoder's two more, ``tuned`` and
``tuned_rank``: every text was embedded twice; docs/figures-align.md, "Round eight: speed".) A logistic regression
(standardised features) turns them into the probability that the edit answers the comment; pairs outside the first
stage get 0. A comment's links then take their neighbours in the same section down to a threshold of their own
(``engine.align.neighbours``, session 31).

The weights, the link threshold, the per-comment cap and the status bands are fitted on the training part of the
revisions corpus only (``engine.align.learn``; docs/figures-align.md) and shipped as
``resources/models/align/learned.json``.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Generator as Gen, Sequence
from functools import lru_cache
from typing import Any

import numpy as np

from engine.align.answered import (AnsweredModel, comment_features, edit_density, made_corrections, shipped_answered,
                                   sure_links)
from engine.align.base import is_addition
from engine.align.records import Alignment
from engine.align.evidence import FEATURES as EVIDENCE_FEATURES, EvidenceAligner, explain, load_in_background
from engine.align.link_model import FEATURES, FIRST_STAGE, LinkModel
from engine.align.neighbours import REASON as NEIGHBOUR_REASON
from engine.align.tuned import ShippedTuned, TunedSource
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder
from engine.revision import Edit, RevisionDiff
from engine.revision.intent import Intent, changed_sides
from engine.reviews.model import ReviewComment

# ``FIRST_STAGE``, ``FEATURES`` and ``LinkModel`` live in ``link_model.py`` (``trees.py`` builds on them too).


def first_stage(allowed: np.ndarray, lexical: np.ndarray, changed: np.ndarray, k: int = FIRST_STAGE) -> np.ndarray:
    """The pairs the model scores: ``allowed`` plus each comment's ``k`` best edits (score above 0) by each matrix."""
    mask = allowed.copy()
    if not mask.size:
        return mask
    rows = np.arange(mask.shape[0])[:, None]
    for m in (lexical, changed):
        top = np.argsort(-m, axis=1, kind="stable")[:, :k]
        picked = np.zeros_like(mask)
        picked[rows, top] = True
        mask |= picked & (m > 0)
    return mask


def inverse_rank(matrix: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """``1 / (1 + rank)`` of each pair within its comment's row among the ``mask`` pairs (best: 1); 0 outside."""
    if not matrix.size:
        return np.zeros_like(matrix)
    order = np.argsort(-np.where(mask, matrix, -np.inf), axis=1, kind="stable")
    ranks = np.empty_like(order)
    ranks[np.arange(matrix.shape[0])[:, None], order] = np.arange(matrix.shape[1])[None, :]
    return np.where(mask, 1.0 / (1.0 + ranks), 0.0).astype(np.float32)


def cosine_rank_gap(cosine: np.ndarray, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The ``cosine_rank`` and ``cosine_gap`` columns: each ``mask`` pair's ``1 / (1 + rank)`` by ``cosine`` in its
    comment's row and its gap to the row's best (0 outside ``mask``)."""
    cosine = np.where(mask, cosine, 0.0).astype(np.float32)
    best = cosine.max(axis=1, keepdims=True) if cosine.shape[1] else np.zeros((cosine.shape[0], 1), np.float32)
    return inverse_rank(cosine, mask), np.where(mask, cosine - best, 0.0)


def pair_features(evidence: np.ndarray, allowed: np.ndarray, mask: np.ndarray, comments: Sequence[ReviewComment],
                  edits: Sequence[Edit], intents: Sequence[Intent]) -> np.ndarray:
    """Comments × edits × ``FEATURES`` from the evidence tensor (comments × edits × evidence features; its ``cosine``
    the tuned encoder's, read inside ``mask`` only)."""
    n, m = len(comments), len(edits)
    ev = {name: evidence[:, :, k] for k, name in enumerate(EVIDENCE_FEATURES)}
    cosine_rank, cosine_gap = cosine_rank_gap(ev["cosine"], mask)
    size = np.log1p([len(" ".join(changed_sides(e)).split()) for e in edits]).astype(np.float32)
    cols = {
        "allowed": allowed.astype(np.float32),
        "bm25_rank": inverse_rank(ev["bm25"], mask), "changed_rank": inverse_rank(ev["changed"], mask),
        "cosine_rank": cosine_rank, "cosine_gap": cosine_gap,
        "size": np.broadcast_to(size, (n, m)),
        "surface": np.broadcast_to(np.array([i.surface for i in intents], dtype=np.float32), (n, m)),
        "substantive": np.broadcast_to(np.array([i.substantive for i in intents], dtype=np.float32), (n, m)),
        "added": np.broadcast_to(np.array([is_addition(e) for e in edits], dtype=np.float32), (n, m)),
        "comment_words": np.broadcast_to(
            np.log1p([len(c.full_text.split()) for c in comments]).astype(np.float32)[:, None], (n, m)),
    }
    return np.stack([ev[f] if f in ev else cols[f] for f in FEATURES], axis=2).astype(np.float32)


@lru_cache(maxsize=1)
def shipped_model() -> LinkModel:
    """The model fitted on the corpus's training part (``resources/models/align/learned.json``)."""
    from engine.resources import resource

    return link_model(json.loads(resource("models", "align", "learned.json").read_text(encoding="utf-8")))


def link_model(raw: dict[str, Any]) -> LinkModel:
    """A link model from its file: the logistic one, or the gradient-boosted trees (``engine.align.trees``)."""
    if raw.get("format") == "redraft-align-link-trees":
        from engine.align.trees import TreeLinkModel

        return TreeLinkModel.from_dict(raw)
    return LinkModel.from_dict(raw)


class LearnedAligner(EvidenceAligner):
    """Probabilities from a logistic regression over per-pair features (``FEATURES``), fitted across papers."""

    name = "learned"

    def __init__(self, encoder: Encoder | None = None, model: LinkModel | None = None, threshold: float | None = None,
                 max_edits: int | None = None, min_chars: int = 0, answered: AnsweredModel | None = None,
                 tuned: TunedSource | None = None, neighbours: float | None = None) -> None:
        self.model = model or shipped_model()
        #: A linked edit's neighbours are linked from this factor of the link threshold (``engine.align.neighbours``):
        #: the shipped factor with the shipped link model, none with another unless given; 0: none.
        self.neighbours = neighbours if neighbours is not None else (0.0 if model is not None else None)
        #: Where the ``cosine`` feature's cosines come from (``engine.align.tuned``): the shipped tuned encoder unless
        #: a caller fitting on a training paper gives its out-of-fold cosines.
        self.tuned = tuned
        #: The per-comment answered-at-all model the statuses read (``engine.align.answered``); the shipped one with
        #: the shipped link model, none with another (its statuses then follow the best link, as before).
        self.answered_model = answered if answered is not None or model is not None else shipped_answered()
        #: Each comment's answered-at-all probability from the last scoring (status scale).
        self.answered: dict[str, float] = {}
        #: The authors' response letter (``engine.align.letter.Letter``), when given: the statuses then read the
        #: shipped letter model (``answered-letter.json``) in place of the shipped answered model; ``letter_notes``:
        #: what the letter says of each comment, from the last scoring.
        self.letter: Any = None
        self.letter_notes: dict[str, str] = {}
        #: The comments the broad-comment score called broad in the last scoring (``engine.align.broad``).
        self.broad: set[str] = set()
        # decisions are taken on the status scale (``LinkModel.status_scale``), where the fitted threshold is LINK_P
        from engine.align.status import LINK_P

        super().__init__(encoder, threshold=LINK_P if threshold is None else threshold,
                         max_edits=self.model.max_edits if max_edits is None else max_edits, min_chars=min_chars)
        #: Comment probability bands of the statuses (``engine.align.status``), fitted with the model.
        self.bands = dict(self.model.bands)

    def dense_pairs(self, allowed: np.ndarray, lexical: np.ndarray, changed: np.ndarray) -> np.ndarray:
        return first_stage(allowed, lexical, changed, self.model.first_stage)

    def _open_tuned(self) -> None:
        if self.tuned is None:  # the shipped encoder, sharing the embedded one's embedding cache and threads
            encoder = self.embed.encoder  # opened here (not loaded), so the two loading threads share it
            self.tuned = ShippedTuned(share=lambda: encoder)

    def dense_source(self) -> Any:
        """The tuned encoder (its one pass), loaded while the lexical evidence is computed; nothing to load for
        out-of-fold cosines."""
        self._open_tuned()
        return self.tuned if isinstance(self.tuned, ShippedTuned) else None

    def dense(self, comments: Sequence[ReviewComment], edits: Sequence[Edit], mask: np.ndarray,
              cancel: CancelToken | None = None) -> np.ndarray:
        """The tuned cosines of ``mask``'s block (``engine.align.tuned``), in place of the embedded MiniLM's."""
        return self.tuned(comments, edits, mask, cancel)

    def preload(self) -> threading.Thread:
        """Load both encoders on one thread now (the embedded one first: a project build locates the comments with
        it before it aligns; the tuned one aligns), while the caller reads the documents; the first ``encode`` of
        each waits for it."""
        self._open_tuned()
        sources = [self.embed, *([self.tuned] if isinstance(self.tuned, ShippedTuned) else [])]
        for source in sources:
            source.encoder  # opened (not loaded) in this thread, so that no other thread opens a second one

        def load() -> None:
            for source in sources:
                load_in_background(source, []).join()

        thread = threading.Thread(target=load, name="encoders-load", daemon=True)
        thread.start()
        return thread

    def iter_pairs(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]]:
        """The evidence tensor (its ``cosine`` the tuned encoder's), the evidence aligner's linkable pairs, the pair
        features and the first-stage mask."""
        evidence, allowed = yield from self.iter_features(comments, edits, cancel)
        x = pair_features(evidence, allowed, self.candidates, comments, edits, [self.intents[e.id] for e in edits])
        return evidence, allowed, x, self.candidates

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        evidence, allowed, x, mask = yield from self.iter_pairs(comments, edits, cancel)
        raw = self.model.probabilities(x, mask)
        probs = self.model.status_scale(raw)
        self.answered = {}
        if self.answered_model is not None:
            diff = self.diff
            density = edit_density(len(edits), len(diff.old.paragraphs) if diff is not None else len(edits))
            model = self.answered_model
            x = comment_features(comments, raw, evidence, self.model.threshold, density)
            self.letter_notes = {}
            if self.letter is not None and model is shipped_answered():  # a model of one's own: no letter read
                from engine.align.letter import answers, best_inserted, describe, letter_features

                model = shipped_answered(letter=True)
                found = answers(self.letter, comments)
                extra = letter_features(found, best_inserted(raw, [e.changed_words()[1] for e in edits]))
                x = np.concatenate([x, extra], axis=1)
                self.letter_notes = {c.id: describe(found[i], extra[i]) for i, c in enumerate(comments)}
            a = model.probabilities(x)
            probs, a = made_corrections(comments, probs, model.status_scale(a), evidence)
            probs, a = sure_links(probs, a, raw, model.bands.get("sure_link", float("inf")))
            self.answered = dict(zip((c.id for c in comments), a.tolist()))
        probs, added = self._neighbours(probs, raw, mask, edits)
        from engine.align.broad import broad_hints  # the app's hint; no link or status reads it

        self.broad = set(c.id for c, hint in zip(comments, broad_hints(
            comments, evidence, allowed, [self.intents[e.id].surface for e in edits], self.asks)) if hint)
        self.reasons = {}
        for i, c in enumerate(comments):
            for j in np.flatnonzero(probs[i] >= 0.5 * self.threshold):
                why = explain(evidence[i, j], self.intents[edits[j].id])
                self.reasons[(c.id, edits[j].id)] = f"{NEIGHBOUR_REASON}; {why}" if added[i, j] else why
        return probs

    def _neighbours(self, probs: np.ndarray, raw: np.ndarray, mask: np.ndarray,
                    edits: list[Edit]) -> tuple[np.ndarray, np.ndarray]:
        """``probs`` with each comment's linked edits' neighbours raised to the link threshold
        (``engine.align.neighbours``), and the pairs added."""
        from engine.align.neighbours import neighbour_links, next_to, shipped_factor

        factor = shipped_factor() if self.neighbours is None else self.neighbours
        if not factor or not probs.size:
            return probs, np.zeros(probs.shape, bool)
        return neighbour_links(probs, raw, mask, next_to(edits, self.diff), self.model.threshold, self.threshold,
                               self.max_edits, factor)

    def iter_align(
        self, comments: list[ReviewComment], diff: RevisionDiff, cancel: CancelToken | None = None
    ) -> Gen[Progress, None, list[Alignment]]:
        self.answered = {}
        alignments = yield from super().iter_align(comments, diff, cancel)
        for a in alignments:
            a.answered = self.answered.get(a.comment_id)
            a.letter = self.letter_notes.get(a.comment_id, "")
            a.broad = a.comment_id in self.broad
        return alignments
