"""A standardised linear scorer: the shape of Redraft's small learned models (logistic regressions over a few
named features, fitted with scikit-learn in ``bench/`` and shipped as JSON).

``engine.align.learned.LinkModel`` (comment↔edit links), ``engine.align.answered.AnsweredModel`` (whether a comment
was answered at all) and ``engine.generate.rerank.PlacementModel`` (where an edit goes) extend it with their own decision settings and file formats.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from engine.errors import InputError


@dataclass
class StandardisedLinear:
    """``((x - mean) / scale) @ coef + intercept`` over the columns named by ``features``."""

    features: tuple[str, ...]
    mean: np.ndarray
    scale: np.ndarray
    coef: np.ndarray
    intercept: float

    def logits(self, x: np.ndarray) -> np.ndarray:
        """The product in double precision, rounded to the type it had (float32 for float32 weights and features): a
        float32 product rounds as the CPU's BLAS kernel adds up, which moved probabilities in their last bit."""
        z = (x - self.mean) / self.scale
        dtype = np.result_type(z, self.coef)
        return (z.astype(np.float64) @ np.asarray(self.coef, dtype=np.float64) + self.intercept).astype(dtype)

    def weights_dict(self) -> dict[str, Any]:
        """The weights as a model file writes them (six decimals)."""
        return {"mean": [round(float(v), 6) for v in self.mean], "scale": [round(float(v), 6) for v in self.scale],
                "coef": [round(float(v), 6) for v in self.coef], "intercept": round(float(self.intercept), 6)}


def read_weights(raw: dict[str, Any], file_format: str, what: str, features: tuple[str, ...],
                 dtype: type = np.float32) -> tuple[np.ndarray, np.ndarray, np.ndarray, float]:
    """A model file's ``mean``, ``scale``, ``coef`` and ``intercept``, after checking that it is a ``what`` model of
    ``file_format`` over this version's ``features`` (``InputError`` otherwise)."""
    if raw.get("format") != file_format:
        raise InputError(f"not a Redraft {what}")
    if tuple(raw["features"]) != features:
        raise InputError(f"{what} features differ from this version's (refit it)")
    return (np.asarray(raw["mean"], dtype=dtype), np.asarray(raw["scale"], dtype=dtype),
            np.asarray(raw["coef"], dtype=dtype), float(raw["intercept"]))
