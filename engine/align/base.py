"""What every aligner shares: the ``Alignment`` record, the ``Aligner``
protocol, the candidate edits and the threshold decision; the ``Location``
record of a comment's place in the draft.

An aligner scores every (comment, candidate edit) pair, so thresholds can be
tuned on labelled data; ``edit_ids`` are the pairs at or above the threshold
(at most ``max_edits`` per comment, best first).
"""

from __future__ import annotations

import threading

from collections.abc import Generator as Gen
from typing import TYPE_CHECKING, Any, Protocol, runtime_checkable

from engine.align.records import Alignment
from engine.jobs import CancelToken, Progress, run_job
from engine.revision import Edit, EditType, RevisionDiff
from engine.reviews.model import ReviewComment

if TYPE_CHECKING:  # numpy loads with the first alignment, not with the app's window
    import numpy as np


@runtime_checkable
class Aligner(Protocol):
    name: str

    def align(
        self, comments: list[ReviewComment], diff: RevisionDiff, cancel: CancelToken | None = None
    ) -> list[Alignment]: ...


def candidate_edits(diff: RevisionDiff, min_chars: int = 0) -> list[Edit]:
    """Edits whose wording changed (pure moves and unchanged paragraphs are not candidates)."""
    out = []
    for e in diff.edits:
        if not e.text_changed:
            continue
        if min_chars and len(e.target_text or e.source_text) < min_chars:
            continue
        out.append(e)
    return out


def decide(scores: np.ndarray, threshold: float, max_edits: int | None = None) -> list[list[int]]:
    """Per row, the column indexes at or above ``threshold``, best first, at most ``max_edits``."""
    import numpy as np

    picked = []
    for row in scores:
        idx = [int(i) for i in np.argsort(-row, kind="stable") if row[i] >= threshold]
        picked.append(idx[:max_edits] if max_edits else idx)
    return picked


class ScoredAligner:
    """Base of aligners that fill a comments × edits score matrix, then threshold it."""

    name = "scored"

    def __init__(self, threshold: float, max_edits: int | None = 5, min_chars: int = 0) -> None:
        self.threshold = threshold
        self.max_edits = max_edits
        self.min_chars = min_chars
        self.notes: dict[str, list[str]] = {}
        #: Notices about the last run as a whole (a model that gave no usable answer).
        self.notices: list[str] = []

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        raise NotImplementedError
        yield  # pragma: no cover

    def scores(self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None) -> np.ndarray:
        return run_job(one_blas_thread(self.iter_scores(comments, edits, cancel)))

    def iter_align(
        self, comments: list[ReviewComment], diff: RevisionDiff, cancel: CancelToken | None = None
    ) -> Gen[Progress, None, list[Alignment]]:
        edits = candidate_edits(diff, self.min_chars)
        self.notes, self.notices = {}, []
        matrix = yield from one_blas_thread(self.iter_scores(comments, edits, cancel)) if edits and comments else _empty(
            comments, edits)
        return alignments_from_scores(comments, edits, matrix, self.threshold, self.max_edits, self.notes)

    def align(
        self, comments: list[ReviewComment], diff: RevisionDiff, cancel: CancelToken | None = None
    ) -> list[Alignment]:
        return run_job(self.iter_align(comments, diff, cancel))


def one_blas_thread(job: Gen[Progress, None, Any]) -> Gen[Progress, None, Any]:
    """``job`` with NumPy's BLAS on one thread (restored after it, whatever its end). An aligner's products are small
    (comments × terms or edits): OpenBLAS's second thread, woken and left spinning after each, cost about 16 ms of
    CPU per product on a loaded 2-core machine against 0.1 ms on one thread (docs/benchmarks.md, speed7). The limit
    holds for the alignment only: scikit-learn fits elsewhere converge where they did (speed6 found that a
    process-wide limit moves a stored DISAPERE figure). threadpoolctl comes with scikit-learn. The limit is the
    process's, so alignments running at once on several threads (the app) share one: the first to start sets it,
    the last to end restores it."""
    _blas_enter()
    try:
        return (yield from job)
    finally:
        _blas_exit()


_BLAS_LOCK = threading.Lock()
_blas_state: dict[str, Any] = {"depth": 0, "limits": None}


def _blas_enter() -> None:
    with _BLAS_LOCK:
        if _blas_state["depth"] == 0:
            try:
                from threadpoolctl import threadpool_limits
            except ImportError:  # pragma: no cover - a scikit-learn dependency
                _blas_state["limits"] = None
            else:
                _blas_state["limits"] = threadpool_limits(1, user_api="blas")
        _blas_state["depth"] += 1


def _blas_exit() -> None:
    with _BLAS_LOCK:
        _blas_state["depth"] -= 1
        if _blas_state["depth"] == 0 and _blas_state["limits"] is not None:
            _blas_state["limits"].restore_original_limits()
            _blas_state["limits"] = None


def _empty(comments: list[ReviewComment], edits: list[Edit]) -> Gen[Progress, None, np.ndarray]:
    import numpy as np

    return np.zeros((len(comments), len(edits)), dtype=np.float32)
    yield  # pragma: no cover


def alignments_from_scores(
    comments: list[ReviewComment], edits: list[Edit], matrix: np.ndarray, threshold: float,
    max_edits: int | None = None, notes: dict[str, list[str]] | None = None,
) -> list[Alignment]:
    picked = decide(matrix, threshold, max_edits) if len(edits) else [[] for _ in comments]
    out = []
    for i, c in enumerate(comments):
        scores = {e.id: float(matrix[i, j]) for j, e in enumerate(edits)}
        out.append(Alignment(c.id, [edits[j].id for j in picked[i]], scores, list((notes or {}).get(c.id, []))))
    return out


def is_addition(edit: Edit) -> bool:
    return edit.type is EditType.ADDED
