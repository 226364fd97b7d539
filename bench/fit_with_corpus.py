"""The words model fitted on DISAPERE train and on the corpus training part's reviews, measured out of fold
(issue 33, seventh round; settings written in docs/comments.md before these figures were computed).

    nice -n 10 .venv/bin/python -m bench.fit_with_corpus ../shared/data/disapere/train.jsonl OOF.npz \
        [--weights 0 1 2 4] [--every-revision] [--work DIR]

For each weight of the corpus units (0 = today's model: DISAPERE train alone):

(a) **DISAPERE train out of fold**: the words model (shipped C, vocabulary of n-grams seen in 3 training texts,
    class-weighted logistic regression) fitted on four of ``engine.reviews.fit``'s five folds of forums plus every
    corpus unit, scored on the fifth; Platt calibration on those out-of-fold scores; the default then blends it
    with the fold encoders' out-of-fold logits (``OOF.npz`` of ``bench.crossfit_encoder_gpu``) with
    ``encoder.json``'s settings unchanged, and the comments this version's rules make are scored as dev is.
(b) **the corpus training part, leave papers out**: every labelled training revision (43) is extracted by the
    default with a words model fitted on DISAPERE train and the corpus units of every *other* paper (the rounds of
    one paper are held out together), calibrated as in (a), and scored as ``bench.measure_corpus_comments`` does.

Corpus units come from ``bench.corpus_units``: the licensed revisions only (``LICENSED``), or with
``--every-revision`` all 43 (a figure of what more data would do; such a model may not ship). Dev and the
checked part are never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path
from typing import Any

import numpy as np

from bench.corpus_units import LICENSED, corpus_units
from bench.train_comment_encoder import FINE, FOLDS, log, prepare, split

KEYS = ("precision", "recall", "f1", "fine_macro_f1", "comments_per_review")


def design(parts: list[dict[str, Any]], vocab: dict[str, int]) -> Any:
    """The words model's features of every unit of ``parts``, sparse."""
    from scipy import sparse

    from engine.reviews.fit import _features

    return sparse.vstack([sparse.csr_matrix(_features(f, None, vocab)) for f in parts]).tocsr()


def fit_words(parts: list[dict[str, Any]], extra: list[dict[str, Any]], weight: float, c: float) -> tuple[Any, dict]:
    """A class-weighted logistic regression on ``parts`` (DISAPERE forums) and ``extra`` (corpus revisions, each
    unit counting ``weight`` times); its vocabulary from the texts it is fitted on."""
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.fit import vocabulary

    used = parts + (extra if weight > 0 else [])
    vocab = vocabulary([u.text for f in used for units in f["units"] for u in units])
    y = np.concatenate([f["y"] for f in used])
    w = np.concatenate([np.full(len(f["y"]), 1.0 if i < len(parts) else weight) for i, f in enumerate(used)])
    clf = LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(design(used, vocab), y, sample_weight=w)
    return clf, vocab


def words_model(clf: Any, vocab: dict[str, int], platt: tuple[float, float]) -> Any:
    """A ``CommentModel`` of the fitted words model, the shipped one's fine-type half kept."""
    from engine.reviews.classify import CommentModel, Linear, shipped_model

    shipped = shipped_model("lexical")
    # the fine-type half reads the shipped vocabulary: keep its weights on the n-grams both vocabularies hold
    fine = np.zeros((shipped.fine.coef.shape[0], len(vocab) + shipped.fine.coef.shape[1] - len(shipped.vocabulary)),
                    dtype=np.float32)
    for g, j in vocab.items():
        k = shipped.vocabulary.get(g)
        if k is not None:
            fine[:, j] = shipped.fine.coef[:, k]
    fine[:, len(vocab):] = shipped.fine.coef[:, len(shipped.vocabulary):]
    return CommentModel(name="lexical", uses_encoder=False, binary=Linear(clf.coef_.astype(np.float32),
                        clf.intercept_.astype(np.float32)), platt=platt, threshold=shipped.threshold,
                        fine_labels=shipped.fine_labels, fine=Linear(fine, shipped.fine.intercept), vocabulary=vocab,
                        meta={})


def disapere_out_of_fold(data: list, extra: list, weight: float, c: float) -> tuple[np.ndarray, tuple[float, float]]:
    """(a): the words model's calibrated out-of-fold probabilities on DISAPERE train, and their Platt scaling."""
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.fit import _features

    oof = [np.zeros(len(f["y"])) for f in data]
    for k in range(FOLDS):
        clf, vocab = fit_words([f for i, f in enumerate(data) if i % FOLDS != k], extra, weight, c)
        for i, f in enumerate(data):
            if i % FOLDS == k:
                oof[i] = clf.decision_function(_features(f, None, vocab))
        log(f"weight {weight}: fold {k} fitted")
    z, y = np.concatenate(oof), np.concatenate([f["y"] for f in data])
    platt = LogisticRegression(C=1e4, max_iter=3000).fit(z[:, None], y)
    a, b = float(platt.coef_[0, 0]), float(platt.intercept_[0])
    return 1 / (1 + np.exp(-(a * z + b))), (a, b)


def default_figures(data: list, texts: list[str], lex: np.ndarray, oof: Path, words_fine: list[list[str]]) -> dict:
    """The default's figures from the words model's probabilities ``lex`` and the fold encoders' logits, with
    ``encoder.json``'s settings, as ``bench.score_encoder_oof`` computes them."""
    from engine.reviews.cues import read_cues
    from engine.reviews.encoder_model import encoder_files
    from engine.reviews.fit import _score

    meta = json.loads(encoder_files()[1].read_text("utf-8"))
    got = np.load(oof)
    z, zf = got["zq"], got["zfq"]
    if len(z) != len(texts):
        raise ValueError(f"{oof} holds {len(z)} units, train has {len(texts)} with today's code")
    a, b = meta["platt"]
    p_enc = 1 / (1 + np.exp(-(a * z + b)))
    always = np.array([read_cues(t).explicit or read_cues(t).implied for t in texts], dtype=bool)
    lo, hi = meta["band"]
    ask = (lex >= lo) & (lex <= hi) | always
    p = np.where(ask, meta["weight"] * p_enc + (1 - meta["weight"]) * lex, lex)
    enc_fine = np.array([FINE[k] for k in zf.argmax(axis=1)], dtype=object)
    flat_words = np.array([t for f in words_fine for t in f], dtype=object)
    types = [list(t) for t in split(data, np.where(ask, enc_fine, flat_words))]
    s = _score(data, split(data, p), meta["threshold"], types)
    words = _score(data, split(data, lex), 0.4)
    return {"default": {k: s[k] for k in KEYS}, "words_model_t0.4": {k: words[k] for k in KEYS[:3]},
            "read": round(float(ask.mean()), 3)}


def corpus_leave_papers_out(data: list, revisions: list, extra: list, weight: float, c: float,
                            platt: tuple[float, float]) -> dict:
    """(b): each training revision extracted by the default with a words model fitted without its paper."""
    from dataclasses import replace

    from bench.measure_corpus_comments import gold_points, match
    from corpus.build_revisions import default_out
    from corpus.labels import read_labels
    from engine.reviews.comments import extract_comments
    from engine.reviews.encoder_model import comment_encoder

    encoder = comment_encoder()
    models: dict[str, Any] = {}
    rows = {}
    for r in revisions:
        held = r["group"] if weight > 0 and any(e["group"] == r["group"] for e in extra) else ""
        if held not in models:
            clf, vocab = fit_words(data, [e for e in extra if e["group"] != held], weight, c)
            models[held] = replace(encoder, words=words_model(clf, vocab, platt))
            log(f"weight {weight}: fitted without {held or 'no paper'}")
        comments = [x.to_dict() for x in extract_comments(r["reviews"], model=models[held])]
        rows[r["forum"]] = match(gold_points(default_out() / r["forum"], read_labels(r["forum"])), comments)
    total = {k: sum(x[k] for x in rows.values()) for k in ("gold", "found", "comments", "no_point")}
    return {**total, "found_share": round(100 * total["found"] / max(1, total["gold"]), 1),
            "per_revision": {k: {n: v[n] for n in ("gold", "found", "comments", "no_point")} for k, v in rows.items()}}


def main(argv: list[str] | None = None) -> int:
    from engine.reviews.classify import shipped_model

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("oof", type=Path, help="oof_base.npz of bench.crossfit_encoder_gpu (the fold encoders' logits)")
    ap.add_argument("--weights", type=float, nargs="+", default=[0.0, 1.0, 2.0, 4.0])
    ap.add_argument("--every-revision", action="store_true", help="fit on every training revision (may not ship)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-encoder"))
    ap.add_argument("--skip-corpus", action="store_true", help="(a) only")
    args = ap.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    data, texts, _, _, _ = prepare(args.train)
    revisions = corpus_units()
    extra = revisions if args.every_revision else [r for r in revisions if r["forum"] in LICENSED]
    log(f"corpus units: {sum(len(r['y']) for r in extra)} ({sum(int(r['y'].sum()) for r in extra)} actionable) "
        f"from {len(extra)} revisions; {sum(r['lost'] for r in extra)} not placed")
    from bench.score_encoder_oof import cached_words_fine

    words_fine = cached_words_fine(data, args.work)
    c = shipped_model("lexical").meta["C"]
    for weight in args.weights:
        lex, platt = disapere_out_of_fold(data, extra, weight, c)
        got: dict[str, Any] = {"weight": weight, "every_revision": args.every_revision, "platt": platt,
                               **default_figures(data, texts, lex, args.oof, words_fine)}
        print(json.dumps(got), flush=True)
        if not args.skip_corpus:
            got["corpus_train"] = corpus_leave_papers_out(data, revisions, extra, weight, c, platt)
            print(json.dumps({"weight": weight, "corpus_train": {k: v for k, v in got["corpus_train"].items()
                                                                 if k != "per_revision"}}), flush=True)
            (args.work / f"corpus_w{weight}{'_all' if args.every_revision else ''}.json").write_text(json.dumps(got))
    return 0


if __name__ == "__main__":
    sys.exit(main())
