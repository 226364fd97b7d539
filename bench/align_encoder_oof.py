"""Does the fine-tuned comment↔edit encoder help the ``learned`` aligner? Leave-papers-out on the training part.

    .venv/bin/python -m bench.align_encoder_oof OUT/oof.npz [--variants section plain base] [--pairs FILE.pkl]

``OUT/oof.npz`` is what ``bench.align_encoder_gpu`` wrote: per paper of the training part, the comments × edits
sentence-max cosines of a model fine-tuned on the other folds' papers (``VARIANT|PAPER``), and the untuned
model's (``base|PAPER``, float32 on the GPU: a control, the same information as the ``cosine`` feature).
The pairs carry the ``learned`` aligner's ``FEATURES``, whose ``cosine``, ``cosine_rank`` and ``cosine_gap`` are the
cosine inside the first stage, its rank within the comment (``1 / (1 + rank)``) and its gap to the comment's best
(one encoder pass since round eight; until then the tuned cosine had two columns of its own beside the embedded
MiniLM's). For each variant those three columns hold its cosines ("without": the three columns dropped), and the
model is scored leave-papers-out exactly as ``redraft
eval align --corpus ... --part train`` scores it (each paper by weights, threshold, cap and bands fitted on the
other papers), beside the same run without them. The checked part is never read. ``--pairs`` keeps the papers'
pair features in a pickle (computing them reads and diffs 43 revisions: about 8 minutes on 2 cores).
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]


def with_feature(pairs, oof, variant: str | None):
    """``pairs`` with the variant's out-of-fold cosine (first stage only), its rank within the comment and its gap
    to the comment's best in the three cosine columns (``learned.pair_features``' arithmetic); ``None``: without
    those columns."""
    from engine.align.learned import FEATURES, cosine_rank_gap

    cols = [FEATURES.index(f) for f in ("cosine", "cosine_rank", "cosine_gap")]
    out = []
    for pp in pairs:
        if variant is None:
            out.append(replace(pp, x=np.delete(pp.x, cols, axis=2)))
            continue
        m = oof[f"{variant}|{pp.paper.id}"]
        assert m.shape == pp.mask.shape, (pp.paper.id, m.shape, pp.mask.shape)
        cos = np.where(pp.mask, m, 0.0).astype(np.float32)
        x = pp.x.copy()
        x[:, :, cols[0]] = cos
        x[:, :, cols[1]], x[:, :, cols[2]] = cosine_rank_gap(cos, pp.mask)
        out.append(replace(pp, x=x))
    return out


def hit1_alone(pairs, key) -> float:
    """hit@1 over answered comments of one cosine matrix alone, ranked inside the first stage."""
    hits = answered = 0
    for pp in pairs:
        m = np.where(pp.mask, key(pp), -np.inf)
        for i in range(len(pp.labels)):
            if pp.labels[i].any():
                answered += 1
                hits += bool(pp.mask[i].any() and pp.labels[i, int(np.argmax(m[i]))])
    return round(100 * hits / answered, 1)


def lopo(pairs, unsure) -> dict:
    from engine.align.learn import leave_papers_out, scored
    from engine.align.learn_answered import scored_answered
    from engine.align.corpus_eval import score_method
    from engine.cli.eval_align_corpus import results_inputs
    from engine.align.config import DEFAULTS

    fitted = leave_papers_out(pairs, unsure=unsure)  # (paper, link model, answered model), as evaluate_corpus
    raw = [replace(scored(pp, m), answered=scored_answered(pp, scored(pp, m).matrix, m.threshold, a))
           for pp, m, a in fitted]
    return score_method(results_inputs(fitted, raw, pairs, DEFAULTS["evidence"])["learned"])


def main(argv: list[str] | None = None) -> int:
    from engine.align.learn import iter_paper_pairs
    from engine.align.tuned import OutOfFold
    from engine.cli.eval_align_corpus import corpus_papers, corpus_unsure
    from engine.jobs import run_job

    ap = argparse.ArgumentParser(prog="python -m bench.align_encoder_oof")
    ap.add_argument("oof")
    ap.add_argument("--variants", nargs="+", default=["section", "plain", "base"])
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--pairs", help="a pickle of the training part's pair features (read if there, else written)")
    args = ap.parse_args(argv)
    if args.pairs and Path(args.pairs).is_file():
        pairs = pickle.loads(Path(args.pairs).read_bytes())
    else:
        papers = corpus_papers(args.corpus, args.cache, "train")
        pairs = run_job(iter_paper_pairs(papers, tuned=OutOfFold.for_papers(papers)))
        if args.pairs:
            Path(args.pairs).write_bytes(pickle.dumps(pairs))
    unsure = corpus_unsure(args.corpus, args.cache, "train")
    oof = dict(np.load(args.oof))
    cosine = list(__import__("engine.align.learned", fromlist=["FEATURES"]).FEATURES).index("cosine")
    print(f"{len(pairs)} papers; hit@1 of a cosine alone, first stage: embedded (as the aligner) "
          f"{hit1_alone(pairs, lambda pp: pp.x[:, :, cosine])}", end="", flush=True)
    for v in args.variants:
        print(f", {v} {hit1_alone(pairs, lambda pp: oof[f'{v}|{pp.paper.id}'])}", end="")
    print()
    keys = ("P", "R", "F1", "hit@1", "hit@3", "found", "wrong addressed", "addressed calls")
    print("learned, leave-papers-out on the training part (pooled) | " + " | ".join(keys) + " | F1 mean ± sd",
          flush=True)
    for name, variant in [("without", None), *((f"with {v}", v) for v in args.variants)]:
        r = lopo(with_feature(pairs, oof, variant), unsure)
        s = r["spread"]["F1"]
        print(f"{name} | " + " | ".join(str(r["pooled"][k]) for k in keys) + f" | {s['mean']} ± {s['sd']}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
