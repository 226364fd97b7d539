"""The learned aligner's link model (issue 32): a standardised logistic regression over per-pair ``FEATURES``, with
its decision settings. Apart from ``learned.py`` so that ``trees.py`` (its gradient-boosted form) builds on it and
``learned.link_model`` reads either file without an import cycle."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import numpy as np

from engine.align.evidence import FEATURES as EVIDENCE_FEATURES, sigmoid
from engine.models.linear import StandardisedLinear, read_weights

#: First stage: per comment, this many best edits by BM25 and by changed-words BM25 join the evidence pairs.
FIRST_STAGE = 8
#: ``named`` (the comment names the edit's section/figure/table/equation) is not among them: dropping it helped
#: leave-papers-out on the training part (docs/figures-align.md); it still gates the first stage through ``allowed``.
FEATURES = tuple(f for f in EVIDENCE_FEATURES if f != "named") + (
    "allowed", "bm25_rank", "changed_rank", "cosine_rank", "cosine_gap", "size", "surface", "substantive", "added",
    "comment_words",
)


@dataclass
class LinkModel(StandardisedLinear):
    """Standardised logistic regression over ``features``, with its decision settings."""

    threshold: float = 0.5
    max_edits: int = 5
    #: Comment probability bands: ``addressed`` from this up, ``partly`` from that up (below: not addressed).
    bands: dict[str, float] = field(default_factory=lambda: {"addressed": 0.5, "partly": 0.35})
    meta: dict[str, Any] = field(default_factory=dict)
    #: The first stage it was fitted on and scores: each comment's ``first_stage`` best edits by BM25 and by
    #: changed-words BM25 join the evidence aligner's linkable pairs (0: those pairs alone).
    first_stage: int = FIRST_STAGE

    def probabilities(self, x: np.ndarray, mask: np.ndarray) -> np.ndarray:
        """The model's probability that each pair is a link (calibrated leave-papers-out on the training part)."""
        return np.where(mask, sigmoid(self.logits(x)), 0.0).astype(np.float32)

    def status_scale(self, probs: np.ndarray) -> np.ndarray:
        """``probs`` mapped (monotone, piecewise linear) so that this model's link threshold and status bands fall on
        the app's (``status.LINK_P``, ``PARTLY_P``, ``ADDRESSED_P``): the statuses then follow the bands fitted with
        the model, and ranks and links do not change. What the app shows and stores."""
        from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P

        t = self.threshold
        partly = max(self.bands["partly"], t)
        addressed = max(self.bands["addressed"], partly)
        # a partly band at (or below) the link threshold: every comment with a link shown is partly addressed, so
        # the scale steps from just under LINK_P to PARTLY_P at the threshold (still monotone)
        steps = [(t, LINK_P)] if partly > t + 1e-6 else [(t - 1e-6, 0.999 * LINK_P), (t, PARTLY_P)]
        xs, ys = [0.0], [0.0]
        for x, y in (*steps, (partly, PARTLY_P), (addressed, ADDRESSED_P), (1.0, 1.0)):
            if x > xs[-1] + 1e-7:
                xs.append(x)
                ys.append(max(y, ys[-1]))
        return np.where(probs > 0, np.interp(probs, xs, ys), 0.0).astype(np.float32)

    def settings_dict(self) -> dict[str, Any]:
        """The decision settings as the model file stores them (this form's and ``trees.TreeLinkModel``'s)."""
        return {"threshold": round(float(self.threshold), 4), "max_edits": int(self.max_edits),
                "first_stage": int(self.first_stage), "bands": {k: round(float(v), 4) for k, v in self.bands.items()},
                **({"meta": self.meta} if self.meta else {})}

    def to_dict(self) -> dict[str, Any]:
        return {"format": "redraft-align-link-model", "version": 1, "features": list(self.features),
                **self.weights_dict(), **self.settings_dict()}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> LinkModel:
        weights = read_weights(raw, "redraft-align-link-model", "alignment model", FEATURES)
        return cls(FEATURES, *weights, float(raw["threshold"]), int(raw["max_edits"]), dict(raw["bands"]),
                   dict(raw.get("meta", {})), int(raw.get("first_stage", 8)))  # 8: the models of rounds one to three
