"""Round twelve's second stage for fine types, fitted and scored out of fold on DISAPERE train (docs/comments.md).

    nice .venv/bin/python -m bench.second_stage_fine_oof ../shared/data/disapere/train.jsonl OUT/oof_base.npz

A multinomial logistic regression (C 1.0, features standardised) over a unit's first-stage fine type as the
default gives it (one-hot), the fold encoder's fine-type logits where the encoder read the unit (zeros elsewhere),
the fine types of the other units of its paragraph or item (shares), its label's words, its section's kind, list
item, length and cues; fitted on the actionable units of four folds of forums, read on the fifth. The comments
are the default's (the first stage at the shipped threshold), so only their fine types change; the figure is the
fine-type macro-F1 of ``engine.reviews.evaluate``. Dev is never read.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from pathlib import Path

import numpy as np

from bench.second_stage_oof import KEYS, first_stage
from bench.train_comment_encoder import FINE, FOLDS, log, split

LABEL_WORDS = (r"typo|spelling|grammar|language|wording", r"minor", r"major|main", r"question",
               r"experiment|evaluation|empirical|result", r"clarity|clarif|unclear|presentation|writing",
               r"related|reference|citation|literature", r"suggest|improve")


def fine_rows(data: list, types: list, zf: np.ndarray, ask: np.ndarray) -> np.ndarray:
    from engine.reviews.comments import _scoring_view
    from engine.reviews.cues import ARROW, TYPO, read_cues
    from bench.second_stage import _CUES

    rows, pos = [], 0
    for f, ftypes in zip(data, types):
        at = 0
        for units in f["units"]:
            views = [_scoring_view(u) for u in units]
            mine = ftypes[at : at + len(units)]
            blocks: dict[int, list[int]] = {}
            for k, u in enumerate(views):
                blocks.setdefault(u.block, []).append(k)
            for k, u in enumerate(views):
                one = [float(mine[k] == t) for t in FINE]
                mates = [j for j in blocks[u.block] if j != k]
                share = [sum(mine[j] == t for j in mates) / len(mates) if mates else 0.0 for t in FINE]
                enc = list(zf[pos + k] * ask[pos + k]) + [float(ask[pos + k])]
                label = [float(bool(re.search(w, u.label, re.I))) for w in LABEL_WORDS]
                c = read_cues(u.text)
                cues = [float(getattr(c, n)) for n in _CUES] + [float(bool(TYPO.search(u.text))),
                                                                float(bool(ARROW.search(u.text)))]
                place = [float(u.kind == "rich"), float(u.kind == "poor"), float(u.is_item),
                         float(np.log1p(len(u.text.split())))]
                rows.append(one + share + enc + label + cues + place)
            at += len(units)
            pos += len(units)
    return np.array(rows, dtype=np.float64)


def main(argv: list[str] | None = None) -> int:
    from sklearn.linear_model import LogisticRegression

    from engine.reviews.fit import _score

    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("train")
    ap.add_argument("oof")
    ap.add_argument("--work", type=Path, default=Path("/tmp/redraft-encoder"))
    args = ap.parse_args(argv)
    data, p, lex, ask, types, y, fine, group, meta = first_stage(args.train, args.oof, args.work)
    zf = np.load(args.oof)["zfq"]
    x = fine_rows(data, types, zf, ask)
    base = _score(data, split(data, p), meta["threshold"], types)
    log("first stage:", {k: base[k] for k in KEYS}, base["fine_per_type"])
    out = np.empty(len(y), dtype=object)
    for k in range(FOLDS):
        fit, held = (group % FOLDS != k) & (fine >= 0), group % FOLDS == k
        mean, scale = x[fit].mean(axis=0), x[fit].std(axis=0)
        scale = np.where(scale > 0, scale, 1.0)
        clf = LogisticRegression(C=1.0, max_iter=5000).fit((x[fit] - mean) / scale, fine[fit])
        out[held] = [FINE[j] for j in clf.predict((x[held] - mean) / scale)]
    s = _score(data, split(data, p), meta["threshold"], [list(t) for t in split(data, out)])
    log("second stage for fine types, out of fold:", {k: s[k] for k in KEYS}, s["fine_per_type"])
    print(json.dumps({"first_stage": base["fine_macro_f1"], "second_stage": s["fine_macro_f1"],
                      "per_type_first": base["fine_per_type"], "per_type_second": s["fine_per_type"]}))
    return 0


if __name__ == "__main__":
    sys.exit(main())
