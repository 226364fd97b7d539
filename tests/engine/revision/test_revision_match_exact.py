"""The paragraph matcher's overlaps are exact counts, the same on every CPU (session 19: scipy's elementwise sparse
product summed over rows undercounted shared bigrams on AVX2 CPUs, so cgo18's diff paired paragraphs differently
there than on AVX-512 ones)."""

from __future__ import annotations

import random

import numpy as np

from engine.revision.match import Bigrams, _candidates


def test_candidate_overlaps_are_the_exact_shared_bigram_counts() -> None:
    rng = random.Random(0)
    words = [f"w{k}" for k in range(60)]
    src = [[rng.choice(words) for _ in range(rng.randint(5, 80))] for _ in range(40)]
    tgt = [p[: rng.randint(3, len(p))] + [rng.choice(words) for _ in range(rng.randint(0, 20))] for p in src]
    rng.shuffle(tgt)
    bigrams = Bigrams(src, tgt)
    rows, cols = np.arange(len(src)), np.arange(len(tgt))
    r, c, overlap = _candidates(bigrams, rows, cols)
    assert len(r) > 100
    for a, b, o in zip(r.tolist(), c.tolist(), overlap.tolist()):
        shared, exact = bigrams.overlap([a], [b])
        assert shared > 0 and o == exact
