"""Fit the extractive TLDR weights on SciTLDR train and print ROUGE on dev.

    .venv/bin/python bench/tune_tldr.py [DATA_DIR]

Prints the fitted ``WEIGHTS`` (paste into engine/generate/extractive.py) and
dev ROUGE-1/2/L (max over references) of lead, extractive (fitted weights)
and the oracle (the sentence with the best ROUGE-1).
"""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

import numpy as np

from engine.generate.extractive import FEATURES, extractive_tldr, lead_tldr, sentence_features
from engine.metrics.rouge import METRICS, corpus_rouge, multi_reference


def load(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]


def fit(rows: list[dict], ridge: float = 1.0) -> dict[str, float]:
    xs, ys = [], []
    for row in rows:
        sents = [s.strip() for s in row["source"] if s.strip()]
        if len(sents) < 2:
            continue
        feats = sentence_features(sents, row.get("title", ""))
        target = np.array([np.mean(list(multi_reference(s, row["target"]).values())) for s in sents])
        xs.append(feats - feats.mean(axis=0))
        ys.append(target - target.mean())
    x, y = np.vstack(xs), np.concatenate(ys)
    w = np.linalg.solve(x.T @ x + ridge * np.eye(x.shape[1]), x.T @ y)
    return {f: round(float(v), 4) for f, v in zip(FEATURES, w)}


def main() -> None:
    data = Path(sys.argv[1] if len(sys.argv) > 1 else "../shared/data") / "scitldr"
    start = time.perf_counter()
    weights = fit(load(data / "train.jsonl"))
    print(f"fitted on train in {time.perf_counter() - start:.1f} s")
    print("WEIGHTS =", json.dumps(weights, indent=4))
    dev = load(data / "dev.jsonl")
    refs = [r["target"] for r in dev]
    for name, pick in [
        ("lead", lambda r: lead_tldr(r["source"])),
        ("extractive", lambda r: extractive_tldr(r["source"], r.get("title", ""), weights)),
    ]:
        scores = corpus_rouge([pick(r) for r in dev], refs)
        print(f"{name:<11}", " / ".join(f"{scores[m]:.1f}" for m in METRICS))


if __name__ == "__main__":
    main()
