"""Session 29 (issue 32): a per-pair signal for broad comments on the training part's grouped folds
(docs/figures-align.md, "Session 29: a per-pair signal for broad comments"; its rule was written before any figure).

    nice .venv/bin/python -m bench.measure_broad_pairs FOLDS.pkl [--out JSON] [--oracle]

``FOLDS.pkl``: B0, today's link and answered models refitted grouped leave-papers-out with each outer fold's inner
scores (``bench.measure_carry_align.run_variant``'s form; session 28's ``/tmp/refold29/folds/refold-S27.pkl``).
Candidates, each only on the comments its gate calls (fitted in every outer fold on the fold's training comments):
D1 broad20's gate and a link threshold of its own; D2 the gate with the row's scores and a threshold of its own; D3
that gate and a second-stage model (``bench.broad_pairs.PAIR2``). Their chosen pairs are raised to ``LINK_P`` on
the status scale and their links are not capped; everything is scored against B0 with broad20's pass conditions
(none passed: nothing of it is in the engine). ``--oracle`` (post hoc, after the verdict): the label (> 5 gold links)
in place of both gates. Reads the training part only.
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
EPS = 1e-6


def paper_facts(pp) -> dict:
    """What every candidate reads of one paper: broad20's features and label, the request kinds of its comments and
    the kinds of its candidate edits."""
    from bench.broad_pairs import edit_kinds, request_kinds
    from bench.measure_broad import paper_rows
    from engine.align.base import candidate_edits
    from engine.revision.intent import classify_edit

    x, y, _ = paper_rows(pp)
    edits = {e.id: e for e in candidate_edits(pp.paper.diff)}
    return {"x": x, "y": y, "requests": [request_kinds(c.full_text) for c in pp.paper.comments],
            "kinds": [edit_kinds(edits[i], classify_edit(edits[i])) for i in pp.edit_ids]}


def gold_matrix(pp) -> np.ndarray:
    return np.array([[e in pp.paper.gold.get(c.id, set()) for e in pp.edit_ids] for c in pp.paper.comments], bool)


def lr(x: np.ndarray, y: np.ndarray):
    """broad20's form: standardised ``LogisticRegression`` (C 0.1, random_state 0); a constant -50 logit when ``y``
    has one class."""
    from bench.broad_score import fit_broad

    return fit_broad(x, y)


def probs(model, x: np.ndarray) -> np.ndarray:
    from engine.align.evidence import sigmoid

    return sigmoid(model.logits(np.asarray(x, dtype=np.float64))) if len(x) else np.zeros(0)


def gate(train_x: dict, train_y: dict, groups: list[list[str]]):
    """One outer fold's gate: out-of-fold probabilities of the training comments (leave one repository out), the
    threshold at their best F1 against the label, the model on all of them; returns (inner calls by paper, the model,
    its threshold)."""
    from bench.broad_score import choose_threshold

    oof = {}
    for g, inner in enumerate(groups):
        rest = [k for j, gg in enumerate(groups) if j != g for k in gg]
        m = lr(np.concatenate([train_x[k] for k in rest]), np.concatenate([train_y[k] for k in rest]))
        for k in inner:
            oof[k] = probs(m, train_x[k])
    keys = [k for g in groups for k in g]
    t = choose_threshold(np.concatenate([oof[k] for k in keys]), np.concatenate([train_y[k] for k in keys]))
    m = lr(np.concatenate([train_x[k] for k in keys]), np.concatenate([train_y[k] for k in keys]))
    return {k: v >= t for k, v in oof.items()}, m, t


def fixed_counts(raw: dict, mask: dict, gold: dict, called: dict, t: float, cap: int) -> tuple[int, int, int]:
    """tp, fp, fn of the inner papers with gated rows linked at ``t`` without a cap (the rest at ``t`` and ``cap``)."""
    from engine.align.base import decide

    tp = fp = fn = 0
    for k in raw:
        for i, row in enumerate(np.where(mask[k], raw[k], 0.0)):
            got = set(decide(row[None, :], t, None if called[k][i] else cap)[0])
            g = set(np.flatnonzero(gold[k][i]).tolist())
            tp, fp, fn = tp + len(got & g), fp + len(got - g), fn + len(g - got)
    return tp, fp, fn


def own_threshold(raw, mask, gold, called, t, cap) -> float:
    """D1/D2: the gated rows' link threshold in [0.01, ``t``] at the best pooled inner F1 (ties: the higher)."""
    from bench.broad_pairs import best_f1_cut

    s = [raw[k][i][mask[k][i]] for k in raw for i in np.flatnonzero(called[k])]
    r = [gold[k][i][mask[k][i]] for k in raw for i in np.flatnonzero(called[k])]
    if not s:
        return t
    return best_f1_cut(np.concatenate(s), np.concatenate(r), fixed_counts(raw, mask, gold, called, t, cap), t, 0.01)


def stage2_rows(raw, mask, gold, called, facts, t, keys):
    """The gated rows' first-stage pairs not already linked at ``t``: features, labels, paper of each."""
    from bench.broad_pairs import pair2_features

    xs, ys, ks = [], [], []
    for k in keys:
        rows = np.flatnonzero(called[k])
        if not len(rows):
            continue
        x = pair2_features(raw[k][rows], mask[k][rows], [facts[k]["requests"][i] for i in rows], facts[k]["kinds"])
        sel = mask[k][rows] & (raw[k][rows] < t)
        xs.append(x[sel])
        ys.append(gold[k][rows][sel])
        ks += [k] * int(sel.sum())
    if not xs:
        return np.zeros((0, 11)), np.zeros(0, int), []
    return np.concatenate(xs), np.concatenate(ys).astype(int), ks


def main(argv: list[str] | None = None) -> int:
    from bench.broad_pairs import ROW_FEATURES, pair2_features, row_features
    from bench.measure_broad import counts, scored_items, summary
    from bench.measure_carry_align import bootstrap, spread
    from engine.align.folds import group_of, grouped
    from engine.align.status import LINK_P
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_broad_pairs")
    ap.add_argument("folds")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    ap.add_argument("--oracle", action="store_true", help="after the verdict, deciding nothing: the label (> 5 gold "
                                                             "links) as the gate")
    ap.add_argument("--limit", type=int, help="a dry run: only this many outer folds (the rest read as B0)")
    a = ap.parse_args(argv)
    if not Path(a.folds).is_file():
        print(f"error: no such file: {a.folds}", file=sys.stderr)
        return 2
    fitted = pickle.loads(Path(a.folds).read_bytes())
    pairs = [f[0] for f in fitted]
    ids = [pp.paper.id for pp in pairs]
    facts = {pp.paper.id: paper_facts(pp) for pp in pairs}
    gold = {pp.paper.id: gold_matrix(pp) for pp in pairs}
    mask = {pp.paper.id: pp.mask for pp in pairs}
    groups = [[ids[k] for k in g] for g in grouped(pairs)]
    link32 = np.float32(LINK_P) if np.float32(LINK_P) >= LINK_P else np.nextafter(np.float32(LINK_P), np.float32(1))
    chosen: dict[str, dict[str, np.ndarray]] = {v: {} for v in ("D1", "D2", "D3")}
    moved = {v: [0, 0, 0, 0] for v in chosen}  # gate calls moved, comments, link decisions moved, gated pairs
    calls_of: dict[str, dict[str, np.ndarray]] = {"D1": {}, "D2": {}}
    settings: dict[str, list] = {"D1": [], "D2": [], "D3": []}
    for h, held in enumerate(groups):
        if a.limit is not None and h >= a.limit:
            for v in chosen:
                for k in held:
                    chosen[v][k] = np.zeros_like(mask[k])
                    calls_of.setdefault(v, {})[k] = np.zeros(len(gold[k]), bool)
            continue
        _, m, _, inner = fitted[ids.index(held[0])]
        t, cap = m.threshold, m.max_edits
        raw = {s.comment_ids[0].split("/")[0]: s.matrix for s in inner if s.comment_ids}
        train_groups = [[k for k in g if k in raw] for j, g in enumerate(groups) if j != h]
        train_groups = [g for g in train_groups if g]
        for k in held:
            pp = pairs[ids.index(k)]
            raw[k] = m.probabilities(pp.x, pp.mask)
        tr = [k for g in train_groups for k in g]
        xr = {k: np.concatenate([facts[k]["x"], row_features(raw[k], mask[k], t)], axis=1) for k in raw}
        for v, xs in (("D1", {k: facts[k]["x"] for k in raw}), ("D2", xr)):
            if a.oracle:  # post hoc: the label (> 5 gold links) in place of the gate, inner and held out
                inner_calls = {k: facts[k]["y"] > 0 for k in tr}
                held_calls = held_moved = {k: facts[k]["y"] > 0 for k in held}
            else:
                inner_calls, gm, gt = gate({k: xs[k] for k in tr}, {k: facts[k]["y"] for k in tr}, train_groups)
                held_calls = {k: probs(gm, xs[k]) >= gt for k in held}
                held_moved = {k: probs(gm, xs[k] * (1 + EPS)) >= gt for k in held}
            tr_raw = {k: raw[k] for k in tr}
            tb = own_threshold(tr_raw, mask, gold, inner_calls, t, cap)
            settings[v].append(round(tb / t, 3))
            for k in held:
                calls_of[v][k] = held_calls[k]
                rows = held_calls[k][:, None] & mask[k]
                chosen[v][k] = rows & (raw[k] >= tb)
                moved[v][0] += int((held_calls[k] != held_moved[k]).sum())
                moved[v][1] += len(held_calls[k])
                rows_p = held_moved[k][:, None] & mask[k]
                moved[v][2] += int((chosen[v][k] != (rows_p & (raw[k] * (1 + EPS) >= tb))).sum())
                moved[v][3] += int((rows | rows_p).sum())
            if v == "D2":  # D3: the same gate, a second stage over its inner rows
                x2, y2, k2 = stage2_rows(tr_raw, mask, gold, inner_calls, facts, t, tr)
                oof = np.zeros(len(y2))
                kk = np.array(k2)
                for g in train_groups:
                    out = np.isin(kk, g)
                    if out.any():
                        oof[out] = probs(lr(x2[~out], y2[~out]), x2[out])
                from bench.broad_pairs import best_f1_cut

                t2 = best_f1_cut(oof, y2, fixed_counts(tr_raw, mask, gold, inner_calls, t, cap), 1.0, 0.0)
                model2 = lr(x2, y2)
                settings["D3"].append(round(t2, 3))
                for k in held:
                    rows = np.flatnonzero(held_calls[k])
                    c3 = np.zeros_like(mask[k])
                    c3p = np.zeros_like(mask[k])
                    if len(rows):
                        x = pair2_features(raw[k][rows], mask[k][rows], [facts[k]["requests"][i] for i in rows],
                                           facts[k]["kinds"])
                        sel = mask[k][rows]
                        q = probs(model2, x.reshape(-1, x.shape[-1])).reshape(sel.shape)
                        qp = probs(model2, x.reshape(-1, x.shape[-1]) * (1 + EPS)).reshape(sel.shape)
                        c3[rows] = sel & (q >= t2)
                        c3p[rows] = sel & (qp >= t2)
                    chosen["D3"][k] = c3
                    moved["D3"][2] += int((c3 != c3p).sum())
                    moved["D3"][3] += int((held_calls[k][:, None] & mask[k]).sum())
                moved["D3"][0], moved["D3"][1] = moved["D2"][0], moved["D2"][1]
        print(f"fold {h + 1}/{len(groups)}: t {t:.3f}, D1 t_b/t {settings['D1'][-1]}, D2 {settings['D2'][-1]}, "
              f"D3 t2 {settings['D3'][-1]}", flush=True)
    calls_of["D3"] = {**calls_of.get("D3", {}), **calls_of["D2"]}
    unsure = corpus_unsure(a.corpus, None, "train")
    base = scored_items(fitted, unsure)
    none = {k: np.zeros(len(gold[k]), bool) for k in ids}
    per = {"B0": counts(base, none, True)}
    for v in ("D1", "D2", "D3"):
        items = []
        for (s, t, cap, st), pp in zip(base, pairs):
            matrix = s.matrix.copy()
            c = chosen[v][pp.paper.id]
            matrix[c] = np.maximum(matrix[c], link32)
            items.append((replace(s, matrix=matrix), t, cap, st))
        per[v] = counts(items, calls_of[v], False)
    gdict: dict[str, list[str]] = {}
    for pp in pairs:
        gdict.setdefault(group_of(pp.paper), []).append(pp.paper.id)
    ref = summary(per["B0"])
    y = np.concatenate([facts[k]["y"] for k in ids])
    result = {"settings": settings}
    for name in per:
        r = summary(per[name])
        line = (f"{name} | P {r['P']} R {r['R']} F1 {r['F1']} | hit@1 {r['hit@1']} hit@3 {r['hit@3']} | found "
                f"{r['found']} | wrong {r['wrong addressed']} % ({r['addressed calls']}) | U {r['U']} | links per "
                f"comment {r['links per comment']}, per gated comment {r['links per broad comment']} | per repository "
                f"F1 {spread(per[name], gdict, 'F1')}")
        if name != "B0":
            c = np.concatenate([calls_of[name][k] for k in ids])
            ci = bootstrap(per[name], per["B0"], gdict, keys=KEYS)
            tc, rc = r["counts"], ref["counts"]
            hit_fall = 100 * (rc["hit1"] - tc["hit1"]) / rc["answered"]
            found_fall = 100 * (rc["found"] - tc["found"]) / rc["answered"]
            mv = moved[name]
            stable = mv[0] <= 0.01 * mv[1] and mv[2] <= 0.01 * max(mv[3], 1)
            passed = (r["F1"] > ref["F1"] and ci["F1"][0] > 0 and hit_fall <= 0.5 and found_fall <= 1.0
                      and r["wrong addressed"] <= 7.0 and stable)
            line += (f" | gate: {int(c.sum())} called, {int((c & (y > 0)).sum())} of {int(y.sum())} labelled | moved "
                     f"at 1e-6: calls {mv[0]} of {mv[1]}, links {mv[2]} of {mv[3]} | minus B0, 90 % over {len(gdict)} "
                     f"repositories: {ci}; hit@1 fall {hit_fall:.2f}, found fall {found_fall:.2f} | "
                     f"{'passes' if passed else 'fails'}")
            r |= {"bootstrap": ci, "hit@1 fall": hit_fall, "found fall": found_fall, "passes": passed, "moved": mv,
                  "called": int(c.sum()), "called labelled": int((c & (y > 0)).sum())}
        print(line, flush=True)
        result[name] = r
    print(f"settings per fold: {json.dumps({k: [min(v), max(v)] for k, v in settings.items() if v})}; row "
          f"features {ROW_FEATURES}", flush=True)
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1, default=float))
    return 0


if __name__ == "__main__":
    sys.exit(main())
