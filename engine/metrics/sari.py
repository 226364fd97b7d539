"""SARI as EASSE's ``corpus_sari`` computes it (Xu et al. 2016; Alva-Manchego et al. 2019).

Sentences are lowercased and tokenised with sacrebleu's ``13a`` tokenizer
(EASSE's defaults, source included: not the "legacy" mode). N-gram statistics
(orders 1-4) are summed over the corpus: additions are counted as sets,
keeps and deletions as counts weighted by the number of references. Each
operation's F1 (deletion too, EASSE's ``use_f1_for_deletion``) is computed
per order, averaged over the four orders ("macro", the Java release the
SARI authors used), and SARI is the mean of add, keep and delete, ×100.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.errors import InputError

NGRAM_ORDER = 4


def tokenize_13a(text: str, lowercase: bool = True) -> str:
    """EASSE's normalisation: lowercase, then sacrebleu's 13a tokenizer."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    global _TOKENIZER
    if _TOKENIZER is None:
        _TOKENIZER = Tokenizer13a()
    return _TOKENIZER(text.lower() if lowercase else text)


_TOKENIZER = None


def ngram_counts(tokens: Sequence[str], order: int = NGRAM_ORDER) -> list[Counter]:
    """Counters of the 1..order-grams of ``tokens`` (n-grams as space-joined strings)."""
    return [
        Counter(" ".join(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
        for n in range(1, order + 1)
    ]


@dataclass
class SariStats:
    """Corpus sums per n-gram order: (system correct, system total, reference total) per operation."""

    add: list[list[int]]
    keep: list[list[int]]
    delete: list[list[int]]

    @classmethod
    def empty(cls) -> "SariStats":
        return cls(*[[[0, 0, 0] for _ in range(NGRAM_ORDER)] for _ in range(3)])


def add_sentence(stats: SariStats, source: str, output: str, refs: Sequence[str]) -> None:
    """Add one (already tokenised) sentence's n-gram statistics to ``stats``."""
    src = ngram_counts(source.split())
    out = ngram_counts(output.split())
    ref_sum = [Counter() for _ in range(NGRAM_ORDER)]
    for ref in refs:
        for n, counts in enumerate(ngram_counts(ref.split())):
            ref_sum[n].update(counts)
    k = len(refs)
    for n in range(NGRAM_ORDER):
        # additions: binary (sets)
        out_new = set(out[n]) - set(src[n])
        ref_new = set(ref_sum[n]) - set(src[n])
        stats.add[n][0] += len(out_new & set(ref_sum[n]))
        stats.add[n][1] += len(out_new)
        stats.add[n][2] += len(ref_new)
        # keeps and deletions: counts, the source scaled by the number of references
        outs, refs_n = out[n], ref_sum[n]
        for gram, count in src[n].items():
            s_k, o_k, r = count * k, outs.get(gram, 0) * k, refs_n.get(gram, 0)
            kept_out, kept_ref = min(s_k, o_k), min(s_k, r)
            stats.keep[n][0] += min(kept_out, kept_ref)
            stats.keep[n][1] += kept_out
            stats.keep[n][2] += kept_ref
            del_out, del_ref = max(s_k - o_k, 0), max(s_k - r, 0)
            stats.delete[n][0] += min(del_out, del_ref)
            stats.delete[n][1] += del_out
            stats.delete[n][2] += del_ref


def f1(correct: int, sys_total: int, ref_total: int) -> float:
    """F1 as EASSE computes it: 0 unless both precision and recall are positive."""
    precision = correct / sys_total if sys_total > 0 else 0.0
    recall = correct / ref_total if ref_total > 0 else 0.0
    if precision > 0 and recall > 0:
        return 2 * precision * recall / (precision + recall)
    return 0.0


def operation_scores(stats: SariStats) -> tuple[float, float, float]:
    """(add, keep, delete) scores on 0-100, each the mean over orders of the per-order F1."""
    scores = []
    for op in (stats.add, stats.keep, stats.delete):
        scores.append(100.0 * sum(f1(*op[n]) for n in range(NGRAM_ORDER)) / NGRAM_ORDER)
    return scores[0], scores[1], scores[2]


def check_shapes(sources: Sequence[str], outputs: Sequence[str], references: Sequence[Sequence[str]]) -> None:
    if len(sources) != len(outputs):
        raise InputError(f"{len(sources)} source sentences but {len(outputs)} outputs")
    if not references:
        raise InputError("no reference files")
    for i, refs in enumerate(references):
        if len(refs) != len(sources):
            raise InputError(f"reference set {i + 1} has {len(refs)} sentences, the source {len(sources)}")


def corpus_sari_scores(
    sources: Sequence[str], outputs: Sequence[str], references: Sequence[Sequence[str]],
    lowercase: bool = True, tokenize: bool = True,
) -> tuple[float, float, float]:
    """(add, keep, delete) on 0-100; ``references`` is one list of sentences per reference set."""
    check_shapes(sources, outputs, references)
    norm = (lambda s: tokenize_13a(s, lowercase)) if tokenize else (lambda s: s.lower() if lowercase else s)
    stats = SariStats.empty()
    for i, (src, out) in enumerate(zip(sources, outputs)):
        add_sentence(stats, norm(src), norm(out), [norm(refs[i]) for refs in references])
    return operation_scores(stats)


def corpus_sari(
    sources: Sequence[str], outputs: Sequence[str], references: Sequence[Sequence[str]],
    lowercase: bool = True, tokenize: bool = True,
) -> float:
    """Corpus SARI on 0-100, as EASSE's ``corpus_sari`` with its defaults."""
    return sum(corpus_sari_scores(sources, outputs, references, lowercase, tokenize)) / 3
