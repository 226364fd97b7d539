"""Session 26 (issue 32, trial24's defect): the letter's answer without the reviewer's own words. Does the letter
model read from answers that open on the authors' words (F1: ``Letter.know_reviews``, ``answers`` skips each
answer's leading reviewer's words) do as well as the same model on today's answers (L1')? The rule was written first
(docs/figures-align.md, "Session 26: the letter's answer without the reviewer's words").

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_status /tmp/broad20/std86.pkl \\
        --folds /tmp/broad20 --out /tmp/letter21 --run L1 | --run F1 [--perturb]
    nice .venv/bin/python -m bench.measure_letter_strip /tmp/broad20/std86.pkl --folds /tmp/broad20 \\
        --out /tmp/letter21 --matching [--sample 40] | --report

``--matching`` (decides nothing): over the training comments whose letter point is known (``points.json``), how
many answers F1 changes or empties, the ``--matching`` "right" share both ways, and a sample of changed answers (seed
0) printed for a reader to judge (written to the terminal, never to the repository).
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
MAX_FOUND_FALL, MAX_U_RISE, MAX_WRONG, MAX_MOVED = 1.0, 1.0, 7.0, 1.0


def both_ways(pairs, cache: Path) -> tuple[dict, dict]:
    """Each revision's answers with today's reader (L1') and with the reviews known (F1)."""
    mls.load_letters(pairs, cache)
    today = dict(mls.LETTERS)
    mls.load_letters(pairs, cache, strip=True)
    return today, dict(mls.LETTERS)


def matching(pairs, cache: Path, labels_dir: Path, sample: int) -> None:
    import json

    today, fixed = both_ways(pairs, cache)
    for name, letters in (("L1'", today), ("F1", fixed)):
        print(f"{name}: ", end="")
        mls.LETTERS.clear()
        mls.LETTERS.update(letters)
        mls.matching(pairs, cache, labels_dir)
    known = changed = emptied = found = 0
    pool = []
    for pp in pairs:
        rid = pp.paper.id
        pfile = cache / rid / "points.json"
        if not pfile.is_file():
            continue
        points = {tuple(p["lines"]) for p in json.loads(pfile.read_text())
                  if p.get("lines") and p.get("located") in ("exact", "matched")}
        labels = json.loads((labels_dir / f"{rid}.json").read_text())
        lines = {f"{rid}/{c['id']}": tuple(c["lines"]) for c in labels["comments"] if c.get("lines")}
        for c, a, b in zip(pp.paper.comments, today[rid][0], fixed[rid][0]):
            if lines.get(c.id) not in points:
                continue
            known += 1
            if a is None:
                continue
            found += 1
            if a.text != b.text:
                changed += 1
                emptied += not b.text
                pool.append((c.id, a.text, b.text))
    print(f"matching check: {known} quoted training points, {found} with an answer found; F1 changes {changed} "
          f"({100 * changed / max(found, 1):.1f} %), empties {emptied}")
    rng = np.random.default_rng(0)
    for k in sorted(rng.choice(len(pool), min(sample, len(pool)), replace=False)):
        cid, a, b = pool[k]
        cut = len(a) - len(b)
        print(f"--- {cid}\n  skipped: {' '.join(a[:cut].split()[-25:])!r}\n  opens:   {' '.join(b.split()[:25])!r}")


def report(fitted, out: Path, groups) -> None:
    from bench.measure_answered_rank import found_fall, statuses, summarise
    from engine.align.learn import scored

    base = [scored(pp, m) for pp, m, _, _ in fitted]
    pairs = [f[0] for f in fitted]
    sums, moved = {}, {}
    for name in ("L1", "F1"):
        r = pickle.loads((out / f"answered-{name}.pkl").read_bytes())
        _, sums[name], raw = summarise(fitted, base, r, groups)
        st = statuses(fitted, raw, r["bands"])
        pf = out / f"answered-{name}-p.pkl"
        if pf.is_file():
            rp = pickle.loads(pf.read_bytes())
            stp = statuses(fitted, [replace(x, answered=rp["probs"][pp.paper.id]) for x, pp in zip(base, pairs)],
                           rp["bands"])
            moved[name] = round(100 * sum(st[k] != stp[k] for k in stp) / len(stp), 2)
        b = r["bands"].values()
        print(f"{name} bands: partly {min(v['partly'] for v in b):.4f}-{max(v['partly'] for v in b):.4f}, addressed "
              f"{min(v['addressed'] for v in b):.4f}-{max(v['addressed'] for v in b):.4f}")
    print("candidate | found | per repository found mean / p10 / p25 | U | R | wrong (calls) | AUC pooled / median | "
          "moved at 1e-6")
    for name, shown in (("L1", "L1'"), ("F1", "F1")):
        s = sums[name]
        c = s["counts"]
        print(f"{shown} | {s['found']} % ({c['found']} of {c['answered']}) | {s['found mean']} / {s['found p10']} / "
              f"{s['found p25']} | {s['U']} % ({c['flagged']} of {c['unanswered']}) | {s['R']} | "
              f"{s['wrong addressed']} % ({s['addressed calls']}) | {s['AUC']} / {s['AUC median']} | "
              f"{moved.get(name)} %")
    s, ref = sums["F1"], sums["L1"]
    u = {k: 100 * v["counts"]["flagged"] / v["counts"]["unanswered"] for k, v in sums.items()}
    why = []
    if found_fall(s, ref) > MAX_FOUND_FALL:
        why.append(f"found falls {found_fall(s, ref):.2f} > {MAX_FOUND_FALL}")
    if u["F1"] - u["L1"] > MAX_U_RISE:
        why.append(f"U rises {u['F1'] - u['L1']:.2f} > {MAX_U_RISE}")
    if s["wrong addressed"] is None or s["wrong addressed"] > MAX_WRONG:
        why.append(f"wrong addressed {s['wrong addressed']} % > {MAX_WRONG} %")
    if moved.get("F1") is None or moved["F1"] > MAX_MOVED:
        why.append(f"statuses moved under the perturbation on {moved.get('F1')} % > {MAX_MOVED} %")
    print(f"F1 against L1': found falls {found_fall(s, ref):.2f}, U rises {u['F1'] - u['L1']:.2f} (counts); "
          f"{'; '.join(why) or 'passes'}")


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import run_variant
    from bench.measure_link_trees import grouped_pairs
    from engine.align.learn import C

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_strip")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/broad20", help="holds folds-L0.pkl (read only)")
    ap.add_argument("--out", default="/tmp/letter21", help="holds answered-L1.pkl, answered-F1.pkl (and -p)")
    ap.add_argument("--corpus", default=str(mls.REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--matching", action="store_true")
    ap.add_argument("--sample", type=int, default=40)
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    folds = Path(a.folds) / "folds-L0.pkl"
    if not Path(a.pairs).is_file() or not folds.is_file() or not (a.matching or a.report):
        print(f"error: give a pairs file, --folds holding folds-L0.pkl, and --matching or --report", file=sys.stderr)
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    cache = mls.cache_dir(a.cache)
    if a.matching:
        matching(pairs, cache, Path(a.corpus).parent / "labels", a.sample)
    if a.report:
        report(run_variant(pairs, {"c": C}, folds), Path(a.out), groups)
    return 0


if __name__ == "__main__":
    sys.exit(main())
