"""Session 25 (issue 32): does the answered model rank answered above unanswered comments better with a few
comment-level features (A1), or with them in fixed gradient-boosted trees (A2), than today's (A0)? On the training
part's grouped folds (docs/figures-align.md, "Session 25: the answered model's ranking"; the rule was written first).

    .venv/bin/python -m bench.measure_link_trees PAIRS.pkl --variants L0 --part I/2 --folds DIR   (both parts)
    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_answered_rank PAIRS.pkl --folds DIR --run A1
        [--perturb]
    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_answered_rank PAIRS.pkl --folds DIR --report

``--run C``: in every outer fold (``DIR/folds-L0.pkl``, assembled from the parts when missing) candidate C's answered
model is fitted on the fold's training comments under their inner link probabilities, its bands re-chosen by
today's rule (``learn_answered.choose_bands``, ``MIN_FOUND`` and ``PER_REPOSITORY``) on its own grouped out-of-fold
probabilities, and the held-out papers' answered probabilities kept in ``DIR/answered-C[-p].pkl`` (``--perturb``:
every comment feature times 1 + 1e-6, the CPU check). ``--report``: every candidate's figures (found, U, R, wrong
"addressed", per-repository found, AUC, reliability), the bootstrap of U against A0, the CPU check and the verdict.
Reads the training part only.
"""

from __future__ import annotations

import argparse
import pickle
import re
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
EXTRA = ("relative", "shared", "best_added", "best_surface", "outside", "position")
#: A2's settings, fixed in the rule before any figure.
TREES = {"max_depth": 3, "max_iter": 150, "learning_rate": 0.05, "min_samples_leaf": 40, "l2_regularization": 1.0,
         "max_bins": 255, "early_stopping": False, "random_state": 0}
CANDIDATES = ("A0", "A1", "A2")
#: The rule's limits (points, per cent), written before the figures.
MIN_U_FALL, MAX_WRONG, MAX_FOUND_FALL, MIN_P25, MAX_MOVED = 3.0, 7.0, 1.0, 70.0, 1.0
_OUTSIDE = re.compile(r"\b(release[sd]?|releasing|publicly available|open[- ]source|github|source code)\b", re.I)
_AVAILABLE = re.compile(r"\b(make|makes|making|share|sharing)\b[^.?!]*\b(code|data|datasets?|software|"
                        r"implementation)\b[^.?!]*\bavailable\b", re.I)


def asks_outside(text: str) -> bool:
    """The comment asks for something outside the paper's text: a release, code, data or software made available."""
    return bool(_OUTSIDE.search(text) or _AVAILABLE.search(text))


def extra_features(comments, probs: np.ndarray, x: np.ndarray) -> np.ndarray:
    """Comments × ``EXTRA`` from the raw link probabilities (comments × edits) and the pair features ``x``
    (comments × edits × ``learned.FEATURES``); the reasons are the rule's."""
    from engine.align.learned import FEATURES as LINK

    n = len(comments)
    out = np.zeros((n, len(EXTRA)), dtype=np.float32)
    if not n:
        return out
    best = probs.max(axis=1) if probs.size else np.zeros(n, dtype=np.float32)
    arg = probs.argmax(axis=1) if probs.size else np.zeros(n, dtype=int)
    has = best > 0
    med = float(np.median(best))
    added, surface = LINK.index("added"), LINK.index("surface")
    order: dict[str, list[int]] = {}
    for i, c in enumerate(comments):
        order.setdefault(c.reviewer, []).append(i)
    place = {}
    for idx in order.values():
        for k, i in enumerate(idx):
            place[i] = k / (len(idx) - 1) if len(idx) > 1 else 0.0
    for i, c in enumerate(comments):
        same = int((has & (arg == arg[i])).sum()) - 1 if has[i] else 0
        out[i] = (best[i] - med, np.log1p(same), x[i, arg[i], added] if has[i] else 0.0,
                  x[i, arg[i], surface] if has[i] else 0.0, float(asks_outside(c.full_text)), place[i])
    return out


def rows(pp, matrix: np.ndarray, threshold: float, name: str, perturb: bool):
    """``(features, answered, shown)`` of ``pp``'s comments for candidate ``name``."""
    from engine.align.learn_answered import answered_rows

    x, y, shown = answered_rows(pp, matrix, threshold)
    if name != "A0":
        x = np.concatenate([x, extra_features(pp.paper.comments, matrix, pp.x)], axis=1)
    if perturb:
        x = (x.astype(np.float64) * (1 + 1e-6)).astype(x.dtype)
    return x, y, shown


class Fitted:
    """A candidate's fitted answered model: ``probabilities(x)``."""

    def __init__(self, name: str, x: np.ndarray, y: np.ndarray, c: float):
        self.name = name
        if name == "A2":
            from sklearn.ensemble import HistGradientBoostingClassifier

            self.model = HistGradientBoostingClassifier(**TREES).fit(x.astype(np.float64), y.astype(int))
        else:
            from engine.align.learn_answered import fit_weights

            self.model = fit_weights(x, y, c)  # the same arithmetic as today's; ``features`` unread

    def probabilities(self, x: np.ndarray) -> np.ndarray:
        if self.name == "A2":
            return np.round(self.model.predict_proba(x.astype(np.float64))[:, 1], 4).astype(np.float32)
        return self.model.probabilities(x)


def run(fitted, name: str, perturb: bool, unsure, rows_of=None, held_out: dict | None = None) -> dict:
    """Each outer fold's bands and the held-out papers' answered probabilities under candidate ``name``
    (``rows_of``: the rows function, ``rows`` when None; ``bench.measure_letter_status`` passes its own).
    ``held_out``: revision id → the pairs scored in its place (``bench.measure_letter_extracted``: its comments as
    the engine cuts them), keyed by their own paper id; a revision without one is not scored."""
    rows = rows_of or globals()["rows"]
    from engine.align.folds import group_of
    from engine.align.learn import C, MAX_WRONG_ANSWERED, scored
    from engine.align.learn_answered import (MIN_FOUND, PER_REPOSITORY, choose_bands, grouped_oof, known_rows,
                                             matched)

    pairs = [f[0] for f in fitted]
    bands, probs = {}, {}
    for pp, m, a, inner in fitted:
        g = group_of(pp.paper)
        if g in bands:
            continue
        train = [q for q in pairs if group_of(q.paper) != g]
        data, papers = known_rows(((q.paper, rows(q, s.matrix, m.threshold, name, perturb))
                                   for q, s in matched(train, inner)), unsure)
        oof, groups = grouped_oof(data, papers, lambda x, y: Fitted(name, x, y, C))
        cat = lambda k: np.concatenate([r[k] for r in data])  # noqa: E731
        bands[g] = choose_bands(oof, cat(1), cat(2), MAX_WRONG_ANSWERED, MIN_FOUND, groups, PER_REPOSITORY)
        model = Fitted(name, cat(0), cat(1), C)
        if name == "A0" and not perturb and not np.array_equal(model.model.coef, a.coef):
            raise SystemExit(f"error: {g}: A0's weights are not the fold's answered model's")
        if name == "A0" and not perturb and bands[g] != {k: a.bands[k] for k in ("addressed", "partly")}:
            print(f"  note: {g}: A0's bands {bands[g]}, the fold's {a.bands} (folds fitted under another rule)")
        for q, _, _, _ in (f for f in fitted if group_of(f[0].paper) == g):
            if held_out is not None:
                if q.paper.id not in held_out:
                    continue
                q = held_out[q.paper.id]
            probs[q.paper.id] = model.probabilities(rows(q, scored(q, m).matrix, m.threshold, name, perturb)[0])
        print(f"  {name}{' (perturbed)' if perturb else ''} {g}: {bands[g]}", flush=True)
    return {"bands": bands, "probs": probs}


def auc(p: np.ndarray, y: np.ndarray) -> float | None:
    from sklearn.metrics import roc_auc_score

    return round(float(roc_auc_score(y, p)), 3) if 0 < y.sum() < len(y) else None


def statuses(fitted, raw, bands) -> dict[str, str]:
    """Each comment's app status (``eval_align_corpus.results_inputs``) under each fold's ``bands``."""
    from engine.align.config import DEFAULTS
    from engine.align.folds import group_of
    from engine.cli.eval_align_corpus import results_inputs

    fitted2 = [(pp, m, replace(a, bands=dict(a.bands) | bands[group_of(pp.paper)])) for pp, m, a, _ in fitted]
    out = {}
    for s, _, _, status_of in results_inputs(fitted2, raw, [f[0] for f in fitted2], DEFAULTS["evidence"])["learned"]:
        for i, cid in enumerate(s.comment_ids):
            out[cid] = status_of(s.matrix[i] if s.matrix.size else np.zeros(0), float(s.answered[i]))
    return out


def summarise(fitted, base, r: dict, groups: dict[str, list[str]]) -> tuple[dict, dict, list]:
    """Per-paper counts, the summary (``measure_partly_band.summary`` plus AUC) and the scored items of one run."""
    from bench.measure_partly_band import per_paper, summary

    raw = [replace(s, answered=r["probs"][pp.paper.id]) for s, (pp, *_) in zip(base, fitted)]
    per = per_paper(fitted, raw, r["bands"])
    s = summary(per, groups)
    gold = {pp.paper.id: (sc.answered, np.array([bool(sc.gold.get(c)) for c in sc.comment_ids]))
            for sc, (pp, *_) in zip(raw, fitted)}
    y = np.concatenate([v[1] for v in gold.values()])
    by = [auc(np.concatenate([gold[i][0] for i in ids]), np.concatenate([gold[i][1] for i in ids]))
          for ids in groups.values() if 3 <= sum(gold[i][1].sum() for i in ids) < sum(len(gold[i][1]) for i in ids)]
    s |= {"AUC": auc(np.concatenate([v[0] for v in gold.values()]), y),
          "AUC median": round(float(np.median(by)), 3), "AUC repositories": len(by)}
    return per, s, raw


def u_fall(per, ref, groups, n=2000, seed=0) -> tuple[float, float]:
    """90 % interval of ref's pooled U minus per's (points), repositories drawn with replacement."""
    rng = np.random.default_rng(seed)
    names, falls = list(groups), []
    for _ in range(n):
        ids = [i for g in rng.choice(names, len(names)) for i in groups[g]]
        u = [sum(p[i]["flagged"] for i in ids) / max(sum(p[i]["unanswered"] for i in ids), 1) for p in (ref, per)]
        falls.append(100 * (u[0] - u[1]))
    return round(float(np.percentile(falls, 5)), 1), round(float(np.percentile(falls, 95)), 1)


def found_fall(s: dict, ref: dict) -> float:
    """Found's fall in points, from the counts where the summaries carry them, not the shares rounded to 0.1
    (review18, session 25: a fall of 1.007 points read 1.0 and passed a 1-point limit)."""
    a, b = ref.get("counts"), s.get("counts")
    if a and b and a.get("answered") and b.get("answered"):
        return 100 * (a["found"] / a["answered"] - b["found"] / b["answered"])
    return ref["found"] - s["found"]


def verdict(s: dict, ref: dict, fall: tuple[float, float], moved: float | None) -> tuple[bool, str]:
    """The rule written before the figures (docs/figures-align.md, "Session 25")."""
    why = []
    if ref["U"] - s["U"] < MIN_U_FALL or fall[0] <= 0:
        why.append(f"U falls {ref['U'] - s['U']:.1f} (90 % {fall}), not >= {MIN_U_FALL} with the 5th percentile > 0")
    if s["wrong addressed"] is None or s["wrong addressed"] > MAX_WRONG:
        why.append(f"wrong addressed {s['wrong addressed']} % > {MAX_WRONG} %")
    if found_fall(s, ref) > MAX_FOUND_FALL:
        why.append(f"found falls {found_fall(s, ref):.2f} > {MAX_FOUND_FALL}")
    if s["found p25"] < MIN_P25:
        why.append(f"25th percentile of found {s['found p25']} < {MIN_P25}")
    if moved is None or moved > MAX_MOVED:
        why.append(f"statuses moved under the perturbation on {moved} % > {MAX_MOVED} %")
    return not why, "; ".join(why) or "passes"


def report(fitted, folds: Path, groups: dict[str, list[str]]) -> None:
    from engine.align.corpus_eval import answered_reliability
    from engine.align.learn import scored

    base = [scored(pp, m) for pp, m, _, _ in fitted]
    per, sums, moved = {}, {}, {}
    print("candidate | found | per repository found mean / p10 / p25 | U | R | wrong (calls) | F1 / hit@1 / hit@3 | "
          "AUC pooled / median (repositories) | counts | partly band range | moved under perturbation")
    for name in CANDIDATES:
        f = folds / f"answered-{name}.pkl"
        if not f.is_file():
            print(f"{name}: not run")
            continue
        r = pickle.loads(f.read_bytes())
        per[name], s, raw = summarise(fitted, base, r, groups)
        sums[name] = s
        pf = folds / f"answered-{name}-p.pkl"
        if pf.is_file():
            rp = pickle.loads(pf.read_bytes())
            a = statuses(fitted, raw, r["bands"])
            b = statuses(fitted, [replace(x, answered=rp["probs"][pp.paper.id]) for x, (pp, *_) in zip(base, fitted)],
                         rp["bands"])
            moved[name] = round(100 * sum(a[k] != b[k] for k in a) / len(a), 2)
        c, bands = s["counts"], [v["partly"] for v in r["bands"].values()]
        print(f"{name} | {s['found']} | {s['found mean']} / {s['found p10']} / {s['found p25']} | {s['U']} | {s['R']} |"
              f" {s['wrong addressed']} % ({s['addressed calls']}) | {s['F1']} / {s['hit@1']} / {s['hit@3']} | "
              f"{s['AUC']} / {s['AUC median']} ({s['AUC repositories']}) | answered {c['answered']}, found "
              f"{c['found']}, partly {c['partly']} ({c['partly_right']} answered), unanswered {c['unanswered']} "
              f"({c['flagged']} called) | {min(bands):.4f}–{max(bands):.4f} | {moved.get(name)} %", flush=True)
        print("    reliability (bin: mean p / share answered (comments)): " + "; ".join(
            f"{q['bin']:.1f}: {q['mean_p']:.3f} / {q['observed']:.3f} ({q['comments']})"
            for q in answered_reliability(raw)), flush=True)
    passing = []
    for name in (n for n in sums if n != "A0" and "A0" in sums):
        fall = u_fall(per[name], per["A0"], groups)
        ok, why = verdict(sums[name], sums["A0"], fall, moved.get(name))
        print(f"    {name} against A0: U falls {sums['A0']['U'] - sums[name]['U']:.1f} (90 % over {len(groups)} "
              f"repositories {fall}); {why}", flush=True)
        if ok:
            passing.append(name)
    print(f"A0 moved under the perturbation: {moved.get('A0')} %")
    print(f"ships: {passing[0] if passing else 'nothing (A0 stays)'}", flush=True)


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import run_variant
    from bench.measure_link_trees import assemble, grouped_pairs
    from engine.align.learn import C
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_answered_rank")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/addr18")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--run", choices=CANDIDATES)
    ap.add_argument("--perturb", action="store_true")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    if not Path(a.pairs).is_file():
        print(f"error: no such pairs file: {a.pairs}", file=sys.stderr)
        return 2
    if not (a.run or a.report):
        print("error: give --run CANDIDATE or --report", file=sys.stderr)
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    if not (folds / "folds-L0.pkl").is_file() and not assemble(pairs, "L0", folds):
        print(f"error: no folds in {folds} (run bench.measure_link_trees --part first)", file=sys.stderr)
        return 2
    fitted = run_variant(pairs, {"c": C}, folds / "folds-L0.pkl")
    if a.run:
        got = run(fitted, a.run, a.perturb, corpus_unsure(a.corpus, a.cache, "train"))
        (folds / f"answered-{a.run}{'-p' if a.perturb else ''}.pkl").write_bytes(pickle.dumps(got))
    if a.report:
        report(fitted, folds, groups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
