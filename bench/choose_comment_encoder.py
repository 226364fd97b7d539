"""Choose, on the held-out train forums only, how the fine-tuned comment encoder is used, and whether it is.

    nice -n 10 .venv/bin/python -m bench.choose_comment_encoder ../shared/data/disapere/train.jsonl \
        resources/models/comments [--work /tmp/redraft-encoder]

Runs after ``bench.train_comment_encoder`` (same ``--work``, whose out-of-fold words-model probabilities it
reuses). It reads ``encoder.onnx`` as it ships (int8, ONNX Runtime, ``engine.reviews.encoder_model``) over the
units of the forums held out of the fine-tuning (cross-validation fold 0 of ``engine.reviews.fit``: 19 forums of
train) and chooses there, with the extraction rules of this version (``engine.reviews.comments``):

1. the Platt calibration, the weight of the average with the words model and the threshold
   (``train_comment_encoder.choose``);
2. the band of words-model probabilities for which the encoder is read at all: the one reading the fewest units
   whose F1 is within ``TOLERANCE`` of reading every unit;
3. where fine types come from: the words model's fine-type model (refitted without the held-out forums, so that
   it is scored on forums it has not seen) for every unit, or the encoder's fine-type head for the units it reads
   (the words model's for the others): the higher fine-type macro-F1 there.

It prints the figures of the words model alone on the same forums (out-of-fold, its best threshold there) and
rewrites ``encoder.json`` with the choices and the figures. Dev is never read.
"""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

import numpy as np

from bench.train_comment_encoder import FOLDS, choose, lexical_oof, log, prepare, split

#: F1 points the band may give up against reading every unit.
TOLERANCE = 0.2
LOWS = (0.0, 0.05, 0.1, 0.15, 0.2, 0.25, 0.3)
HIGHS = (0.5, 0.6, 0.7, 0.8, 0.9, 1.0)


def _figures(s: dict) -> dict:
    return {k: s[k] for k in ("precision", "recall", "f1")}


def words_fine_out_of_fold(data: list, held_forums: list[int]) -> list[list[str]]:
    """Fine types of the held-out forums' units by the words model's fine-type model fitted on the other forums."""
    from engine.reviews.fit import _features, _lr, vocabulary

    rest = [i for i in range(len(data)) if i not in set(held_forums)]
    vocab = vocabulary([u.text for i in rest for units in data[i]["units"] for u in units])
    x = np.vstack([_features(data[i], None, vocab) for i in rest])
    y = np.concatenate([data[i]["y"] for i in rest]) == 1
    fines = np.array([fl for i in rest for fl in data[i]["fine"]])
    clf = _lr(1.0, multi=True).fit(x[y], fines[y])
    return [clf.predict(_features(data[i], None, vocab)).tolist() for i in held_forums]


def explicit_requests(texts: list[str]) -> np.ndarray:
    """Which units are requests in so many words: the encoder reads them whatever the band."""
    from engine.reviews.cues import read_cues

    return np.array([read_cues(t).explicit for t in texts], dtype=bool)


def words_model_alone(sub: list, lex: np.ndarray) -> dict:
    """The figures of the words model's out-of-fold probabilities ``lex`` on forums ``sub``, at its best threshold
    there (the baseline ``held_out_in_train.words_model_alone`` in ``encoder.json``)."""
    from engine.reviews.fit import _score

    return max((_score(sub, split(sub, lex), float(t)) | {"threshold": round(float(t), 3)}
                for t in np.arange(0.25, 0.75, 0.025)), key=lambda s: s["f1"])


def choose_use(sub: list, z: np.ndarray, zf: np.ndarray, lex: np.ndarray, fine_labels: list[str],
               words_fine: list[list[str]], always: np.ndarray | None = None) -> tuple[dict, dict]:
    """How the encoder is used, chosen on forums ``sub`` that it was not fitted on: its logits ``z`` and fine-type
    logits ``zf`` there, the words model's out-of-fold probabilities ``lex`` and fine types ``words_fine``;
    ``always`` marks the units the encoder reads whatever the band (requests in so many words, as
    ``engine.reviews.comments`` reads them). Returns the settings for ``encoder.json`` (Platt, weight, threshold,
    band, fine_from) and the figures."""
    from engine.reviews.fit import _score

    words = words_model_alone(sub, lex)
    log("words model alone on these forums:", words)
    chosen, full = choose(sub, z, lex)
    log("encoder read on every unit:", chosen, _figures(full))
    a, b = chosen["platt"]
    p_enc = 1 / (1 + np.exp(-(a * z + b)))

    def banded(lo: float, hi: float) -> tuple[np.ndarray, np.ndarray]:
        """Which units the encoder reads in the band, and the probabilities then (as ``comments`` blends them)."""
        ask = (lex >= lo) & (lex <= hi) | (always if always is not None else False)
        return ask, np.where(ask, chosen["weight"] * p_enc + (1 - chosen["weight"]) * lex, lex)

    best = None
    for lo in LOWS:
        for hi in HIGHS:
            ask, p = banded(lo, hi)
            s = _score(sub, split(sub, p), chosen["threshold"])
            log(f"band {lo}-{hi}: reads {ask.mean():.2f} of units, P={s['precision']} R={s['recall']} F1={s['f1']}")
            if s["f1"] >= full["f1"] - TOLERANCE and (best is None or ask.mean() < best[0]):
                best = (float(ask.mean()), [lo, hi], s)
    share, band, in_band = best
    log("chosen band", band, "reads", round(share, 3), _figures(in_band))

    ask, p = banded(*band)
    enc_fine = split(sub, np.array([fine_labels[k] for k in zf.argmax(axis=1)], dtype=object))
    mixed = [[e if a else w for e, w, a in zip(ef, wf, af)] for ef, wf, af in zip(enc_fine, words_fine, split(sub, ask))]
    fine_words = _score(sub, split(sub, p), chosen["threshold"], words_fine)["fine_macro_f1"]
    fine_mixed = _score(sub, split(sub, p), chosen["threshold"], mixed)["fine_macro_f1"]
    log(f"fine-type macro-F1: words model {fine_words}, encoder head where read {fine_mixed}")
    settings = {**chosen, "band": band, "fine_from": "encoder" if fine_mixed > fine_words else "words"}
    figures = {
        "words_model_alone": _figures(words) | {"threshold": words["threshold"]},
        "encoder_on_every_unit": _figures(full),
        "encoder_in_band": _figures(in_band) | {"share_of_units_read": round(share, 3)},
        "fine_macro_f1": {"words_model": fine_words, "encoder_head_where_read": fine_mixed},
    }
    return settings, figures


def main(argv: list[str] | None = None) -> int:
    from engine.reviews.encoder_model import load_encoder

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("folder", help="where encoder.onnx and encoder.json are (rewritten)")
    ap.add_argument("--work", default="/tmp/redraft-encoder")
    args = ap.parse_args(argv)
    folder, work = Path(args.folder), Path(args.work)
    data, texts, _, _, group = prepare(args.train)
    lexical = lexical_oof(data, texts, work)
    held = np.flatnonzero(group % FOLDS == 0)
    forums = sorted(set(group[held].tolist()))
    sub = [data[i] for i in forums]
    model = load_encoder(folder / "encoder.onnx", folder / "encoder.json", threads=2)
    z, zf = model.logits([texts[i] for i in held])  # each sentence run once: the actionable and fine-type heads
    settings, figures = choose_use(sub, z, zf, lexical[held], model.fine_labels, words_fine_out_of_fold(data, forums),
                                   explicit_requests([texts[i] for i in held]))
    meta = json.loads((folder / "encoder.json").read_text("utf-8"))
    meta.update(settings)
    meta["held_out_in_train"] = {"forums": len(forums), "units": len(held), **figures}
    (folder / "encoder.json").write_text(json.dumps(meta, indent=1) + "\n")
    print(json.dumps(meta["held_out_in_train"]))
    return 0


if __name__ == "__main__":
    sys.exit(main())
