"""A fitted second stage (``bench.second_stage``) applied to the corpus's reviews, as it would run in extraction.

    nice .venv/bin/python -m bench.second_stage_corpus /tmp/stage/second_stage_A.json --part train [--cache DIR]

The default's first stage scores each review as extraction does (``comments.score_units``); the words model's own
probability and the units the encoder read are recomputed as ``comments._score_with_encoder`` computes them; the
second stage's probability then replaces the first stage's, and its threshold the model's, for
``bench.measure_corpus_comments``. Only for measuring: extraction itself is not changed. Fit and read examples on
``--part train`` only.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np


def apply(stage) -> None:
    """Make ``engine.reviews.comments`` extract with ``stage`` after the default's first stage (this process only)."""
    from engine.reviews import comments
    from engine.reviews.classify import shipped_model
    from engine.reviews.cues import read_cues

    first = comments.score_units

    def score_units(per_review, model, encoder=None):
        scored = first(per_review, model, encoder)
        if not isinstance(model, comments.CommentEncoder):
            return scored
        words = model.words if model.words is not None else shipped_model(model.blend_with)
        lo, hi = model.band
        out = []
        for units, (prob, fine) in zip(per_review, scored):
            views = [comments._scoring_view(u) for u in units]
            w = words.predict(views)[0] if views else np.zeros(0)
            asks = np.array([read_cues(u.text).explicit or read_cues(u.text).implied for u in views], dtype=bool)
            read = ((w >= lo) & (w <= hi)) | asks
            out.append((stage.predict(views, prob, w, read), fine))
        return out

    comments.score_units = score_units
    comments.model_threshold = lambda model: stage.threshold


def main(argv: list[str] | None = None) -> int:
    from bench.measure_corpus_comments import measure
    from bench.second_stage import SecondStage
    from corpus.build_revisions import default_out

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("stage", type=Path)
    ap.add_argument("--part", choices=("train",), required=True)
    ap.add_argument("--cache", type=Path, default=None)
    args = ap.parse_args(argv)
    apply(SecondStage.from_json(json.loads(args.stage.read_text("utf-8"))))
    got = measure(args.part, args.cache or default_out())
    print(json.dumps({k: v for k, v in got.items() if k != "per_revision"}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
