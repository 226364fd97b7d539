"""Fine-tune the comment encoder on every DISAPERE train forum, its use chosen out of fold on all of them.

    nice -n 10 .venv/bin/python -m bench.crossfit_comment_encoder ../shared/data/disapere/train.jsonl OUT_DIR \
        [--work /tmp/redraft-encoder] [--top 6] [--epochs 2] [--lr 5e-5]

``bench.train_comment_encoder`` holds one fifth of train out (19 forums, 970 units, 188 requests): the encoder
never sees it, and it alone chooses the calibration, the blend with the words model, the threshold and the band
(``bench.choose_comment_encoder``). Here every forum does both jobs, in turn (cross-fitting):

1. five fine-tunings with the trainer's settings, each with one of ``engine.reviews.fit``'s five folds of forums
   held out; each is exported to int8 ONNX as it would ship and scores its held-out fold, each sentence run alone
   (as ``engine.reviews.encoder_model`` runs it): out-of-fold logits for all 94 forums;
2. ``choose_comment_encoder.choose_use`` chooses on all of them, against the words model's out-of-fold
   probabilities and fine types (5,087 units instead of 970);
3. one more fine-tuning, on every forum, is exported to ``OUT_DIR/encoder.onnx`` with those settings in
   ``encoder.json``.

The settings were chosen for models fitted on four fifths of train and are used for one fitted on all of it,
with the same recipe (epochs, learning rate, seed); the usual refit after cross-validation. Fold 0's model is
the one ``train_comment_encoder`` fits with the same settings. Dev is never read. Each fold's logits and the
final weights are kept in ``--work``, so an interrupted run resumes.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

import bench.train_comment_encoder as trainer
from bench.choose_comment_encoder import choose_use, explicit_requests, words_fine_out_of_fold
from bench.train_comment_encoder import FINE, FOLDS, SEED, log


def fold_logits(k: int, base, states, texts: list[str], y, fine, group, work: Path) -> tuple[np.ndarray, np.ndarray]:
    """Fold ``k``'s units scored by the int8 encoder fitted on the other folds."""
    from engine.reviews.encoder_model import load_encoder

    folder = work / f"fold{k}_top{trainer.TOP}_e{trainer.EPOCHS}_lr{trainer.LR:g}"
    saved = folder / "logits.npz"
    if saved.exists():
        got = np.load(saved)
        return got["z"], got["zf"]
    folder.mkdir(parents=True, exist_ok=True)
    log(f"fold {k}: fine-tuning without its forums")
    top = trainer.train_top(base, states, y, fine, np.flatnonzero(group % FOLDS != k), SEED)
    trainer.export(base, top, folder, work)
    (folder / "encoder.json").write_text(json.dumps({
        "format": "redraft-comment-encoder", "version": 1, "max_tokens": trainer.MAX_TOKENS,
        "fine_labels": list(FINE), "platt": [1.0, 0.0]}))
    model = load_encoder(folder / "encoder.onnx", folder / "encoder.json", threads=2)
    z, zf = model.logits([texts[i] for i in np.flatnonzero(group % FOLDS == k)])
    np.savez(saved, z=z, zf=zf)
    return z, zf


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("out")
    ap.add_argument("--work", default="/tmp/redraft-encoder", help="the trainer's cache, the folds' models and logits")
    ap.add_argument("--top", type=int, default=6, help="top encoder layers to train (default 6 = all)")
    ap.add_argument("--epochs", type=int, default=2, help="epochs (default 2)")
    ap.add_argument("--lr", type=float, default=5e-5, help="peak learning rate (default 5e-5)")
    ap.add_argument("--device", default="cpu", help="torch device for training, e.g. cuda (default cpu)")
    args = ap.parse_args(argv)
    trainer.TOP, trainer.EPOCHS, trainer.LR, trainer.DEVICE = args.top, args.epochs, args.lr, args.device
    import torch

    torch.set_num_threads(2)
    work, out = Path(args.work), Path(args.out)
    work.mkdir(parents=True, exist_ok=True)
    out.mkdir(parents=True, exist_ok=True)
    data, texts, y, fine, group = trainer.prepare(args.train)
    log(f"{len(texts)} units, {int(y.sum())} actionable, {len(data)} forums")
    tok, base = trainer.load_base()
    base.eval()
    states = trainer.cache_lower(texts, tok, base, work)
    lexical = trainer.lexical_oof(data, texts, work)

    z = np.zeros(len(texts), dtype=np.float32)
    zf = np.zeros((len(texts), len(FINE)), dtype=np.float32)
    words_fine: list[list[str]] = [[] for _ in data]
    forum_of = np.array(sorted(set(group.tolist())))
    for k in range(FOLDS):
        held = np.flatnonzero(group % FOLDS == k)
        z[held], zf[held] = fold_logits(k, base, states, texts, y, fine, group, work)
        forums = [int(i) for i in forum_of if i % FOLDS == k]
        for i, types in zip(forums, words_fine_out_of_fold(data, forums)):
            words_fine[i] = types
    settings, figures = choose_use(data, z, zf, lexical, list(FINE), words_fine, explicit_requests(texts))

    final = work / f"all_top{trainer.TOP}_e{trainer.EPOCHS}_lr{trainer.LR:g}.pt"
    if final.exists():
        top = trainer.make_top(base)
        top.load_state_dict(torch.load(final))
        top.eval()
    else:
        log(f"fine-tuning on all {len(data)} forums")
        top = trainer.train_top(base, states, y, fine, np.arange(len(texts)), SEED)
        torch.save(top.state_dict(), final)
    trainer.export(base, top, out, work)
    meta = {
        "format": "redraft-comment-encoder", "version": 1, "base": "all-MiniLM-L6-v2 (embedded)",
        "max_tokens": trainer.MAX_TOKENS, "fine_labels": list(FINE), **settings,
        "training": {"top_layers": trainer.TOP, "epochs": trainer.EPOCHS, "lr": trainer.LR, "batch": trainer.BATCH,
                     "seed": SEED, "units": len(texts), "positives": int(y.sum()), "forums": len(data)},
        # every figure out of fold: each forum scored by a model fitted without it (bench.crossfit_comment_encoder)
        "held_out_in_train": {"method": f"{FOLDS}-fold cross-fitting by forum", "forums": len(data),
                              "units": len(texts), **figures},
        "provenance": "Fine-tuned by bench/crossfit_comment_encoder.py on DISAPERE train.jsonl only (251 ICLR "
                      "2019-2020 reviews; Kennard et al., NAACL 2022, https://github.com/nnkennard/DISAPERE).",
        "licence": "CC BY-NC 4.0 (the data's licence; the base model all-MiniLM-L6-v2 is Apache-2.0)",
    }
    (out / "encoder.json").write_text(json.dumps(meta, indent=1) + "\n")
    log("wrote", out / "encoder.onnx", "and encoder.json:", json.dumps(meta["held_out_in_train"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
