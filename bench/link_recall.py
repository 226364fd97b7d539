"""Session 31 (issue 32): where the `learned` aligner's missed and false links sit, on the training part's grouped
folds (docs/figures-align.md, "Session 31: link recall on the training folds"). Counts only: nothing here is fitted.

``paper_view`` reads one held-out paper of a folds file (``bench.measure_carry_align.run_variant``'s form: the pairs,
the fold's link and answered models, the fold's inner scores) with the statuses as the shipped rules give them
(``bench.measure_broad.scored_items``), and ``pair_facts`` describes each gold or shown link of it: the pair's rank
in its comment's row, its raw probability over the fold's link threshold, whether a shown link of the same comment
lies next to it (same section, one unit away), the edit's unit and kind, how many comments it is shown for, the
comment's fine type and gold-link count. ``tally`` counts them by any of those facts.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass

import numpy as np

#: The score bands of a pair (its raw probability over the fold's link threshold ``t``), highest first.
RATIO_BANDS = ((2.0, "≥ 2 t"), (1.5, "1.5–2 t"), (1.0, "1–1.5 t"), (0.75, "0.75–1 t"), (0.5, "0.5–0.75 t"), (0.25, "0.25–0.5 t"), (0.1, "0.1–0.25 t"),
               (1e-12, "0–0.1 t"), (-1.0, "outside the first stage"))
#: Rank bands (a rank falls in the first band whose top it does not exceed).
RANK_BANDS = ((1, "1"), (2, "2"), (3, "3"), (5, "4–5"), (10, "6–10"), (10**9, "> 10"))


@dataclass
class PaperView:
    """One held-out paper: its comments and candidate edits, the fold's raw and status-scale scores, what is shown."""

    pid: str
    comments: list
    edits: list  # candidate edits, in ``edit_ids`` order
    raw: np.ndarray  # comments × edits, raw link probabilities (0 outside the first stage)
    mask: np.ndarray  # the first stage
    gold: np.ndarray  # comments × edits, bool
    gold_elsewhere: list[int]  # per comment, gold links to units that are no candidate edit
    shown: np.ndarray  # comments × edits, bool: the links shown (at t, within the cap)
    threshold: float
    cap: int
    position: dict[str, int]  # edit id -> its index among all the diff's units (unchanged ones included)
    units: list[str]  # per edit: ``unit_kind``
    status: list[str]  # per comment: "addressed", "partly" or "not"


def paper_view(pp, model, item) -> PaperView:
    """``item``: the paper's (Scored, threshold, cap, status_of) from ``bench.measure_broad.scored_items``."""
    from engine.align.base import candidate_edits, decide

    s, t, cap, status_of = item
    edits = {e.id: e for e in candidate_edits(pp.paper.diff)}
    raw = model.probabilities(pp.x, pp.mask) if pp.x.size else np.zeros(pp.mask.shape)
    n, m = len(s.comment_ids), len(pp.edit_ids)
    shown = np.zeros((n, m), bool)
    for i, row in enumerate(decide(s.matrix, t, cap) if s.matrix.size else [[] for _ in range(n)]):
        shown[i, row] = True
    gold = np.zeros((n, m), bool)
    elsewhere = []
    col = {e: j for j, e in enumerate(pp.edit_ids)}
    status = []
    for i, c in enumerate(pp.paper.comments):
        g = pp.paper.gold.get(c.id, set())
        gold[i, [col[e] for e in g if e in col]] = True
        elsewhere.append(sum(e not in col for e in g))
        row = s.matrix[i] if s.matrix.size else np.zeros(0)
        status.append(status_of(row) if s.answered is None else status_of(row, float(s.answered[i])))
    position = {e.id: k for k, e in enumerate(pp.paper.diff.edits)}
    return PaperView(pp.paper.id, list(pp.paper.comments), [edits[e] for e in pp.edit_ids], raw, pp.mask, gold,
                     elsewhere, shown, float(model.threshold), int(model.max_edits), position,
                     [unit_kind(pp, edits[e]) for e in pp.edit_ids], status)


def unit_kind(pp, edit) -> str:
    """The edit's unit: heading, float (a caption, or a table, figure or algorithm unit: the readers' ``other``),
    equation, footnote, reference or body, from the paragraph it writes (the one it deletes for a deletion)."""
    doc, ids = (pp.paper.diff.new, edit.target_ids) if edit.target_ids else (pp.paper.diff.old, edit.source_ids)
    kind = next((p.kind.value for p in doc.paragraphs if ids and p.id == ids[0]), "body")
    return {"caption": "float", "other": "float"}.get(kind, kind)


def edit_change(edit) -> str:
    """Insertion (an added unit), deletion (a deleted unit) or change (a unit rewritten, moved and rewritten)."""
    from engine.revision import EditType

    return {EditType.ADDED: "insertion", EditType.DELETED: "deletion"}.get(edit.type, "change")


def ranks(raw: np.ndarray, mask: np.ndarray) -> np.ndarray:
    """1-based rank of each first-stage pair in its comment's row by raw probability (0 outside the first stage)."""
    if not raw.size:
        return np.zeros(raw.shape, int)
    order = np.argsort(-np.where(mask, raw, -np.inf), axis=1, kind="stable")
    out = np.empty_like(order)
    out[np.arange(raw.shape[0])[:, None], order] = np.arange(1, raw.shape[1] + 1)[None, :]
    return np.where(mask, out, 0)


def band(value: float, bands) -> str:
    """The name of the first of ``bands`` (low end, name; highest first) whose low end ``value`` reaches."""
    for low, name in bands:
        if value >= low:
            return name
    return bands[-1][1]


def rank_band(rank: int) -> str:
    return next(name for top, name in RANK_BANDS if rank <= top)


def next_to(view: PaperView, i: int, j: int, links: np.ndarray, reach: int = 1) -> bool:
    """Whether one of ``links`` (comment ``i``'s row: a bool per edit; another edit than ``j``) is within ``reach``
    units of edit ``j`` in the same section."""
    e = view.edits[j]
    for k in np.flatnonzero(links):
        if k != j and view.edits[k].section == e.section and abs(
                view.position[view.edits[k].id] - view.position[e.id]) <= reach:
            return True
    return False


def pair_facts(view: PaperView) -> Iterable[dict]:
    """One record per gold or shown link of ``view`` (gold links to non-candidate units are counted apart)."""
    from engine.reviews.fine_types import fine_type

    rk = ranks(view.raw, view.mask)
    shown_for = view.shown.sum(axis=0)
    gold_for = view.gold.sum(axis=0)
    for i, c in enumerate(view.comments):
        n_gold = int(view.gold[i].sum()) + view.gold_elsewhere[i]
        n_shown = int(view.shown[i].sum())
        right_shown = int((view.shown[i] & view.gold[i]).sum())
        for j in np.flatnonzero(view.gold[i] | view.shown[i]):
            e = view.edits[j]
            inside = bool(view.mask[i, j])
            ratio = float(view.raw[i, j]) / view.threshold if inside else -1.0
            yield {
                "paper": view.pid, "comment": c.id, "edit": e.id,
                "outcome": ("hit" if view.shown[i, j] and view.gold[i, j] else
                            "missed" if view.gold[i, j] else "false"),
                "score": band(ratio, RATIO_BANDS),
                "cut by the cap": bool(inside and ratio >= 1.0 and not view.shown[i, j]),
                "rank": rank_band(int(rk[i, j])) if inside else "outside the first stage",
                "next to a shown link (±1, same section)": next_to(view, i, j, view.shown[i]),
                "next to a right shown link (±1, same section)": next_to(view, i, j, view.shown[i] & view.gold[i]),
                "next to a shown link (±2, same section)": next_to(view, i, j, view.shown[i], 2),
                "comment's links shown": "none" if n_shown == 0 else ("only this" if n_shown == 1 and
                                                                      view.shown[i, j] else "some"),
                "comment has a right link shown": right_shown - int(view.shown[i, j] and view.gold[i, j]) > 0,
                "comment's gold links": "0" if n_gold == 0 else "1" if n_gold == 1 else "2–5" if n_gold <= 5 else "> 5",
                "comment's fine type": fine_type(c),
                "comment's status": view.status[i],
                "unit": view.units[j],
                "change": edit_change(e),
                "comments it is shown for (others)": min(int(shown_for[j] - view.shown[i, j]), 3),
                "comments it is gold for (others)": min(int(gold_for[j] - view.gold[i, j]), 3),
            }


def tally(records: list[dict], by: str, outcomes=("missed", "false", "hit")) -> dict[str, Counter]:
    """``by``'s values counted for each outcome."""
    out = {o: Counter() for o in outcomes}
    for r in records:
        if r["outcome"] in out:
            out[r["outcome"]][str(r[by])] += 1
    return out
