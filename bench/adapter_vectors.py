"""Session 23 (issue 32): the untuned embedded MiniLM's vectors of the training part's texts, for the learned
similarity over encoder vectors (``engine.align.adapter``; docs/figures-align.md, "Session 23: a learned
similarity over encoder vectors").

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.adapter_vectors PAIRS.pkl OUT.npz

Embeds, once, every comment's ``full_text`` and every sentence (``changed_sentences``) of every edit inside a
comment's first stage, with the embedded MiniLM as the engine runs it (int8 ONNX, exact-int8 layers, L2-normalised;
not the tuned layers, which saw training papers). ``OUT.npz``: ``keys`` (each distinct text's
``engine.align.tuned.sentence_key``) and ``vectors`` (float32, one row each). Reads the training part's pairs only.
"""

from __future__ import annotations

import argparse
import pickle
import sys
import time
from pathlib import Path

import numpy as np


def pair_texts(pp) -> tuple[list[str], dict[str, list[str]]]:
    """A paper's comment texts and, per first-stage edit id, the sentences it wrote (what the vectors cover)."""
    from engine.align.base import candidate_edits
    from engine.align.embed import changed_sentences

    edits = {e.id: e for e in candidate_edits(pp.paper.diff)}
    cols = np.flatnonzero(pp.mask.any(axis=0))
    return ([c.full_text for c in pp.paper.comments],
            {pp.edit_ids[j]: changed_sentences(edits[pp.edit_ids[j]]) for j in cols})


def all_texts(pairs) -> list[str]:
    out: dict[str, None] = {}
    for pp in pairs:
        comments, sentences = pair_texts(pp)
        out.update(dict.fromkeys(comments))
        for s in sentences.values():
            out.update(dict.fromkeys(s))
    return list(out)


def main(argv: list[str] | None = None) -> int:
    from engine.align.tuned import sentence_key
    from engine.models.factory import open_model

    ap = argparse.ArgumentParser(prog="python -m bench.adapter_vectors")
    ap.add_argument("pairs")
    ap.add_argument("out")
    a = ap.parse_args(argv)
    if not Path(a.pairs).is_file():
        print(f"error: no such pairs file: {a.pairs}", file=sys.stderr)
        return 2
    texts = all_texts(pickle.loads(Path(a.pairs).read_bytes()))
    encoder = open_model("encoder", cache=None, threads=1)
    start = time.perf_counter()
    vectors = np.concatenate([encoder.encode(texts[k:k + 256]) for k in range(0, len(texts), 256)])
    print(f"{len(texts)} texts embedded in {time.perf_counter() - start:.0f} s", flush=True)
    np.savez(a.out, keys=np.array([sentence_key(t) for t in texts]), vectors=vectors.astype(np.float32))
    return 0


if __name__ == "__main__":
    sys.exit(main())
