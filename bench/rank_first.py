"""Session 32 (issue 32): the best candidate edit first, on the training part (docs/figures-align.md, "Session 32:
the best candidate edit first").

``rows`` reads the 120 training revisions as the shipped state scores each of them with a model that never saw it:
the 86 the tuned encoder was folded on through their grouped leave-papers-out folds (``refold-F28.pkl``: the
out-of-fold cosines, the link and answered models refitted without the held-out repository), the 34 no shipped model
saw (session 31's 19 and session 32's 15, pairs built by ``bench.measure_unseen_train pairs``) through the shipped
``learned.json`` and ``answered.json``. Both get the shipped status rules (``bench.measure_broad.scored_items``) and
the neighbour step at its shipped factor. ``facts`` describes each answered comment's top candidates for the
account; nothing here is fitted.
"""

from __future__ import annotations

import json
import pickle
import re
from dataclasses import dataclass, replace
from pathlib import Path

import numpy as np

#: A comment that points at a page or a line by number.
PAGE_LINE = re.compile(r"\b(?:pages?|pp?\.|lines?|ll?\.|l)\s*~?\d+", re.I)


@dataclass
class Row:
    """One revision as the shipped state scores it."""

    pid: str
    repo: str
    unseen: bool  # one of the 34 no shipped model saw
    pp: object  # PaperPairs
    raw: np.ndarray  # comments × edits, the raw link probabilities
    matrix: np.ndarray  # comments × edits, the status scale after the status rules and the neighbour step
    answered: np.ndarray  # per comment, status scale
    scored: object  # its ``Scored`` (matrix: ``matrix``)
    threshold: float  # the raw link threshold
    cap: int
    status_of: object


def rows(folds86: str, pairs120: str, corpus: str) -> list[Row]:
    from bench.measure_broad import scored_items
    from engine.align.answered import shipped_answered
    from engine.align.learned import shipped_model
    from engine.align.neighbours import neighbour_links, paper_next_to, shipped_factor
    from engine.align.status import LINK_P
    from engine.cli.eval_align_corpus import corpus_unsure

    manifest = {e["id"]: e for e in json.loads(Path(corpus).read_text())["revisions"]}
    fitted = pickle.loads(Path(folds86).read_bytes())
    seen = {f[0].paper.id for f in fitted}
    new = [pp for pp in pickle.loads(Path(pairs120).read_bytes()) if pp.paper.id not in seen]
    shipped = shipped_model()
    for pp in new:
        if pp.paper.id in set(shipped.meta.get("train", ())):
            raise SystemExit(f"error: {pp.paper.id} is in the shipped model's training set")
    fitted = list(fitted) + [(pp, shipped, shipped_answered(), None) for pp in new]
    for pp, *_ in fitted:
        if manifest[pp.paper.id].get("part") != "train":
            raise SystemExit(f"error: {pp.paper.id} is not a training revision")
    items = scored_items(fitted, corpus_unsure(corpus, None, "train"))
    out = []
    for (pp, m, _, _), (s, _, cap, st) in zip(fitted, items):
        raw = m.probabilities(pp.x, pp.mask) if pp.x.size else np.zeros(pp.mask.shape, np.float32)
        matrix = s.matrix
        if matrix.size:
            matrix, _ = neighbour_links(matrix, raw, pp.mask, paper_next_to(pp.paper.diff, pp.edit_ids),
                                        float(m.threshold), LINK_P, cap, shipped_factor())
        out.append(Row(pp.paper.id, manifest[pp.paper.id].get("repository", pp.paper.id), pp.paper.id not in seen,
                       pp, raw, matrix, s.answered, replace(s, matrix=matrix), float(m.threshold), int(cap), st))
    return out


def order(row: np.ndarray) -> list[int]:
    """The candidates of a comment's row best first (scores above 0; ties in edit order, as the app and the figures)."""
    return [int(j) for j in np.argsort(-row, kind="stable") if row[j] > 0]


def counts(r: Row, matrix: np.ndarray | None = None) -> dict[str, int]:
    """``engine.align.corpus_eval.figures`` for one revision (``matrix`` in place of its own)."""
    from engine.align.corpus_eval import figures
    from engine.align.status import LINK_P

    return figures(r.scored if matrix is None else replace(r.scored, matrix=matrix), LINK_P, r.cap, r.status_of)


def rank_name(rank: int, has_gold: bool) -> str:
    if not has_gold:
        return "no candidate"
    if rank == 0:
        return "outside the first stage"
    return "1" if rank == 1 else "2" if rank == 2 else "3" if rank == 3 else "4–5" if rank <= 5 else "> 5"


def letters(rs: list[Row]) -> dict[str, list]:
    """Each revision's comments' answers in its response letter (``corpus_letters``; none without a letter)."""
    from engine.cli.eval_align_corpus import corpus_letters

    return corpus_letters([r.pp.paper for r in rs], None)


def facts(r: Row, found: list | None) -> list[dict]:
    """One record per answered comment with a candidate: where its gold edits rank and what its best edit is."""
    from bench.link_recall import edit_change, unit_kind
    from engine.align.base import candidate_edits
    from engine.align.evidence import FEATURES as EV
    from engine.align.link_model import FEATURES
    from engine.align.localize import reference_boosts
    from engine.align.status import LINK_P
    from engine.reviews.fine_types import fine_type

    pp = r.pp
    ev, fx = {n: k for k, n in enumerate(EV)}, {n: k for k, n in enumerate(FEATURES)}
    edits = {e.id: e for e in candidate_edits(pp.paper.diff)}
    cand = [edits[e] for e in pp.edit_ids]
    position = {e.id: k for k, e in enumerate(pp.paper.diff.edits)}
    col = {e: j for j, e in enumerate(pp.edit_ids)}
    gold_sets = [pp.paper.gold.get(c.id, set()) for c in pp.paper.comments]
    gold_cols = [{col[e] for e in g if e in col} for g in gold_sets]
    paras = {p.id: p for p in (*pp.paper.diff.old.paragraphs, *pp.paper.diff.new.paragraphs)}

    def paragraph(j):
        e = cand[j]
        ids = [*e.target_ids, *e.source_ids]
        return next((paras[i] for i in ids if i in paras), None)

    def near(j, k, reach=1):
        return cand[j].section == cand[k].section and abs(position[cand[j].id] - position[cand[k].id]) <= reach

    out = []
    for i, c in enumerate(pp.paper.comments):
        if not gold_sets[i]:
            continue
        row = r.matrix[i] if r.matrix.size else np.zeros(0)
        top = order(row)
        if not top:
            continue
        best, gold = top[0], gold_cols[i]
        shown = int((row >= LINK_P).sum())
        rank = next((k + 1 for k, j in enumerate(top) if j in gold), 0)
        g = min(gold, key=lambda j: top.index(j) if j in top else 10**6) if gold else None
        others = [k for k in range(len(gold_cols)) if k != i]
        answer = found[i] if found is not None else None
        text = answer.text if answer is not None else ""
        rec = {
            "paper": r.pid, "unseen": r.unseen, "hit": best in gold,
            "gold rank": rank_name(rank, bool(gold)),
            "gold in the top 3, in the best's block": bool(
                1 < rank <= 3 and (row[top[rank - 1]] >= LINK_P) == (row[best] >= LINK_P)),
            "links shown": min(shown, 3),
            "best gold shown": bool(g is not None and row[g] >= LINK_P),
            "fine type": fine_type(c), "gold links": len(gold_sets[i]) if len(gold_sets[i]) <= 2 else (
                "3–5" if len(gold_sets[i]) <= 5 else "> 5"),
            "best is another comment's gold": any(best in gold_cols[k] for k in others),
            "best held more strongly by another comment": any(
                r.raw[k, best] > r.raw[i, best] and r.matrix[k, best] >= LINK_P for k in others),
            "best next to a gold edit (±1)": any(near(best, j) for j in gold),
            "best in a gold edit's section": any(cand[best].section == cand[j].section for j in gold),
            "best unit": unit_kind(pp, cand[best]), "best change": edit_change(cand[best]),
            "best large inserted (≥ 100 words)": bool(edit_change(cand[best]) == "insertion" and
                                                      np.expm1(pp.x[i, best, fx["size"]]) >= 100),
            "best surface": bool(pp.x[i, best, fx["surface"]] > 0),
            "best neighbour-added": bool(r.raw[i, best] < r.threshold and row[best] >= LINK_P),
            "comment names a place": bool(pp.evidence[i, :, ev["named"]].any()),
            "comment names the gold's place": bool(g is not None and pp.evidence[i, g, ev["named"]] > 0),
            "comment names the best's place": bool(pp.evidence[i, best, ev["named"]] > 0),
            "comment gives a page or line": bool(PAGE_LINE.search(c.full_text)),
            "gold located": bool(g is not None and pp.evidence[i, g, ev["located"]] > 0),
            "best located": bool(pp.evidence[i, best, ev["located"]] > 0),
            "gold quoted": bool(g is not None and pp.evidence[i, g, ev["quoted"]] > 0),
            "best quoted": bool(pp.evidence[i, best, ev["quoted"]] > 0),
            "letter answers it": answer is not None and bool(text),
        }
        for who, j in (("gold", g), ("best", best)):
            p = paragraph(j) if j is not None else None
            rec[f"letter names the {who}'s place"] = bool(text and p is not None and
                                                          reference_boosts(text, [p])[0] > 0)
        out.append(rec)
    return out
