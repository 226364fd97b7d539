"""Session 26 (issue 32): with a letter, does a comment the letter does not answer (``answers`` gives None) keep the
no-letter model's status? FB: those comments read A0's probability and bands, every other comment L1''s (today's
letter model, answers without the reviewer's leading words). The rule was written first (docs/figures-align.md,
"Session 26: a comment the letter does not answer"). Training part only; reads the two runs'
``bench.measure_letter_status`` pickles, refits nothing:

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_status /tmp/broad20/std86.pkl \\
        --folds /tmp/broad20 --out /tmp/letterfb21 --run A0 | --run F1 [--perturb]
    nice env REDRAFT_DATA=/work/shared/data .venv/bin/python -m bench.measure_letter_fallback /tmp/broad20/std86.pkl --folds /tmp/broad20 \\
        --out /tmp/letterfb21
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from bench import measure_letter_status as mls

#: The rule's limits (points, per cent), written before the figures.
MIN_FOUND_RISE, MAX_U_RISE, MAX_WRONG, MAX_MOVED = 1.0, 3.0, 7.0, 1.0


def on_status_scale(p: np.ndarray, bands: dict[str, float]) -> np.ndarray:
    """``AnsweredModel.status_scale`` under one fold's bands."""
    from engine.align.answered import AnsweredModel

    m = AnsweredModel.__new__(AnsweredModel)
    m.bands = dict(bands)
    return m.status_scale(np.asarray(p, dtype=np.float32))


def fallback(fitted, a0: dict, l1: dict, use_a0=None) -> dict:
    """FB's run: each comment on the status scale from its own model's fold bands (A0 where the letter gives no
    answer, L1' elsewhere); the bands are then the status scale's own. ``use_a0``: revision id → the comments that
    read A0 (default: those whose answer is None)."""
    from engine.align.folds import group_of
    from engine.align.status import ADDRESSED_P, PARTLY_P

    probs, bands = {}, {}
    for pp, *_ in fitted:
        g, rid = group_of(pp.paper), pp.paper.id
        none = np.array([a is None for a in mls.LETTERS[rid][0]], dtype=bool) if use_a0 is None else use_a0(rid)
        p0 = on_status_scale(a0["probs"][rid], a0["bands"][g])
        p1 = on_status_scale(l1["probs"][rid], l1["bands"][g])
        probs[rid] = np.where(none, p0, p1).astype(np.float32)
        bands[g] = {"partly": PARTLY_P, "addressed": ADDRESSED_P}
    return {"bands": bands, "probs": probs}


def among(st: dict[str, str], ids: set[str], gold: dict[str, bool]) -> str:
    ans = [i for i in ids if gold[i]]
    una = [i for i in ids if not gold[i]]
    f = sum(st[i] in ("addressed", "partly") for i in ans)
    u = sum(st[i] in ("addressed", "partly") for i in una)
    return (f"found {f} of {len(ans)} ({100 * f / max(len(ans), 1):.1f} %), U {u} of {len(una)} "
            f"({100 * u / max(len(una), 1):.1f} %)")


def main(argv: list[str] | None = None) -> int:
    from bench.measure_answered_rank import found_fall, statuses, summarise
    from bench.measure_carry_align import run_variant
    from bench.measure_link_trees import grouped_pairs
    from engine.align.folds import group_of
    from engine.align.learn import C, scored

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_fallback")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/broad20", help="holds folds-L0.pkl (read only)")
    ap.add_argument("--out", default="/tmp/letterfb21", help="holds answered-A0.pkl and answered-F1.pkl (and -p)")
    ap.add_argument("--base", default="F1", help="the letter run's name (F1: today's answers)")
    ap.add_argument("--corpus", default=str(mls.REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    a = ap.parse_args(argv)
    out, folds = Path(a.out), Path(a.folds) / "folds-L0.pkl"
    need = [out / f"answered-{n}.pkl" for n in ("A0", a.base)]
    if not Path(a.pairs).is_file() or not folds.is_file() or not all(f.is_file() for f in need):
        print(f"error: need {a.pairs}, {folds} and {', '.join(map(str, need))}", file=sys.stderr)
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    mls.load_letters(pairs, mls.cache_dir(a.cache), strip=a.base == "F1")
    fitted = run_variant(pairs, {"c": C}, folds)
    base = [scored(pp, m) for pp, m, _, _ in fitted]
    gold = {c.id: bool(pp.paper.gold.get(c.id)) for pp in pairs for c in pp.paper.comments}
    none = {c.id for pp in pairs for c, x in zip(pp.paper.comments, mls.LETTERS[pp.paper.id][0]) if x is None}
    no_letter = [pp.paper.id for pp in pairs if all(x is None for x in mls.LETTERS[pp.paper.id][0])]
    load = lambda n: pickle.loads((out / f"answered-{n}.pkl").read_bytes())  # noqa: E731
    runs = {"A0": load("A0"), "L1'": load(a.base)}
    runs["FB"] = fallback(fitted, runs["A0"], runs["L1'"])
    perturbed = all((out / f"answered-{n}-p.pkl").is_file() for n in ("A0", a.base))
    per, sums, st = {}, {}, {}
    for name, r in runs.items():
        per[name], sums[name], raw = summarise(fitted, base, r, groups)
        st[name] = statuses(fitted, raw, r["bands"])
    moved = None
    if perturbed:
        fbp = fallback(fitted, load("A0-p"), load(f"{a.base}-p"))
        stp = statuses(fitted, [replace(x, answered=fbp["probs"][pp.paper.id]) for x, pp in zip(base, pairs)],
                       fbp["bands"])
        moved = round(100 * sum(st["FB"][k] != stp[k] for k in stp) / len(stp), 2)
    by_repo: dict[str, list[int]] = {}
    for pp in pairs:
        n = sum(c.id in none for c in pp.paper.comments)
        v = by_repo.setdefault(group_of(pp.paper), [0, 0])
        v[0], v[1] = v[0] + n, v[1] + len(pp.paper.comments)
    print(f"no answer: {len(none)} of {len(gold)} training comments ({sum(gold[i] for i in none)} answered); "
          f"revisions with no answer at all (no letter or none matched): {len(no_letter)}")
    print("  per repository (no answer / comments), those with any: " + ", ".join(
        f"{g} {v[0]}/{v[1]}" for g, v in sorted(by_repo.items(), key=lambda t: -t[1][0]) if v[0]))
    print("candidate | found | per repository found mean / p10 / p25 | U | R | wrong (calls) | AUC pooled / median")
    for name, s in sums.items():
        c = s["counts"]
        print(f"{name} | {s['found']} % ({c['found']} of {c['answered']}) | {s['found mean']} / {s['found p10']} / "
              f"{s['found p25']} | {s['U']} % ({c['flagged']} of {c['unanswered']}) | {s['R']} | "
              f"{s['wrong addressed']} % ({s['addressed calls']}) | {s['AUC']} / {s['AUC median']}")
        print(f"    among the comments with no answer: {among(st[name], none, gold)}")
    rng, names, rises = np.random.default_rng(0), list(groups), []
    for _ in range(2000):
        ids = [i for g in rng.choice(names, len(names)) for i in groups[g]]
        f = [sum(p[i]["found"] for i in ids) / max(sum(p[i]["answered"] for i in ids), 1) for p in (per["FB"], per["L1'"])]
        rises.append(100 * (f[0] - f[1]))
    lo, hi = float(np.percentile(rises, 5)), float(np.percentile(rises, 95))
    s, ref = sums["FB"], sums["L1'"]
    rise = -found_fall(s, ref)
    u_rise = 100 * (s["counts"]["flagged"] - ref["counts"]["flagged"]) / ref["counts"]["unanswered"]
    why = []
    if rise < MIN_FOUND_RISE or lo <= 0:
        why.append(f"found rises {rise:.2f} (90 % {lo:.2f} to {hi:.2f}), not >= {MIN_FOUND_RISE} with the 5th pct > 0")
    if u_rise > MAX_U_RISE:
        why.append(f"U rises {u_rise:.2f} > {MAX_U_RISE}")
    if s["wrong addressed"] is None or s["wrong addressed"] > MAX_WRONG:
        why.append(f"wrong addressed {s['wrong addressed']} % > {MAX_WRONG} %")
    if moved is None or moved > MAX_MOVED:
        why.append(f"statuses moved under the perturbation on {moved} % > {MAX_MOVED} %")
    print(f"FB against L1': found rises {rise:.2f} points (90 % over {len(groups)} repositories {lo:.2f} to {hi:.2f}), "
          f"U rises {u_rise:.2f}, wrong addressed {s['wrong addressed']} %, moved at 1e-6 {moved} %: "
          f"{'; '.join(why) or 'passes'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
