"""Fit the extractive TLDR weights on SciTLDR train and print ROUGE on dev; or
compare the LLM TLDR modes with lead and extractive on a slice of one split.

    .venv/bin/python -m bench.tune_tldr [DATA_DIR]
    .venv/bin/python -m bench.tune_tldr [DATA_DIR] --llm --split train --start 0 --limit 60
        [--modes rewrite,abstract,pick] [--model embedded] [--threads 2] [--gpu-layers 0]

The first form prints the fitted ``WEIGHTS`` (paste into
engine/generate/extractive.py) and dev ROUGE-1/2/L (max over references) of
lead and extractive. The second scores, on the same papers, lead, extractive
and each LLM mode of ``TldrGenerator`` (an LLM candidate that fails the checks
or the 15-25 word rule is replaced by the extractive TLDR, as in the app; the
failure count is printed), plus each mode as written. Choose the default on
train, then report dev.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np

from bench.shared_data import shared_data_folder
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


def compare_llm(rows: list[dict], modes: list[str], generator) -> None:
    from engine.generate.tldr import TldrGenerator

    refs = [r["target"] for r in rows]
    extractive = [extractive_tldr(r["source"], r.get("title", "")) for r in rows]
    table = {"lead": [lead_tldr(r["source"]) for r in rows], "extractive": extractive}
    tldr = TldrGenerator(generator)
    written = {m: [] for m in modes}
    combined = {m: [] for m in modes}
    failed = dict.fromkeys(modes, 0)
    seconds = dict.fromkeys(modes, 0.0)
    for r, ext in zip(rows, extractive):  # all modes per paper: the paper's prompt prefix is evaluated once
        for mode in modes:
            start = time.perf_counter()
            c = tldr.generate(" ".join(s.strip() for s in r["source"]), r.get("title", ""), mode)
            seconds[mode] += time.perf_counter() - start
            written[mode].append(c.text)
            combined[mode].append(c.text if c.valid else ext)
            failed[mode] += not c.valid
    for mode in modes:
        table[f"{mode} (as written)"] = written[mode]
        table[f"{mode} + extractive fallback"] = combined[mode]
        print(f"{mode}: {failed[mode]}/{len(rows)} failed checks or length, "
              f"{seconds[mode] / len(rows):.1f} s per paper", flush=True)
    for name, preds in table.items():
        scores = corpus_rouge(preds, refs)
        print(f"{name:<32}", " / ".join(f"{scores[m]:.1f}" for m in METRICS))


def main() -> None:
    import argparse

    ap = argparse.ArgumentParser()
    ap.add_argument("data", nargs="?", default=str(shared_data_folder()))
    ap.add_argument("--llm", action="store_true")
    ap.add_argument("--split", default="train")
    ap.add_argument("--start", type=int, default=0)
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--modes", default="rewrite,abstract,pick")
    ap.add_argument("--model", default="embedded")
    ap.add_argument("--threads", type=int, default=2)
    ap.add_argument("--gpu-layers", type=int, default=0)
    args = ap.parse_args()
    data = Path(args.data) / "scitldr"
    if args.llm:
        from engine.models.registry import open_generator

        rows = load(data / f"{args.split}.jsonl")[args.start : args.start + args.limit]
        generator = open_generator(args.model, n_ctx=4096, n_gpu_layers=args.gpu_layers, threads=args.threads)
        print(f"SciTLDR {args.split} papers {args.start}-{args.start + len(rows) - 1}, {generator.name}, "
              f"{args.threads} threads, {args.gpu_layers} GPU layers; ROUGE-1 / 2 / L F1 x100, max over gold TLDRs")
        compare_llm(rows, args.modes.split(","), generator)
        return
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
