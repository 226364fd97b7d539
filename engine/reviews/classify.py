"""Which review sentences are actionable, and of which fine type: logistic
regressions fitted on DISAPERE's train split (``engine.reviews.fit``).

Two shipped models, plain JSON under ``resources/models/comments/``:

- ``minilm.json``: the MiniLM sentence embedding (the embedded encoder, int8
  ONNX) plus cue features; the default.
- ``lexical.json``: word unigrams and bigrams plus the same cue features, for
  when no encoder can run.

Each holds a binary model (actionable or not, Platt-calibrated on
out-of-fold scores inside train, with the decision threshold chosen there),
a multinomial model of fine types, and its provenance (DISAPERE, CC BY-NC 4.0,
Kennard et al., NAACL 2022).
"""

from __future__ import annotations

import json
import math
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

import numpy as np

from engine.reviews.cues import IMPERATIVE, read_cues
from engine.reviews.units import SentenceUnit

_TOKEN = re.compile(r"[a-z][a-z'-]*|\d+|[?]")
KINDS = ("rich", "poor", "neutral")
CUE_NAMES = (
    "request", "question", "negative", "weak", "soft", "praise", "summary", "verdict", "vague",
    "kind_rich", "kind_poor", "kind_neutral", "item", "first", "colon", "log_words", "imperative",
    "prev_colon", "prev_question", "next_question", "has_lead", "position", "bias",
)


def cue_features(units: list[SentenceUnit]) -> np.ndarray:
    """One row of cue features per unit (``CUE_NAMES``)."""
    rows = np.zeros((len(units), len(CUE_NAMES)), dtype=np.float32)
    n = max(1, len(units) - 1)
    for i, u in enumerate(units):
        c = read_cues(u.text)
        prev = units[i - 1] if i and units[i - 1].block == u.block else None
        nxt = units[i + 1] if i + 1 < len(units) and units[i + 1].block == u.block else None
        rows[i] = (
            c.request, c.question, c.negative, c.weak, c.soft, c.praise, c.summary, c.verdict, c.vague,
            u.kind == "rich", u.kind == "poor", u.kind == "neutral", u.is_item, u.index == 0,
            u.text.rstrip().endswith(":"), math.log1p(len(u.text.split())) / 4, bool(IMPERATIVE.match(u.text)),
            bool(prev and prev.text.rstrip().endswith(":")), bool(prev and prev.text.rstrip().endswith("?")),
            bool(nxt and nxt.text.rstrip().endswith("?")), bool(u.lead_in), i / n, 1.0,
        )
    return rows


def ngrams(text: str) -> list[str]:
    toks = _TOKEN.findall(text.lower())
    return toks + [f"{a} {b}" for a, b in zip(toks, toks[1:])]


@dataclass
class Linear:
    """A fitted linear model: ``coef`` (classes x features, or 1 x features) and ``intercept``."""

    coef: np.ndarray
    intercept: np.ndarray

    def decision(self, x: np.ndarray) -> np.ndarray:
        return x @ self.coef.T + self.intercept


@dataclass
class CommentModel:
    """A loaded model file (see the module docstring)."""

    name: str
    uses_encoder: bool
    binary: Linear
    #: Platt scaling of the binary decision value: p = sigmoid(a * z + b).
    platt: tuple[float, float]
    threshold: float
    fine_labels: tuple[str, ...]
    fine: Linear
    vocabulary: dict[str, int]
    meta: dict[str, Any]

    def features(self, units: list[SentenceUnit], embeddings: np.ndarray | None) -> np.ndarray:
        cues = cue_features(units)
        if self.uses_encoder:
            if embeddings is None:
                raise ValueError("this model needs sentence embeddings")
            return np.hstack([np.asarray(embeddings, dtype=np.float32), cues])
        bag = np.zeros((len(units), len(self.vocabulary)), dtype=np.float32)
        for i, u in enumerate(units):
            for g in ngrams(u.text):
                j = self.vocabulary.get(g)
                if j is not None:
                    bag[i, j] = 1.0
        return np.hstack([bag, cues])

    def predict(self, units: list[SentenceUnit], embeddings: np.ndarray | None = None) -> tuple[np.ndarray, list[str]]:
        """Calibrated probability that each unit is actionable, and its fine type."""
        if not units:
            return np.zeros(0), []
        x = self.features(units, embeddings)
        z = self.binary.decision(x)[:, 0]
        a, b = self.platt
        prob = 1.0 / (1.0 + np.exp(-(a * z + b)))
        fine = self.fine.decision(x).argmax(axis=1)
        return prob, [self.fine_labels[k] for k in fine]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "redraft-comment-model", "version": 1, "name": self.name, "uses_encoder": self.uses_encoder,
            "cue_names": list(CUE_NAMES), "threshold": self.threshold, "platt": list(self.platt),
            "binary": {"coef": _round(self.binary.coef), "intercept": _round(self.binary.intercept)},
            "fine": {"labels": list(self.fine_labels), "coef": _round(self.fine.coef),
                     "intercept": _round(self.fine.intercept)},
            "vocabulary": sorted(self.vocabulary, key=self.vocabulary.get), "meta": self.meta,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "CommentModel":
        if data.get("format") != "redraft-comment-model" or list(data.get("cue_names", [])) != list(CUE_NAMES):
            raise ValueError("not a comment model of this version of Redraft")

        def lin(d: dict[str, Any]) -> Linear:
            return Linear(np.asarray(d["coef"], dtype=np.float32), np.asarray(d["intercept"], dtype=np.float32))

        return cls(
            name=data["name"], uses_encoder=bool(data["uses_encoder"]), binary=lin(data["binary"]),
            platt=(float(data["platt"][0]), float(data["platt"][1])), threshold=float(data["threshold"]),
            fine_labels=tuple(data["fine"]["labels"]), fine=lin(data["fine"]),
            vocabulary={w: i for i, w in enumerate(data.get("vocabulary", []))}, meta=data.get("meta", {}),
        )


def _round(a: np.ndarray) -> list:
    return np.round(np.asarray(a, dtype=np.float64), 5).tolist()


@lru_cache(maxsize=4)
def shipped_model(name: str) -> CommentModel:
    """``minilm`` or ``lexical`` from ``resources/models/comments``."""
    from engine.resources import resource

    return CommentModel.from_json(json.loads(resource("models", "comments", f"{name}.json").read_text("utf-8")))
