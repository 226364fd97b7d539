"""Round eight (issue 32): ``learned`` with one encoder pass against today's two, grouped leave-papers-out on the
training part (docs/figures-align.md, "Round eight: speed": the acceptance rule).

    .venv/bin/python -m bench.measure_one_pass PAIRS.pkl VARIANT [--folds DIR] [--corpus corpus/revisions.json]

``PAIRS.pkl``: the training part's pairs as ``bench.fit_align_model --pairs`` wrote them with the two-pass
features (``TWO_PASS``: the embedded MiniLM's ``cosine``, ``cosine_rank``, ``cosine_gap`` and the tuned encoder's
``tuned``, ``tuned_rank``, out of fold, the six sibling-seen revisions' untrusted as ``tuned.OutOfFold`` reads
them). ``VARIANT``: ``two-pass`` (the pairs as they are) or ``one-pass`` (``one_pass``: the three cosine columns
computed from the tuned cosines, the two tuned columns dropped, as the one-pass aligner computes them). Folds grouped
by repository (``learn.leave_papers_out``); statuses as the app gives them (the answered-at-all model and the
quoted-corrections rule). Each variant's folds are kept in ``DIR`` and read back when there. The checked part is
never read.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: The two-pass aligner's link features (``learned.FEATURES`` before round eight), in the pickles' column order.
TWO_PASS = ("bm25", "changed", "cosine", "located", "quoted", "fits", "proofread", "replaced", "allowed",
            "bm25_rank", "changed_rank", "cosine_rank", "cosine_gap", "size", "surface", "substantive", "added",
            "comment_words", "tuned", "tuned_rank")
ONE_PASS = tuple(f for f in TWO_PASS if f not in ("tuned", "tuned_rank"))


def one_pass(pp):
    """``pp`` with its cosine columns from the tuned cosines (``learned.pair_features``' arithmetic) and the tuned
    columns dropped; the evidence tensor's ``cosine`` the tuned cosine too (the answered-at-all model does not
    read it)."""
    from engine.align.evidence import FEATURES as EV
    from engine.align.learned import cosine_rank_gap

    col = {f: k for k, f in enumerate(TWO_PASS)}
    assert pp.x.shape[2] == len(TWO_PASS), pp.x.shape
    cosine = np.where(pp.mask, pp.x[:, :, col["tuned"]], 0.0).astype(np.float32)
    x = pp.x.copy()
    x[:, :, col["cosine"]] = cosine
    x[:, :, col["cosine_rank"]], x[:, :, col["cosine_gap"]] = cosine_rank_gap(cosine, pp.mask)
    evidence = pp.evidence.copy()
    evidence[:, :, EV.index("cosine")] = cosine
    return replace(pp, x=np.ascontiguousarray(x[:, :, [col[f] for f in ONE_PASS]]), evidence=evidence)


def main(argv: list[str] | None = None) -> int:
    import engine.align.learn as learn
    from bench.measure_grouped_align import folds, report, statuses, with_groups
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_one_pass")
    ap.add_argument("pairs")
    ap.add_argument("variant", choices=("two-pass", "one-pass"))
    ap.add_argument("--folds", default="/tmp/speed8")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    args = ap.parse_args(argv)
    pairs = with_groups(pickle.loads(Path(args.pairs).read_bytes()), Path(args.corpus), True)
    if args.variant == "one-pass":
        pairs = [one_pass(pp) for pp in pairs]
        learn.FEATURES = ONE_PASS  # the names the folds' models carry
    unsure = corpus_unsure(args.corpus, None, "train")
    cache = Path(args.folds) / f"folds-{args.variant}.pkl"
    if cache.is_file():
        fitted = pickle.loads(cache.read_bytes())
    else:
        fitted = folds(pairs, unsure)
        cache.write_bytes(pickle.dumps(fitted))
    print(f"{len(pairs)} papers; unsure {len(unsure)}; grouped by repository")
    print("variant | P | R | F1 | hit@1 | hit@3 | found | wrong addressed | addressed calls")
    report(args.variant, statuses(fitted, {"corrections": True}, lambda *a: None), [f[0] for f in fitted], {})
    return 0


if __name__ == "__main__":
    sys.exit(main())
