"""The all-papers comment↔edit encoder as a model folder, and its int8 against float32 cosines (issue 32).

    .venv/bin/python -m bench.align_encoder_assemble LAYERS_DIR VARIANT FOLDER [--pairs FILE.pkl] [--papers N]

Writes FOLDER: the embedded all-MiniLM-L6-v2's config, tokenizer and pooling files and a ``model.safetensors``
with its own embeddings and the six layers ``bench.align_encoder_gpu`` tuned on every training paper
(``LAYERS_DIR/VARIANT_layers_{a,b}.safetensors``, float16, read as float32). Then runs it in float32 on ONNX
Runtime (``OnnxEncoder``) beside the shipped int8 layers (``engine.align.tuned.tuned_encoder``) over the training
papers' comments and first-stage edit sentences (``--pairs``: the pickle ``bench.fit_align_model --pairs`` keeps)
and prints how far the int8 sentence-max cosines are from the float ones on the first-stage pairs, and for how many
comments the shipped ``learned`` model's decisions change (its shown links, best edit and status, with the
answered-at-all model) when its ``tuned`` feature comes from one or the other. In-sample (the encoder was tuned on
these papers, and the link model fitted on them): a check of the runtime, not of quality.
"""

from __future__ import annotations

import argparse
import pickle
import shutil
import sys
from pathlib import Path

import numpy as np


def assemble(layers: Path, variant: str, out: Path) -> Path:
    from safetensors.numpy import load_file, save_file

    from engine.models.embedded import encoder_path

    base = encoder_path()
    out.mkdir(parents=True, exist_ok=True)
    for name in ("config.json", "tokenizer.json", "tokenizer_config.json", "special_tokens_map.json",
                 "sentence_bert_config.json", "modules.json", "vocab.txt"):
        if (base / name).is_file():
            shutil.copy(base / name, out / name)
    shutil.copytree(base / "1_Pooling", out / "1_Pooling", dirs_exist_ok=True)
    weights = load_file(str(base / "model.safetensors"))
    tuned = {}
    for half in "ab":
        tuned |= load_file(str(layers / f"{variant}_layers_{half}.safetensors"))
    assert set(tuned) == {k for k in weights if k.startswith("encoder.")}, "the tuned file's layers differ"
    weights |= {k: v.astype(np.float32) for k, v in tuned.items()}
    save_file(weights, str(out / "model.safetensors"))
    return out


def decisions(pp, model, answered, tuned: np.ndarray) -> tuple[dict, dict, dict]:
    """What the app shows of one paper under ``model`` and ``answered`` with ``tuned`` as the tuned cosines: each
    comment's shown links, best edit and status."""
    from engine.align.calibrate import Scored, predictions
    from engine.align.corpus_eval import app_status
    from engine.align.learn_answered import scored_answered
    from engine.align.learned import inverse_rank
    from engine.align.status import LINK_P

    cos = np.where(pp.mask, tuned, 0.0).astype(np.float32)
    x = np.concatenate([pp.x[:, :, :-2], np.stack([cos, inverse_rank(cos, pp.mask)], axis=2)], axis=2)
    raw = model.probabilities(x, pp.mask)
    probs = model.status_scale(raw)
    a = answered.status_scale(scored_answered(pp, raw, model.threshold, answered))
    ids = [c.id for c in pp.paper.comments]
    shown = predictions([Scored(ids, pp.edit_ids, probs, pp.paper.gold)], LINK_P, model.max_edits)
    best = {cid: (pp.edit_ids[int(np.argmax(probs[i]))] if probs[i].max() > 0 else None) for i, cid in enumerate(ids)}
    status = {cid: app_status(probs[i], float(a[i])) for i, cid in enumerate(ids)}
    return shown, best, status


def main(argv: list[str] | None = None) -> int:
    from engine.align.answered import shipped_answered
    from engine.align.base import candidate_edits
    from engine.align.learned import shipped_model
    from engine.align.tuned import tuned_cosines, tuned_encoder
    from engine.models.encoders.onnx_encoder import OnnxEncoder

    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_assemble")
    ap.add_argument("layers"), ap.add_argument("variant"), ap.add_argument("out")
    ap.add_argument("--pairs", help="the training part's pair features (bench.fit_align_model --pairs)")
    ap.add_argument("--papers", type=int, default=0, help="the first N papers only (0: all)")
    args = ap.parse_args(argv)
    folder = assemble(Path(args.layers), args.variant, Path(args.out))
    if not args.pairs:
        return 0
    pairs = pickle.loads(Path(args.pairs).read_bytes())
    pairs = pairs[: args.papers] if args.papers else pairs
    runs = {"fp32": OnnxEncoder(folder, precision="fp32", threads=2), "int8": tuned_encoder(threads=2)}
    model, answered = shipped_model(), shipped_answered()
    worst, pairs_n, comments = 0.0, 0, 0
    changed = {"cosine best edit": 0, "shown links": 0, "best edit": 0, "status": 0}
    for pp in pairs:
        edits = candidate_edits(pp.paper.diff)
        m = {p: tuned_cosines(enc, pp.paper.comments, edits, pp.mask) for p, enc in runs.items()}
        diff = np.abs(m["int8"] - m["fp32"])[pp.mask]
        worst = max(worst, float(diff.max()) if diff.size else 0.0)
        pairs_n += int(pp.mask.sum())
        got = {p: decisions(pp, model, answered, m[p]) for p in m}
        for i, c in enumerate(pp.paper.comments):
            comments += 1
            if pp.mask[i].any():
                best = [int(np.argmax(np.where(pp.mask[i], m[p][i], -np.inf))) for p in ("fp32", "int8")]
                changed["cosine best edit"] += best[0] != best[1]
            for k, name in enumerate(("shown links", "best edit", "status")):
                changed[name] += got["fp32"][k][c.id] != got["int8"][k][c.id]
    print(f"{len(pairs)} papers, {comments} comments, {pairs_n} first-stage pairs: the shipped int8 layers against "
          f"float32, largest sentence-max cosine difference {worst:.4f}; comments whose decision changes: "
          + ", ".join(f"{k} {v}" for k, v in changed.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
