"""The all-papers comment↔edit encoder as a model folder, and its int8 against float32 cosines (issue 32).

    .venv/bin/python -m bench.align_encoder_assemble LAYERS_DIR VARIANT FOLDER [--pairs FILE.pkl] [--papers N]

Writes FOLDER: the embedded all-MiniLM-L6-v2's config, tokenizer and pooling files and a ``model.safetensors``
with its own embeddings and the six layers ``bench.align_encoder_gpu`` tuned on every training paper
(``LAYERS_DIR/VARIANT_layers_{a,b}.safetensors``, float16, read as float32). Then runs it on ONNX Runtime as the
engine runs an encoder (``OnnxEncoder``, ``fp32`` and ``int8``) over the first ``N`` training papers' comments and
edit sentences (``--pairs``: the pickle ``bench.align_encoder_oof`` keeps) and prints how far the int8 sentence-max
cosines are from the float ones on the first-stage pairs, and how many comments' best edit changes. In-sample
(the model was tuned on these papers): a check of the runtime, not of quality.
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


def main(argv: list[str] | None = None) -> int:
    from bench.align_encoder_gpu_prep import edit_pieces
    from engine.align.base import candidate_edits
    from engine.align.embed import sentence_cosines
    from engine.models.encoders.onnx_encoder import OnnxEncoder

    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_assemble")
    ap.add_argument("layers"), ap.add_argument("variant"), ap.add_argument("out")
    ap.add_argument("--pairs")
    ap.add_argument("--papers", type=int, default=5)
    args = ap.parse_args(argv)
    folder = assemble(Path(args.layers), args.variant, Path(args.out))
    if not args.pairs:
        return 0
    pairs = pickle.loads(Path(args.pairs).read_bytes())[: args.papers]
    runs = {p: OnnxEncoder(folder, precision=p, threads=2) for p in ("fp32", "int8")}
    worst, changed, comments, pairs_n = 0.0, 0, 0, 0
    for pp in pairs:
        pieces = [edit_pieces(e)[args.variant] for e in candidate_edits(pp.paper.diff)]
        queries = [c.full_text for c in pp.paper.comments]
        m = {p: sentence_cosines(enc, queries, pieces) for p, enc in runs.items()}
        diff = np.abs(m["int8"] - m["fp32"])[pp.mask]
        worst = max(worst, float(diff.max()) if diff.size else 0.0)
        pairs_n += int(pp.mask.sum())
        for i in range(len(queries)):
            if pp.mask[i].any():
                comments += 1
                best = [int(np.argmax(np.where(pp.mask[i], m[p][i], -np.inf))) for p in ("fp32", "int8")]
                changed += best[0] != best[1]
    print(f"{len(pairs)} papers, {pairs_n} first-stage pairs: int8 against float32 sentence-max cosine, largest "
          f"difference {worst:.4f}; best edit changed for {changed} of {comments} comments")
    return 0


if __name__ == "__main__":
    sys.exit(main())
