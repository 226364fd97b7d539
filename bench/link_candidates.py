"""Session 31 (issue 32): the link-recall candidates of docs/figures-align.md ("Session 31: link recall on the
training folds"; their rule was committed before any figure). Each changes only which links of a paper are shown,
on raw link probabilities divided by the fold's link threshold (so the threshold is 1):

- ``N1``: a comment's links shown at 1 (within the cap) take the first-stage pairs next to them (same section, one
  unit away in the diff) whose score reaches the cut (< 1); one pass.
- ``N3``: the same, each added link an anchor in turn (a run).
- ``C``: a shown link that is not its comment's best, whose edit is shown for another comment with a higher score,
  stays shown only at the cut (≥ 1).

Added links come after the row's own (in document order) and the row keeps its cap; a dropped link frees its place
for the row's next pair at ≥ 1. ``choose`` picks a candidate's cut at the best pooled F1 of the given rows.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

CANDIDATES = ("N1", "N3", "C")


@dataclass
class Paper:
    """One paper's rows on the normalised scale (raw probability over the fold's link threshold)."""

    score: np.ndarray  # comments × edits
    mask: np.ndarray  # the first stage
    gold: np.ndarray  # comments × edits, bool
    near: np.ndarray  # edits × edits, bool: ``next_to``
    same: np.ndarray  # edits × edits, bool: one section
    cap: int

    def __post_init__(self) -> None:
        self.base = shown_at(self.score, 1.0, self.cap)
        self.weaker = weaker_links(self.score, self.base)


def next_to(sections: list[str], positions: list[int]) -> tuple[np.ndarray, np.ndarray]:
    """Edits × edits: next to each other (one section, one unit apart in the diff), and in one section."""
    sec = np.array(sections, dtype=object)
    pos = np.array(positions)
    same = sec[:, None] == sec[None, :]
    return same & (np.abs(pos[:, None] - pos[None, :]) == 1), same


def shown_at(score: np.ndarray, threshold: float, cap: int) -> np.ndarray:
    """Comments × edits, bool: at or above ``threshold``, the best ``cap`` per row (``decide``'s order)."""
    out = np.zeros(score.shape, bool)
    for i, row in enumerate(score):
        idx = [j for j in np.argsort(-row, kind="stable") if row[j] >= threshold][:cap]
        out[i, idx] = True
    return out


def weaker_links(score: np.ndarray, base: np.ndarray) -> np.ndarray:
    """``C``'s links: shown, not the row's best, and the edit shown for another comment with a higher score."""
    out = np.zeros(score.shape, bool)
    if not score.size:
        return out
    best = np.argmax(score, axis=1)
    for i, j in zip(*np.nonzero(base)):
        if j == best[i]:
            continue
        others = base[:, j].copy()
        others[i] = False
        out[i, j] = bool((score[others, j] > score[i, j]).any())
    return out


def row_links(p: Paper, i: int, kind: str, cut: float, scale: float = 1.0) -> np.ndarray:
    """Row ``i``'s shown links (bool per edit) under candidate ``kind`` at ``cut``; ``scale`` multiplies the scores
    compared with the cut (the 1e-6 check)."""
    base = p.base[i]
    if kind == "C":
        drop = p.weaker[i] & (p.score[i] * scale < cut)
        if not drop.any():
            return base.copy()
        row = np.where(drop, np.nextafter(1.0, 0.0), p.score[i])
        return shown_at(row[None, :], 1.0, p.cap)[0]
    if not base.any():
        return base.copy()
    room = p.cap - int(base.sum())
    if room <= 0:
        return base.copy()
    ok = p.mask[i] & (p.score[i] < 1.0) & (p.score[i] * scale >= cut) & ~base
    anchors, added = base.copy(), np.zeros_like(base)
    while True:
        new = ok & ~added & p.near[anchors].any(axis=0)
        if not new.any():
            break
        added |= new
        if kind == "N1":
            break
        anchors = new
    out = base.copy()
    out[np.flatnonzero(added)[:room]] = True  # document order, after the row's own links
    return out


def changeable(p: Paper, i: int, kind: str, low: float, high: float) -> np.ndarray:
    """The scores of row ``i`` a cut in [``low``, ``high``) (``C``: (``low``, ``high``]) could change."""
    if kind == "C":
        s = p.score[i][p.weaker[i]]
        return s[(s > low) & (s <= high)]
    if not p.base[i].any() or int(p.base[i].sum()) >= p.cap:
        return np.zeros(0)
    reach = (p.near if kind == "N1" else p.same)[p.base[i]].any(axis=0)
    s = p.score[i][p.mask[i] & ~p.base[i] & reach]
    return s[(s >= low) & (s < high)]


def grid_range(kind: str) -> tuple[float, float]:
    return (1.0, 2.0) if kind == "C" else (0.01, 1.0)


def choose(papers: list[Paper], kind: str) -> float:
    """The cut at the best pooled link F1 over ``papers`` (their gold links; other papers' links unchanged), among 1
    and the changeable scores in the candidate's range; ties: the cut closest to 1."""
    low, high = grid_range(kind)
    tp0 = fp0 = fn0 = 0
    rows = []
    for p in papers:
        for i in range(p.score.shape[0]):
            g = p.gold[i]
            b = p.base[i]
            tp0, fp0, fn0 = tp0 + int((b & g).sum()), fp0 + int((b & ~g).sum()), fn0 + int((g & ~b).sum())
            vals = np.unique(changeable(p, i, kind, low, high))
            if len(vals):
                rows.append((p, i, vals))
    grid = np.unique(np.concatenate([[1.0]] + [v for _, _, v in rows]))
    dtp, dfp = np.zeros(len(grid)), np.zeros(len(grid))
    for p, i, vals in rows:
        g, b = p.gold[i], p.base[i]
        base_tp, base_fp = int((b & g).sum()), int((b & ~g).sum())
        # the row's state at each of its own values (and beyond them), then each grid cut's state by bisection
        states = [row_links(p, i, kind, c) for c in [*vals, np.inf if kind == "C" else 1.0]]
        tp = np.array([int((s & g).sum()) - base_tp for s in states])
        fp = np.array([int((s & ~g).sum()) - base_fp for s in states])
        k = np.searchsorted(vals, grid, side="left")
        dtp += tp[k]
        dfp += fp[k]
    tp, fp, fn = tp0 + dtp, fp0 + dfp, fn0 - dtp
    f1 = 2 * tp / np.maximum(2 * tp + fp + fn, 1)
    best = f1.max()
    ties = grid[f1 >= best - 1e-12]
    return float(ties[np.argmin(np.abs(ties - 1.0))])


def apply(p: Paper, kind: str, cut: float, scale: float = 1.0) -> np.ndarray:
    """The paper's shown links (comments × edits, bool) under candidate ``kind`` at ``cut``."""
    return np.stack([row_links(p, i, kind, cut, scale) for i in range(p.score.shape[0])]) if p.score.size else \
        p.base.copy()
