"""A standardised linear scorer: the shape of Redraft's small learned models (logistic regressions over a few
named features, fitted with scikit-learn in ``bench/`` and shipped as JSON).

``engine.align.learned.LinkModel`` (comment↔edit links) and ``engine.generate.rerank.PlacementModel`` (where an
edit goes) extend it with their own decision settings and file formats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np


@dataclass
class StandardisedLinear:
    """``((x - mean) / scale) @ coef + intercept`` over the columns named by ``features``."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def logits(self, x: np.ndarray) -> np.ndarray:
        return ((x - self.mean) / self.scale) @ self.coef + self.intercept

    def weights_dict(self) -> dict[str, Any]:
        """The weights as a model file writes them (six decimals)."""
        return {"mean": [round(float(v), 6) for v in self.mean], "scale": [round(float(v), 6) for v in self.scale],
                "coef": [round(float(v), 6) for v in self.coef], "intercept": round(float(self.intercept), 6)}
