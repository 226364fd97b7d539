"""Fit the fine-type model on DISAPERE train, choosing it out of fold there (dev is never read).

    nice -n 10 .venv/bin/python -m bench.fit_fine_types ../shared/data/disapere/train.jsonl \
        resources/models/comments/fine_types.json [--work ~/.cache/redraft/fine-types]

Units are cut and labelled as ``engine.reviews.fit`` does; the model learns the fine type of every actionable
unit (a request's DISAPERE fine type, ``criticism`` for a negative evaluation) from its words and cues
(``engine.reviews.fine_types.FineTypeModel``), with class weights inversely proportional to each type's count.
It is chosen on the sentence-level fine-type macro-F1 of ``engine.reviews.evaluate``, out of fold: five folds of
forums (``engine.reviews.fit``'s), each typed by a model fitted on the other four (its vocabulary too), the
comments being those the words model makes out of fold (``bench.train_comment_encoder.lexical_oof``, at its best
out-of-fold threshold, ``encoder.json``): every part of the figure comes from forums the models did not see.
The baseline beside it is the words model's own fine-type head, refitted the same way, which typed comments
before. The chosen setting is refitted on every train forum and written with its figures and provenance.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from bench.train_comment_encoder import FOLDS, lexical_oof, log, prepare, split
from engine.reviews.evaluate import fine_f1_per_type, gold_fine, words
from engine.reviews.fine_types import FineTypeModel, checked_type
from engine.reviews.model import FINE_TYPES

#: Regularisation strengths tried (inverse; class weights "balanced" throughout).
GRID = (0.1, 0.3, 1.0, 3.0)
PROVENANCE = ("Fitted by bench/fit_fine_types.py on DISAPERE train.jsonl (251 ICLR 2019-2020 reviews; Kennard et al., "
              "NAACL 2022, https://github.com/nnkennard/DISAPERE). Licence of the data and of these fitted weights: "
              "CC BY-NC 4.0.")


def vocabulary(texts: list[str]) -> dict[str, int]:
    from engine.reviews.fit import vocabulary as words_vocabulary

    return words_vocabulary(texts)


def fit(texts: list[str], labels: list[str], vocab: dict[str, int], c: float, meta: dict[str, Any] | None = None
        ) -> FineTypeModel:
    """A ``FineTypeModel`` fitted on ``texts`` and their ``labels``."""
    from sklearn.linear_model import LogisticRegression

    empty = FineTypeModel(labels=(), coef=np.zeros((0, 0)), intercept=np.zeros(0), vocabulary=vocab, meta={})
    clf = LogisticRegression(C=c, max_iter=3000, class_weight="balanced").fit(empty.features(texts), labels)
    return FineTypeModel(labels=tuple(clf.classes_), coef=clf.coef_.astype(np.float32),
                         intercept=clf.intercept_.astype(np.float32), vocabulary=vocab, meta=meta or {})


def out_of_fold_comments(data: list, lex: np.ndarray, threshold: float) -> list[list[Any]]:
    """Per forum, the comments the words model makes from its out-of-fold probabilities."""
    from engine.reviews.comments import build_comments, prefixes

    out = []
    for f, p in zip(data, split(data, lex)):
        found, pos = [], 0
        for r, prefix, units in zip(f["reviews"], prefixes(f["reviews"]), f["units"]):
            n = len(units)
            found += build_comments(r, prefix, units, p[pos : pos + n], [""] * n, threshold)
            pos += n
        out.append(found)
    return out


def coverage(data: list, comments: list[list[Any]]) -> list[tuple[int, str, int]]:
    """``(forum, gold type, index of the comment covering the sentence or -1)`` for every typed gold sentence,
    as ``engine.reviews.evaluate.score_forums`` pairs them (types do not change which comment covers what)."""
    from engine.reviews.evaluate import COVER

    out = []
    for fi, f in enumerate(data):
        held = [words(c.full_text) for c in comments[fi]]
        for r in f["gold"]:
            for s in r["sentences"]:
                w, kind = words(s["text"]), gold_fine(s)
                if len(w) < 3 or not kind:
                    continue
                shares = [len(w & c) / len(w) for c in held]
                best = max(range(len(shares)), key=shares.__getitem__) if shares else -1
                out.append((fi, kind, best if best >= 0 and shares[best] >= COVER else -1))
    return out


def figures(cover: list[tuple[int, str, int]], types: list[list[str]]) -> dict[str, Any]:
    per = fine_f1_per_type([(kind, types[fi][b] if b >= 0 else "") for fi, kind, b in cover])
    return {"fine_macro_f1": round(sum(per.values()) / len(per), 3), "per_type": {k: round(v, 3) for k, v in per.items()}}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("out")
    ap.add_argument("--work", default=str(Path.home() / ".cache" / "redraft" / "fine-types"))
    args = ap.parse_args(argv)
    from engine.reviews.comments import _scoring_view
    from engine.reviews.encoder_model import comment_encoder

    work = Path(args.work)
    work.mkdir(parents=True, exist_ok=True)
    data, texts, _, _, _ = prepare(args.train)
    lex = lexical_oof(data, texts, work)
    threshold = comment_encoder().meta["held_out_in_train"]["words_model_alone"]["threshold"]
    comments = out_of_fold_comments(data, lex, threshold)
    cover = coverage(data, comments)
    unit_texts = [[_scoring_view(u).text for units in f["units"] for u in units] for f in data]
    folds = [[i for i in range(len(data)) if i % FOLDS == k] for k in range(FOLDS)]

    def training(forums: list[int]) -> tuple[list[str], list[str]]:
        pairs = [(t, kind) for i in forums for t, kind in zip(unit_texts[i], data[i]["fine"]) if kind]
        return [t for t, _ in pairs], [k for _, k in pairs]

    results = {}
    for c in GRID:
        types: list[list[str]] = [[] for _ in data]
        for held in folds:
            rest = [i for i in range(len(data)) if i not in set(held)]
            model = fit(*training(rest), vocabulary([t for i in rest for t in unit_texts[i]]), c)
            for i in held:
                full = [x.full_text for x in comments[i]]
                types[i] = [checked_type(t, k) for t, k in zip(full, model.predict(full))]
        results[c] = figures(cover, types)
        log(f"C={c}", results[c])
    best = max(GRID, key=lambda c: results[c]["fine_macro_f1"])
    baseline = figures(cover, words_head_types(data, comments, split(data, lex), folds))
    log("words model's fine-type head", baseline)
    x, y = training(list(range(len(data))))
    meta = {"provenance": PROVENANCE, "licence": "CC BY-NC 4.0", "C": best, "class_weight": "balanced",
            "units": len(y), "type_counts": dict(sorted(Counter(y).items())),
            "out_of_fold_on_train": {"method": f"{FOLDS} folds of forums; comments by the words model out of fold "
                                               f"(threshold {threshold})", "forums": len(data),
                                     "chosen": results[best], "grid": {str(c): r["fine_macro_f1"] for c, r in results.items()},
                                     "words_model_fine_head": baseline}}
    model = fit(x, y, vocabulary([t for ts in unit_texts for t in ts]), best, meta)
    assert set(model.labels) == set(FINE_TYPES)
    Path(args.out).write_text(json.dumps(model.to_json()) + "\n", encoding="utf-8")
    print(json.dumps(meta["out_of_fold_on_train"]))
    return 0


def words_head_types(data: list, comments: list[list[Any]], probs: list[np.ndarray], folds: list[list[int]]
                     ) -> list[list[str]]:
    """How comments were typed before: the words model's fine-type head (refitted without the held-out forums) on
    the comment's most likely unit, then ``checked_type``."""
    from engine.reviews.fit import _features, _lr, vocabulary as words_vocabulary

    out: list[list[str]] = [[] for _ in data]
    for held in folds:
        rest = [i for i in range(len(data)) if i not in set(held)]
        vocab = words_vocabulary([u.text for i in rest for units in data[i]["units"] for u in units])
        x = np.vstack([_features(data[i], None, vocab) for i in rest])
        y = np.concatenate([data[i]["y"] for i in rest]) == 1
        fines = np.array([fl for i in rest for fl in data[i]["fine"]])
        clf = _lr(1.0, multi=True).fit(x[y], fines[y])
        for i in held:
            pred = clf.predict(_features(data[i], None, vocab))
            spans = [(u.start, u.end) for units in data[i]["units"] for u in units]
            review_of = [r for r, units in enumerate(data[i]["units"]) for _ in units]
            for c in comments[i]:
                r = next(k for k, x in enumerate(data[i]["reviews"]) if x.reviewer == c.reviewer)
                idx = [j for j, (a, b) in enumerate(spans) if review_of[j] == r and a >= c.span[0] and b <= c.span[1]]
                out[i].append(checked_type(c.full_text, pred[max(idx, key=lambda j: probs[i][j])]))
    return out


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
