"""Session 23 (issue 32): a learned similarity over the untuned MiniLM's vectors as two more link features, against
today's link model, on the training part's grouped folds (docs/figures-align.md, "Session 23: a learned similarity
over encoder vectors"; the rule was written first).

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.adapter_vectors PAIRS.pkl /tmp/adapt15/vectors.npz
    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_adapter PAIRS.pkl /tmp/adapt15/vectors.npz
        [--variants L0 A1 A2] [--folds DIR]

Each variant's folds are kept in ``DIR/folds-V.pkl`` (one process per variant can run them side by side; a later
call with all three reads them back and prints the verdict). ``L0``: today's logistic link model, grouped
leave-papers-out by repository exactly as ``bench.measure_link_trees`` runs it. ``A1``/``A2``
(``engine.align.adapter.FITS``): the repositories dealt into 5 blocks; adapter A(−b) fitted without block b and
A(−b, −b′) without b and b′; feature set F(b) scores a paper of b by A(−b), one of b′ by A(−b, −b′); every fit of
the outer fold of a repository in b (inner fits, outer link and answered models, the held-out scoring) reads F(b)
only (``nested_folds``). Reads the training part only.
"""

from __future__ import annotations

import argparse
import contextlib
import pickle
import sys
import time
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
BLOCKS = 5
ADAPT = ("adapt", "adapt_rank")


def paper_blocks(pairs, keys: np.ndarray) -> list:
    """Per paper: its first-stage pairs (row-major ``np.nonzero(mask)``) as an ``adapter.Block`` over the rows of
    the vectors file (``keys``: ``tuned.sentence_key`` of each row's text)."""
    from bench.adapter_vectors import pair_texts
    from engine.align.adapter import Block
    from engine.align.tuned import sentence_key

    row = {str(k): i for i, k in enumerate(keys)}
    out = []
    for pp in pairs:
        comments, sentences = pair_texts(pp)
        ii, jj = np.nonzero(pp.mask)
        starts, rows = [0], []
        for j in jj:
            rows.extend(row[sentence_key(t)] for t in sentences[pp.edit_ids[j]])
            starts.append(len(rows))
        out.append(Block(np.array([row[sentence_key(comments[i])] for i in ii], dtype=np.int64), ii.astype(np.int64),
                         np.array(starts, dtype=np.int64), np.array(rows, dtype=np.int64),
                         pp.labels[ii, jj].astype(bool)))
    return out


def joined(blocks: list):
    """One ``Block`` of many papers' (each paper's comments kept apart)."""
    from engine.align.adapter import Block

    owner, off = [], 0
    for b in blocks:
        owner.append(b.owner + off)
        off += int(b.owner.max()) + 1 if len(b.owner) else 0
    starts = np.concatenate([[0], *[b.starts[1:] + s for b, s in
                                     zip(blocks, np.cumsum([0] + [b.starts[-1] for b in blocks[:-1]]))]])
    return Block(np.concatenate([b.comment for b in blocks]), np.concatenate(owner), starts.astype(np.int64),
                 np.concatenate([b.sentences for b in blocks]), np.concatenate([b.label for b in blocks]))


def block_of(pairs) -> list[int]:
    """Each paper's block: its repository's, dealt as session 19's encoder folds were (seed 0)."""
    from bench.align_encoder_gpu_prep import paper_folds
    from engine.align.folds import group_of

    folds = paper_folds([pp.paper.id for pp in pairs], BLOCKS, groups={pp.paper.id: group_of(pp.paper) for pp in pairs})
    return [folds[pp.paper.id] for pp in pairs]


def fit_adapters(variant: str, vectors: np.ndarray, blocks: list, block: list[int], log=print) -> dict:
    """A(−S) for every set S of one or two blocks (key: the sorted tuple), fitted on the papers outside S."""
    from engine.align.adapter import FITS

    out = {}
    for held in [(b,) for b in range(BLOCKS)] + [(b, c) for b in range(BLOCKS) for c in range(b + 1, BLOCKS)]:
        start = time.process_time()
        train = joined([bl for bl, k in zip(blocks, block) if k not in held])
        out[held] = FITS[variant](vectors, train)
        log(f"{variant} A(-{held}) fitted in {time.process_time() - start:.1f} s CPU", flush=True)
    return out


def with_adapt(pp, block, scores: np.ndarray):
    """``pp`` with the ``ADAPT`` columns: the adapter's scores inside the first stage and their rank."""
    from engine.align.learned import inverse_rank

    adapt = np.zeros(pp.mask.shape, dtype=np.float32)
    adapt[np.nonzero(pp.mask)] = scores
    x = np.concatenate([pp.x, adapt[:, :, None], inverse_rank(adapt, pp.mask)[:, :, None]], axis=2)
    return replace(pp, x=x.astype(np.float32))


def feature_sets(pairs, vectors, blocks, block, adapters) -> dict[int, list]:
    """F(b) for every block b (``nested_folds``)."""
    out = {}
    for b in range(BLOCKS):
        out[b] = [with_adapt(pp, bl, adapters[tuple(sorted({b, k}))].scores(vectors, bl))
                  for pp, bl, k in zip(pairs, blocks, block)]
    return out


@contextlib.contextmanager
def adapt_features():
    """``learn.FEATURES`` with the ``ADAPT`` columns while active (the link model's named features)."""
    import engine.align.learn as learn

    was = learn.FEATURES
    learn.FEATURES = tuple(was) + ADAPT
    try:
        yield
    finally:
        learn.FEATURES = was


def nested_folds(sets: dict[int, list], block: list[int], c: float) -> list:
    """Grouped leave-papers-out as ``learn.leave_papers_out`` (inner scores, ``fit_both``), the outer fold of
    group h reading ``sets[block of h]`` only; in ``bench.measure_carry_align.run_variant``'s form
    ``(pairs, link model, answered model, inner scores)``. With every set the same pairs it is
    ``leave_papers_out`` itself (tested)."""
    from engine.align.folds import grouped
    from engine.align.learn import fit_both, fit_weights, scored

    first = next(iter(sets.values()))
    groups = grouped(first)
    gb = [block[g[0]] for g in groups]
    memo: dict[tuple, object] = {}
    out: dict[int, tuple] = {}
    for h, group in enumerate(groups):
        b, pairs = gb[h], sets[gb[h]]
        inner = []
        for g in range(len(groups)):
            if g == h:
                continue
            key = (b, min(g, h), max(g, h))
            if key not in memo:
                out_gh = set(groups[g]) | set(groups[h])
                rest = [q for i, q in enumerate(pairs) if i not in out_gh]
                memo[key] = fit_weights(rest, c) if any(q.labels[q.mask].any() for q in rest) else None
            model = memo[key] if gb[g] == b else memo.pop(key)
            if model is not None:
                inner.extend(scored(pairs[i], model) for i in groups[g])
        train = [q for j, q in enumerate(pairs) if j not in group]
        m, a = fit_both(train, c, (), inner=inner)
        out.update((k, (pairs[k], m, a, inner)) for k in group)
    return [out[k] for k in range(len(first))]


def run(variant: str, pairs, vectors_file: Path, folds: Path) -> list:
    from bench.measure_carry_align import run_variant
    from engine.align.learn import C

    if variant == "L0":
        return run_variant(pairs, {"c": C}, folds / "folds-L0.pkl")
    path = folds / f"folds-{variant}.pkl"
    if path.is_file():
        return pickle.loads(path.read_bytes())
    data = np.load(vectors_file)
    vectors, keys = data["vectors"], data["keys"]
    blocks, block = paper_blocks(pairs, keys), block_of(pairs)
    kept = folds / f"adapters-{variant}.pkl"
    if kept.is_file():
        adapters = pickle.loads(kept.read_bytes())
    else:
        adapters = fit_adapters(variant, vectors, blocks, block)
        kept.write_bytes(pickle.dumps(adapters))
    sets = feature_sets(pairs, vectors, blocks, block, adapters)
    start = time.process_time()
    with adapt_features():
        fitted = nested_folds(sets, block, C)
    print(f"{variant} folds in {time.process_time() - start:.0f} s CPU", flush=True)
    path.write_bytes(pickle.dumps(fitted))
    return fitted


def rank_alone(pairs, vectors_file: Path, folds: Path, in_sample: bool = False) -> dict[str, float]:
    """hit@1 of each similarity alone over the answered comments with a gold edit in their first stage: the untuned
    cosine, the link features' (tuned) ``cosine``, and each kept adapter's scores, a paper scored by its block's
    A(−b) (``in_sample``: each A(−b) on its own training papers instead). A look after the verdict, not a rule."""
    from engine.align.adapter import _best
    from engine.align.learned import FEATURES

    data = np.load(vectors_file)
    vectors = data["vectors"]
    blocks, block = paper_blocks(pairs, data["keys"]), block_of(pairs)
    adapters = {v: pickle.loads((folds / f"adapters-{v}.pkl").read_bytes())
                for v in ("A1", "A2") if (folds / f"adapters-{v}.pkl").is_file()}
    hits: dict[str, list[bool]] = {}
    for b in range(BLOCKS) if in_sample else [None]:
        for pp, bl, k in zip(pairs, blocks, block):
            if in_sample and k == b:
                continue
            ii, jj = np.nonzero(pp.mask)
            cos = np.einsum("ij,ij->i", vectors[bl.comment[bl.pair_of_sentence]], vectors[bl.sentences])
            scores = {"untuned": _best(cos, bl)[0], "tuned": pp.x[ii, jj, FEATURES.index("cosine")],
                      **{v: a[(k if b is None else b,)].scores(vectors, bl) for v, a in adapters.items()}}
            for c in np.unique(ii):
                sel = ii == c
                if bl.label[sel].any():
                    for name, sc in scores.items():
                        hits.setdefault(name, []).append(bool(bl.label[sel][np.argmax(sc[sel])]))
    return {name: round(100 * float(np.mean(h)), 1) for name, h in hits.items()}


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import line
    from bench.measure_link_trees import choose, grouped_pairs, judge
    from bench.measure_more_train import per_paper_of
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_adapter")
    ap.add_argument("pairs")
    ap.add_argument("vectors")
    ap.add_argument("--variants", nargs="+", default=["L0", "A1", "A2"], choices=["L0", "A1", "A2"])
    ap.add_argument("--folds", default="/tmp/adapt15")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--rank-alone", action="store_true", help="after the verdict: each similarity's hit@1 alone "
                                                                "(held out, then in-sample), nothing else")
    a = ap.parse_args(argv)
    for f in (a.pairs, a.vectors):
        if not Path(f).is_file():
            print(f"error: no such file: {f}", file=sys.stderr)
            return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    if a.rank_alone:
        print(f"hit@1 alone, held out: {rank_alone(pairs, Path(a.vectors), folds)}", flush=True)
        print(f"hit@1 alone, in-sample: {rank_alone(pairs, Path(a.vectors), folds, True)}", flush=True)
        return 0
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    per = {}
    for v in a.variants:
        fitted = run(v, pairs, Path(a.vectors), folds)
        with adapt_features() if v != "L0" else contextlib.nullcontext():
            per[v] = per_paper_of(fitted, unsure)
        print(line(v, per[v], groups), flush=True)
    if "L0" not in per:
        return 0
    passing = judge(per, groups)
    if len(per) > 1:
        print(f"ships: {choose(passing) or 'nothing (the shipped link model stays)'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
