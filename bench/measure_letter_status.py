"""Session 25 (issue 32): the authors' response letter as evidence for the statuses. On the training part's grouped
folds (addr18's pairs and folds), does the answered model with five letter features (L1), or L1 with a status
"answered in the letter only" (L2), lower U against today's model (A0)? The rule was written first
(docs/figures-align.md, "Session 25: the response letter as evidence").

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_status /tmp/addr18/pairs86.pkl \\
        --folds /tmp/addr18 --out /tmp/letter19 --matching
    ... --run A0 | --run L1 [--perturb]        (each outer fold refitted, bands re-chosen; pickles in --out)
    ... --report

``--matching``: how often the engine reader (``engine.align.letter``) finds the right answer for the training
comments whose point the letter quotes (the corpus's own cut, ``points.json``, is the reference). Reads each
revision's raw letter from the corpus cache; the training part only.
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
#: The rule's limits (points, per cent), written before the figures.
MIN_U_FALL, MAX_FOUND_FALL, MAX_WRONG, MAX_MOVED = 5.0, 1.0, 7.0, 1.0
#: Per paper: (answers, inserted words of each edit) — filled by ``load_letters``.
LETTERS: dict[str, tuple[list, list[str]]] = {}
#: Letter features zeroed (``--drop``, post hoc: what one feature carries; decides nothing).
DROP: list[str] = []


def cache_dir(cache: str | None) -> Path:
    from corpus.build_revisions import default_out

    return Path(cache).expanduser() if cache else default_out()


def letter_file(cache: Path, rid: str) -> Path | None:
    found = sorted((cache / rid).glob("response.*"))
    return found[0] if found else None


def load_letters(pairs, cache: Path, strip: bool = False) -> None:
    """Each revision's letter read by the engine reader and matched to its comments; with ``strip`` (session 26's F1)
    the letter knows the revision's reviews (``reviews.md``), so each answer opens on the authors' words."""
    from engine.align.letter import answers, read_letter

    for pp in pairs:
        f = letter_file(cache, pp.paper.id)
        letter = read_letter(f) if f else None
        if letter is not None and strip:
            letter.know_reviews(review_texts(cache, pp.paper.id))
        found = answers(letter, pp.paper.comments) if letter else [None] * len(pp.paper.comments)
        inserted = [pp.paper.diff.edit(e).changed_words()[1] for e in pp.edit_ids]
        LETTERS[pp.paper.id] = (found, inserted)


def review_texts(cache: Path, rid: str) -> list[str]:
    """The revision's reviews as the engine reads them (``cache``/ID/reviews.md)."""
    from engine.reviews.load import load_reviews

    f = cache / rid / "reviews.md"
    return [r.text for r in load_reviews(f)] if f.is_file() else []


def rows(pp, matrix: np.ndarray, threshold: float, name: str, perturb: bool):
    """``(features, answered, shown)``: today's answered features, plus the letter's for L1."""
    from engine.align.learn_answered import answered_rows
    from engine.align.letter import FEATURES, best_inserted, letter_features

    x, y, shown = answered_rows(pp, matrix, threshold)
    if name != "A0":
        found, inserted = LETTERS[pp.paper.id]
        probs = matrix if matrix.size else np.zeros((len(found), 0), dtype=np.float32)
        extra = letter_features(found, best_inserted(probs, inserted))
        for name in DROP:
            extra[:, FEATURES.index(name)] = 0.0
        x = np.concatenate([x, extra], axis=1)
    if perturb:
        x = (x.astype(np.float64) * (1 + 1e-6)).astype(x.dtype)
    return x, y, shown


def letter_only(pairs) -> set[str]:
    """Comments whose letter answer is found and states no change (L2's status, where L1 says "partly")."""
    from engine.align.letter import states_change

    out = set()
    for pp in pairs:
        for c, a in zip(pp.paper.comments, LETTERS[pp.paper.id][0]):
            if a is not None and not states_change(a.text):
                out.add(c.id)
    return out


def with_letter_only(per: dict, st: dict[str, str], only: set[str], gold: dict[str, bool], counted: str = "none"):
    """L2's per-paper counts from L1's: each "partly" comment in ``only`` reads "answered in the letter only".
    ``counted``: "none" (the rule: neither found nor flagged), "found" (counted as found and flagged, as "partly")."""
    out = {k: dict(v) for k, v in per.items()}
    moved = {"answered": 0, "unanswered": 0}
    for cid, s in st.items():
        if s != "partly" or cid not in only:
            continue
        c = out[cid.split("/")[0]]
        moved["answered" if gold[cid] else "unanswered"] += 1
        if counted == "none":
            c["partly"] -= 1
            if gold[cid]:
                c["found"] -= 1
                c["partly_right"] -= 1
            else:
                c["flagged"] -= 1
                c["unanswered found"] -= 1
    return out, moved


def l2_statuses(st: dict[str, str], only: set[str]) -> dict[str, str]:
    return {k: ("letter only" if v == "partly" and k in only else v) for k, v in st.items()}


def words(text: str) -> set[str]:
    """Distinct words of 3 letters or more (lowercased ``\\w+``), as the matching check compares them."""
    import re

    return {w for w in re.findall(r"\w+", text.lower()) if len(w) >= 3}


def answer_right(gold: set[str], answer: str) -> bool:
    """An answer found is the corpus reply (its ``words``, ``gold``) when each holds at least half of the other's."""
    mine = words(answer)
    return bool(mine) and len(gold & mine) >= 0.5 * len(gold) and len(gold & mine) >= 0.5 * len(mine)


def matching(pairs, cache: Path, labels_dir: Path) -> None:
    """The reader's answers against the corpus's cut of each letter (``points.json``): right when each holds at least
    half of the other's distinct words of 3 letters or more (the reply rendered by the same LaTeX reader)."""
    from engine.reviews.latex import latex_review_text

    tot = {"comments": 0, "found": 0, "right": 0}
    per = []
    for pp in pairs:
        rid = pp.paper.id
        pfile = cache / rid / "points.json"
        labels = json.loads((labels_dir / f"{rid}.json").read_text())
        if not pfile.is_file():
            continue
        points = {tuple(p["lines"]): p for p in json.loads(pfile.read_text()) if p.get("lines")}
        lines = {f"{rid}/{c['id']}": tuple(c["lines"]) for c in labels["comments"] if c.get("lines")}
        found = dict(zip([c.id for c in pp.paper.comments], LETTERS[rid][0]))
        n = f = r = 0
        for cid, a in found.items():
            p = points.get(lines.get(cid, ()))
            if p is None or p.get("located") not in ("exact", "matched"):
                continue
            gold = words(latex_review_text(p["reply"]))
            if len(gold) < 3:
                continue
            n += 1
            if a is None:
                continue
            f += 1
            r += answer_right(gold, a.text)
        if n:
            per.append((rid, n, f, r))
        tot["comments"] += n
        tot["found"] += f
        tot["right"] += r
    share = [100 * r / n for _, n, _, r in per]
    print(f"matching: {tot['comments']} comments whose point the letter quotes, in {len(per)} revisions; answer found "
          f"{tot['found']} ({100 * tot['found'] / tot['comments']:.1f} %), right {tot['right']} "
          f"({100 * tot['right'] / tot['comments']:.1f} % of all, {100 * tot['right'] / max(tot['found'], 1):.1f} % of "
          f"those found); per revision right: median {np.median(share):.1f} %, 10th pct {np.quantile(share, 0.1):.1f} "
          f"%, 25th {np.quantile(share, 0.25):.1f} %")
    for rid, n, f, r in sorted(per, key=lambda t: t[3] / t[1])[:12]:
        print(f"    low: {rid}: {n} quoted, {f} found, {r} right")


def report(fitted, out: Path, groups, suffix: str = "") -> None:
    from bench.measure_answered_rank import found_fall, statuses, summarise, u_fall
    from engine.align.learn import scored

    base = [scored(pp, m) for pp, m, _, _ in fitted]
    pairs = [f[0] for f in fitted]
    gold = {c.id: bool(pp.paper.gold.get(c.id)) for pp in pairs for c in pp.paper.comments}
    only = letter_only(pairs)
    per, sums, st, moved = {}, {}, {}, {}
    for name in ("A0", "L1"):
        r = pickle.loads((out / f"answered-{name}{suffix}.pkl").read_bytes()) if name == "L1" else \
            pickle.loads((out / f"answered-{name}.pkl").read_bytes())
        per[name], sums[name], raw = summarise(fitted, base, r, groups)
        st[name] = statuses(fitted, raw, r["bands"])
        pf = out / f"answered-{name}{suffix if name == 'L1' else ''}-p.pkl"
        if pf.is_file():
            rp = pickle.loads(pf.read_bytes())
            stp = statuses(fitted, [replace(x, answered=rp["probs"][pp.paper.id]) for x, pp in zip(base, pairs)],
                           rp["bands"])
            moved[name] = round(100 * sum(st[name][k] != stp[k] for k in stp) / len(stp), 2)
            if name == "L1":
                a, b = l2_statuses(st[name], only), l2_statuses(stp, only)
                moved["L2"] = round(100 * sum(a[k] != b[k] for k in a) / len(a), 2)
        bands = [v["partly"] for v in r["bands"].values()]
        print(f"{name} bands: partly {min(bands):.4f}-{max(bands):.4f}, addressed "
              f"{min(v['addressed'] for v in r['bands'].values()):.4f}-"
              f"{max(v['addressed'] for v in r['bands'].values()):.4f}")
    from bench.measure_partly_band import summary

    per["L2"], l2moved = with_letter_only(per["L1"], st["L1"], only, gold)
    sums["L2"] = summary(per["L2"], groups) | {"AUC": sums["L1"]["AUC"], "AUC median": sums["L1"]["AUC median"]}
    print(f"L2: 'answered in the letter only' on {l2moved['answered']} answered and {l2moved['unanswered']} "
          f"unanswered comments (all found-and-no-change answers: {len(only)} comments)")
    print("candidate | found | per repository found mean / p10 / p25 | U | R | wrong (calls) | F1 / hit@1 / hit@3 | "
          "AUC pooled / median | moved")
    for name in ("A0", "L1", "L2"):
        s = sums[name]
        c = s["counts"]
        print(f"{name} | {s['found']} % ({c['found']} of {c['answered']}) | {s['found mean']} / {s['found p10']} / "
              f"{s['found p25']} | {s['U']} % ({c['flagged']} of {c['unanswered']}) | {s['R']} | "
              f"{s['wrong addressed']} % ({s['addressed calls']}) | {s['F1']} / {s['hit@1']} / {s['hit@3']} | "
              f"{s['AUC']} / {s['AUC median']} | {moved.get(name)} %", flush=True)
    for name in ("L1", "L2"):
        s, ref = sums[name], sums["A0"]
        fall = u_fall(per[name], per["A0"], groups)
        why = []
        if ref["U"] - s["U"] < MIN_U_FALL or fall[0] <= 0:
            why.append(f"U falls {ref['U'] - s['U']:.1f} (90 % {fall}), not >= {MIN_U_FALL} with the 5th pct > 0")
        if found_fall(s, ref) > MAX_FOUND_FALL:
            why.append(f"found falls {found_fall(s, ref):.2f} > {MAX_FOUND_FALL}")
        if s["wrong addressed"] is None or s["wrong addressed"] > MAX_WRONG:
            why.append(f"wrong addressed {s['wrong addressed']} % > {MAX_WRONG} %")
        if moved.get(name) is None or moved[name] > MAX_MOVED:
            why.append(f"statuses moved under the perturbation on {moved.get(name)} % > {MAX_MOVED} %")
        print(f"  {name} against A0: U falls {ref['U'] - s['U']:.1f} (90 % over {len(groups)} repositories {fall}); "
              f"{'; '.join(why) or 'passes'}", flush=True)
    # L2 with the letter-only calls counted as found and flagged (as "partly"): that is L1's figures
    print(f"  L2 counted the other way (letter only as found and flagged) is L1: found {sums['L1']['found']} %, "
          f"U {sums['L1']['U']} %")


def main(argv: list[str] | None = None) -> int:
    from bench.measure_answered_rank import run
    from bench.measure_carry_align import run_variant
    from bench.measure_link_trees import grouped_pairs
    from engine.align.learn import C
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_status")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/addr18", help="holds folds-L0.pkl (read only)")
    ap.add_argument("--out", default="/tmp/letter19")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--run", choices=("A0", "L1", "F1"), help="F1: L1 with each answer's leading reviewer's words "
                    "skipped (session 26)")
    ap.add_argument("--perturb", action="store_true")
    ap.add_argument("--matching", action="store_true")
    ap.add_argument("--drop", action="append", default=[], help="post hoc: L1 with this letter feature zeroed")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    folds = Path(a.folds) / "folds-L0.pkl"
    if not Path(a.pairs).is_file() or not folds.is_file():
        print(f"error: no pairs file {a.pairs} or no folds {folds}", file=sys.stderr)
        return 2
    if not (a.run or a.report or a.matching):
        print("error: give --run CANDIDATE, --matching or --report", file=sys.stderr)
        return 2
    DROP[:] = a.drop
    suffix = "".join(f"-no-{d}" for d in a.drop)
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    cache = cache_dir(a.cache)
    load_letters(pairs, cache, strip=a.run == "F1")
    if a.matching:
        matching(pairs, cache, Path(a.corpus).parent / "labels")
    if not (a.run or a.report):
        return 0
    fitted = run_variant(pairs, {"c": C}, folds)
    if a.run:
        got = run(fitted, a.run, a.perturb, corpus_unsure(a.corpus, a.cache, "train"), rows)
        (out / f"answered-{a.run}{suffix}{'-p' if a.perturb else ''}.pkl").write_bytes(pickle.dumps(got))
    if a.report:
        report(fitted, out, groups, suffix)
    return 0


if __name__ == "__main__":
    sys.exit(main())
