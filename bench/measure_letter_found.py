"""Session 29 (issue 32): the letter should not lose comments the authors answered. Training part only, out of fold
by repository, on the gold comments (``bench.measure_letter_status``'s runs) and on the engine's own comments
(``bench.measure_letter_extracted``'s runs). The rule was written first (docs/figures-align.md, "Session 29: the
letter that loses answered comments").

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_found look PAIRS --folds D --gold G --x X

``look`` (descriptive, decides nothing): the answered comments found without the letter (A0) and lost with it
(today's letter model, L1'), each in one class by what its answer says, and split by whether the letter model's
probability fell below A0's or only its band is higher, and whether A0 alone was sure. Then the candidates:

    ... bands PAIRS --folds D --gold G --x X [--perturb]   (C2's band in every outer fold: G/bands-C2[-p].pkl)
    ... report PAIRS --folds D --gold G --x X              (the rule's rows and verdict; reads G/answered-A0|F1[-p].pkl
                                                            and X/answered-x-A0|F1.pkl)

C1: with a letter, a comment whose no-letter probability reaches its "addressed" band keeps at least "partly"; C2:
the letter model's "partly" band lowered until it finds what A0 finds (``learn_answered.held_found_band``); C3: both.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from bench import measure_letter_extracted as mlx
from bench import measure_letter_fallback as mlf
from bench import measure_letter_status as mls

FOUND = ("addressed", "partly")
#: The rule's limits, written before the figures: U may rise by this share of the letter's own fall of U (A0 - L1');
#: wrong "addressed" at most (per cent); statuses moved under the 1e-6 perturbation at most (per cent).
U_SHARE, MAX_WRONG, MAX_MOVED = 0.25, 7.0, 1.0
#: The first look's lost gold comments (id -> answer class), filled by ``look_gold``.
LOST: dict[str, str] = {}


def answer_class(answer, refs: list[set[str]]) -> str:
    """What the letter's answer says (``refs``: the words of the corpus's replies to the comment's points, where
    known): no answer, empty, another point's (checked and not right), declines or defers, no change stated, change
    stated."""
    from engine.align.letter import DECLINE, states_change

    if answer is None:
        return "no answer"
    if not answer.text:
        return "empty answer"
    if refs and not any(mls.answer_right(w, answer.text) for w in refs):
        return "another point's answer"
    if DECLINE.search(answer.text):
        return "declines or defers" + (" (change stated too)" if states_change(answer.text) else "")
    return "change stated" if states_change(answer.text) else "no change stated"


def mechanism(p0: float, p1: float, b0: dict, b1: dict) -> str:
    """Why L1' drops a comment A0 keeps (both raw answered probabilities, each under its own fold's bands): the
    letter model's probability fell below A0's, or it did not and only its band is higher; and whether A0 alone was
    sure (its probability at its own "addressed" band: A0 calls it "partly" only because the best link is under the
    link model's "addressed" band) or unsure (between its "partly" and "addressed" bands)."""
    how = "probability fell" if p1 < p0 else "band higher"
    return how + (", A0 sure" if p0 >= b0["addressed"] else ", A0 unsure")


def tally(rows: list[tuple[str, str]]) -> None:
    classes = sorted({c for c, _ in rows}, key=lambda c: -sum(r[0] == c for r in rows))
    for c in classes:
        n = [m for k, m in rows if k == c]
        print(f"  {c} | {len(n)} | " + " / ".join(f"{k} {n.count(k)}" for k in sorted(set(n))))


def look_gold(pairs, groups, folds: Path, gold_dir: Path, cache: Path, labels_dir: Path) -> None:
    from bench.measure_answered_rank import statuses
    from bench.measure_carry_align import run_variant
    from engine.align.folds import group_of
    from engine.align.learn import C, scored

    mls.load_letters(pairs, cache, strip=True)
    fitted = run_variant(pairs, {"c": C}, folds)
    base = [scored(pp, m) for pp, m, _, _ in fitted]
    runs = {k: pickle.loads((gold_dir / f"answered-{k}.pkl").read_bytes()) for k in ("A0", "F1")}
    st = {k: statuses(fitted, [replace(s, answered=r["probs"][pp.paper.id]) for s, (pp, *_) in zip(base, fitted)],
                      r["bands"]) for k, r in runs.items()}
    rows, gained, answered_n = [], 0, 0
    for pp, *_ in fitted:
        rid, g = pp.paper.id, group_of(pp.paper)
        refs = mlx.replies(rid, cache, labels_dir)
        for i, (c, a) in enumerate(zip(pp.paper.comments, mls.LETTERS[rid][0])):
            if not pp.paper.gold.get(c.id):
                continue
            answered_n += 1
            f0, f1 = st["A0"][c.id] in FOUND, st["F1"][c.id] in FOUND
            gained += f1 and not f0
            if f0 and not f1:
                p0, p1 = (float(runs[k]["probs"][rid][i]) for k in ("A0", "F1"))
                b0, b1 = (runs[k]["bands"][g] for k in ("A0", "F1"))
                rows.append((answer_class(a, [refs[c.id]] if c.id in refs else []), mechanism(p0, p1, b0, b1)))
                LOST[c.id] = rows[-1][0]
    print(f"gold comments: {answered_n} answered; found by A0 and lost by L1' {len(rows)}, gained {gained}")
    print("class | lost | why, and whether A0 alone was sure")
    tally(rows)


def _extracted_runs(pairs, folds: Path, x_dir: Path, cache: Path):
    """The engine's own comments of the training folds (``bench.measure_letter_extracted``'s ``x_dir``): their pairs
    and gold matches, the fold models, their scored pairs, which letters are not read, and the A0 and F1 runs."""
    from engine.align.learn import scored

    xpairs, matched = mlx.load_extracted(x_dir)
    mls.load_letters(pairs, cache, strip=True)
    read = mlx.load_answers(xpairs, cache)
    fitted = mlx.run_variant(pairs, folds)
    fx = [(xpairs[pp.paper.id], m, a, inner) for pp, m, a, inner in fitted if pp.paper.id in xpairs]
    base = [scored(xp, m) for xp, m, _, _ in fx]
    n = {xp.paper.id: len(xp.paper.comments) for xp, *_ in fx}
    unread = lambda i: np.full(n[i], not read[i[: -len(mlx.SUFFIX)]], dtype=bool)  # noqa: E731
    a0, l1 = (pickle.loads((x_dir / f"answered-x-{k}.pkl").read_bytes()) for k in ("A0", "F1"))
    return xpairs, matched, fitted, fx, base, unread, a0, l1


def look_extracted(pairs, groups, folds: Path, x_dir: Path, cache: Path, labels_dir: Path) -> None:
    from bench.measure_answered_rank import statuses
    from engine.align.folds import group_of

    xpairs, matched, fitted, fx, base, unread, a0, l1 = _extracted_runs(pairs, folds, x_dir, cache)
    rows_ = {"A0": a0, "L1'": mlf.fallback(fx, a0, l1, unread)}
    st = {k: statuses(fx, [replace(s, answered=r["probs"][xp.paper.id]) for s, (xp, *_) in zip(base, fx)],
                      r["bands"]) for k, r in rows_.items()}
    per = {k: mlx.counts(fitted, xpairs, matched, v) for k, v in st.items()}
    tot = {k: mlx.pooled(p, list(p)) for k, p in per.items()}
    rows = []
    for xp, *_ in fx:
        rid, g = xp.paper.id[: -len(mlx.SUFFIX)], group_of(xp.paper)
        refs = mlx.replies(rid, cache, labels_dir)
        for i, (c, a) in enumerate(zip(xp.paper.comments, mls.LETTERS[xp.paper.id][0])):
            if not xp.paper.gold.get(c.id) or not read[rid]:
                continue
            if st["A0"][c.id] in FOUND and st["L1'"][c.id] not in FOUND:
                p0, p1 = float(a0["probs"][xp.paper.id][i]), float(l1["probs"][xp.paper.id][i])
                b0, b1 = a0["bands"][g], l1["bands"][g]
                gs = matched[rid][c.id]
                rows.append((answer_class(a, [refs[k] for k in gs if k in refs]), mechanism(p0, p1, b0, b1)))
    for k, c in tot.items():
        print(f"extracted comments, {k}: found {c['found']} of {c['answered']} gold comments, flagged "
              f"{c['flagged']} of {c['unanswered']}")
    print(f"extracted comments with a gold link, letters read: found by A0 and lost by L1' {len(rows)}")
    print("class | lost | why, and whether A0 alone was sure")
    tally(rows)


def c2_bands(pairs, folds: Path, corpus: str, cache: str | None, perturb: bool) -> dict:
    """Each outer fold's bands: A0's and the letter model's by today's rule (checked against the runs' pickles) and
    C2's (``learn_answered.held_found_band``), on the fold's training comments' grouped out-of-fold probabilities."""
    from bench.measure_answered_rank import Fitted
    from bench.measure_carry_align import run_variant
    from engine.align.answered import FEATURES
    from engine.align.folds import group_of
    from engine.align.learn import C, MAX_WRONG_ANSWERED
    from engine.align.learn_answered import (MIN_FOUND, PER_REPOSITORY, choose_bands, grouped_oof, held_found_band,
                                             known_rows, matched)
    from engine.cli.eval_align_corpus import corpus_unsure

    mls.load_letters(pairs, mls.cache_dir(cache), strip=True)
    fitted = run_variant(pairs, {"c": C}, folds)
    unsure = corpus_unsure(corpus, cache, "train")
    out: dict[str, dict] = {}
    for pp, m, _, inner in fitted:
        g = group_of(pp.paper)
        if g in out:
            continue
        train = [q for q, *_ in fitted if group_of(q.paper) != g]
        data, papers = known_rows(((q.paper, mls.rows(q, sc.matrix, m.threshold, "F1", perturb))
                                   for q, sc in matched(train, inner)), unsure)
        data0 = [(x[:, :len(FEATURES)], y, shown) for x, y, shown in data]
        oof1, grp = grouped_oof(data, papers, lambda x, y: Fitted("F1", x, y, C))
        oof0, _ = grouped_oof(data0, papers, lambda x, y: Fitted("A0", x, y, C))
        y, shown = (np.concatenate([r[k] for r in data]) for k in (1, 2))
        b1 = choose_bands(oof1, y, shown, MAX_WRONG_ANSWERED, MIN_FOUND, grp, PER_REPOSITORY)
        b0 = choose_bands(oof0, y, shown, MAX_WRONG_ANSWERED, MIN_FOUND, grp, PER_REPOSITORY)
        out[g] = {"A0": b0, "L1": b1, "C2": b1 | {"partly": held_found_band(oof1, y, shown, b1, oof0, b0["partly"])}}
        print(f"  C2{' (perturbed)' if perturb else ''} {g}: {out[g]}", flush=True)
    return out


def combined(items, a0: dict, l1: dict, bands1: dict, floor: bool, a0_rows=None) -> dict:
    """A run on the status scale: the letter model's probabilities under ``bands1`` (each fold's), with C1's floor
    (``floor``: a comment whose A0 probability reaches ``ADDRESSED_P`` is raised to just above ``PARTLY_P``); A0's
    where ``a0_rows(revision id)`` says (the letters the app does not read)."""
    from engine.align.folds import group_of
    from engine.align.status import ADDRESSED_P, PARTLY_P

    low = np.nextafter(np.float32(PARTLY_P), np.float32(1))
    probs, bands = {}, {}
    for pp, *_ in items:
        g, rid = group_of(pp.paper), pp.paper.id
        p0 = mlf.on_status_scale(a0["probs"][rid], a0["bands"][g])
        p1 = mlf.on_status_scale(l1["probs"][rid], bands1[g])
        if floor:
            p1 = np.where(p0 >= ADDRESSED_P, np.maximum(p1, low), p1)
        if a0_rows is not None:
            p1 = np.where(a0_rows(rid), p0, p1)
        probs[rid] = p1.astype(np.float32)
        bands[g] = {"partly": PARTLY_P, "addressed": ADDRESSED_P}
    return {"bands": bands, "probs": probs}


def candidates(items, a0: dict, l1: dict, c2: dict, a0_rows=None) -> dict[str, dict]:
    b1 = {g: v["L1"] for g, v in c2.items()}
    b2 = {g: v["C2"] for g, v in c2.items()}
    return {"A0": combined(items, a0, a0, a0["bands"], False), "L1'": combined(items, a0, l1, b1, False, a0_rows),
            "C1": combined(items, a0, l1, b1, True, a0_rows), "C2": combined(items, a0, l1, b2, False, a0_rows),
            "C3": combined(items, a0, l1, b2, True, a0_rows)}


def rise(per: dict, ref: dict, groups: dict[str, list[str]], key: str, total: str) -> tuple[float, float, float]:
    """``per``'s pooled share of ``key`` over ``total`` minus ``ref``'s (points), and its 90 % interval over
    repositories drawn with replacement (2,000 draws, seed 0, paired)."""
    rng, names, out = np.random.default_rng(0), list(groups), []
    share = lambda p, ids: sum(p[i][key] for i in ids if i in p) / max(sum(p[i][total] for i in ids if i in p), 1)
    for _ in range(2000):
        ids = [i for g in rng.choice(names, len(names)) for i in groups[g]]
        out.append(100 * (share(per, ids) - share(ref, ids)))
    every = [i for ids in groups.values() for i in ids]
    return (100 * (share(per, every) - share(ref, every)), float(np.percentile(out, 5)), float(np.percentile(out, 95)))


def judge(name: str, found: tuple, u_rise: float, u_bound: float, wrong: float, moved=None) -> list[str]:
    why = []
    if found[0] <= 0 or found[1] <= 0:
        why.append(f"found rises {found[0]:.2f} (90 % {found[1]:.2f} to {found[2]:.2f}), not > 0 with the 5th pct > 0")
    if u_rise > u_bound + 1e-9:
        why.append(f"U rises {u_rise:.2f} > {u_bound:.2f}")
    if wrong > MAX_WRONG:
        why.append(f"wrong addressed {wrong:.1f} % > {MAX_WRONG} %")
    if moved is not None and moved > MAX_MOVED:
        why.append(f"statuses moved under the perturbation on {moved} % > {MAX_MOVED} %")
    return why


def report_gold(pairs, groups, folds: Path, gold_dir: Path, c2: dict, c2p: dict | None) -> dict:
    from bench.measure_answered_rank import statuses, summarise
    from bench.measure_carry_align import run_variant
    from engine.align.learn import C, scored

    fitted = run_variant(pairs, {"c": C}, folds)
    base = [scored(pp, m) for pp, m, _, _ in fitted]
    load = lambda n: pickle.loads((gold_dir / f"answered-{n}.pkl").read_bytes())  # noqa: E731
    a0, l1 = load("A0"), load("F1")
    runs = candidates(fitted, a0, l1, c2)
    per, sums, st = {}, {}, {}
    for k, r in runs.items():
        per[k], sums[k], raw = summarise(fitted, base, r, groups)
        st[k] = statuses(fitted, raw, r["bands"])
    moved = {}
    if c2p is not None:
        rp = candidates(fitted, load("A0-p"), load("F1-p"), c2p)
        for k, r in rp.items():
            stp = statuses(fitted, [replace(x, answered=r["probs"][f[0].paper.id]) for x, f in zip(base, fitted)],
                           r["bands"])
            moved[k] = round(100 * sum(st[k][i] != stp[i] for i in stp) / len(stp), 2)
    ref = sums["L1'"]["counts"]
    bound = U_SHARE * (sums["A0"]["counts"]["flagged"] - ref["flagged"])
    print(f"gold comments (U bound: {bound:.2f} comments, {100 * bound / ref['unanswered']:.2f} points)")
    print("row | found | per repository found mean / p10 / p25 | U | R | wrong addressed (calls) | moved at 1e-6 | "
          "lost by L1' found again")
    verdicts = {}
    for k, sm in sums.items():
        c = sm["counts"]
        again = sum(st[k][i] in FOUND for i in LOST)
        print(f"{k} | {sm['found']} % ({c['found']} of {c['answered']}) | {sm['found mean']} / {sm['found p10']} / "
              f"{sm['found p25']} | {sm['U']} % ({c['flagged']} of {c['unanswered']}) | {sm['R']} | "
              f"{sm['wrong addressed']} % ({sm['addressed calls']}) | {moved.get(k)} % | {again} of {len(LOST)}")
        if k.startswith("C"):
            by = {}
            for i, cls in LOST.items():
                by.setdefault(cls, [0, 0])[0] += st[k][i] in FOUND
                by[cls][1] += 1
            print("    found again by class: " + ", ".join(f"{cls} {a} of {b}" for cls, (a, b) in by.items()))
            f = rise(per[k], per["L1'"], groups, "found", "answered")
            u = c["flagged"] - ref["flagged"]
            verdicts[k] = judge(k, f, u, bound, sm["wrong addressed"] or 0.0, moved.get(k, float("inf")))
            print(f"    against L1': found rises {f[0]:.2f} points (90 % {f[1]:.2f} to {f[2]:.2f}), U rises {u} "
                  f"comments ({100 * u / ref['unanswered']:.2f} points; bound {bound:.2f}): "
                  f"{'; '.join(verdicts[k]) or 'passes'}", flush=True)
    return verdicts


def report_extracted(pairs, groups, folds: Path, x_dir: Path, c2: dict, cache: Path) -> dict:
    from bench.measure_answered_rank import statuses

    xpairs, matched, fitted, fx, base, unread, a0, l1 = _extracted_runs(pairs, folds, x_dir, cache)
    runs = candidates(fx, a0, l1, c2, unread)
    kind = {x.id: "answered" if xp.paper.gold.get(x.id) else "gold" if matched[xp.paper.id[:-2]][x.id] else "none"
            for xp, *_ in fx for x in xp.paper.comments}
    per, tot, calls = {}, {}, {}
    for k, r in runs.items():
        st = statuses(fx, [replace(s, answered=r["probs"][xp.paper.id]) for s, (xp, *_) in zip(base, fx)],
                      r["bands"])
        per[k] = mlx.counts(fitted, xpairs, matched, st)
        tot[k] = mlx.pooled(per[k], list(per[k]))
        calls[k] = [kind[i] for i, v in st.items() if v == "addressed"]
    ref = tot["L1'"]
    bound = U_SHARE * (tot["A0"]["flagged"] - ref["flagged"])
    print(f"engine's comments (U bound: {bound:.2f} gold comments, {100 * bound / ref['unanswered']:.2f} points)")
    print("row | found | per repository found mean / p10 / p25 | U | wrong addressed among comments with a gold "
          "comment (calls) | wrong addressed, whole cut (calls)")
    verdicts = {}
    for k, c in tot.items():
        cl = calls[k]
        with_gold = len(cl) - cl.count("none")
        wrong = 100 * cl.count("gold") / max(with_gold, 1)
        print(f"{k} | {100 * c['found'] / c['answered']:.1f} % ({c['found']} of {c['answered']}) | "
              f"{mlx.spread(per[k], groups)} | {100 * c['flagged'] / c['unanswered']:.1f} % ({c['flagged']} of "
              f"{c['unanswered']}) | {wrong:.1f} % ({with_gold}) | {100 * c['wrong'] / max(c['addressed'], 1):.1f} % "
              f"({c['addressed']})")
        if k.startswith("C"):
            f = rise(per[k], per["L1'"], groups, "found", "answered")
            u = c["flagged"] - ref["flagged"]
            verdicts[k] = judge(k, f, u, bound, wrong)
            print(f"    against L1': found rises {f[0]:.2f} points (90 % {f[1]:.2f} to {f[2]:.2f}), U rises {u} "
                  f"({100 * u / ref['unanswered']:.2f} points; bound {bound:.2f} comments): "
                  f"{'; '.join(verdicts[k]) or 'passes'}", flush=True)
    return verdicts


def main(argv: list[str] | None = None) -> int:
    from bench.measure_link_trees import folds_file, grouped_pairs

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_found")
    ap.add_argument("what", choices=("look", "bands", "report"))
    ap.add_argument("pairs")
    ap.add_argument("--folds", required=True, help="holds folds-L0.pkl (read only)")
    ap.add_argument("--gold", required=True, help="bench.measure_letter_status --out (answered-A0.pkl, -F1.pkl)")
    ap.add_argument("--x", required=True, help="bench.measure_letter_extracted --out (extracted.pkl, answered-x-*)")
    ap.add_argument("--perturb", action="store_true", help="bands: on the perturbed features (the CPU check)")
    ap.add_argument("--corpus", default=str(mls.REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    a = ap.parse_args(argv)
    folds = folds_file(a.pairs, a.folds)
    if folds is None:
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    cache, labels = mls.cache_dir(a.cache), Path(a.corpus).parent / "labels"
    gold = Path(a.gold)
    if a.what == "bands":
        got = c2_bands(pairs, folds, a.corpus, a.cache, a.perturb)
        (gold / f"bands-C2{'-p' if a.perturb else ''}.pkl").write_bytes(pickle.dumps(got))
        return 0
    look_gold(pairs, groups, folds, gold, cache, labels)
    if a.what == "look":
        look_extracted(pairs, groups, folds, Path(a.x), cache, labels)
        return 0
    c2 = pickle.loads((gold / "bands-C2.pkl").read_bytes())
    pfile = gold / "bands-C2-p.pkl"
    c2p = pickle.loads(pfile.read_bytes()) if pfile.is_file() else None
    for name in ("A0", "F1"):
        run = pickle.loads((gold / f"answered-{name}.pkl").read_bytes())
        bad = [g for g, v in c2.items() if v["A0" if name == "A0" else "L1"] != run["bands"][g]]
        print(f"{name}: the bands chosen again equal the run's in {len(c2) - len(bad)} of {len(c2)} folds {bad}")
    vg = report_gold(pairs, groups, folds, gold, c2, c2p)
    vx = report_extracted(pairs, groups, folds, Path(a.x), c2, cache)
    for k in vg:
        why = vg[k] + [f"engine's comments: {w}" for w in vx[k]]
        print(f"{k}: {'; '.join(why) or 'passes'}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
