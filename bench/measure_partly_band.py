"""Session 24 (issue 32): the answered model's "partly" band chosen so that found holds per repository, on the
training part's grouped folds (docs/figures-align.md, "Session 24: the 'partly' band for new papers"; the rule was
written first).

    .venv/bin/python -m bench.fit_align_model --pairs PAIRS.pkl ...   (or bench.measure_link_trees --part I/N)
    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_partly_band PAIRS.pkl [--folds DIR]

``PAIRS.pkl``: the training part's pair features. The grouped leave-papers-out folds (``learn.leave_papers_out`` with
each outer fold's inner scores kept: ``DIR/folds-L0.pkl``, assembled from ``bench.measure_link_trees --part`` files
when they are there, else computed) are the ones ``redraft eval align --part train`` scores. In every outer fold the
answered model's "partly" band is chosen again by each candidate (``CANDIDATES``) on that fold's own grouped
out-of-fold probabilities (``learn_answered.fit_with_oof``; one of them must give the fold's own bands back), and the
held-out papers get the app's statuses (``eval_align_corpus.results_inputs``). Printed per candidate: pooled figures,
per-repository found, U (unanswered comments called addressed or partly), R (the share of "partly" calls on answered
comments), each fold's band, the bootstrap of found against C0 and the rule's verdict. Reads the training part only.
"""

from __future__ import annotations

import argparse
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: The candidates of the rule: (``MIN_FOUND``, ``PER_REPOSITORY``) as ``learn_answered.choose_bands`` reads them.
CANDIDATES = {"C0": (0.75, None), "C1": (0.80, None), "C2": (0.85, None), "C3": (0.75, (0.25, 0.70, 3))}
#: The rule's caps (points) and targets, written before the figures.
MAX_U_RISE, MAX_R_FALL, MAX_WRONG, MIN_P25, MIN_ANSWERED = 10.0, 5.0, 7.0, 70.0, 3


def fold_bands(fitted, unsure) -> dict[str, dict[str, dict[str, float]]]:
    """Each outer fold's (by its held-out repository) answered bands under every candidate; checks that the
    fold's weights are what the fold's answered model has, and that a candidate (the rule the folds were computed
    under: C0 before session 24, C3 since) gives its bands back."""
    from engine.align.folds import group_of
    from engine.align.learn import C, MAX_WRONG_ANSWERED
    from engine.align.learn_answered import choose_bands, fit_with_oof

    out: dict[str, dict[str, dict[str, float]]] = {}
    pairs = [f[0] for f in fitted]
    for pp, m, a, inner in fitted:
        g = group_of(pp.paper)
        if g in out:
            continue
        train = [q for q in pairs if group_of(q.paper) != g]
        model, oof = fit_with_oof(train, inner, m.threshold, C, unsure)
        if not np.array_equal(model.coef, a.coef):
            raise SystemExit(f"error: {g}: the answered weights differ from the fold's")
        bands = {name: choose_bands(oof["probs"], oof["answered"], oof["shown"], MAX_WRONG_ANSWERED, mf,
                                    oof["groups"], per) for name, (mf, per) in CANDIDATES.items()}
        if not any(b == {k: a.bands[k] for k in ("addressed", "partly")} for b in bands.values()):
            raise SystemExit(f"error: {g}: no candidate gives the fold's bands {a.bands} back")
        out[g] = bands
    return out


def per_paper(fitted, raw, bands: dict[str, dict[str, float]]) -> dict[str, dict[str, int]]:
    """Per revision counts (``corpus_eval.figures``, plus "partly" calls, those on answered comments, unanswered
    comments and those called addressed or partly) under the given bands of each fold."""
    from engine.align.config import DEFAULTS
    from engine.align.corpus_eval import figures
    from engine.align.folds import group_of
    from engine.cli.eval_align_corpus import results_inputs

    fitted2 = [(pp, m, replace(a, bands=dict(a.bands) | bands[group_of(pp.paper)])) for pp, m, a, _ in fitted]
    items = results_inputs(fitted2, raw, [f[0] for f in fitted2], DEFAULTS["evidence"])["learned"]
    out = {}
    for s, t, cap, status_of in items:
        c = figures(s, t, cap, status_of) | dict.fromkeys(("partly", "partly_right", "unanswered", "flagged"), 0)
        for i, cid in enumerate(s.comment_ids):
            st = status_of(s.matrix[i] if s.matrix.size else np.zeros(0), float(s.answered[i]))
            answered = bool(s.gold.get(cid))
            c["partly"] += st == "partly"
            c["partly_right"] += st == "partly" and answered
            c["unanswered"] += not answered
            c["flagged"] += (not answered) and st in ("addressed", "partly")
        out[s.comment_ids[0].split("/")[0]] = c
    return out


def summary(per: dict[str, dict[str, int]], groups: dict[str, list[str]]) -> dict[str, float]:
    """Pooled figures, U and R (per cent), and per-repository found over repositories with ``MIN_ANSWERED``."""
    from bench.measure_carry_align import pooled

    p = pooled(per, list(per))
    tot = {k: sum(c[k] for c in per.values()) for k in next(iter(per.values()))}
    found = []
    for ids in groups.values():
        c = {k: sum(per[i][k] for i in ids if i in per) for k in ("found", "answered")}
        if c["answered"] >= MIN_ANSWERED:
            found.append(100 * c["found"] / c["answered"])
    return p | {"U": round(100 * tot["flagged"] / tot["unanswered"], 1),
                "R": round(100 * tot["partly_right"] / tot["partly"], 1) if tot["partly"] else None,
                "found mean": round(float(np.mean(found)), 1), "found p10": round(float(np.quantile(found, 0.1)), 1),
                "found p25": round(float(np.quantile(found, 0.25)), 1), "repositories": len(found), "counts": tot}


def verdict(s: dict, ref: dict, interval: tuple[float, float]) -> tuple[bool, str]:
    """The rule written before the figures (docs/figures-align.md, "Session 24")."""
    why = []
    if interval[0] < 0.1:
        why.append(f"found gain {interval} not wholly above 0")
    if s["found p25"] < MIN_P25:
        why.append(f"25th percentile of found {s['found p25']} < {MIN_P25}")
    if s["U"] - ref["U"] > MAX_U_RISE:
        why.append(f"U rises {s['U'] - ref['U']:.1f} > {MAX_U_RISE}")
    if s["R"] is not None and ref["R"] is not None and ref["R"] - s["R"] > MAX_R_FALL:
        why.append(f"R falls {ref['R'] - s['R']:.1f} > {MAX_R_FALL}")
    if s["wrong addressed"] is not None and s["wrong addressed"] > MAX_WRONG:
        why.append(f"wrong addressed {s['wrong addressed']} % > {MAX_WRONG} %")
    if any(s["counts"][k] != ref["counts"][k] for k in ("tp", "fp", "fn", "hit1", "hit3")):
        why.append("links or hits moved")
    return not why, "; ".join(why) or "passes"


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import bootstrap, run_variant
    from bench.measure_link_trees import assemble, grouped_pairs
    from engine.align.learn import C, scored
    from engine.align.learn_answered import scored_answered
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_partly_band")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/calib16")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    a = ap.parse_args(argv)
    if not Path(a.pairs).is_file():
        print(f"error: no such pairs file: {a.pairs}", file=sys.stderr)
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    if not (folds / "folds-L0.pkl").is_file():
        assemble(pairs, "L0", folds)
    fitted = run_variant(pairs, {"c": C}, folds / "folds-L0.pkl")
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    bands = fold_bands(fitted, unsure)
    raw = []
    for pp, m, an, _ in fitted:
        s = scored(pp, m)
        raw.append(replace(s, answered=scored_answered(pp, s.matrix, m.threshold, an)))
    per = {name: per_paper(fitted, raw, {g: b[name] for g, b in bands.items()}) for name in CANDIDATES}
    sums = {name: summary(p, groups) for name, p in per.items()}
    print("candidate | found | per repository found mean / p10 / p25 (repositories) | U | R | wrong (calls) | "
          "F1 | hit@1 | hit@3 | counts | partly band range over folds")
    for name, s in sums.items():
        c = s["counts"]
        b = [v[name]["partly"] for v in bands.values()]
        print(f"{name} | {s['found']} | {s['found mean']} / {s['found p10']} / {s['found p25']} ({s['repositories']})"
              f" | {s['U']} | {s['R']} | {s['wrong addressed']} % ({s['addressed calls']}) | {s['F1']} | "
              f"{s['hit@1']} | {s['hit@3']} | answered {c['answered']}, found {c['found']}, partly {c['partly']} "
              f"({c['partly_right']} answered), unanswered {c['unanswered']} ({c['flagged']} called) | "
              f"{min(b):.4f}–{max(b):.4f}", flush=True)
    from engine.align.corpus_eval import answered_reliability

    print("answered-at-all probabilities (raw, outer folds): bin | mean p | share answered | comments")
    for r in answered_reliability(raw):
        print(f"    {r['bin']:.1f} | {r['mean_p']:.3f} | {r['observed']:.3f} | {r['comments']}")
    passing = {}
    for name in (n for n in CANDIDATES if n != "C0"):
        interval = bootstrap(per[name], per["C0"], groups, keys=("found",))["found"]
        ok, why = verdict(sums[name], sums["C0"], interval)
        print(f"    {name} - C0, found 90 % over {len(groups)} repositories: {interval}; {why}", flush=True)
        if ok:
            passing[name] = (sums[name]["U"] - sums["C0"]["U"], sums["C0"]["R"] - sums[name]["R"])
    print(f"ships: {min(passing, key=lambda n: passing[n]) if passing else 'nothing (C0 stays)'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
