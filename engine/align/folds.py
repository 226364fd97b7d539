"""Which training revisions are held out together: every fold of the ``learned`` aligner's fitting, by repository.

Two revisions of one repository (a paper's two review rounds, or one study sent to two journals) share the paper's
text and reviewers who raise round one's points again: a model fitted on one and scored on the other is scored on a
paper it has, in part, seen. Round seven (issue 32, docs/figures-align.md) groups every split by the corpus
manifest's ``repository`` (``GoldPaper.group``): the outer leave-papers-out, the inner folds that choose the link
threshold, cap and bands, the answered-at-all model's fit and band choice, and the tuned encoder's folds
(``bench.align_encoder_gpu_prep.paper_folds``). A revision without a group is its own.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def group_of(paper: Any) -> str:
    """``paper``'s group: its ``group`` (the corpus repository) when set, else its id."""
    return getattr(paper, "group", "") or paper.id


def grouped(items: Sequence[Any], paper: Callable[[Any], Any] = lambda pp: pp.paper) -> list[list[int]]:
    """The indices of ``items`` by group (``group_of(paper(item))``), groups in order of first appearance: each
    list is held out together."""
    out: dict[str, list[int]] = {}
    for k, item in enumerate(items):
        out.setdefault(group_of(paper(item)), []).append(k)
    return list(out.values())
