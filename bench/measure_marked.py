"""Session 29 (issue 32): the author's mark "answered throughout the paper" on the training part's grouped folds
(docs/figures-align.md, "Session 29: 'answered throughout the paper', the author's mark"; its rule was written first).

    nice .venv/bin/python -m bench.measure_marked FOLDS.pkl [--out JSON] [--write-model] [--write-hint]

``FOLDS.pkl``: B0, today's link and answered models refitted grouped leave-papers-out with each outer fold's inner
scores (session 28's ``/tmp/refold29/folds/refold-S27.pkl``). The mark is stood in for by the label (> 5 gold
links). In every outer fold the marked rows' raw threshold ``t_b`` is broad30's ``--oracle`` choice on the fold's
inner scores (``bench.measure_broad_pairs.own_threshold``); every held-out comment is then assessed through the
engine's path (``engine.align.status.assess_alignment``), a marked one with ``t_b`` on the fold's status scale and no
cap. Rows: N (nothing marked), A (every labelled comment marked), H (63 of them, seed 0). ``--write-model``: the
shipped factor (the same rule once over the 86 revisions' out-of-fold scores, each divided by its fold's ``t``),
written to ``resources/models/align/throughout.json``. ``--write-hint``: the app's hint (``engine.align.broad``):
broad20's score and threshold rule, its calls on the held-out papers of the same folds (how often the hint is right),
then fitted once on the 86 revisions (threshold on their leave-one-repository-out probabilities), written to
``resources/models/align/broad.json``. Reads the training part only.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
KEYS = ("F1", "hit@1", "found")
HALF_SEED = 0


def labelled(pp) -> np.ndarray:
    """The stand-in for the author's mark: the comment has more than 5 gold links."""
    return np.array([len(pp.paper.gold.get(c.id, ())) > 5 for c in pp.paper.comments], bool)


def engine_counts(s, marked: np.ndarray, throughout_p: float) -> dict[str, int]:
    """``corpus_eval.figures``' counts for one paper's ``Scored`` (status scale, answered), each comment assessed by
    ``assess_alignment``: its suggested links are the links shown, its status the app's."""
    from engine.align.corpus_eval import COUNTS, tally
    from engine.align.records import Alignment
    from engine.align.status import Link, Status, assess_alignment

    out = dict.fromkeys((*COUNTS, "shown", "shown marked"), 0)
    for i, cid in enumerate(s.comment_ids):
        row = s.matrix[i] if s.matrix.size else np.zeros(0)
        al = Alignment(cid, [], {e: float(p) for e, p in zip(s.edit_ids, row)}, calibrated=True,
                       answered=None if s.answered is None else float(s.answered[i]))
        a = assess_alignment(al, None, throughout_p=throughout_p if marked[i] else None)
        got = {e.edit_id for e in a.evidence if e.link is Link.SUGGESTED}
        status = {Status.ADDRESSED: "addressed", Status.PARTLY: "partly"}.get(a.status, "not")
        out["shown"] += len(got)
        out["shown marked"] += len(got) if marked[i] else 0
        tally(out, s.gold.get(cid, set()), got, row, s.edit_ids, status)
    out["marked"] = int(marked.sum())
    return out


def rates(per: dict) -> dict:
    from engine.align.corpus_eval import rates as corpus_rates

    pooled = {k: sum(c[k] for c in per.values()) for k in next(iter(per.values()))}
    r = corpus_rates(pooled)
    r["U"] = r.pop("unanswered called found")
    r["links per marked comment"] = round(pooled["shown marked"] / pooled["marked"], 2) if pooled["marked"] else None
    r["marked"] = pooled["marked"]
    r["counts"] = pooled
    return r


def shipped_factor(fitted, gold, mask) -> tuple[float, list[float]]:
    """The factor once over the 86 revisions: out-of-fold raw probabilities over each fold's ``t`` (``t`` = 1), the
    labelled rows at the cut with no cap, the rest at 1 and the cap; the cut in [0.01 / t, 1) (ties: the higher)."""
    from bench.broad_pairs import best_f1_cut
    from bench.measure_broad_pairs import fixed_counts

    ratio, calls, ts, caps = {}, {}, [], set()
    for pp, m, _, _ in fitted:
        k = pp.paper.id
        ratio[k] = m.probabilities(pp.x, pp.mask) / m.threshold
        calls[k] = labelled(pp)
        ts.append(m.threshold)
        caps.add(m.max_edits)
    cap = caps.pop() if len(caps) == 1 else 5
    s = [ratio[k][i][mask[k][i]] for k in ratio for i in np.flatnonzero(calls[k])]
    r = [gold[k][i][mask[k][i]] for k in ratio for i in np.flatnonzero(calls[k])]
    floor = 0.01 / float(np.median(ts))
    cut = best_f1_cut(np.concatenate(s), np.concatenate(r), fixed_counts(ratio, mask, gold, calls, 1.0, cap), 1.0,
                      floor)
    return cut, ts


def write_hint(fitted) -> dict:
    """The hint's held-out calls on the grouped folds (broad20's rule, nested), then the model fitted on all 86 with
    its threshold from their leave-one-repository-out probabilities, written to ``broad.json``."""
    from bench.broad_score import choose_threshold, fit_broad
    from bench.measure_broad import broad_calls, paper_rows
    from engine.align.folds import grouped

    pairs = [f[0] for f in fitted]
    rows = {pp.paper.id: paper_rows(pp)[:2] for pp in pairs}
    calls, _ = broad_calls(fitted, rows)
    y = np.concatenate([rows[pp.paper.id][1] for pp in pairs]) > 0
    c = np.concatenate([calls[pp.paper.id] for pp in pairs])
    held = {"called": int(c.sum()), "right": int((c & y).sum()), "labelled": int(y.sum()), "comments": len(y)}
    oof_p, oof_y = [], []
    groups = [[pairs[k].paper.id for k in g] for g in grouped(pairs)]
    for g, inner in enumerate(groups):
        rest = [k for j, gg in enumerate(groups) if j != g for k in gg]
        model = fit_broad(np.concatenate([rows[k][0] for k in rest]), np.concatenate([rows[k][1] for k in rest]))
        oof_p.append(model.probabilities(np.concatenate([rows[k][0] for k in inner])))
        oof_y.append(np.concatenate([rows[k][1] for k in inner]))
    keys = [k for g in groups for k in g]
    model = fit_broad(np.concatenate([rows[k][0] for k in keys]), np.concatenate([rows[k][1] for k in keys]))
    model.threshold = choose_threshold(np.concatenate(oof_p), np.concatenate(oof_y))
    model.meta = {"revisions": len(keys), "repositories": len(groups), "held-out calls on the grouped folds": held,
                  "rule": "docs/figures-align.md, session 29, the author's mark (broad20's score and threshold rule)"}
    path = REPO / "resources" / "models" / "align" / "broad.json"
    path.write_text(json.dumps(model.to_dict(), indent=1) + "\n", encoding="utf-8")
    print(f"hint: held out on the grouped folds {held['called']} called, {held['right']} of them among the "
          f"{held['labelled']} labelled ({held['comments']} comments); shipped threshold {model.threshold:.4f} -> "
          f"{path}", flush=True)
    return held


def main(argv: list[str] | None = None) -> int:
    from bench.measure_broad import scored_items
    from bench.measure_broad_pairs import gold_matrix, own_threshold
    from bench.measure_carry_align import bootstrap, spread
    from engine.align.corpus_eval import figures
    from engine.align.folds import group_of, grouped
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_marked")
    ap.add_argument("folds")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--out")
    ap.add_argument("--write-model", action="store_true")
    ap.add_argument("--write-hint", action="store_true")
    a = ap.parse_args(argv)
    if not Path(a.folds).is_file():
        print(f"error: no such file: {a.folds}", file=sys.stderr)
        return 2
    fitted = pickle.loads(Path(a.folds).read_bytes())
    if a.write_hint:
        write_hint(fitted)
        return 0
    pairs = [f[0] for f in fitted]
    ids = [pp.paper.id for pp in pairs]
    gold = {pp.paper.id: gold_matrix(pp) for pp in pairs}
    mask = {pp.paper.id: pp.mask for pp in pairs}
    label = {pp.paper.id: labelled(pp) for pp in pairs}
    groups = [[ids[k] for k in g] for g in grouped(pairs)]
    # H: half of the labelled comments, drawn once with a fixed seed over them sorted by comment id
    every = sorted((pp.paper.comments[i].id, pp.paper.id, i) for pp in pairs for i in np.flatnonzero(label[pp.paper.id]))
    pick = np.random.default_rng(HALF_SEED).choice(len(every), len(every) // 2, replace=False)
    half = {k: np.zeros_like(v) for k, v in label.items()}
    for n in pick:
        half[every[n][1]][every[n][2]] = True
    tb_of: dict[str, tuple[float, float]] = {}  # paper -> (raw t_b, t_b on the fold's status scale)
    factors = []
    for h, held in enumerate(groups):
        _, m, _, inner = fitted[ids.index(held[0])]
        t, cap = m.threshold, m.max_edits
        raw = {s.comment_ids[0].split("/")[0]: s.matrix for s in inner if s.comment_ids}
        tr = [k for j, g in enumerate(groups) if j != h for k in g if k in raw]
        tb = own_threshold({k: raw[k] for k in tr}, mask, gold, {k: label[k] for k in tr}, t, cap)
        factors.append(tb / t)
        tb_s = float(m.status_scale(np.array([tb], np.float32))[0])
        for k in held:
            tb_of[k] = (tb, tb_s)
        print(f"fold {h + 1}/{len(groups)}: t {t:.4f}, t_b/t {tb / t:.3f}, t_b on the status scale {tb_s:.4f}",
              flush=True)
    unsure = corpus_unsure(a.corpus, None, "train")
    base = scored_items(fitted, unsure)
    none = {k: np.zeros_like(v) for k, v in label.items()}
    per = {name: {} for name in ("N", "A", "H")}
    b0 = {}
    for (s, t, cap, st), pp in zip(base, pairs):
        k = pp.paper.id
        b0[k] = figures(s, t, cap, st)
        for name, marks in (("N", none), ("A", label), ("H", half)):
            per[name][k] = engine_counts(s, marks[k], tb_of[k][1])
    same = all(all(per["N"][k][c] == b0[k][c] for c in b0[k]) for k in ids)
    print(f"N reproduces B0's counts paper by paper: {same}", flush=True)
    gdict: dict[str, list[str]] = {}
    for pp in pairs:
        gdict.setdefault(group_of(pp.paper), []).append(pp.paper.id)
    result: dict = {"factors per fold": [round(f, 4) for f in factors], "N equals B0": same,
                    "half": [every[n][0] for n in sorted(pick)]}
    ref = rates(per["N"])
    for name in per:
        r = rates(per[name])
        line = (f"{name} | P {r['P']} R {r['R']} F1 {r['F1']} | hit@1 {r['hit@1']} hit@3 {r['hit@3']} | found "
                f"{r['found']} | wrong {r['wrong addressed']} % ({r['addressed calls']}) | U {r['U']} | marked "
                f"{r['marked']}, links per marked comment {r['links per marked comment']} | per repository F1 "
                f"{spread(per[name], gdict, 'F1')}")
        if name != "N":
            ci = bootstrap(per[name], per["N"], gdict, keys=KEYS)
            tc, rc = r["counts"], ref["counts"]
            line += (f" | minus N, 90 % over {len(gdict)} repositories: {ci} | right links +{tc['tp'] - rc['tp']}, "
                     f"wrong +{tc['fp'] - rc['fp']}")
            r["bootstrap"] = ci
        print(line, flush=True)
        result[name] = r
    print(f"factor per fold: min {min(factors):.3f} median {float(np.median(factors)):.3f} max {max(factors):.3f}",
          flush=True)
    if a.write_model:
        from engine.align.learned import shipped_model

        factor, ts = shipped_factor(fitted, gold, mask)
        model = shipped_model()
        link_p = float(model.status_scale(np.array([factor * model.threshold], np.float32))[0])
        out = {"format": "redraft-align-throughout", "version": 1, "factor": round(float(factor), 4),
               "link_p": round(link_p, 4), "learned_threshold": round(float(model.threshold), 4),
               "meta": {"revisions": len(ids), "rule": "docs/figures-align.md, session 29, the author's mark",
                        "fold thresholds": [round(min(ts), 4), round(max(ts), 4)]}}
        path = REPO / "resources" / "models" / "align" / "throughout.json"
        path.write_text(json.dumps(out, indent=1) + "\n", encoding="utf-8")
        print(f"shipped factor {factor:.4f}: status-scale threshold {link_p:.4f} -> {path}", flush=True)
        result["shipped"] = out
    if a.out:
        Path(a.out).write_text(json.dumps(result, indent=1, default=float))
    return 0


if __name__ == "__main__":
    sys.exit(main())
