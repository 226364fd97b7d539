"""A learned comment↔edit similarity over frozen encoder vectors (issue 32, session 23; docs/figures-align.md,
"Session 23: a learned similarity over encoder vectors").

The untuned embedded MiniLM's vectors of a comment (``c``) and of the sentences an edit wrote (``s``), both
L2-normalised, are compared through a small map fitted on the training part's comment→edit links:

- ``Projection`` (A1): P (dim × k); an edit scores the best cosine of Pᵀc with Pᵀs over its sentences. Fitted
  (``fit_projection``) by a multi-positive contrastive loss over each comment's first-stage edits, P starting at
  the training vectors' first k right singular vectors and held near them by an L2 penalty; Adam, full batch.
- ``Diagonal`` (A2): a logistic model over ``c ⊙ s*`` (``s*`` the edit's sentence nearest the comment by the
  untuned cosine), standardised; an edit scores its logit (``fit_diagonal``).

Both score pairs given as ``Block``: vector rows of the comments and, per pair, of its edit's sentences. numpy only
at scoring; the fits read scikit-learn (A2) and numpy (A1).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np


@dataclass
class Block:
    """Pairs to score or fit on: pair ``p`` is comment ``comment[p]`` (a row of the vectors, and ``owner[p]`` the
    comment it is, for the loss) against the sentence rows ``sentences[starts[p]:starts[p + 1]]``; ``label[p]``
    whether it is a gold link."""

    comment: np.ndarray  # pairs: vector row of the comment
    owner: np.ndarray  # pairs: comment index (one per distinct comment of the block)
    starts: np.ndarray  # pairs + 1: offsets into ``sentences``
    sentences: np.ndarray  # vector rows of the pairs' sentences, pair after pair
    label: np.ndarray  # pairs: bool

    @property
    def pair_of_sentence(self) -> np.ndarray:
        return np.repeat(np.arange(len(self.comment)), np.diff(self.starts))


def _best(values: np.ndarray, block: Block) -> tuple[np.ndarray, np.ndarray]:
    """Per pair: the largest of ``values`` (one per sentence) and the index (into ``block.sentences``) of the first
    sentence that reaches it."""
    best = np.maximum.reduceat(values, block.starts[:-1])
    pair = block.pair_of_sentence
    hit = np.flatnonzero(values >= best[pair])
    first = np.full(len(block.comment), len(values))
    np.minimum.at(first, pair[hit], hit)
    return best, first


def untuned_best(vectors: np.ndarray, block: Block) -> np.ndarray:
    """Per pair, the row (into ``vectors``) of the edit's sentence with the highest untuned cosine to the comment."""
    cos = np.einsum("ij,ij->i", vectors[block.comment[block.pair_of_sentence]], vectors[block.sentences])
    return block.sentences[_best(cos, block)[1]]


@dataclass
class Projection:
    """A1: the best cosine over the edit's sentences of the projected comment and sentence."""

    matrix: np.ndarray  # dim × k

    def scores(self, vectors: np.ndarray, block: Block) -> np.ndarray:
        rows = np.unique(np.concatenate([block.comment, block.sentences]))
        a = np.zeros((len(vectors), self.matrix.shape[1]))
        a[rows] = vectors[rows].astype(np.float64) @ self.matrix.astype(np.float64)
        a /= np.maximum(np.linalg.norm(a, axis=1, keepdims=True), 1e-12)
        cos = np.einsum("ij,ij->i", a[block.comment[block.pair_of_sentence]], a[block.sentences])
        return _best(cos, block)[0].astype(np.float32)


@dataclass
class Diagonal:
    """A2: a standardised logistic model over ``c ⊙ s*``; scores are its logits."""

    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def scores(self, vectors: np.ndarray, block: Block) -> np.ndarray:
        x = diagonal_inputs(vectors, block)
        return (((x - self.mean) / self.scale) @ self.coef.astype(np.float64) + self.intercept).astype(np.float32)


def diagonal_inputs(vectors: np.ndarray, block: Block) -> np.ndarray:
    return vectors[block.comment].astype(np.float64) * vectors[untuned_best(vectors, block)].astype(np.float64)


def initial_projection(vectors: np.ndarray, rows: np.ndarray, k: int) -> np.ndarray:
    """The first ``k`` right singular vectors of ``vectors[rows]`` (uncentred), each column's largest entry made
    positive: deterministic."""
    _, _, vt = np.linalg.svd(vectors[rows].astype(np.float64), full_matrices=False)
    p = vt[:k].T.copy()
    signs = np.sign(p[np.argmax(np.abs(p), axis=0), np.arange(k)])
    return p * np.where(signs == 0, 1.0, signs)


def contrastive(p: np.ndarray, vectors: np.ndarray, block: Block, rows: np.ndarray, scale: float,
                ) -> tuple[float, np.ndarray]:
    """The mean multi-positive contrastive loss over the block's comments with a gold and a non-gold pair, and its
    gradient in ``p``. Pairs of other comments are ignored."""
    u = vectors[rows].astype(np.float64)
    where = np.full(len(vectors), -1)
    where[rows] = np.arange(len(rows))
    a = u @ p
    norm = np.maximum(np.linalg.norm(a, axis=1, keepdims=True), 1e-12)
    ah = a / norm
    ci, si = where[block.comment], where[block.sentences]
    pair = block.pair_of_sentence
    cos = np.einsum("ij,ij->i", ah[ci[pair]], ah[si])
    sim, arg = _best(cos, block)
    owner = block.owner
    n_own = owner.max() + 1 if len(owner) else 0
    pos = np.bincount(owner, weights=block.label, minlength=n_own)
    cnt = np.bincount(owner, minlength=n_own)
    use = (pos > 0) & (pos < cnt)
    keep = use[owner]
    z = scale * sim
    zmax = np.full(n_own, -np.inf)
    np.maximum.at(zmax, owner, z)
    e = np.exp(z - zmax[owner]) * keep
    all_sum = np.bincount(owner, weights=e, minlength=n_own)
    pos_sum = np.bincount(owner, weights=e * block.label, minlength=n_own)
    m = max(int(use.sum()), 1)
    ok = use & (pos_sum > 0)
    loss = float(np.sum(np.log(all_sum[ok]) - np.log(pos_sum[ok]))) / m
    with np.errstate(divide="ignore", invalid="ignore"):
        g = scale * keep * (e / np.where(all_sum > 0, all_sum, 1.0)[owner]
                            - e * block.label / np.where(pos_sum > 0, pos_sum, 1.0)[owner]) / m
    gh = np.zeros_like(ah)
    s_row = si[arg]
    np.add.at(gh, ci, g[:, None] * ah[s_row])
    np.add.at(gh, s_row, g[:, None] * ah[ci])
    ga = (gh - np.sum(gh * ah, axis=1, keepdims=True) * ah) / norm
    return loss, u.T @ ga


def fit_projection(vectors: np.ndarray, block: Block, k: int = 64, scale: float = 20.0, l2: float = 0.01,
                   lr: float = 0.001, steps: int = 300) -> Projection:
    """A1 on the training pairs ``block`` (every setting as the session-23 rule fixed it)."""
    rows = np.unique(np.concatenate([block.comment, block.sentences]))
    p0 = initial_projection(vectors, rows, k)
    p, m1, m2 = p0.copy(), np.zeros_like(p0), np.zeros_like(p0)
    b1, b2, eps = 0.9, 0.999, 1e-8
    for t in range(1, steps + 1):
        _, grad = contrastive(p, vectors, block, rows, scale)
        grad = grad + 2 * l2 * (p - p0)
        m1 = b1 * m1 + (1 - b1) * grad
        m2 = b2 * m2 + (1 - b2) * grad * grad
        p = p - lr * (m1 / (1 - b1 ** t)) / (np.sqrt(m2 / (1 - b2 ** t)) + eps)
    return Projection(p.astype(np.float32))


def fit_diagonal(vectors: np.ndarray, block: Block, c: float = 0.01) -> Diagonal:
    """A2 on the training pairs ``block`` (pointwise, every setting as the session-23 rule fixed it)."""
    from sklearn.linear_model import LogisticRegression

    x = diagonal_inputs(vectors, block)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-12, scale, 1.0)
    lr = LogisticRegression(C=c, max_iter=2000, random_state=0).fit((x - mean) / scale, block.label.astype(int))
    return Diagonal(mean, scale, lr.coef_[0].copy(), float(lr.intercept_[0]))


FITS = {"A1": fit_projection, "A2": fit_diagonal}
