"""Whether the revision answered a comment at all: a per-comment model for the ``learned`` aligner's statuses.

The link model (``engine.align.learned``) says how likely each edit answers a comment; a comment's status read
from its best link alone missed many answered comments on papers it was not fitted on (issue 32). This model
reads the comment's whole row of link probabilities beside what the comment is and what the revision did
(``FEATURES``): the best and second link probabilities and their gap, how many candidates there are and how many
pass the link threshold, the comment's fine type and length, whether it asks a question, lists corrections or asks
for an experiment, whether an edit rewrote a paragraph it is located at or sits in the section, figure, table or
equation it names, whether an edit changed words it quotes, and the revision's edit density. A logistic
regression (standardised features) turns them into the probability that the revision answers the comment.

It is fitted on link probabilities each training paper got from a link model fitted without it (inner
leave-papers-out), so it sees what a new paper's rows look like; its bands (``addressed``, ``partly``) are chosen
on its own leave-papers-out probabilities (``engine.align.learn_answered``; docs/figures-align.md) and shipped in
``resources/models/align/answered.json``.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

import numpy as np

from engine.align.cues import quotes, replacements
from engine.align.evidence import FEATURES as EVIDENCE_FEATURES, sigmoid
from engine.align.letter import FEATURES as LETTER_ONLY
from engine.models.linear import StandardisedLinear, read_weights
from engine.reviews.fine_types import fine_type
from engine.reviews.model import FINE_TYPES, ReviewComment

FEATURES = (
    "best", "second", "gap", "candidates", "passing", "words", "question", "corrections",
    "located", "named", "quoted", "density",
) + tuple(f"type_{t}" for t in FINE_TYPES if t != "criticism")
#: ``FEATURES`` and the response letter's (``engine.align.letter.FEATURES``): the model used when the authors' letter
#: is given (``answered-letter.json``; docs/figures-align.md, "Session 25: the response letter as evidence").
LETTER_FEATURES = FEATURES + LETTER_ONLY


def comment_features(comments: Sequence[ReviewComment], probs: np.ndarray, evidence: np.ndarray,
                     threshold: float, density: float) -> np.ndarray:
    """Comments × ``FEATURES`` from the link model's probabilities (comments × edits, raw: before the status
    scale), the evidence tensor (comments × edits × evidence features), the link threshold and the revision's edit
    density (``edit_density``)."""
    n = len(comments)
    out = np.zeros((n, len(FEATURES)), dtype=np.float32)
    col = {f: k for k, f in enumerate(FEATURES)}
    ev = {name: k for k, name in enumerate(EVIDENCE_FEATURES)}
    for i, c in enumerate(comments):
        row = probs[i] if probs.size else np.zeros(0, dtype=np.float32)
        top = np.sort(row)[::-1][:2] if row.size else np.zeros(0)
        best = float(top[0]) if top.size else 0.0
        second = float(top[1]) if top.size > 1 else 0.0
        text = c.full_text
        kind = fine_type(c)
        cand = row > 0
        values = {
            "best": best, "second": second, "gap": best - second,
            "candidates": math.log1p(int(cand.sum())), "passing": math.log1p(int((row >= threshold).sum())),
            "words": math.log1p(len(text.split())), "question": float("?" in text),
            "corrections": math.log1p(len(replacements(text)) + len(quotes(text))),
            "density": density,
        }
        for name in ("located", "named", "quoted"):  # over the candidates: some edit has it
            values[name] = float(evidence[i, cand, ev[name]].max()) if cand.any() else 0.0
        if kind != "criticism":
            values[f"type_{kind}"] = 1.0
        for f, v in values.items():
            out[i, col[f]] = v
    return out


#: A comment that lists corrections in so many words, beside the quotes and replacements ``cues`` reads.
_CORRECTION = re.compile(r"\btypos?\b|should read|\bmisspel", re.IGNORECASE)


def lists_corrections(comment: ReviewComment) -> bool:
    """The comment asks for exact changes: "X" -> "Y", a quoted phrase, "typo", "should read", or fine type typo."""
    text = comment.full_text
    return bool(replacements(text) or quotes(text) or _CORRECTION.search(text) or fine_type(comment) == "typo")


def made_corrections(comments: Sequence[ReviewComment], probs: np.ndarray, answered: np.ndarray,
                     evidence: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``probs`` (comments × edits) and ``answered`` (per comment), both on the status scale, with each comment that
    lists corrections (``lists_corrections``) and would be "partly (check)" raised to "addressed" when its best shown
    edit changed the very words it quotes (the evidence feature ``quoted``): a listed typo or wording fix that was
    made. Grouped leave-papers-out on the training part it turned 31 of those comments' "partly" into right
    "addressed" calls, 2 into wrong ones (pooled wrong "addressed" 2.1 % of 48 calls to 3.7 % of 81;
    docs/figures-align.md, round seven)."""
    from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P

    probs, answered = probs.copy(), answered.copy()
    if not probs.size:
        return probs, answered
    quoted = EVIDENCE_FEATURES.index("quoted")
    for i, c in enumerate(comments):
        j = int(np.argmax(probs[i]))
        if (probs[i, j] >= LINK_P and answered[i] >= PARTLY_P and evidence[i, j, quoted] > 0
                and lists_corrections(c)):
            answered[i] = max(answered[i], ADDRESSED_P)
            probs[i, j] = max(probs[i, j], ADDRESSED_P)
    return probs, answered


def sure_links(probs: np.ndarray, answered: np.ndarray, raw: np.ndarray, band: float) -> tuple[np.ndarray, np.ndarray]:
    """``probs`` (comments × edits) and ``answered`` (per comment), both on the status scale, after round eight's two
    rules (docs/figures-align.md): a comment with a link shown that the answered model calls at least "partly" is
    "addressed" when its best raw link probability (``raw``, the link model's) reaches ``band`` (the answered model's
    ``sure_link``, chosen on inner leave-papers-out comments so that these calls and today's are wrong at most 5 % of
    the time: ``learn_answered.sure_link_band``); and a comment whose best link reaches the link model's own
    "addressed" band is at least "partly (check)", never "not addressed". Grouped leave-papers-out on the training
    part: "addressed" calls 81 -> 169, wrong 3.7 % -> 4.7 %; found 75.0 -> 75.4 %. The first needs the band, which
    the shipped models do not have (``learn.SURE_LINK`` off: the callers pass ``inf``); the second is on."""
    from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P

    probs, answered = probs.copy(), answered.copy()
    if not probs.size:
        return probs, answered
    partly = np.nextafter(np.float32(PARTLY_P), np.float32(1))  # float32 0.35 is just under 0.35
    for i in range(len(answered)):
        j = int(np.argmax(probs[i]))
        if probs[i, j] >= LINK_P and answered[i] >= PARTLY_P and raw[i].max() >= band:
            answered[i] = max(answered[i], ADDRESSED_P)
            probs[i, j] = max(probs[i, j], ADDRESSED_P)
        if probs[i, j] >= ADDRESSED_P:
            answered[i] = max(answered[i], partly)
    return probs, answered


def edit_density(n_edits: int, n_paragraphs: int) -> float:
    """How much the revision changed: ``log1p`` of its edits per draft paragraph."""
    return math.log1p(n_edits / max(n_paragraphs, 1))


@dataclass
class AnsweredModel(StandardisedLinear):
    """Standardised logistic regression over ``FEATURES``: the probability that the revision answers a comment."""

    #: ``addressed`` from this probability up (with a link shown), ``partly`` from that up (below: not addressed);
    #: ``sure_link``, when fitted, the raw link probability from which a "partly" comment is "addressed"
    #: (``sure_links``).
    bands: dict[str, float] = field(default_factory=lambda: {"addressed": 0.8, "partly": 0.5})
    meta: dict[str, Any] = field(default_factory=dict)

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        return sigmoid(self.logits(x)) if len(x) else np.zeros(0, dtype=np.float32)

    def status_scale(self, probs: np.ndarray) -> np.ndarray:
        """``probs`` mapped (monotone, piecewise linear) so that this model's bands fall on the app's
        (``status.PARTLY_P``, ``ADDRESSED_P``): what the app stores and shows as the comment's probability."""
        from engine.align.status import ADDRESSED_P, PARTLY_P

        partly = min(max(self.bands["partly"], 1e-4), 1 - 2e-4)
        addressed = min(max(self.bands["addressed"], partly + 1e-4), 1 - 1e-4)
        return np.interp(probs, [0.0, partly, addressed, 1.0], [0.0, PARTLY_P, ADDRESSED_P, 1.0]).astype(np.float32)

    def to_dict(self) -> dict[str, Any]:
        return {"format": "redraft-align-answered-model", "version": 1, "features": list(self.features),
                **self.weights_dict(), "bands": {k: round(float(v), 4) for k, v in self.bands.items()},
                **({"meta": self.meta} if self.meta else {})}

    @classmethod
    def from_dict(cls, raw: dict[str, Any]) -> AnsweredModel:
        features = LETTER_FEATURES if tuple(raw.get("features", ())) == LETTER_FEATURES else FEATURES
        weights = read_weights(raw, "redraft-align-answered-model", "answered-comment model", features)
        return cls(features, *weights, dict(raw["bands"]), dict(raw.get("meta", {})))


@lru_cache(maxsize=2)
def shipped_answered(letter: bool = False) -> AnsweredModel:
    """The model fitted on the corpus's training part (``resources/models/align/answered.json``; with ``letter``, the
    one over ``LETTER_FEATURES``, ``answered-letter.json``, used when the authors' response letter is given)."""
    from engine.resources import resource

    name = "answered-letter.json" if letter else "answered.json"
    return AnsweredModel.from_dict(json.loads(resource("models", "align", name).read_text(encoding="utf-8")))
