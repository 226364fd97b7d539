"""The default's figures out of fold on DISAPERE train, from the fold encoders' logits (``bench.crossfit_encoder_gpu``).

    .venv/bin/python -m bench.score_encoder_oof ../shared/data/disapere/train.jsonl OUT/oof_base.npz \
        [--vectors OUT] [--work /tmp/redraft-encoder]
    .venv/bin/python -m bench.score_encoder_oof ../shared/data/disapere/train.jsonl --work DIR   # words model alone

Each unit's actionable logit and fine-type logits come from an int8 encoder fitted without its forum (``zq``,
``zfq``); the words model's probabilities and fine types are out of fold on the same five folds
(``train_comment_encoder.lexical_oof``, ``choose_comment_encoder.words_fine_out_of_fold``). The shipped settings
of ``encoder.json`` (calibration, weight, threshold, band; the encoder also reads every request in so many words
and every implied criticism, as ``engine.reviews.comments`` does) are applied unchanged, and the comments made by
this version's rules are scored as ``engine.reviews.evaluate`` scores dev. With ``--vectors`` it also fits, out of
fold, a class-weighted logistic-regression fine-type head on each fold model's pooled vectors (``vecsK.npy``) and
scores it on the same comments. With ``--confusion`` it prints the default's fine types against DISAPERE's (each
typed gold sentence: its gold type, the type of the comment that holds it, "missed" when none does), and the same
for the gold sentences that ask for references or citations (``CITES``). Dev is never read.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections import Counter
from pathlib import Path

import numpy as np

from bench.train_comment_encoder import FINE, FOLDS, lexical_oof, log, prepare, split
from engine.reviews.evaluate import gold_fine as gold_type
from engine.reviews.evaluate import words

#: A gold sentence that asks for references or citations (the typing account, issue 33).
CITES = re.compile(r"\bcit(?:e|es|ed|ing|ation|ations)\b|\breferences?\b|\brelated work\b|\bprior work\b|"
                   r"\bliterature\b", re.I)
KEYS = ("precision", "recall", "f1", "fine_macro_f1", "comments_per_review", "extracted_ok", "extracted_wrong")


def cached_words_fine(data: list, work: Path) -> list:
    """The words model's fine types of every forum, out of fold (``words_fine_out_of_fold`` per fold of forums),
    kept in ``work/words_fine_oof.json`` and read from there on a rerun."""
    from bench.choose_comment_encoder import words_fine_out_of_fold

    cached = work / "words_fine_oof.json"
    if cached.exists():
        return json.loads(cached.read_text())
    words_fine: list = [[] for _ in data]
    for k in range(FOLDS):
        forums = [i for i in range(len(data)) if i % FOLDS == k]
        for i, types in zip(forums, words_fine_out_of_fold(data, forums)):
            words_fine[i] = types
    cached.write_text(json.dumps(words_fine))
    return words_fine


def confusion(data: list, pairs: list) -> None:
    """The default's fine types against DISAPERE's: all typed gold sentences, then those asking for references."""
    gold_texts = [[sen["text"] for r in f["gold"] for sen in r["sentences"] if len(words(sen["text"])) >= 3
                   and gold_type(sen)] for f in data]  # as score_forums lists them
    seen: Counter = Counter()
    cites: Counter = Counter()
    every: Counter = Counter()
    for forum, truth, given in pairs:
        k = seen[forum]
        seen[forum] += 1
        every[(truth, given or "missed")] += 1
        if CITES.search(gold_texts[forum][k]):
            cites[(truth, given or "missed")] += 1
    for title, table in (("every typed gold sentence", every), ("gold sentences asking for references", cites)):
        print(f"fine types, {title} (gold -> given: count):")
        for (truth, given), n in sorted(table.items(), key=lambda kv: (kv[0][0], -kv[1])):
            print(f"  {truth:13} -> {given:13} {n}")


def main(argv: list[str] | None = None) -> int:
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.cues import read_cues
    from engine.reviews.encoder_model import encoder_files
    from engine.reviews.fit import _score

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("oof", nargs="?", help="oof_NAME.npz from bench.crossfit_encoder_gpu (without it, the words model alone)")
    ap.add_argument("--vectors", type=Path, help="the folder of vecs0.npy ... vecs4.npy (fine-type head)")
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-encoder"))
    ap.add_argument("--confusion", action="store_true", help="print the default's fine types against the gold's")
    args = ap.parse_args(argv)
    args.work.mkdir(parents=True, exist_ok=True)
    data, texts, y, fine, group = prepare(args.train)
    from bench.choose_comment_encoder import words_model_alone

    lex = lexical_oof(data, texts, args.work)
    if args.oof is None:
        words = words_model_alone(data, lex)
        print("words model alone (out of fold, its best threshold):",
              {k: words[k] for k in ("precision", "recall", "f1", "threshold")})
        return 0
    words_fine = cached_words_fine(data, args.work)
    always = np.array([read_cues(t).explicit or read_cues(t).implied for t in texts], dtype=bool)
    meta = json.loads(encoder_files()[1].read_text("utf-8"))
    got = np.load(args.oof)
    z, zf = got["zq"], got["zfq"]
    # units the fold encoders never read (the reader has made units since their run): the words model alone decides
    unread = got["unread"] if "unread" in got.files else np.zeros(len(z), dtype=bool)
    if len(z) != len(texts):
        print(f"error: {args.oof} holds {len(z)} units, the reader makes {len(texts)} (see docs/comments.md, "
              "'Round twelve, the lead')", file=sys.stderr)
        return 2
    if unread.any():
        print(f"{int(unread.sum())} of {len(texts)} units were not read by the fold encoders: the words model decides them")
    a, b = meta["platt"]
    p_enc = 1 / (1 + np.exp(-(a * z + b)))
    flat_words = np.array([t for f in words_fine for t in f], dtype=object)
    enc_fine = np.array([FINE[k] for k in zf.argmax(axis=1)], dtype=object)
    words = words_model_alone(data, lex)
    print("words model alone (out of fold, its best threshold):", {k: words[k] for k in ("precision", "recall", "f1", "threshold")})
    for name, (lo, hi) in (("encoder read on every unit", (0.0, 1.0)), ("default (encoder in its band)", meta["band"])):
        ask = ((lex >= lo) & (lex <= hi) | always) & ~unread
        p = np.where(ask, meta["weight"] * p_enc + (1 - meta["weight"]) * lex, lex)
        types = [list(t) for t in split(data, np.where(ask, enc_fine, flat_words))]
        pairs: list = []
        s = _score(data, split(data, p), meta["threshold"], types, pairs)
        print(f"{name}: reads {ask.mean():.3f} of units", {k: s[k] for k in KEYS}, s["fine_per_type"])
        if args.confusion and name.startswith("default"):
            confusion(data, pairs)
    if args.vectors:
        act = fine >= 0
        head = np.empty(len(y), dtype=object)
        for k in range(FOLDS):
            v = np.load(args.vectors / f"vecs{k}.npy").astype(np.float32)
            fit, held = (group % FOLDS != k) & act, group % FOLDS == k
            clf = LogisticRegression(C=0.1, max_iter=3000, class_weight="balanced").fit(v[fit], fine[fit])
            head[held] = [FINE[j] for j in clf.predict(v[held])]
        s = _score(data, split(data, p), meta["threshold"], [list(t) for t in split(data, head)])
        log("fine-type head on the fold encoders' vectors (C 0.1, class-weighted), out of fold:",
            s["fine_macro_f1"], s["fine_per_type"])
    return 0


if __name__ == "__main__":
    sys.exit(main())
