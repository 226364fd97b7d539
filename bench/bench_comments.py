"""Comment extraction speed: one 2,000-word review, models loaded, embedding cache cold.

Target (issue 14): < 0.5 s per 2,000-word review once models are loaded. The
review is built from real DISAPERE dev reviews (joined until 2,000 words) and
the encoders run without an embedding cache and the cue cache is cleared, so
every run encodes and reads every sentence; the figure is the median of
``--repeat`` runs. The lexical model (the default), the frozen-MiniLM blend and,
when ``resources/models/comments/encoder.onnx`` is shipped, the fine-tuned
encoder blend (``engine/reviews/encoder_model.py``) are timed the same way, as it
runs (read only on the units in its band), read on every unit, and with its float
operators in double (``float64_graph.py``); a blend's time includes the lexical
model's.

    .venv/bin/python -m bench.bench_comments [--data ../shared/data] [--repeat 20]
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path

from bench.shared_data import shared_data_folder


def review_text(data: Path, words: int = 2000) -> str:
    parts, n = [], 0
    for line in (data / "disapere" / "dev.jsonl").read_text(encoding="utf-8").splitlines():
        text = json.loads(line)["text"]
        parts.append(text)
        n += len(text.split())
        if n >= words:
            break
    return " ".join(" ".join(parts).split(" ")[:words])


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--data", default=str(shared_data_folder()))
    ap.add_argument("--repeat", type=int, default=20)
    args = ap.parse_args()
    text = "## Reviewer 1\n\n" + review_text(Path(args.data))
    from engine.reviews import parse_reviews
    from engine.reviews.classify import shipped_model
    from engine.reviews.comments import extract_comments, minilm_encoder
    from engine.reviews.cues import read_cues
    from engine.reviews.encoder_model import comment_encoder, encoder_files, load_encoder

    models = {"lexical": shipped_model("lexical"), "minilm": shipped_model("minilm")}
    if comment_encoder() is not None:  # resources/models/comments/encoder.onnx, when shipped
        models["encoder"] = comment_encoder()  # read only on the units in its band
        models["encoder_every_unit"] = replace(comment_encoder(), meta={**comment_encoder().meta, "band": [0.0, 1.0]})
        # its float operators in double (the same logits on every CPU; not the default: docs/comments.md, round
        # ten, cross-CPU)
        models["encoder_float64"] = replace(comment_encoder(), session=load_encoder(
            *encoder_files(), threads=comment_encoder().session.get_session_options().intra_op_num_threads,
            float64=True).session)
    encoder = minilm_encoder(cache=None).load()
    for model in models.values():  # warm-up: ONNX sessions, first batch
        extract_comments(parse_reviews(text), model=model, encoder=encoder)
    figures = {}
    for name, model in models.items():
        times, count = [], 0
        for _ in range(args.repeat):
            read_cues.cache_clear()  # nothing carried over from the previous run
            start = time.perf_counter()
            comments = extract_comments(parse_reviews(text), model=model, encoder=encoder)
            times.append(time.perf_counter() - start)
            count = len(comments)
        figures[name] = {"median_s": round(statistics.median(times), 3), "max_s": round(max(times), 3),
                         "comments": count}
    print(json.dumps({"words": len(text.split()), "repeat": args.repeat, "cpus": os.cpu_count(), **figures}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
