"""Fit ``answered-letter.json``: the answered-at-all model over ``answered.LETTER_FEATURES`` (today's features and the
response letter's), used only when the authors' letter is given (docs/figures-align.md, "Session 25: the response
letter as evidence": L1, the candidate that passed; "Session 26: the letter's answer without the reviewer's words":
the letters know their reviews, so each answer opens on the authors' words, F1; "Session 29: the letter that loses
answered comments": C2, the "partly" band lowered until it finds the share of answered comments the no-letter model
finds on the same comments, ``learn_answered.held_found_band``).

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.fit_letter_answered /tmp/letter30/pairs86.pkl \\
        --folds /tmp/letter30 [--out resources/models/align/answered-letter.json]

On all the training revisions of the pairs file (86, hand labels), each under the link probabilities a link model
fitted without its repository gives it (the grouped outer folds of ``bench.measure_link_trees``: the rows a new
paper's look like); the bands by today's rule (``learn_answered.choose_bands``, ``MIN_FOUND``, ``PER_REPOSITORY``,
``learn.MAX_WRONG_ANSWERED``) on the model's own grouped out-of-fold probabilities; the weights on all the rows
(``learn.C``), as ``learn_answered.fit_answered`` does for ``answered.json``. Reads the training part only.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import run_variant
    from bench.measure_letter_status import cache_dir, load_letters, rows
    from bench.measure_link_trees import folds_file, grouped_pairs
    from engine.align.answered import FEATURES, LETTER_FEATURES, AnsweredModel
    from engine.align.learn import C, MAX_WRONG_ANSWERED, scored
    from engine.align.learn_answered import (MIN_FOUND, PER_REPOSITORY, choose_bands, fit_weights, grouped_oof,
                                             held_found_band, known_rows)
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.fit_letter_answered")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/letter30", help="holds folds-L0.pkl (read only)")
    ap.add_argument("--out", default=str(REPO / "resources" / "models" / "align" / "answered-letter.json"))
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    a = ap.parse_args(argv)
    folds = folds_file(a.pairs, a.folds)
    if folds is None:
        return 2
    pairs, _ = grouped_pairs(a.pairs, Path(a.corpus))
    load_letters(pairs, cache_dir(a.cache), strip=True)  # session 26: each answer opens on the authors' words
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    data, papers = known_rows(((pp.paper, rows(pp, scored(pp, m).matrix, m.threshold, "L1", False))
                               for pp, m, _, _ in run_variant(pairs, {"c": C}, folds)), unsure)
    oof, groups = grouped_oof(data, papers, lambda x, y: fit_weights(x, y, C))
    cat = lambda k: np.concatenate([r[k] for r in data])  # noqa: E731
    bands = choose_bands(oof, cat(1), cat(2), MAX_WRONG_ANSWERED, MIN_FOUND, groups, PER_REPOSITORY)
    # session 29 (C2): the "partly" band holds the found share of the no-letter model on the same comments
    plain = [(x[:, :len(FEATURES)], y, shown) for x, y, shown in data]
    oof0, _ = grouped_oof(plain, papers, lambda x, y: fit_weights(x, y, C))
    bands0 = choose_bands(oof0, cat(1), cat(2), MAX_WRONG_ANSWERED, MIN_FOUND, groups, PER_REPOSITORY)
    bands["partly"] = held_found_band(oof, cat(1), cat(2), bands, oof0, bands0["partly"])
    fitted = fit_weights(cat(0), cat(1), C)
    model = AnsweredModel(LETTER_FEATURES, fitted.mean, fitted.scale, fitted.coef, fitted.intercept, bands, {
        "data": f"{len(papers)} training revisions ({len(set(groups.tolist()))} repositories), hand labels, each "
                "under the link probabilities of a link model fitted without its repository",
        "fitted_by": "python -m bench.fit_letter_answered (session 25, letter19; session 29, letter30)",
        "partly_rule": {"min_found": MIN_FOUND, "per_repository": list(PER_REPOSITORY or ()),
                        "held_found": "the no-letter model's found share on the same comments (session 29, C2)"},
        "comments": int(len(cat(1))), "answered": int(cat(1).sum())})
    text = json.dumps(model.to_dict(), indent=1) + "\n"
    Path(a.out).write_text(text, encoding="utf-8")
    print(f"{a.out}: bands {bands}, {len(cat(1))} comments, SHA-256 {hashlib.sha256(text.encode()).hexdigest()[:8]}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
