"""One training paper's first-stage pairs and their features, as the learned models are fitted on them.

Its own module so that the link model's fitting (``engine.align.learn``) and the answered-at-all model's
(``engine.align.learn_answered``) both read it without importing each other.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from engine.align.gold import GoldPaper
from engine.align.learned import FIRST_STAGE


@dataclass
class PaperPairs:
    paper: GoldPaper
    edit_ids: list[str]
    evidence: np.ndarray  # comments × edits × evidence features
    allowed: np.ndarray  # the evidence aligner's linkable pairs
    x: np.ndarray  # comments × edits × FEATURES
    mask: np.ndarray  # first-stage pairs
    labels: np.ndarray  # comments × edits, 0/1
    first_stage: int = FIRST_STAGE  # the first stage ``mask`` holds (``LinkModel.first_stage``)
