"""EM-Diff as EditEval defines it (Dwivedi-Yu et al. 2022, appendix C).

The diff of a source and an edited text is the list of (source span, new
span) pairs from a character-level ``difflib`` alignment, each span widened
to whole words (and further right until its source text is unique in the
source), adjacent spans merged. Per sentence:
``|diff(I,O) ∩ diff(I,R)| / max(1, |diff(I,O)|, |diff(I,R)|)``, the best
over references; the corpus figure is the mean (×100). An unchanged output
scores 0, as in EditEval's copy baseline.
"""

from __future__ import annotations

from collections.abc import Sequence
from difflib import SequenceMatcher

from engine.metrics.sari import check_shapes


def _opcodes(source: str, target: str) -> list[tuple[str, int, int, int, int]]:
    if source == target:
        return []
    return [op for op in SequenceMatcher(None, source, target).get_opcodes() if op[0] != "equal"]


def _word_bounds(source: str, i1: int, i2: int) -> tuple[int, int]:
    """Widen [i1, i2) to word boundaries, the right end until the span is unique."""
    left = i1 - 1 if i1 == len(source) else i1
    while left >= 0 and not source[left].isspace():
        left -= 1
    left += 1
    right = i2
    while right < len(source):
        if source[right].isspace() and source.count(source[left:right]) == 1:
            break
        right += 1
    return left, right


def diff_pairs(source: str, target: str) -> list[tuple[str, str]]:
    """(source span, target span) pairs turning ``source`` into ``target``."""
    ops = _opcodes(source, target)
    groups: list[list] = []  # [left, right, [opcodes]]
    for op in ops:
        left, right = _word_bounds(source, op[1], op[2])
        if groups and left <= groups[-1][1]:
            groups[-1][1] = right
            groups[-1][2].append(op)
        else:
            groups.append([left, right, [op]])
    pairs = []
    for left, right, group in groups:
        new, pos = [], left
        for _, i1, i2, j1, j2 in group:
            new.append(source[pos:i1] + target[j1:j2])
            pos = i2
        new.append(source[pos:right])
        pairs.append((source[left:right], "".join(new)))
    return pairs


def sentence_em_diff(source: str, output: str, references: Sequence[str]) -> float:
    """EM-Diff of one sentence (0-1), the best over references."""
    out = diff_pairs(source, output)
    best = 0.0
    for ref in references:
        gold = diff_pairs(source, ref)
        best = max(best, len(set(out) & set(gold)) / max(1, len(out), len(gold)))
    return best


def corpus_em_diff(sources: Sequence[str], outputs: Sequence[str], references: Sequence[Sequence[str]]) -> float:
    """Mean EM-Diff on 0-100; ``references`` is one list of sentences per reference set."""
    check_shapes(sources, outputs, references)
    total = sum(
        sentence_em_diff(src, out, [refs[i] for refs in references])
        for i, (src, out) in enumerate(zip(sources, outputs))
    )
    return 100.0 * total / len(sources) if sources else 0.0
