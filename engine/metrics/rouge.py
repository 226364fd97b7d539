"""ROUGE-1/2/L F1 against several references, with Google's ``rouge-score``
(stemming on, its default tokenizer), as SciTLDR reports it: per example the
max (or the mean) over references, per metric; corpus figures are means ×100.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from engine.errors import InputError

METRICS = ("rouge1", "rouge2", "rougeL")

_SCORER: Any = None


def scorer() -> Any:
    global _SCORER
    if _SCORER is None:
        from rouge_score import rouge_scorer

        _SCORER = rouge_scorer.RougeScorer(list(METRICS), use_stemmer=True)
    return _SCORER


def rouge_f1(prediction: str, reference: str) -> dict[str, float]:
    """F1 (0-1) of each metric for one prediction against one reference."""
    scores = scorer().score(reference, prediction)
    return {m: scores[m].fmeasure for m in METRICS}


def multi_reference(prediction: str, references: Sequence[str], reduce: str = "max") -> dict[str, float]:
    """Per metric, the max (or mean) F1 over ``references`` (0-1)."""
    if not references:
        raise InputError("no reference to score against")
    rows = [rouge_f1(prediction, ref) for ref in references]
    if reduce == "max":
        return {m: max(r[m] for r in rows) for m in METRICS}
    if reduce == "mean":
        return {m: sum(r[m] for r in rows) / len(rows) for m in METRICS}
    raise InputError(f"unknown reduction {reduce!r}: use max or mean")


def corpus_rouge(
    predictions: Sequence[str], references: Sequence[Sequence[str]], reduce: str = "max"
) -> dict[str, float]:
    """Mean over examples of the per-example multi-reference F1, on 0-100."""
    if len(predictions) != len(references):
        raise InputError(f"{len(predictions)} predictions but {len(references)} reference sets")
    if not predictions:
        return {m: 0.0 for m in METRICS}
    totals = {m: 0.0 for m in METRICS}
    for pred, refs in zip(predictions, references):
        for m, v in multi_reference(pred, refs, reduce).items():
            totals[m] += v
    return {m: 100.0 * v / len(predictions) for m, v in totals.items()}
