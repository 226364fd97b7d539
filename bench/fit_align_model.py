"""Fit the ``learned`` aligner on the training part of the revisions corpus and write the shipped models: the link
model and the answered-at-all model its statuses read (one command: refit both after adding a link feature).

    .venv/bin/python -m bench.fit_align_model [--corpus corpus/revisions.json] [--cache DIR]
        [--out resources/models/align/learned.json] [--answered-out resources/models/align/answered.json]
        [--pairs FILE.pkl] [--from-pairs FILE.pkl] [--trees G1|G2] [--train-of MODEL.json]

Reads only the training part (``part: "train"``; hand labels where a revision was read by hand, ``kind: "hand"``,
else distant labels from the response letters): the weights on all of it, the link threshold, cap and status bands
on inner leave-papers-out scores (``engine.align.learn.fit``; the bands without the comments whose distant label is
unsure, ``corpus.replies``; a hand-labelled revision has none); the answered-at-all model on the same inner scores,
its bands on its own leave-papers-out probabilities (``engine.align.learn_answered``).
The ``tuned`` feature of each training paper comes from ``bench/data/align_encoder_oof.npz`` (the cosines of the
fold model that never saw it; ``engine.align.tuned.OutOfFold``), never from the shipped encoder tuned on all of them;
a training paper added after that encoder was tuned (not in the file) reads the shipped encoder's cosines, out of
fold too (it never saw that paper, nor, checked by repository, another round of it).
``--trees``: the link model is session 22's gradient-boosted trees (``learn.TREE_VARIANTS``, file format
``redraft-align-link-trees``) in place of the logistic regression. ``--from-pairs``: the pair features from a pickle
``--pairs`` wrote (no encoder run). ``--train-of``: fit on the training revisions a model file's ``meta.train`` lists
(the shipped ``learned.json``'s: a refit that must give its link model back while the answered model's bands change).
The checked part is never read here.
"""

from __future__ import annotations

import argparse
import functools
import json
import pickle
import sys
from pathlib import Path

from corpus.labels import read_labels
import engine.align.learn as learn
from engine.align.learn import iter_paper_pairs
from engine.align.tuned import OOF_FILE, OutOfFold
from engine.cli.eval_align_corpus import corpus_papers, corpus_unsure
from engine.jobs import run_job
from engine.models.factory import open_model

REPO = Path(__file__).resolve().parents[1]


def build_pairs(args: argparse.Namespace) -> list:
    """The training part's pair features (kept in ``args.pairs`` when given)."""
    papers = corpus_papers(args.corpus, args.cache, "train")
    # the tuned encoder's cosines out of fold: the shipped encoder was tuned on these very papers; a paper whose diff
    # the reader has changed since the GPU run reads the untuned MiniLM's (as the sibling-seen ones do)
    oof = OutOfFold.for_papers(papers, untuned=functools.cache(lambda: open_model("encoder")))
    pairs = run_job(iter_paper_pairs(papers, tuned=oof))
    for pid, (was, now) in oof.moved.items():
        print(f"note: {pid}: {now[0]} comments × {now[1]} edits, {was[1]} edits in {OOF_FILE.name}: the reader's "
              "diff moved since the GPU run; its cosine columns read the untuned MiniLM's cosines")
    if args.pairs:
        Path(args.pairs).write_bytes(pickle.dumps(pairs))
    return pairs


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.fit_align_model")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--out", default=str(REPO / "resources" / "models" / "align" / "learned.json"))
    ap.add_argument("--answered-out", default=str(REPO / "resources" / "models" / "align" / "answered.json"))
    ap.add_argument("--pairs", help="also keep the training part's pair features in this pickle (for "
                                    "bench.align_encoder_oof --pairs)")
    ap.add_argument("--from-pairs", help="read the pair features from this pickle (written by --pairs)")
    ap.add_argument("--trees", choices=sorted(learn.TREE_VARIANTS), help="fit session 22's gradient-boosted trees")
    ap.add_argument("--train-of", help="fit on the revisions this model file's meta.train lists")
    args = ap.parse_args(argv)
    for name, what in (("from_pairs", "pairs file"), ("train_of", "model file")):
        if getattr(args, name) and not Path(getattr(args, name)).is_file():
            print(f"error: no such {what}: {getattr(args, name)}", file=sys.stderr)
            return 2
    keep = None
    if args.train_of:
        try:
            keep = list(json.loads(Path(args.train_of).read_text(encoding="utf-8"))["meta"]["train"])
        except (ValueError, KeyError, TypeError):
            print(f"error: {args.train_of}: not a model file with meta.train", file=sys.stderr)
            return 2
    pairs = pickle.loads(Path(args.from_pairs).read_bytes()) if args.from_pairs else build_pairs(args)
    if keep is not None:
        have = {pp.paper.id: pp for pp in pairs}
        if missing := [i for i in keep if i not in have]:
            print(f"error: not in the training part: {', '.join(missing)}", file=sys.stderr)
            return 2
        pairs = [pp for pp in pairs if pp.paper.id in set(keep)]  # the part's order, as a fit on all reads it
    was = learn.TREES
    learn.TREES = learn.TREE_VARIANTS[args.trees] if args.trees else None
    try:
        model, answered = learn.fit_both(pairs, unsure=corpus_unsure(args.corpus, args.cache, "train"))
    finally:
        learn.TREES = was
    kinds: dict[str, list[str]] = {}
    for pp in pairs:
        kinds.setdefault((read_labels(pp.paper.id, Path(args.corpus).parent / "labels") or {}).get("kind", "?"),
                         []).append(pp.paper.id)
    model.meta |= {"data": "revisions corpus, training part (hand labels where read, distant labels elsewhere; "
                           "corpus/labels, ours)", "labels": kinds, "fitted_by": "python -m bench.fit_align_model"}
    answered.meta |= {"data": model.meta["data"], "fitted_by": model.meta["fitted_by"],
                      "link_model": "learned.json (the same run)" if Path(args.out).name == "learned.json" else
                      f"the same run's link model, written to {Path(args.out).name}"}
    for path, fitted in ((Path(args.out), model), (Path(args.answered_out), answered)):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(fitted.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"{args.out}: threshold {model.threshold:.4f}, cap {model.max_edits}, bands {model.bands}, "
          f"inner leave-papers-out F1 {model.meta['inner_lpo_f1']}")
    print(f"{args.answered_out}: bands {answered.bands}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
