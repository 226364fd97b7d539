"""Paragraph alignment between two versions: anchors, bigram matching, merges.

The method follows ARIES (D'Arcy et al., 2023, appendix A.2), made one-to-one
and fast:

1. *Anchors*: paragraphs whose comparable text is identical are paired first
   (duplicates pair in order).
2. *Candidates*: the remaining paragraphs are scored by bigram overlap
   ``|B(s) & B(t)| / max(|B(s)|, |B(t)|)`` through a sparse product of
   paragraph-by-bigram matrices. Common bigrams are left out of candidate
   generation; each paragraph keeps its ``TOP_K`` candidates sharing the most
   rarer bigrams, and the exact overlap is computed for those pairs.
3. *Matching*: ``sim(i, j) = overlap(s_i, t_j) - |m(j-1) + 1 - i| / |S|``,
   where ``m(j-1) + 1`` is where t_j is expected from the nearest preceding
   in-order anchor. Pairs are taken greedily, best first, one source for one
   target, when ``sim > 0.10`` -- or, wherever they are, when the overlap
   alone is at least ``MOVE_OVERLAP`` (a moved paragraph). The penalty is
   capped in the order of taking, so a close copy far away beats a weak
   neighbour.
4. *Merges*: a match absorbs an adjacent paragraph on either side when that
   raises its overlap (the two versions broke the text differently), or joins
   an adjacent match when the boundary between two paragraphs moved.
5. *Moves* (``increasing_pairs``): the matches off the heaviest chain that is
   in order in both versions moved.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
from scipy import sparse

from engine.jobs import CancelToken

#: ARIES threshold: a target matches only above this score.
MIN_SCORE = 0.10
#: Overlap at which a pair matches wherever it sits (to find moved paragraphs).
MOVE_OVERLAP = 0.5
#: Most the position penalty lowers a pair's priority (so a far, close copy beats a near, weak one).
PENALTY_CAP = 0.25
#: A merge must raise the overlap by at least this much.
MERGE_GAIN = 0.02
#: Bigrams in more than this share of paragraphs do not propose candidates.
COMMON_SHARE = 0.05
#: Each paragraph keeps the candidates sharing the most rarer bigrams with it, this many.
TOP_K = 8


@dataclass
class Match:
    """Source paragraphs ``src`` became target paragraphs ``tgt`` (indices into the streams)."""

    src: tuple[int, ...]
    tgt: tuple[int, ...]
    similarity: float


@dataclass
class Alignment:
    matches: list[Match]
    deleted: list[int]
    added: list[int]


class Bigrams:
    """Bigram codes of paragraphs of both sides, computed when first needed."""

    def __init__(self, src_tokens: Sequence[Sequence[str]], tgt_tokens: Sequence[Sequence[str]]) -> None:
        self._tokens = (src_tokens, tgt_tokens)
        self._vocab: dict[str, int] = {}
        self._codes: tuple[dict[int, np.ndarray], dict[int, np.ndarray]] = ({}, {})
        self._sets: tuple[dict[int, frozenset[int]], dict[int, frozenset[int]]] = ({}, {})

    def codes(self, side: int, index: int) -> np.ndarray:
        """Sorted distinct bigram codes of paragraph ``index`` of side 0 (source) or 1 (target)."""
        cached = self._codes[side].get(index)
        if cached is None:
            vocab = self._vocab
            tokens = self._tokens[side][index]
            ids = np.array([vocab.setdefault(t, len(vocab)) for t in tokens], dtype=np.int64)
            grams = (ids[:-1] + 1) * (1 << 32) + ids[1:] if len(ids) > 1 else ids
            cached = self._codes[side][index] = np.unique(grams)
        return cached

    def set(self, side: int, index: int) -> frozenset[int]:
        cached = self._sets[side].get(index)
        if cached is None:
            cached = self._sets[side][index] = frozenset(self.codes(side, index).tolist())
        return cached

    def overlap(self, src: Sequence[int], tgt: Sequence[int]) -> tuple[int, float]:
        """Shared bigram count and overlap of paragraph groups ``src`` and ``tgt``."""
        a = frozenset().union(*(self.set(0, i) for i in src))
        b = frozenset().union(*(self.set(1, j) for j in tgt))
        shared = len(a & b)
        return shared, shared / max(len(a), len(b), 1)

    def matrices(self, rows: np.ndarray, cols: np.ndarray) -> tuple[sparse.csr_matrix, sparse.csr_matrix]:
        """Binary paragraph-by-bigram matrices of source ``rows`` and target ``cols``, same columns."""
        parts = [self.codes(0, int(i)) for i in rows] + [self.codes(1, int(j)) for j in cols]
        indptr = np.concatenate(([0], np.cumsum([len(p) for p in parts]))).astype(np.int64)
        _, column = np.unique(np.concatenate(parts), return_inverse=True)
        ncols = int(column.max()) + 1 if len(column) else 0

        def csr(ptr: np.ndarray) -> sparse.csr_matrix:
            idx = column[ptr[0] : ptr[-1]]
            data = np.ones(len(idx), dtype=np.float32)
            return sparse.csr_matrix((data, idx, ptr - ptr[0]), shape=(len(ptr) - 1, ncols))

        return csr(indptr[: len(rows) + 1]), csr(indptr[len(rows) :])


def anchors(src_keys: Sequence[str], tgt_keys: Sequence[str]) -> list[tuple[int, int]]:
    """(i, j) pairs of paragraphs with identical non-empty keys, duplicates paired in order."""
    free: dict[str, list[int]] = {}
    for i, key in enumerate(src_keys):
        if key:
            free.setdefault(key, []).append(i)
    pairs = []
    for j, key in enumerate(tgt_keys):
        queue = free.get(key)
        if queue:
            pairs.append((queue.pop(0), j))
    return pairs


def increasing_pairs(pairs: Sequence[tuple[int, int]], weights: Sequence[float] | None = None) -> list[bool]:
    """For pairs (i, j), which lie on a heaviest chain increasing in both i and j."""
    if not pairs:
        return []
    order = sorted(range(len(pairs)), key=lambda k: (pairs[k][1], -pairs[k][0]))
    ranks = {v: r + 1 for r, v in enumerate(sorted({p[0] for p in pairs}))}
    w = weights if weights is not None else [1.0] * len(pairs)
    size = len(ranks)
    tree_val = [0.0] * (size + 1)
    tree_arg = [-1] * (size + 1)
    best_val = [0.0] * len(pairs)
    back = [-1] * len(pairs)
    for k in order:
        r = ranks[pairs[k][0]]
        val, arg, x = 0.0, -1, r - 1
        while x > 0:  # best chain ending at a smaller source rank
            if tree_val[x] > val:
                val, arg = tree_val[x], tree_arg[x]
            x -= x & -x
        best_val[k], back[k] = val + w[k], arg
        x = r
        while x <= size:
            if best_val[k] > tree_val[x]:
                tree_val[x], tree_arg[x] = best_val[k], k
            x += x & -x
    on_chain = [False] * len(pairs)
    k = max(range(len(pairs)), key=lambda q: best_val[q])
    while k != -1:
        on_chain[k] = True
        k = back[k]
    return on_chain


def _expected_sources(pairs: Sequence[tuple[int, int]], n_tgt: int) -> np.ndarray:
    """Where each target is expected in the source: after the last in-order anchor before it."""
    chain = sorted(p for p, ok in zip(pairs, increasing_pairs(pairs)) if ok)
    expected = np.arange(n_tgt, dtype=np.float64)
    if not chain:
        return expected
    anchor_j = np.array([j for _, j in chain])
    anchor_i = np.array([i for i, _ in chain])
    pos = np.searchsorted(anchor_j, np.arange(n_tgt), side="right") - 1
    has = pos >= 0
    expected[has] = anchor_i[pos[has]] + (np.arange(n_tgt)[has] - anchor_j[pos[has]])
    return expected


def _top_k(group: np.ndarray, score: np.ndarray, k: int) -> np.ndarray:
    """Mask of the ``k`` best-scoring entries of each group."""
    order = np.lexsort((-score, group))
    sorted_group = group[order]
    starts = np.flatnonzero(np.r_[True, sorted_group[1:] != sorted_group[:-1]])
    rank = np.arange(len(order)) - np.repeat(starts, np.diff(np.r_[starts, len(order)]))
    mask = np.zeros(len(order), dtype=bool)
    mask[order[rank < k]] = True
    return mask


def _candidates(bigrams: Bigrams, rows: np.ndarray, cols: np.ndarray) -> tuple[np.ndarray, ...]:
    """Candidate pairs (row positions, col positions) sharing a rarer bigram, with exact overlaps."""
    if len(rows) == 0 or len(cols) == 0:
        empty = np.zeros(0, dtype=np.int64)
        return empty, empty, np.zeros(0)
    s, t = bigrams.matrices(rows, cols)
    df = np.bincount(s.indices, minlength=s.shape[1]) + np.bincount(t.indices, minlength=s.shape[1])
    limit = max(8, COMMON_SHARE * (len(rows) + len(cols)))
    rare = sparse.diags((df <= limit).astype(np.float32))
    product = ((s @ rare) @ (t @ rare).T).tocoo()
    r, c = product.row.astype(np.int64), product.col.astype(np.int64)
    keep = _top_k(r, product.data, TOP_K) | _top_k(c, product.data, TOP_K)
    r, c = r[keep], c[keep]
    # each pair's overlap counted exactly on its own bigram sets (``Bigrams.overlap``): scipy's elementwise product
    # summed over a row undercounted shared bigrams on AVX2 CPUs (98 of cgo18's 916 candidate pairs, none on
    # AVX-512), so the diff hung on the CPU
    overlap = [bigrams.overlap((int(rows[a]),), (int(cols[b]),))[1] for a, b in zip(r.tolist(), c.tolist())]
    return r, c, np.array(overlap, dtype=np.float64)


def align(
    src_tokens: Sequence[Sequence[str]],
    tgt_tokens: Sequence[Sequence[str]],
    cancel: CancelToken | None = None,
) -> Alignment:
    """Pair source and target paragraphs (given as comparable token lists)."""
    n, m = len(src_tokens), len(tgt_tokens)
    keys_s = [" ".join(t) for t in src_tokens]
    keys_t = [" ".join(t) for t in tgt_tokens]
    pairs = anchors(keys_s, keys_t)
    src_of: dict[int, int] = {j: i for i, j in pairs}
    used_src = {i for i, _ in pairs}
    bigrams = Bigrams(src_tokens, tgt_tokens)
    if cancel:
        cancel.check()

    rows = np.array([i for i in range(n) if i not in used_src and keys_s[i]], dtype=np.int64)
    cols = np.array([j for j in range(m) if j not in src_of and keys_t[j]], dtype=np.int64)
    r, c, overlap = _candidates(bigrams, rows, cols)
    src_i, tgt_j = rows[r], cols[c]
    expected = _expected_sources(pairs, m)
    score = overlap - np.abs(expected[tgt_j] - src_i) / max(n, 1)
    keep = (score > MIN_SCORE) | (overlap >= MOVE_OVERLAP)
    priority = overlap - np.minimum(overlap - score, PENALTY_CAP)
    order = np.argsort(-priority[keep], kind="stable")
    sim: dict[int, float] = {j: 1.0 for j in src_of}
    for i, j, o in zip(src_i[keep][order].tolist(), tgt_j[keep][order].tolist(), overlap[keep][order].tolist()):
        if i in used_src or j in src_of:
            continue
        used_src.add(i)
        src_of[j] = i
        sim[j] = o
    if cancel:
        cancel.check()

    matches = [Match((i,), (j,), sim[j]) for j, i in sorted(src_of.items())]
    matches = merge_neighbours(matches, bigrams, n, m)
    matched_s = {i for mt in matches for i in mt.src}
    matched_t = {j for mt in matches for j in mt.tgt}
    return Alignment(
        matches=sorted(matches, key=lambda mt: mt.tgt[0]),
        deleted=[i for i in range(n) if i not in matched_s],
        added=[j for j in range(m) if j not in matched_t],
    )


def merge_neighbours(matches: list[Match], bigrams: Bigrams, n: int, m: int) -> list[Match]:
    """Grow each imperfect match by adjacent paragraphs while that raises its overlap.

    An unmatched neighbour is taken when it raises the overlap. A neighbour
    matched elsewhere is taken alone if it shares more bigrams with this match
    than with its own; when its match is adjacent on both sides (the two
    versions put the boundary between two paragraphs at different places),
    the two matches are joined if the union fits better than either.
    """
    merger = _Merger(matches, bigrams, n, m)
    queue = deque(sorted((mt for mt in matches if mt.similarity < 0.999), key=lambda x: x.similarity))
    while queue:
        mt = queue.popleft()
        if id(mt) in merger.alive and mt.similarity < 0.999 and merger.grow(mt):
            queue.append(mt)
            queue.extend(merger.neighbours(mt))
            queue.extend(merger.freed_neighbours)
            merger.freed_neighbours.clear()
    return [mt for mt in matches if id(mt) in merger.alive]


def _adjacent(a: Match, b: Match) -> bool:
    """True when ``b`` directly follows or precedes ``a`` in both versions."""
    return (min(b.src) == max(a.src) + 1 and min(b.tgt) == max(a.tgt) + 1) or (
        max(b.src) == min(a.src) - 1 and max(b.tgt) == min(a.tgt) - 1
    )


class _Merger:
    """Owners of paragraphs and bigram sets of matches, kept current as matches merge."""

    def __init__(self, matches: list[Match], bigrams: Bigrams, n: int, m: int) -> None:
        self.bigrams, self.limits = bigrams, (n, m)
        self.owners: tuple[dict[int, Match], dict[int, Match]] = (
            {i: mt for mt in matches for i in mt.src},
            {j: mt for mt in matches for j in mt.tgt},
        )
        self.alive = {id(mt) for mt in matches}
        #: matches beside paragraphs a merge left unmatched, to try again
        self.freed_neighbours: list[Match] = []
        self._sets: dict[int, tuple[frozenset[int], frozenset[int], int]] = {}

    def sets(self, mt: Match) -> tuple[frozenset[int], frozenset[int], int]:
        """Bigram sets of both sides of ``mt`` and their shared count."""
        got = self._sets.get(id(mt))
        if got is None:
            a = frozenset().union(*(self.bigrams.set(0, i) for i in mt.src))
            b = frozenset().union(*(self.bigrams.set(1, j) for j in mt.tgt))
            got = self._sets[id(mt)] = (a, b, len(a & b))
        return got

    def neighbours(self, mt: Match) -> list[Match]:
        out = []
        for side, ids in ((0, mt.src), (1, mt.tgt)):
            for idx in (min(ids) - 1, max(ids) + 1):
                other = self.owners[side].get(idx)
                if other is not None and other is not mt:
                    out.append(other)
        return out

    def grow(self, mt: Match) -> bool:
        """Apply the merge with a neighbour of ``mt`` that raises its overlap most, if any."""
        a, b, shared = self.sets(mt)
        best: tuple | None = None
        for side, ids in ((0, mt.src), (1, mt.tgt)):
            for idx in (min(ids) - 1, max(ids) + 1):
                if not 0 <= idx < self.limits[side]:
                    continue
                other = self.owners[side].get(idx)
                if other is not None and _adjacent(mt, other):
                    if other.similarity >= 0.999:
                        continue
                    oa, ob, _ = self.sets(other)
                    na, nb = a | oa, b | ob
                    new_shared = len(na & nb)
                    new_sim = new_shared / max(len(na), len(nb), 1)
                    if new_sim >= max(mt.similarity, other.similarity) + MERGE_GAIN and (best is None or new_sim > best[0]):
                        best = (new_sim, other, other.src, other.tgt, (na, nb, new_shared))
                    continue
                piece = self.bigrams.set(side, idx)
                mine, theirs = (a, b) if side == 0 else (b, a)
                gain = len((piece - mine) & theirs)
                if gain == 0:
                    continue
                grown = mine | piece
                new_sim = (shared + gain) / max(len(grown), len(theirs), 1)
                if new_sim < mt.similarity + MERGE_GAIN or (best is not None and new_sim <= best[0]):
                    continue
                if other is not None and (len(other.src) + len(other.tgt) > 2 or gain <= self.sets(other)[2]):
                    continue
                sets = (grown, b, shared + gain) if side == 0 else (a, grown, shared + gain)
                best = (new_sim, other, (idx,) if side == 0 else (), (idx,) if side == 1 else (), sets)
        if best is None:
            return False
        new_sim, other, src, tgt, sets = best
        self._join(mt, other, src, tgt, sets, new_sim)
        return True

    def _join(self, mt: Match, other: Match | None, src: tuple[int, ...], tgt: tuple[int, ...], sets, sim: float) -> None:
        if other is not None:
            self.alive.discard(id(other))
            self._sets.pop(id(other), None)
            for side, ids in ((0, other.src), (1, other.tgt)):
                for k in ids:
                    self.owners[side].pop(k, None)
                    if k not in (src if side == 0 else tgt):
                        self.freed_neighbours += [
                            x for x in (self.owners[side].get(k - 1), self.owners[side].get(k + 1)) if x is not None
                        ]
        mt.src = tuple(sorted(set(mt.src) | set(src)))
        mt.tgt = tuple(sorted(set(mt.tgt) | set(tgt)))
        mt.similarity = sim
        self._sets[id(mt)] = sets
        for i in mt.src:
            self.owners[0][i] = mt
        for j in mt.tgt:
            self.owners[1][j] = mt
