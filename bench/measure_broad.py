"""Session 26 (issue 32): broad comments on the training part's grouped folds (docs/figures-align.md, "Session 26:
broad comments"; its rule was written before any figure).

    .venv/bin/python -m bench.measure_broad --build-full FULL.pkl --std PAIRS.pkl     # about 9 minutes
    OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_link_trees PAIRS.pkl --variants L0 --folds DIR --part 0/2
    (and --part 1/2 beside it; then the same without --part assembles DIR/folds-L0.pkl: B0)
    .venv/bin/python -m bench.measure_broad FULL.pkl --pairs PAIRS.pkl --folds DIR/folds-L0.pkl [--out JSON]

``FULL.pkl``: the training part's pairs with every comment × candidate-edit pair scored (``build_pairs`` with the first
stage opened to every candidate edit); ``PAIRS.pkl``: the same papers' first-stage pairs (``bench.fit_align_model
--pairs``), checked against today's first stage recomputed from ``FULL.pkl``; ``FOLDS.pkl``: B0's grouped
leave-papers-out fits over ``PAIRS.pkl`` (``bench.measure_carry_align``'s L0 cache). B1 (no cap and a widened first
stage for broad comments) and B2 (no cap for broad comments) are scored on B0's fold models, the broad model fitted in
every outer fold (``bench.broad_score``) and its threshold chosen on that fold's training comments out of fold.
Reads the training part only.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
KEYS = ("F1", "hit@1", "found")


def columns(full, mask: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``full``'s pair features and evidence as the first stage ``mask`` gives them (the rank and gap columns over
    ``mask``'s rows, the tuned cosines read inside ``mask`` only)."""
    from engine.align.evidence import FEATURES as EV
    from engine.align.learned import cosine_rank_gap, inverse_rank
    from engine.align.link_model import FEATURES

    f, ev = {n: k for k, n in enumerate(FEATURES)}, {n: k for k, n in enumerate(EV)}
    evidence = full.evidence.copy()
    evidence[:, :, ev["cosine"]] = np.where(mask, evidence[:, :, ev["cosine"]], 0.0)
    x = full.x.copy()
    x[:, :, f["cosine"]] = evidence[:, :, ev["cosine"]]
    x[:, :, f["bm25_rank"]] = inverse_rank(evidence[:, :, ev["bm25"]], mask)
    x[:, :, f["changed_rank"]] = inverse_rank(evidence[:, :, ev["changed"]], mask)
    x[:, :, f["cosine_rank"]], x[:, :, f["cosine_gap"]] = cosine_rank_gap(evidence[:, :, ev["cosine"]], mask)
    return x, evidence


def standard_mask(full) -> np.ndarray:
    from engine.align.learned import first_stage

    return first_stage(full.allowed, full.evidence[:, :, 0], full.evidence[:, :, 1], 8)


def build_full(full_out: str, std_out: str, corpus: str) -> None:
    """The training part's pairs with the first stage opened to every candidate edit (``full_out``), and today's
    first-stage pairs recomputed from them (``std_out``)."""
    from bench.fit_align_model import build_pairs
    from engine.align import learned

    learned.LearnedAligner.dense_pairs = lambda self, allowed, lexical, changed: np.ones_like(allowed, dtype=bool)
    full = build_pairs(argparse.Namespace(corpus=corpus, cache=None, pairs=full_out))
    std = []
    for fp in full:
        mask = standard_mask(fp)
        x, evidence = columns(fp, mask)
        std.append(replace(fp, x=x, evidence=evidence, mask=mask, first_stage=8))
    Path(std_out).write_bytes(pickle.dumps(std))


def check(full: dict, pairs: list) -> list[str]:
    """Where ``pairs`` differ from today's first stage recomputed from ``full`` (empty: they match)."""
    out = []
    for pp in pairs:
        fp = full.get(pp.paper.id)
        if fp is None or fp.edit_ids != pp.edit_ids:
            out.append(f"{pp.paper.id}: edits differ")
            continue
        mask = standard_mask(fp)
        if not np.array_equal(mask, pp.mask):
            out.append(f"{pp.paper.id}: first stage differs on {int((mask != pp.mask).sum())} pairs")
            continue
        x, _ = columns(fp, mask)
        if mask.any() and (d := float(np.abs(x[mask] - pp.x[mask]).max())) > 1e-5:
            out.append(f"{pp.paper.id}: features differ by {d:.3g}")
    return out


def paper_rows(pp) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """The broad features, labels (> 5 gold links) and the compatible-edit matrix of one paper."""
    from bench.broad_score import broad_features, compatible_edits, placed
    from engine.align.link_model import FEATURES
    from engine.reviews.fine_types import fine_type

    f = {n: k for k, n in enumerate(FEATURES)}
    surface = pp.x[0, :, f["surface"]] > 0 if pp.x.size else np.zeros(0, bool)
    substantive = pp.x[0, :, f["substantive"]] > 0 if pp.x.size else np.zeros(0, bool)
    comments = pp.paper.comments
    x = broad_features(comments, placed(pp.evidence), pp.allowed, surface.tolist())
    y = np.array([len(pp.paper.gold.get(c.id, ())) > 5 for c in comments], dtype=int)
    return x, y, compatible_edits([fine_type(c) for c in comments], surface, substantive)


def broad_calls(fitted, rows, perturb: float = 0.0) -> tuple[dict[str, np.ndarray], dict[str, float]]:
    """Each held-out paper's broad comments, its outer fold's broad model fitted on the fold's training comments and
    its threshold chosen on their out-of-fold probabilities (leave one repository out within the fold)."""
    from bench.broad_score import choose_threshold, fit_broad
    from engine.align.folds import grouped

    groups = grouped([f[0] for f in fitted])
    calls, thresholds = {}, {}

    def stack(idx):
        return (np.concatenate([rows[fitted[k][0].paper.id][0] for k in idx]),
                np.concatenate([rows[fitted[k][0].paper.id][1] for k in idx]))

    for h, held in enumerate(groups):
        train_groups = [g for j, g in enumerate(groups) if j != h]
        oof_p, oof_y = [], []
        for g, inner in enumerate(train_groups):
            rest = [k for j, gg in enumerate(train_groups) if j != g for k in gg]
            model = fit_broad(*stack(rest))
            x, y = stack(inner)
            oof_p.append(model.probabilities(x))
            oof_y.append(y)
        model = fit_broad(*stack([k for g in train_groups for k in g]))
        model.threshold = choose_threshold(np.concatenate(oof_p), np.concatenate(oof_y))
        for k in held:
            pid = fitted[k][0].paper.id
            thresholds[pid] = model.threshold
            calls[pid] = model.broad(rows[pid][0] * (1 + perturb))
    return calls, thresholds


def counts(items, calls, capped: bool) -> dict[str, dict[str, int]]:
    """Per paper ``corpus_eval.figures`` counts, broad comments without the cap when ``capped`` is False for them,
    plus the links shown."""
    from engine.align.base import decide
    from engine.align.corpus_eval import figures

    out = {}
    for s, t, cap, st in items:
        pid = s.comment_ids[0].split("/")[0]
        broad = calls.get(pid, np.zeros(len(s.comment_ids), bool))
        total: dict[str, int] = {}
        for is_broad, rows, k in ((True, np.flatnonzero(broad), cap if capped else None),
                                  (False, np.flatnonzero(~broad), cap)):
            if not len(rows):
                continue
            part = replace(s, comment_ids=[s.comment_ids[i] for i in rows], matrix=s.matrix[rows],
                           answered=None if s.answered is None else s.answered[rows])
            c = figures(part, t, k, st)
            c["shown"] = sum(len(r) for r in decide(part.matrix, t, k)) if part.matrix.size else 0
            c["shown broad"] = c["shown"] if is_broad else 0
            total = {key: total.get(key, 0) + v for key, v in c.items()}
        total["comments"], total["broad"] = len(s.comment_ids), int(broad.sum())
        out[pid] = total
    return out


def scored_items(fitted, unsure):
    from bench.measure_carry_align import plain
    from bench.measure_grouped_align import statuses

    items = statuses(fitted, {"corrections": True}, lambda *a: None)
    return plain(fitted, items, unsure, "f")[0]


def summary(per: dict) -> dict:
    from engine.align.corpus_eval import rates

    tot = {k: sum(v[k] for v in per.values()) for k in next(iter(per.values()))}
    r = rates(tot)
    r |= {"U": r["unanswered called found"], "links per comment": round(tot["shown"] / tot["comments"], 2),
          "broad called": tot["broad"], "links per broad comment": round(tot["shown broad"] / max(tot["broad"], 1), 2),
          "counts": tot}
    return r


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import bootstrap, spread
    from engine.align.folds import group_of
    from bench.broad_score import widen
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_broad")
    ap.add_argument("full", nargs="?")
    ap.add_argument("--pairs")
    ap.add_argument("--folds")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    ap.add_argument("--build-full", help="write the training pairs with every pair scored here (and --std)")
    ap.add_argument("--std", help="with --build-full: today's first-stage pairs recomputed from them")
    a = ap.parse_args(argv)
    if a.build_full:
        if not a.std:
            print("error: --build-full needs --std", file=sys.stderr)
            return 2
        build_full(a.build_full, a.std, a.corpus)
        return 0
    if not (a.full and a.pairs and a.folds):
        print("error: give FULL.pkl, --pairs and --folds (or --build-full)", file=sys.stderr)
        return 2
    for p in (a.full, a.pairs, a.folds):
        if not Path(p).is_file():
            print(f"error: no such file: {p}", file=sys.stderr)
            return 2
    full = {pp.paper.id: pp for pp in pickle.loads(Path(a.full).read_bytes())}
    fitted = pickle.loads(Path(a.folds).read_bytes())
    pairs = [f[0] for f in fitted]
    if diffs := check(full, pairs) + check(full, pickle.loads(Path(a.pairs).read_bytes())):
        print("error: the folds' pairs are not today's first stage:\n  " + "\n  ".join(diffs[:20]), file=sys.stderr)
        return 2
    print(f"check: the {len(pairs)} papers' first stage and features match the rebuilt pairs", flush=True)
    unsure = corpus_unsure(a.corpus, None, "train")
    rows = {pp.paper.id: paper_rows(pp) for pp in pairs}
    calls, thresholds = broad_calls(fitted, rows)
    moved, _ = broad_calls(fitted, rows, 1e-6)
    n_moved = sum(int((calls[k] != moved[k]).sum()) for k in calls)
    n_comments = sum(len(v) for v in calls.values())
    y = np.concatenate([rows[k][1] for k in calls])
    c = np.concatenate([calls[k] for k in calls])
    print(f"broad score: {int(c.sum())} called, {int(y.sum())} labelled, {int((c & (y > 0)).sum())} both; "
          f"thresholds {min(thresholds.values()):.3f}–{max(thresholds.values()):.3f}; moved at 1e-6: {n_moved} of "
          f"{n_comments}", flush=True)
    base = scored_items(fitted, unsure)
    none = {k: np.zeros_like(v) for k, v in calls.items()}
    per = {"B0": counts(base, none, True), "B2": counts(base, calls, False)}
    widened = []
    for pp, m, ans, inner in fitted:
        fp = full[pp.paper.id]
        mask = widen(pp.mask, calls[pp.paper.id], rows[pp.paper.id][2])
        x, evidence = columns(fp, mask)
        widened.append((replace(pp, x=x, evidence=evidence, mask=mask), m, ans, inner))
    per["B1"] = counts(scored_items(widened, unsure), calls, False)
    groups: dict[str, list[str]] = {}
    for pp in pairs:
        groups.setdefault(group_of(pp.paper), []).append(pp.paper.id)
    result = {"broad": {"called": int(c.sum()), "labelled": int(y.sum()), "both": int((c & (y > 0)).sum()),
                        "moved": n_moved, "comments": n_comments}}
    ref = summary(per["B0"])
    for name in ("B0", "B1", "B2"):
        r = summary(per[name])
        line = (f"{name} | P {r['P']} R {r['R']} F1 {r['F1']} | hit@1 {r['hit@1']} hit@3 {r['hit@3']} | found "
                f"{r['found']} | wrong {r['wrong addressed']} % ({r['addressed calls']}) | U {r['U']} | links per "
                f"comment {r['links per comment']}, per broad comment {r['links per broad comment']} | per repository F1 "
                f"{spread(per[name], groups, 'F1')}")
        if name != "B0":
            ci = bootstrap(per[name], per["B0"], groups, keys=KEYS)
            tc, rc = r["counts"], ref["counts"]
            hit_fall = 100 * (rc["hit1"] - tc["hit1"]) / rc["answered"]
            found_fall = 100 * (rc["found"] - tc["found"]) / rc["answered"]
            passed = (r["F1"] > ref["F1"] and ci["F1"][0] > 0 and hit_fall <= 0.5 and found_fall <= 1.0
                      and r["wrong addressed"] <= 7.0 and n_moved <= 0.01 * n_comments)
            line += (f" | minus B0, 90 % over {len(groups)} repositories: {ci}; hit@1 fall {hit_fall:.2f}, found fall "
                     f"{found_fall:.2f} | {'passes' if passed else 'fails'}")
            r |= {"bootstrap": ci, "hit@1 fall": hit_fall, "found fall": found_fall, "passes": passed}
        print(line, flush=True)
        result[name] = r
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1, default=float))
    return 0


if __name__ == "__main__":
    sys.exit(main())
