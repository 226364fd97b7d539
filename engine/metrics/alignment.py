"""Comment-edit alignment metrics as ARIES reports them (Table 1).

- micro P/R/F1: over all (comment, edit) pairs pooled together;
- macro P/R/F1: P, R and F1 computed per group, then averaged. ARIES's paper
  groups by paper; its released evaluation code groups by comment. Callers
  pass the grouping. Within a group, as in the ARIES code: precision is 1 when
  nothing is predicted, recall is 1 when nothing is true, and F1 is 1 when
  both are empty (0 when only one is);
- AO-F1: the same F1 with only addition-only edits (type ``added``) kept on
  both sides.

Values are fractions in [0, 1]; reports show them ×100.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from dataclasses import asdict, dataclass


@dataclass(frozen=True)
class PRF:
    precision: float
    recall: float
    f1: float


@dataclass(frozen=True)
class AlignmentScores:
    micro: PRF
    macro: PRF
    ao_micro_f1: float | None
    ao_macro_f1: float | None
    n_comments: int
    n_true_pairs: int
    n_predicted_pairs: int

    def to_dict(self, percent: bool = True) -> dict[str, object]:
        k = 100.0 if percent else 1.0
        out: dict[str, object] = {}
        for name in ("micro", "macro"):
            for metric, value in asdict(getattr(self, name)).items():
                out[f"{name}_{metric}"] = round(value * k, 1)
        out["ao_micro_f1"] = None if self.ao_micro_f1 is None else round(self.ao_micro_f1 * k, 1)
        out["ao_macro_f1"] = None if self.ao_macro_f1 is None else round(self.ao_macro_f1 * k, 1)
        out.update(n_comments=self.n_comments, n_true_pairs=self.n_true_pairs, n_predicted_pairs=self.n_predicted_pairs)
        return out


Pairs = Mapping[str, Collection[str]]


def _f1(p: float, r: float) -> float:
    return 2 * p * r / (p + r) if p + r else 0.0


def _counts(gold: Pairs, pred: Pairs, ids: Collection[str]) -> tuple[int, int, int]:
    tp = fp = fn = 0
    for cid in ids:
        g, p = set(gold.get(cid, ())), set(pred.get(cid, ()))
        tp += len(g & p)
        fp += len(p - g)
        fn += len(g - p)
    return tp, fp, fn


def micro_prf(gold: Pairs, pred: Pairs) -> PRF:
    """P/R/F1 over all pairs; 0 where undefined."""
    tp, fp, fn = _counts(gold, pred, set(gold) | set(pred))
    p = tp / (tp + fp) if tp + fp else 0.0
    r = tp / (tp + fn) if tp + fn else 0.0
    return PRF(p, r, _f1(p, r))


def group_prf(tp: int, fp: int, fn: int) -> PRF:
    """One group's scores with the ARIES conventions for empty sets."""
    p = tp / (tp + fp) if tp + fp else 1.0
    r = tp / (tp + fn) if tp + fn else 1.0
    if tp + fp == 0 and tp + fn == 0:
        return PRF(p, r, 1.0)
    return PRF(p, r, _f1(tp / (tp + fp) if tp + fp else 0.0, tp / (tp + fn) if tp + fn else 0.0))


def macro_prf(gold: Pairs, pred: Pairs, groups: Mapping[str, str] | None = None) -> PRF:
    """Mean of per-group P/R/F1; ``groups`` maps comment id to group (each comment its own group if None)."""
    ids = set(gold) | set(pred)
    members: dict[str, list[str]] = {}
    for cid in sorted(ids):
        members.setdefault(groups.get(cid, cid) if groups else cid, []).append(cid)
    if not members:
        return PRF(0.0, 0.0, 0.0)
    scores = [group_prf(*_counts(gold, pred, cids)) for cids in members.values()]
    n = len(scores)
    return PRF(sum(s.precision for s in scores) / n, sum(s.recall for s in scores) / n, sum(s.f1 for s in scores) / n)


def _restrict(pairs: Pairs, keep: Collection[str]) -> dict[str, set[str]]:
    keep = set(keep)
    return {cid: set(eids) & keep for cid, eids in pairs.items()}


def alignment_scores(
    gold: Pairs,
    pred: Pairs,
    *,
    groups: Mapping[str, str] | None = None,
    added: Collection[str] | None = None,
) -> AlignmentScores:
    """Every ARIES figure for ``pred`` against ``gold`` (comment id -> edit ids).

    Every comment should appear in ``gold`` (with an empty set when nothing
    addresses it). ``added`` lists the addition-only edit ids for AO-F1.
    """
    comments = set(gold) | set(pred)
    gold_all = {c: set(gold.get(c, ())) for c in comments}
    pred_all = {c: set(pred.get(c, ())) for c in comments}
    ao_micro = ao_macro = None
    if added is not None:
        g, p = _restrict(gold_all, added), _restrict(pred_all, added)
        ao_micro = micro_prf(g, p).f1
        ao_macro = macro_prf(g, p, groups).f1
    return AlignmentScores(
        micro=micro_prf(gold_all, pred_all),
        macro=macro_prf(gold_all, pred_all, groups),
        ao_micro_f1=ao_micro,
        ao_macro_f1=ao_macro,
        n_comments=len(comments),
        n_true_pairs=sum(len(v) for v in gold_all.values()),
        n_predicted_pairs=sum(len(v) for v in pred_all.values()),
    )
