"""Scoring one revision diff against another taken as the truth.

The typical use: the LaTeX sources of two versions give the truth of which
paragraphs changed; the PDF-to-PDF diff is scored against it. The two diffs
cut the text into different paragraphs, so edits are related through their
text:

- each paragraph of one document is *located* in the other document's
  compared paragraphs by bigram containment: ``y`` holds ``x`` when they share
  at least half of the bigrams of the smaller of the two (and 3 or more);
- a predicted edit whose wording changed (minor, major, added, deleted, or
  moved and also changed) is *correct* when one of the truth edits holding
  its paragraphs (its new paragraphs located in the truth's new document,
  its old ones in the truth's old document) changed wording too;
- a truth edit whose wording changed is *found* when one of the predicted
  edits holding its paragraphs changed wording too.

precision = correct / predicted changes, recall = found / true changes. An
edit whose text cannot be located at all counts against the score (it is a
false alarm or a miss) and is also listed, so loader gaps stay visible.
Pure moves are left out of both: they are not changes of wording.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np
from scipy import sparse

from engine.document.model import Paragraph
from engine.revision.compare import compared_paragraphs
from engine.revision.model import Edit, RevisionDiff
from engine.revision.normalize import comparable_tokens

#: y holds x when they share this share of the smaller one's bigrams ...
HOLD_SHARE = 0.5
#: ... and at least this many bigrams.
HOLD_MIN = 3


def _bigram_ids(paras: Sequence[Paragraph], vocab: dict[str, int]) -> list[set[int]]:
    out = []
    for p in paras:
        tokens = comparable_tokens(p.text)
        grams = {a + " " + b for a, b in zip(tokens, tokens[1:])} or set(tokens)
        out.append({vocab.setdefault(g, len(vocab)) for g in grams})
    return out


def _matrix(rows: Sequence[set[int]], ncols: int) -> sparse.csr_matrix:
    r = [k for k, ids in enumerate(rows) for _ in ids]
    c = [g for ids in rows for g in ids]
    return sparse.csr_matrix((np.ones(len(c), dtype=np.float32), (r, c)), shape=(len(rows), ncols))


def locate(paras: Sequence[Paragraph], into: Sequence[Paragraph]) -> dict[str, list[str]]:
    """For each paragraph of ``paras``, the ids of the paragraphs of ``into`` holding its text."""
    out: dict[str, list[str]] = {p.id: [] for p in paras}
    if not paras or not into:
        return out
    vocab: dict[str, int] = {}
    ga, gb = _bigram_ids(paras, vocab), _bigram_ids(into, vocab)
    a, b = _matrix(ga, len(vocab)), _matrix(gb, len(vocab))
    shared = (a @ b.T).tocoo()
    size_a = np.diff(a.indptr)[shared.row]
    size_b = np.diff(b.indptr)[shared.col]
    ok = (shared.data >= HOLD_SHARE * np.minimum(size_a, size_b)) & (shared.data >= HOLD_MIN)
    for r, c in sorted(zip(shared.row[ok].tolist(), shared.col[ok].tolist())):
        out[paras[r].id].append(into[c].id)
    return out


@dataclass
class ChangeAgreement:
    """How well the changed edits of a predicted diff agree with a truth diff."""

    predicted: int = 0
    correct: int = 0
    truth: int = 0
    found: int = 0
    #: ids of predicted edits with no truly changed counterpart, and of true changes not found.
    false_alarms: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    #: ids of edits (predicted, truth) whose text could not be located in the other diff.
    unlocated_predicted: list[str] = field(default_factory=list)
    unlocated_truth: list[str] = field(default_factory=list)

    @property
    def precision(self) -> float:
        return self.correct / self.predicted if self.predicted else 1.0

    @property
    def recall(self) -> float:
        return self.found / self.truth if self.truth else 1.0

    def summary(self) -> str:
        return (
            f"precision {self.precision:.3f} ({self.correct}/{self.predicted}), "
            f"recall {self.recall:.3f} ({self.found}/{self.truth}); "
            f"unlocated: {len(self.unlocated_predicted)} predicted, {len(self.unlocated_truth)} true"
        )


def _counterparts(edits: Sequence[Edit], other: RevisionDiff, old_map: dict, new_map: dict) -> list[list[Edit]]:
    out = []
    for e in edits:
        found: dict[str, Edit] = {}
        for pid in e.source_ids:
            for oid in old_map.get(pid, ()):
                if (x := other.by_source_paragraph(oid)) is not None:
                    found[x.id] = x
        for pid in e.target_ids:
            for oid in new_map.get(pid, ()):
                if (x := other.by_target_paragraph(oid)) is not None:
                    found[x.id] = x
        out.append(list(found.values()))
    return out


def _side_maps(a: RevisionDiff, b: RevisionDiff, include_references: bool) -> tuple[dict, dict]:
    old = locate(compared_paragraphs(a.old, include_references), compared_paragraphs(b.old, include_references))
    new = locate(compared_paragraphs(a.new, include_references), compared_paragraphs(b.new, include_references))
    return old, new


def compare_changes(truth: RevisionDiff, predicted: RevisionDiff, *, include_references: bool = False) -> ChangeAgreement:
    """Precision and recall of ``predicted``'s wording changes against ``truth``'s."""
    result = ChangeAgreement()
    pred_changed = [e for e in predicted.edits if e.text_changed]
    true_changed = [e for e in truth.edits if e.text_changed]
    p_old, p_new = _side_maps(predicted, truth, include_references)
    for e, others in zip(pred_changed, _counterparts(pred_changed, truth, p_old, p_new)):
        result.predicted += 1
        if not others:
            result.unlocated_predicted.append(e.id)
        if any(o.text_changed for o in others):
            result.correct += 1
        else:
            result.false_alarms.append(e.id)
    t_old, t_new = _side_maps(truth, predicted, include_references)
    for e, others in zip(true_changed, _counterparts(true_changed, predicted, t_old, t_new)):
        result.truth += 1
        if not others:
            result.unlocated_truth.append(e.id)
        if any(o.text_changed for o in others):
            result.found += 1
        else:
            result.misses.append(e.id)
    return result
