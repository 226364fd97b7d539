"""Which candidate edit a comment shows first (issue 32, session 32): a re-rank inside the top three that changes
only the order. Measured on the training part and **not shipped** (neither rule passed its rule: docs/figures-align.md,
"Session 32: the best candidate edit first"); kept here with the bench that measured it, for a later candidate.

A comment's *block* is its top three candidates (score above 0, best first, ties in edit order) on the best one's
side of the link threshold: the links shown among the top three when the best is shown, else the top three. A rule
may put one edit of the block first, the others keeping their order, by handing the block's scores out again in the
new order: the row holds the same scores, so the links shown, the best score, the answered-at-all probability and
every status stay as they are, and the top three is the same set.

Two rules (pooled hit@1 over the 120 training revisions, 64.6 as shipped: ``taken`` 63.9, ``named`` 64.9):

- ``taken``: an edit is taken from a comment when it is another comment's first edit and that comment scores it
  higher; when the block's first edit is taken, the block's first edit that is not goes first.
- ``named``: when the comment names a section, figure or table (the evidence's ``named`` on any candidate) and the
  block's first edit is in no place it names, the block's first edit that is goes first.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

#: How deep the re-rank reaches: the top three.
TOP = 3
#: The rules, in the order they are applied.
RULES = ("named", "taken")


def block(row: np.ndarray, link_p: float, top: int = TOP) -> list[int]:
    """The row's top ``top`` candidates (best first) on the best one's side of ``link_p``."""
    order = [int(j) for j in np.argsort(-row, kind="stable")[:top] if row[j] > 0]
    if not order:
        return []
    shown = bool(row[order[0]] >= link_p)
    return [j for j in order if bool(row[j] >= link_p) == shown]


def put_first(row: np.ndarray, edits: Sequence[int], j: int) -> np.ndarray:
    """``row`` with ``j`` first among ``edits`` (best first), the others in their order, on the same scores."""
    out = row.copy()
    new = [j, *[k for k in edits if k != j]]
    out[new] = np.sort(row[list(edits)])[::-1]
    return out


def firsts(probs: np.ndarray) -> np.ndarray:
    """Each comment's first edit (-1: none above 0)."""
    if not probs.size:
        return np.full(probs.shape[0], -1)
    best = np.argmax(probs, axis=1)  # the first of the highest: the app's stable order
    return np.where(probs[np.arange(probs.shape[0]), best] > 0, best, -1)


def taken(probs: np.ndarray) -> np.ndarray:
    """Comments × edits, bool: the edit is another comment's first edit, scored higher there."""
    out = np.zeros(probs.shape, bool)
    for k, j in enumerate(firsts(probs)):
        if j >= 0:
            col = probs[k, j] > probs[:, j]
            col[k] = False
            out[:, j] |= col
    return out


def first_edits(probs: np.ndarray, link_p: float, rules: Sequence[str] = RULES,
                named: np.ndarray | None = None) -> tuple[np.ndarray, np.ndarray]:
    """``probs`` (comments × edits, status scale) with ``rules`` applied in order, and the comments re-ranked (bool).
    ``named``: comments × edits, the comment names the edit's place (needed by ``named``)."""
    out = probs.copy()
    moved = np.zeros(probs.shape[0], bool)
    if not probs.size:
        return out, moved
    for rule in rules:
        if rule == "named":
            if named is None:
                raise ValueError("the named rule needs the named matrix")
            prefer = np.asarray(named) > 0
            applies = prefer.any(axis=1)
        elif rule == "taken":
            prefer = ~taken(out)
            applies = ~prefer[np.arange(out.shape[0]), np.maximum(firsts(out), 0)]
        else:
            raise ValueError(f"unknown rule: {rule}")
        for i in np.flatnonzero(applies):
            b = block(out[i], link_p)
            if len(b) < 2 or prefer[i, b[0]]:
                continue
            j = next((k for k in b[1:] if prefer[i, k]), None)
            if j is not None:
                out[i] = put_first(out[i], b, j)
                moved[i] = True
    return out, moved
