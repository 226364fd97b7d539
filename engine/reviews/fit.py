"""Fitting the comment models on DISAPERE's train split (nothing else).

``python -m engine.reviews.fit TRAIN.jsonl OUT_DIR`` writes ``minilm.json``
and ``lexical.json``. Units are cut from the reviews exactly as at run time
(each forum written as the scorer writes it, parsed by ``parse_reviews``) and
labelled by the gold sentence they overlap most: actionable when it is a
request or a negative evaluation, fine type after DISAPERE's fine review
action (``criticism`` for negative evaluations). The regularisation, the
Platt calibration and the decision threshold are chosen by five-fold
cross-validation grouped by forum inside train, on the exact sentence-level
figure of ``engine.reviews.evaluate``.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import numpy as np

from engine.reviews.classify import CommentModel, Linear, cue_features, ngrams
from engine.reviews.comments import build_comments, prefixes
from engine.reviews.evaluate import forum_markdown, gold_fine, read_forums, score_forums
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

PROVENANCE = ("Fitted by engine/reviews/fit.py on DISAPERE train.jsonl (251 ICLR 2019-2020 reviews; Kennard et al., "
              "NAACL 2022, https://github.com/nnkennard/DISAPERE). Licence of the data and of these fitted weights: "
              "CC BY-NC 4.0.")
FOLDS = 5


def forum_units(forums: list[tuple[str, list[dict[str, Any]]]]) -> list[dict[str, Any]]:
    """Per forum: parsed reviews, their units, and each unit's binary and fine label."""
    out = []
    for forum, gold_reviews in forums:
        md = forum_markdown(gold_reviews)
        reviews = parse_reviews(md, "markdown")
        gold = []  # (start, end, sentence) in md coordinates
        pos = 0
        for g in gold_reviews:
            at = md.find(g["text"], pos)
            pos = max(pos, at)
            gold += [(at + s["start"], at + s["end"], s) for s in g["sentences"]] if at >= 0 else []
        per_review, labels, fines = [], [], []
        pos = 0
        for r in reviews:
            at = md.find(r.text, pos)
            pos = max(pos, at)
            units = review_units(r)
            per_review.append(units)
            for u in units:
                a, b = at + u.start, at + u.end
                best, best_overlap = None, 0
                for ga, gb, s in gold:
                    ov = min(b, gb) - max(a, ga)
                    if ov > best_overlap:
                        best, best_overlap = s, ov
                fine = gold_fine(best) if best else ""
                labels.append(int(bool(fine)))
                fines.append(fine)
        out.append({"forum": forum, "gold": gold_reviews, "md": md, "reviews": reviews, "units": per_review,
                    "y": np.array(labels), "fine": fines})
    return out


def _lr(c: float, multi: bool = False) -> Any:
    from sklearn.linear_model import LogisticRegression

    return LogisticRegression(C=c, max_iter=3000, class_weight=None if multi else "balanced")


def _features(f: dict[str, Any], emb: dict[str, np.ndarray] | None, vocab: dict[str, int] | None) -> np.ndarray:
    rows = []
    for units in f["units"]:
        cues = cue_features(units)
        if emb is not None:
            rows.append(np.hstack([np.array([emb[u.text] for u in units]).reshape(len(units), -1), cues]))
        else:
            bag = np.zeros((len(units), len(vocab)), dtype=np.float32)
            for i, u in enumerate(units):
                for g in ngrams(u.text):
                    if g in vocab:
                        bag[i, vocab[g]] = 1.0
            rows.append(np.hstack([bag, cues]))
    return np.vstack(rows) if rows else np.zeros((0, 1))


def vocabulary(texts: list[str]) -> dict[str, int]:
    """The words model's features: unigrams and bigrams seen in at least 3 of ``texts``, numbered."""
    df = Counter(g for t in sorted(set(texts)) for g in set(ngrams(t)))
    return {g: i for i, g in enumerate(sorted(g for g, n in df.items() if n >= 3))}


def _score(data: list[dict[str, Any]], probs: list[np.ndarray], threshold: float,
           fines: list[list[str]] | None = None, pairs: list | None = None) -> dict[str, Any]:
    """The sentence-level figures of ``probs`` (and of ``fines``, each forum's fine types, when given); ``pairs``
    receives each typed gold sentence's (forum, gold type, type given), as ``score_forums`` gives them."""
    comments_of: dict[str, list[dict[str, Any]]] = {}
    for k, (f, p) in enumerate(zip(data, probs)):
        found, pos = [], 0
        for r, prefix, units in zip(f["reviews"], prefixes(f["reviews"]), f["units"]):
            n = len(units)
            fine = fines[k][pos : pos + n] if fines is not None else [""] * n
            found += [c.to_dict() for c in build_comments(r, prefix, units, p[pos : pos + n], fine, threshold)]
            pos += n
        comments_of[f["md"]] = found
    return score_forums([(f["forum"], f["gold"]) for f in data], lambda md: comments_of[md], pairs)


#: Regularisation strengths tried (cross-validated inside train); wider grids chose inside these.
GRID = {"minilm": (0.3, 1.0), "lexical": (0.03, 0.1)}


def fit_model(data: list[dict[str, Any]], x_of: list[np.ndarray], name: str, uses_encoder: bool,
              vocab: dict[str, int], log: Any = print) -> tuple[CommentModel, dict[str, Any]]:
    y_all = np.concatenate([f["y"] for f in data])
    folds = [i % FOLDS for i in range(len(data))]
    best: tuple[float, float, float, np.ndarray] | None = None
    for c in GRID[name]:
        oof = [np.zeros(len(f["y"])) for f in data]
        for k in range(FOLDS):
            tr = [i for i in range(len(data)) if folds[i] != k]
            clf = _lr(c).fit(np.vstack([x_of[i] for i in tr]), np.concatenate([data[i]["y"] for i in tr]))
            for i in range(len(data)):
                if folds[i] == k:
                    oof[i] = clf.decision_function(x_of[i])
        platt = _lr(1e4, multi=True).fit(np.concatenate(oof)[:, None], y_all)
        a, b = float(platt.coef_[0, 0]), float(platt.intercept_[0])
        probs = [1 / (1 + np.exp(-(a * z + b))) for z in oof]
        for t in np.arange(0.25, 0.7, 0.025):
            s = _score(data, probs, float(t))
            log(f"{name} C={c} t={t:.3f} P={s['precision']} R={s['recall']} F1={s['f1']}")
            if best is None or s["f1"] > best[0]:
                best = (s["f1"], c, float(t), np.array([a, b]))
                cv, best_probs = s, probs
    _, c, threshold, (a, b) = best
    x = np.vstack(x_of)
    clf = _lr(c).fit(x, y_all)
    pos = y_all == 1
    fines = np.array([fl for f in data for fl in f["fine"]])
    fine_clf = _lr(1.0, multi=True).fit(x[pos], fines[pos])
    meta = {"provenance": PROVENANCE, "licence": "CC BY-NC 4.0", "C": c, "units": int(len(y_all)),
            "positives": int(pos.sum()), "fine_counts": dict(Counter(fines[pos].tolist())),
            "cross_validation_on_train": {k: cv[k] for k in ("precision", "recall", "f1")}}
    if uses_encoder:
        meta["encoder"] = "all-MiniLM-L6-v2 (embedded), ONNX int8, mean pooling, L2-normalised"
    model = CommentModel(
        name=name, uses_encoder=uses_encoder, binary=Linear(clf.coef_, clf.intercept_), platt=(a, b),
        threshold=round(threshold, 3), fine_labels=tuple(fine_clf.classes_),
        fine=Linear(fine_clf.coef_, fine_clf.intercept_), vocabulary=vocab, meta=meta,
    )
    return model, cv, best_probs


def ensemble(data: list[dict[str, Any]], p_minilm: list[np.ndarray], p_lexical: list[np.ndarray],
             log: Any = print) -> tuple[dict[str, Any], dict[str, Any]]:
    """The weight of the MiniLM model in the average of both calibrated probabilities, and the threshold,
    chosen on the out-of-fold probabilities of both."""
    best: tuple[float, float, float] | None = None
    for w in (0.3, 0.4, 0.5, 0.6, 0.7):
        probs = [w * x + (1 - w) * y for x, y in zip(p_minilm, p_lexical)]
        for t in np.arange(0.3, 0.7, 0.025):
            s = _score(data, probs, float(t))
            log(f"ensemble w={w} t={t:.3f} P={s['precision']} R={s['recall']} F1={s['f1']}")
            if best is None or s["f1"] > best[0]:
                best, cv = (s["f1"], w, float(t)), s
    return {"with": "lexical", "weight": best[1], "threshold": round(best[2], 3)}, cv


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("out")
    ap.add_argument("--only", choices=("minilm", "lexical"))
    args = ap.parse_args(argv)
    data = forum_units(read_forums(args.train))
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    texts = sorted({u.text for f in data for units in f["units"] for u in units})
    if args.only != "lexical":
        from engine.reviews.comments import minilm_encoder

        vecs = minilm_encoder().encode(texts)
        emb = dict(zip(texts, vecs))
        x_of = [_features(f, emb, None) for f in data]
        minilm, cv, p_minilm = fit_model(data, x_of, "minilm", True, {}, log=lambda s: print(s, file=sys.stderr))
        (out / "minilm.json").write_text(json.dumps(minilm.to_json()) + "\n")
        print("minilm", cv)
    if args.only != "minilm":
        vocab = vocabulary(texts)
        x_of = [_features(f, None, vocab) for f in data]
        lexical, cv, p_lexical = fit_model(data, x_of, "lexical", False, vocab, log=lambda s: print(s, file=sys.stderr))
        (out / "lexical.json").write_text(json.dumps(lexical.to_json()) + "\n")
        print("lexical", cv)
    if args.only is None:
        minilm.meta["ensemble"], cv = ensemble(data, p_minilm, p_lexical, log=lambda s: print(s, file=sys.stderr))
        minilm.meta["ensemble_cross_validation_on_train"] = {k: cv[k] for k in ("precision", "recall", "f1")}
        (out / "minilm.json").write_text(json.dumps(minilm.to_json()) + "\n")
        print("ensemble", minilm.meta["ensemble"], cv)
    return 0


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
