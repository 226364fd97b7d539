"""Session 29 (issue 32): a per-pair signal for broad comments (docs/figures-align.md, "Session 29: a per-pair signal
for broad comments"; the features, gates and choices were fixed in its rule before any figure).

What the candidates read beside broad20's broad score (``bench.broad_score``): the comment's row of link
probabilities (``row_features``: the gate of D2 and D3), the request a comment makes and the kind of an edit
(``request_kinds``, ``edit_kinds``), the second stage's pair features (``pair2_features``), and the two settings chosen
on a fold's inner scores (``best_f1_cut``). Measured by ``bench.measure_broad_pairs``; no candidate passed its
rule, so nothing of it is in the engine.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

from engine.align.cues import proofread_fix, proofreading
from engine.revision import Edit, EditType
from engine.revision.intent import Intent, changed_sides

#: The request kinds a comment can state (proofreading is ``cues.proofreading``), fixed in the rule.
REQUESTS = {
    "notation": re.compile(r"\bnotations?\b|\bsymbols?\b|\bconsistent(?:ly)?\b|\binconsisten\w*", re.I),
    "shorten": re.compile(r"\bshorten\w*|\bconcise\w*|\btoo long\b|\blengthy\b|\bcondens\w*", re.I),
    "restructure": re.compile(r"\brestructur\w*|\breorgani[sz]\w*|\brewrit\w*", re.I),
}
#: TeX math in an edit's changed words: a dollar, a backslash command, a superscript or a subscript.
MATH = re.compile(r"\$|\\[A-Za-z]+|\^|_")
ROW_FEATURES = ("near", "mass", "top")
#: The second stage's features, in order: B0's score of the pair, the edit's kind, the request × the edit's kind.
PAIR2 = ("logit", "rank", "ratio", "fix", "math", "shrink", "move",
         "proofread_x_fix", "notation_x_math", "shorten_x_shrink", "restructure_x_move")


def request_kinds(text: str) -> dict[str, bool]:
    """Which of the four requests ``text`` states: proofreading (``cues.proofreading``), notation, shortening,
    restructuring."""
    return {"proofread": bool(proofreading(text)), **{k: bool(r.search(text)) for k, r in REQUESTS.items()}}


def edit_kinds(edit: Edit, intent: Intent) -> dict[str, bool]:
    """The edit's kind: a proofreading fix, TeX math touched, a shrink (more words deleted than inserted), a move
    (moved, or labelled restructuring)."""
    old, new = changed_sides(edit)
    return {"fix": proofread_fix(intent), "math": bool(MATH.search(f"{old} {new}")),
            "shrink": len(old.split()) > len(new.split()),
            "move": edit.type is EditType.MOVED or "restructuring" in intent.labels}


def row_features(raw: np.ndarray, mask: np.ndarray, threshold: float) -> np.ndarray:
    """Comments × ``ROW_FEATURES`` from raw link probabilities: log(1 + first-stage pairs at ≥ half the link
    threshold), their sum, their maximum."""
    p = np.where(mask, raw, 0.0).astype(np.float64)
    if not p.size:
        return np.zeros((p.shape[0], len(ROW_FEATURES)))
    near = np.log1p(((p >= threshold / 2) & mask).sum(axis=1))
    return np.stack([near, p.sum(axis=1), p.max(axis=1)], axis=1)


def pair2_features(raw: np.ndarray, mask: np.ndarray, requests: Sequence[dict[str, bool]],
                   kinds: Sequence[dict[str, bool]]) -> np.ndarray:
    """Comments × edits × ``PAIR2`` (float64; 0 outside ``mask``): the logit of the pair's raw probability, its
    ``1 / (1 + rank)`` in its row among the ``mask`` pairs, its ratio to the row's best, the edit's kinds and the
    crossed request × edit kinds."""
    n, m = raw.shape
    out = np.zeros((n, m, len(PAIR2)))
    if not raw.size:
        return out
    p = np.clip(np.where(mask, raw, 0.0).astype(np.float64), 1e-6, 1 - 1e-6)
    order = np.argsort(-np.where(mask, p, -np.inf), axis=1, kind="stable")
    ranks = np.empty_like(order)
    ranks[np.arange(n)[:, None], order] = np.arange(m)[None, :]
    best = np.where(mask, p, 0.0).max(axis=1, keepdims=True)
    col = {f: k for k, f in enumerate(PAIR2)}
    out[:, :, col["logit"]] = np.log(p / (1 - p))
    out[:, :, col["rank"]] = 1.0 / (1.0 + ranks)
    out[:, :, col["ratio"]] = p / np.maximum(best, 1e-6)
    for name in ("fix", "math", "shrink", "move"):
        out[:, :, col[name]] = np.array([k[name] for k in kinds], dtype=float)[None, :]
    for req, kind in (("proofread", "fix"), ("notation", "math"), ("shorten", "shrink"), ("restructure", "move")):
        r = np.array([q[req] for q in requests], dtype=float)[:, None]
        out[:, :, col[f"{req}_x_{kind}"]] = r * out[:, :, col[kind]]
    return np.where(mask[:, :, None], out, 0.0)


def best_f1_cut(scores: np.ndarray, right: np.ndarray, fixed: tuple[int, int, int], grid_top: float | None = None,
                floor: float = 0.0) -> float:
    """The cut on ``scores`` (pairs to link when at or above it, each right or not) that maximises pooled F1 with the
    links already counted in ``fixed`` (tp, fp, fn, the pairs here counted as missed when right); ties: the higher.
    The grid: ``grid_top`` (linking none of these pairs) and every score in [``floor``, ``grid_top``)."""
    tp0, fp0, fn0 = fixed
    top = float(grid_top) if grid_top is not None else float("inf")
    keep = (scores >= floor) & (scores < top)
    s, r = scores[keep], right[keep].astype(int)
    best_cut, best = top, (2 * tp0) / max(2 * tp0 + fp0 + fn0, 1)
    if not len(s):
        return best_cut
    order = np.argsort(-s, kind="stable")
    s, r = s[order], r[order]
    tp, fp = np.cumsum(r), np.cumsum(1 - r)
    last = np.r_[s[1:] != s[:-1], True]  # each distinct score once, with every pair at or above it
    for k in np.flatnonzero(last):
        f1 = 2 * (tp0 + tp[k]) / (2 * (tp0 + tp[k]) + fp0 + fp[k] + fn0 - tp[k])
        if f1 > best + 1e-12:  # strictly better: ties keep the higher cut
            best, best_cut = f1, float(s[k])
    return best_cut
