"""GLEU as the JFLEG reference script computes it (keisks/jfleg ``eval/gleu.py``,
the 2016 version that treats multiple references fairly; Napoles et al. 2015).

For each sentence and one reference: the n-gram matches of the output with
the reference, minus the output n-grams that are in the source but not in
that reference (the source penalty), floored at 0, over the output's n-gram
count; plus output and reference lengths. Corpus GLEU sums these over
sentences, takes the geometric mean of the four precisions with BLEU's
brevity penalty, and is averaged over 500 iterations that each pick one
reference per sentence at random (``random.seed(101 * j)``, as the script
does). Sentences are split on whitespace: JFLEG's files are tokenised.
"""

from __future__ import annotations

import math
import random
from collections import Counter
from collections.abc import Sequence

import numpy as np

from engine.metrics.sari import check_shapes

ORDER = 4


def _ngrams(tokens: Sequence[str], n: int) -> Counter:
    return Counter(tuple(tokens[i : i + n]) for i in range(len(tokens) + 1 - n))


def sentence_stats(source: Sequence[str], output: Sequence[str], reference: Sequence[str]) -> list[int]:
    """[output length, reference length, matches_1, total_1, ..., matches_4, total_4]."""
    stats = [len(output), len(reference)]
    for n in range(1, ORDER + 1):
        out, ref, src = _ngrams(output, n), _ngrams(reference, n), _ngrams(source, n)
        src_not_ref = Counter({k: v for k, v in src.items() if k not in ref})
        matched = sum((out & ref).values()) - sum((out & src_not_ref).values())
        stats += [max(matched, 0), max(len(output) + 1 - n, 0)]
    return stats


def gleu_from_stats(stats: Sequence[float], smooth: bool = False) -> float:
    """GLEU (0-1) from summed statistics; 0 when any count is 0 (unless smoothed)."""
    if smooth:
        stats = [s if s != 0 else 1 for s in stats]
    if any(s == 0 for s in stats):
        return 0.0
    c, r = stats[0], stats[1]
    log_prec = sum(math.log(m / t) for m, t in zip(stats[2::2], stats[3::2])) / ORDER
    return math.exp(min(0.0, 1 - r / c) + log_prec)


def corpus_gleu(
    sources: Sequence[str], outputs: Sequence[str], references: Sequence[Sequence[str]],
    iterations: int = 500,
) -> float:
    """Corpus GLEU on 0-100: the mean over ``iterations`` random reference choices."""
    check_shapes(sources, outputs, references)
    n_refs, n_sents = len(references), len(sources)
    choices = []
    for j in range(iterations):
        random.seed(j * 101)
        choices.append([random.randint(0, n_refs - 1) for _ in range(n_sents)])
    picks = np.array(choices, dtype=np.int64)  # iterations × sentences
    totals = np.zeros((iterations, 2 * ORDER + 2), dtype=np.int64)
    for i in range(n_sents):
        src, out = sources[i].split(), outputs[i].split()
        used = np.unique(picks[:, i])
        per_ref = np.zeros((n_refs, 2 * ORDER + 2), dtype=np.int64)
        for r in used:
            per_ref[r] = sentence_stats(src, out, references[r][i].split())
        totals += per_ref[picks[:, i]]
    return 100.0 * sum(gleu_from_stats(t.tolist()) for t in totals) / iterations


def sentence_gleu(source: str, output: str, references: Sequence[str]) -> float:
    """Sentence GLEU on 0-100: the mean over references of smoothed GLEU (the script's --sent)."""
    src, out = source.split(), output.split()
    scores = [gleu_from_stats(sentence_stats(src, out, ref.split()), smooth=True) for ref in references]
    return 100.0 * sum(scores) / len(scores)
