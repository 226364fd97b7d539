"""``learned-llm``: the learned aligner, then a language model the user brings re-judges each comment's top
candidates (issue 32).

The learned aligner scores every pair on the status scale (``LearnedAligner.iter_scores``); the model is then asked,
pair by pair (``PairwiseLLMAligner``: the next-token probabilities of "yes" and "no", never generated prose), about
each comment's ``top_k`` best-scored edits only, so a 40-comment review costs 40 × ``top_k`` short prompts, however
long the diff. A re-judged pair scores ``(1 − weight) × learned + weight × yes``; a comment's answered-at-all
probability moves the same way towards the model's best "yes" among its candidates, so the statuses follow both.
Pairs outside the top ``k`` keep the learned score. ``weight`` 0.5 and ``top_k`` 3 are set, not fitted: the
combination has not been measured (a strong instruct model needs a GPU; docs/figures-align.md says so), and the
embedded SmolLM2-135M is too weak to judge: it is refused unless ``allow_embedded`` (tests).
"""

from __future__ import annotations

from collections.abc import Generator as Gen
from typing import Any

import numpy as np

from engine.align.cascade import top_k_mask
from engine.align.learned import LearnedAligner
from engine.align.llm import PairwiseLLMAligner
from engine.errors import ModelError
from engine.jobs import CancelToken, Progress
from engine.models.protocols import Encoder, Generator
from engine.reviews.model import ReviewComment
from engine.revision import Edit


def judged_mask(probs: np.ndarray, k: int) -> np.ndarray:
    """Each comment's ``k`` best-scored edits among those the learned aligner scored above 0."""
    return top_k_mask(probs, k) & (probs > 0)


def combine(learned: np.ndarray, yes: np.ndarray, mask: np.ndarray, weight: float) -> np.ndarray:
    """``(1 − weight) × learned + weight × yes`` where ``mask`` holds, ``learned`` elsewhere."""
    return np.where(mask, (1.0 - weight) * learned + weight * yes, learned).astype(np.float32)


class RejudgedAligner(LearnedAligner):
    """The learned aligner whose top candidates a generator re-judges (``top_k`` per comment)."""

    name = "learned-llm"

    def __init__(self, encoder: Encoder | None = None, generator: Generator | None = None, top_k: int = 3,
                 weight: float = 0.5, allow_embedded: bool = False, **learned: Any) -> None:
        if not 0.0 <= weight <= 1.0 or top_k < 1:
            raise ValueError("learned-llm needs 0 <= weight <= 1 and top_k >= 1")
        super().__init__(encoder, **learned)
        self.judge = PairwiseLLMAligner(generator)
        self.top_k, self.weight, self.allow_embedded = top_k, weight, allow_embedded
        #: The model's "yes" probability of each re-judged pair from the last scoring: (comment id, edit id) → p.
        self.verdicts: dict[tuple[str, str], float] = {}

    def iter_scores(
        self, comments: list[ReviewComment], edits: list[Edit], cancel: CancelToken | None = None
    ) -> Gen[Progress, None, np.ndarray]:
        if not self.allow_embedded and self.judge.generator.name.endswith("(embedded)"):
            raise ModelError("learned-llm re-judges with a model you bring (an instruct GGUF, --model): the embedded "
                             "SmolLM2-135M is too weak to judge")
        probs = yield from super().iter_scores(comments, edits, cancel)
        mask = judged_mask(probs, self.top_k)
        self.judge.mask = mask
        try:
            yes = yield from self.judge.iter_scores(comments, edits, cancel)
        finally:
            self.judge.mask = None
        self.notices.extend(n for n in self.judge.notices if n not in self.notices)
        self.verdicts = {(comments[i].id, edits[j].id): float(yes[i, j]) for i, j in zip(*np.nonzero(mask))}
        for i, c in enumerate(comments):
            if c.id in self.answered and mask[i].any():
                best = float(yes[i][mask[i]].max())
                self.answered[c.id] = (1.0 - self.weight) * self.answered[c.id] + self.weight * best
        return combine(probs, yes, mask, self.weight)
