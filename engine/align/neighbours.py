"""A linked edit's neighbours (issue 32, session 31): the `learned` aligner's links reach the next unit of a run.

An answer often spans consecutive units of one section (a rewritten paragraph and the one after it, a new paragraph
and its table), and the link model scores the second lower than the first. On the training part's grouped folds, a
first-stage pair next to a link shown for the same comment (same section, one unit away in the diff, unchanged units
counted) is right about a quarter of the time down to half the link threshold, twice the rate of other pairs at the
same score (docs/figures-align.md, "Session 31: link recall on the training folds"). So a comment with links shown
also gets those neighbours whose raw probability reaches ``factor`` × the link threshold: they are raised to the
link threshold on the status scale (the lowest a shown link has), after the comment's own links and within its cap.
The comment's best edit, its answered-at-all probability and so its status never move. ``factor`` was chosen on the
training part only (``resources/models/align/neighbours.json``, PROVENANCE.md): pooled link F1 38.7 → 39.3 on the
86 training revisions' grouped folds, hit@1 and found unchanged.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from functools import lru_cache

import numpy as np

from engine.revision import Edit, RevisionDiff

#: Why an added neighbour is shown (the link's reason, before the evidence's own account).
REASON = "next to an edit linked to this comment"


@lru_cache(maxsize=1)
def shipped() -> dict:
    """``neighbours.json``: ``factor``, of the link model's raw threshold."""
    from engine.resources import resource

    return json.loads(resource("models", "align", "neighbours.json").read_text(encoding="utf-8"))


def shipped_factor() -> float:
    return float(shipped()["factor"])


def next_to(edits: Sequence[Edit], diff: RevisionDiff | None) -> np.ndarray:
    """Edits × edits, bool: one section and one unit apart among the diff's units (unchanged ones counted; without
    a diff, in the order of ``edits``)."""
    position = {e.id: k for k, e in enumerate(diff.edits)} if diff is not None else {}
    pos = np.array([position.get(e.id, k) for k, e in enumerate(edits)], dtype=np.int64)
    codes: dict[str, int] = {}
    sec = np.array([codes.setdefault(e.section, len(codes)) for e in edits], dtype=np.int64)
    return (sec[:, None] == sec[None, :]) & (np.abs(pos[:, None] - pos[None, :]) == 1)


def paper_next_to(diff: RevisionDiff, edit_ids: Sequence[str]) -> np.ndarray:
    """``next_to`` for a scored paper's candidate edits, named by id (``PaperPairs.edit_ids``)."""
    by_id = {e.id: e for e in diff.edits}
    return next_to([by_id[e] for e in edit_ids], diff)


def at_least(value: float) -> np.float32:
    """The smallest float32 at or above ``value`` (what a row compared with ``value`` reads as reaching it)."""
    v = np.float32(value)
    return v if float(v) >= value else np.nextafter(v, np.float32(np.inf))


def neighbour_links(probs: np.ndarray, raw: np.ndarray, mask: np.ndarray, near: np.ndarray, raw_threshold: float,
                    link_p: float, cap: int | None, factor: float) -> tuple[np.ndarray, np.ndarray]:
    """``probs`` (status scale) with each comment's neighbours added, and the pairs added (comments × edits, bool).

    A comment's links are its pairs at or above ``link_p``, the best ``cap``; a neighbour is a pair of ``mask`` (the
    first stage) next to one of them (``near``) whose ``raw`` probability is under ``raw_threshold`` and at least
    ``factor`` × it. One pass: neighbours of the comment's own links only. Added in document order while the cap
    has room."""
    out = probs.copy()
    added = np.zeros(probs.shape, bool)
    if not probs.size or factor <= 0:
        return out, added
    cut = factor * raw_threshold
    lifted = at_least(link_p)
    for i in range(probs.shape[0]):
        row = np.flatnonzero(probs[i] >= link_p)  # ``base.decide``'s links, without its loop over every edit
        row = row[np.argsort(-probs[i, row], kind="stable")][:cap or None]
        room = (cap - len(row)) if cap else probs.shape[1]
        if not len(row) or room <= 0:
            continue
        shown = np.zeros(probs.shape[1], bool)
        shown[row] = True
        ok = mask[i] & ~shown & (raw[i] < raw_threshold) & (raw[i] >= cut) & near[shown].any(axis=0)
        for j in np.flatnonzero(ok)[:room]:
            out[i, j] = max(out[i, j], lifted)
            added[i, j] = True
    return out, added
