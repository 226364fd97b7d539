"""Session 27 (issue 32): the response letter on the engine's own comments. On the training part's grouped folds,
each revision's comments as ``extract_comments`` cuts its ``reviews.md`` (as a new project's are) are scored by their
outer fold's link model and answered models; rows A0 (no letter), L1' (today's letter model, as the app reads the
letter) and FB (a comment the letter does not answer reads A0). The rule was written first (docs/figures-align.md,
"Session 27: the letter on the engine's own comments"). Training part only:

    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_letter_extracted /tmp/broad20/std86.pkl \\
        --folds /tmp/broad20 --out /tmp/letter27 --build
    ... --run A0 | --run F1 [--perturb]      (each outer fold's answered models refitted on gold comments, as
                                               bench.measure_letter_status --run; the held-out rows are extracted)
    ... --report

An extracted comment's gold: the gold comments of which it holds >= 60 % of the words (its text and context,
``bench.measure_corpus_comments.match``'s test); its gold links their union. Found and U count gold comments.
``--report`` prints the rule's rows and verdict, the why-classes, and (added after the verdict, deciding nothing) where
the extracted comments and the "addressed" calls lie: with a gold comment or without one.
"""

from __future__ import annotations

import argparse
import functools
import pickle
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from bench import measure_letter_fallback as mlf
from bench import measure_letter_status as mls

#: The rule's limits (points, per cent), written before the figures: letterfb21's.
MIN_FOUND_RISE, MAX_U_RISE, MAX_WRONG, MAX_MOVED = mlf.MIN_FOUND_RISE, mlf.MAX_U_RISE, mlf.MAX_WRONG, mlf.MAX_MOVED
SUFFIX = "#x"  # an extracted paper's id: the revision's and this


class Untuned:
    """The ``tuned`` column's source for extracted comments: the untuned MiniLM's cosines over the edit's sentences
    (``OutOfFold``'s ``untuned`` path: no out-of-fold tuned cosines exist for these comments)."""

    def __init__(self) -> None:
        from engine.models.factory import open_model

        self.encoder = functools.cache(lambda: open_model("encoder"))

    def for_paper(self, paper_id: str) -> Untuned:
        return self

    def __call__(self, comments, edits, mask, cancel=None) -> np.ndarray:
        from engine.align.embed import changed_sentences
        from engine.align.tuned import tuned_cosines

        return tuned_cosines(self.encoder(), comments, edits, mask, cancel, changed_sentences)


def gold_of(pp, cache: Path, labels_dir: Path, comments) -> list[list[str]]:
    """Each extracted comment's gold comment ids: those of which its text and context hold >= ``COVER`` of the words
    of 3+ letters (``measure_corpus_comments.match``'s test)."""
    from bench.measure_corpus_comments import gold_points
    from corpus.labels import read_labels
    from engine.reviews.evaluate import COVER, words

    rid = pp.paper.id
    labels = read_labels(rid, labels_dir)
    ids = [f"{rid}/{c['id']}" for c in labels["comments"]]
    gw = [words(g) for g in gold_points(cache / rid, labels)]
    out = []
    for c in comments:
        cw = words(c.text + " " + (c.context or ""))
        out.append([i for i, g in zip(ids, gw) if g and len(g & cw) / len(g) >= COVER])
    return out


def build(pairs, cache: Path, labels_dir: Path, out: Path) -> None:
    """The extracted comments' pairs (``out``/extracted.pkl): each revision's diff as the gold pairs hold it, its
    comments cut by the shipped extractor, scored by today's first stage and features."""
    from engine.align.gold import GoldPaper
    from engine.align.learn import iter_paper_pairs
    from engine.jobs import run_job
    from engine.reviews.comments import extract_comments
    from engine.reviews.load import load_reviews

    papers, matched = [], {}
    for pp in pairs:
        rid = pp.paper.id
        cut = extract_comments(load_reviews(cache / rid / "reviews.md"))
        cut = [replace(c, id=f"{rid}{SUFFIX}/{c.id}") for c in cut]
        golds = gold_of(pp, cache, labels_dir, cut)
        gold = {c.id: set().union(*(pp.paper.gold.get(g, set()) for g in gs)) for c, gs in zip(cut, golds)}
        matched[rid] = {c.id: gs for c, gs in zip(cut, golds)}
        papers.append(GoldPaper(f"{rid}{SUFFIX}", pp.paper.diff, cut, {k: v for k, v in gold.items() if v},
                                group=pp.paper.group))
        print(f"  {rid}: {len(cut)} extracted, {sum(bool(g) for g in golds)} with a gold comment", flush=True)
    got = run_job(iter_paper_pairs(papers, tuned=Untuned()))
    for xp in got:
        rid = xp.paper.id[: -len(SUFFIX)]
        want = next(pp.edit_ids for pp in pairs if pp.paper.id == rid)
        if xp.edit_ids != want or xp.first_stage != 8:
            raise SystemExit(f"error: {rid}: the extracted pairs' edits are not the gold pairs'")
    (out / "extracted.pkl").write_bytes(pickle.dumps({"pairs": got, "matched": matched}))
    print(f"extracted pairs: {len(got)} revisions, {sum(len(x.paper.comments) for x in got)} comments", flush=True)


def load_extracted(out: Path) -> tuple[dict, dict]:
    got = pickle.loads((out / "extracted.pkl").read_bytes())
    return {x.paper.id[: -len(SUFFIX)]: x for x in got["pairs"]}, got["matched"]


def load_answers(xpairs: dict, cache: Path) -> dict[str, bool]:
    """Each extracted paper's answers as the app reads the letter (knowing the reviews) into ``mls.LETTERS``; and
    whether the app reads each revision's letter (``response.quotes_enough`` over its extracted comments)."""
    from engine.align.letter import answers, read_letter
    from engine.project.response import quotes_enough

    read = {}
    for rid, xp in xpairs.items():
        f = mls.letter_file(cache, rid)
        letter = read_letter(f).know_reviews(mls.review_texts(cache, rid)) if f else None
        found = answers(letter, xp.paper.comments) if letter else [None] * len(xp.paper.comments)
        inserted = [xp.paper.diff.edit(e).changed_words()[1] for e in xp.edit_ids]
        mls.LETTERS[xp.paper.id] = (found, inserted)
        read[rid] = quotes_enough(sum(a is not None for a in found), len(found))
    return read



def replies(rid: str, cache: Path, labels_dir: Path) -> dict[str, set[str]]:
    """Gold comment id → the words of its point's reply in ``points.json`` (``located`` exact or matched), as
    ``bench.measure_letter_status.matching`` reads them."""
    import json

    from corpus.labels import read_labels
    from engine.reviews.latex import latex_review_text

    pfile = cache / rid / "points.json"
    if not pfile.is_file():
        return {}
    points = {tuple(p["lines"]): p for p in json.loads(pfile.read_text()) if p.get("lines")}
    out = {}
    for c in read_labels(rid, labels_dir)["comments"]:
        p = points.get(tuple(c.get("lines") or ()))
        if p is not None and p.get("located") in ("exact", "matched"):
            if len(w := mls.words(latex_review_text(p["reply"]))) >= 3:
                out[f"{rid}/{c['id']}"] = w
    return out


def counts(fitted, xpairs: dict, matched: dict, st: dict[str, str]) -> dict[str, dict[str, int]]:
    """Per revision: answered gold comments and those found (some extracted comment matched to it called addressed
    or partly), unanswered gold ones and those flagged, gold comments no extracted comment matches, and the
    "addressed" calls on extracted comments and the wrong ones (no gold link)."""
    out = {}
    for pp, *_ in fitted:
        rid = pp.paper.id
        if rid not in xpairs:
            continue
        xp, c = xpairs[rid], dict.fromkeys(("answered", "found", "unanswered", "flagged", "unmatched", "addressed",
                                             "wrong"), 0)
        by_gold: dict[str, list[str]] = {}
        for xid, gs in matched[rid].items():
            for g in gs:
                by_gold.setdefault(g, []).append(xid)
        for g in (c.id for c in pp.paper.comments):
            hit = any(st[x] in ("addressed", "partly") for x in by_gold.get(g, ()) if x in st)
            key = "answered" if pp.paper.gold.get(g) else "unanswered"
            c[key] += 1
            c["found" if key == "answered" else "flagged"] += hit
            c["unmatched"] += g not in by_gold
        for x in xp.paper.comments:
            c["addressed"] += st[x.id] == "addressed"
            c["wrong"] += st[x.id] == "addressed" and not xp.paper.gold.get(x.id)
        out[rid] = c
    return out


def pooled(per: dict, ids) -> dict[str, int]:
    return {k: sum(per[i][k] for i in ids if i in per) for k in next(iter(per.values()))}


def spread(per: dict, groups: dict[str, list[str]]) -> str:
    from bench.measure_partly_band import MIN_ANSWERED

    f = [100 * p["found"] / p["answered"] for p in (pooled(per, ids) for ids in groups.values())
         if p["answered"] >= MIN_ANSWERED]
    return f"{np.mean(f):.1f} / {np.quantile(f, 0.1):.1f} / {np.quantile(f, 0.25):.1f} ({len(f)})"


def klass(answer, gold_ids: list[str], refs: dict[str, set[str]]) -> str:
    """Why-class of an extracted comment with a gold link (the rule's five)."""
    from engine.align.letter import states_change

    if answer is None:
        return "no answer"
    if not answer.text:
        return "empty answer"
    checked = [refs[g] for g in gold_ids if g in refs]
    if checked and not any(mls.answer_right(w, answer.text) for w in checked):
        return "another comment's answer"
    return "change stated" if states_change(answer.text) else "no change stated"


def report(fitted, xpairs, matched, read, groups, out: Path, cache: Path, labels_dir: Path) -> None:
    from bench.measure_answered_rank import statuses
    from engine.align.learn import scored

    fx = [(xpairs[pp.paper.id], m, a, inner) for pp, m, a, inner in fitted if pp.paper.id in xpairs]
    base = [scored(xp, m) for xp, m, _, _ in fx]
    n = {xp.paper.id: len(xp.paper.comments) for xp, *_ in fx}
    none = {i: np.array([a is None for a in mls.LETTERS[i][0]], dtype=bool) for i in n}
    unread = lambda i: np.full(n[i], not read[i[: -len(SUFFIX)]], dtype=bool)  # noqa: E731

    def rows_of(p: str) -> dict[str, dict]:
        a0, l1 = (pickle.loads((out / f"answered-x-{k}{p}.pkl").read_bytes()) for k in ("A0", "F1"))
        return {"A0": a0, "L1'": mlf.fallback(fx, a0, l1, unread),
                "FB": mlf.fallback(fx, a0, l1, lambda i: unread(i) | none[i])}

    def status_of(r: dict) -> dict[str, str]:
        return statuses(fx, [replace(s, answered=r["probs"][xp.paper.id]) for s, (xp, *_) in zip(base, fx)],
                        r["bands"])

    st = {k: status_of(r) for k, r in rows_of("").items()}
    per = {k: counts(fitted, xpairs, matched, v) for k, v in st.items()}
    total = sum(n.values())
    nones = sum(int(v.sum()) for v in none.values())
    print(f"extracted comments: {total} in {len(n)} revisions; no answer: {nones} ({100 * nones / total:.1f} %; "
          f"gold comments 2.9 %); letters not read as the app reads them (under 90 % quoted, or no letter): "
          f"{sum(not v for v in read.values())} revisions ({', '.join(sorted(k for k, v in read.items() if not v))})")
    by_repo = {g: (sum(int(none[i + SUFFIX].sum()) for i in ids if i + SUFFIX in none),
                   sum(n.get(i + SUFFIX, 0) for i in ids)) for g, ids in groups.items()}
    print("  no answer per repository (those with any): " + ", ".join(
        f"{g} {a}/{b}" for g, (a, b) in sorted(by_repo.items(), key=lambda t: -t[1][0]) if a))
    print("row | found | per repository found mean / p10 / p25 (repositories) | U | wrong addressed (calls) | "
          "gold comments matched by no extracted one")
    for k, p in per.items():
        c = pooled(p, list(p))
        print(f"{k} | {100 * c['found'] / c['answered']:.1f} % ({c['found']} of {c['answered']}) | "
              f"{spread(p, groups)} | {100 * c['flagged'] / c['unanswered']:.1f} % ({c['flagged']} of "
              f"{c['unanswered']}) | {100 * c['wrong'] / max(c['addressed'], 1):.1f} % ({c['addressed']}) | "
              f"{c['unmatched']}", flush=True)
    verdict(per, groups, st, rows_of, status_of, total)
    why(fx, matched, read, st, cache, labels_dir)
    # post hoc (added after the verdict; decides nothing): where the extracted comments and "addressed" calls lie
    kind = {x.id: "answered" if xp.paper.gold.get(x.id) else "gold unanswered" if matched[xp.paper.id[:-2]][x.id]
            else "no gold comment" for xp, *_ in fx for x in xp.paper.comments}
    by_gold = {g for v in matched.values() for gs in v.values() for g in gs}
    lost = sum(bool(pp.paper.gold.get(c.id)) and c.id not in by_gold for pp, *_ in fitted for c in pp.paper.comments)
    print(f"post hoc: answered gold comments no extracted comment matches: {lost}; extracted comments by kind: " +
          ", ".join(f"{k} {list(kind.values()).count(k)}" for k in ("answered", "gold unanswered", "no gold comment")))
    for k, v in st.items():
        calls = [kind[i] for i, s in v.items() if s == "addressed"]
        print(f"  {k}: 'addressed' calls " + ", ".join(f"{t} {calls.count(t)}" for t in ("answered", "gold "
              "unanswered", "no gold comment")) + f"; wrong among comments with a gold comment "
              f"{100 * calls.count('gold unanswered') / max(len(calls) - calls.count('no gold comment'), 1):.1f} %")


def verdict(per, groups, st, rows_of, status_of, total) -> None:
    rng, names, rises = np.random.default_rng(0), list(groups), []
    for _ in range(2000):
        ids = [i for g in rng.choice(names, len(names)) for i in groups[g]]
        f = [(lambda c: c["found"] / max(c["answered"], 1))(pooled(per[k], ids)) for k in ("FB", "L1'")]
        rises.append(100 * (f[0] - f[1]))
    lo, hi = float(np.percentile(rises, 5)), float(np.percentile(rises, 95))
    fb, ref = pooled(per["FB"], list(per["FB"])), pooled(per["L1'"], list(per["L1'"]))
    rise = 100 * (fb["found"] - ref["found"]) / ref["answered"]
    u_rise = 100 * (fb["flagged"] - ref["flagged"]) / ref["unanswered"]
    wrong = 100 * fb["wrong"] / max(fb["addressed"], 1)
    moved = None
    try:
        stp = status_of(rows_of("-p")["FB"])
        moved = round(100 * sum(st["FB"][k] != stp[k] for k in stp) / total, 2)
    except FileNotFoundError:
        pass
    why = []
    if rise < MIN_FOUND_RISE or lo <= 0:
        why.append(f"found rises {rise:.2f} (90 % {lo:.2f} to {hi:.2f}), not >= {MIN_FOUND_RISE} with the 5th pct > 0")
    if u_rise > MAX_U_RISE:
        why.append(f"U rises {u_rise:.2f} > {MAX_U_RISE}")
    if wrong > MAX_WRONG:
        why.append(f"wrong addressed {wrong:.1f} % > {MAX_WRONG} %")
    if moved is None or moved > MAX_MOVED:
        why.append(f"statuses moved under the perturbation on {moved} % > {MAX_MOVED} %")
    print(f"FB against L1': found rises {rise:.2f} points (90 % over {len(groups)} repositories {lo:.2f} to "
          f"{hi:.2f}), U rises {u_rise:.2f}, wrong addressed {wrong:.1f} %, moved at 1e-6 {moved} %: "
          f"{'; '.join(why) or 'passes'}", flush=True)


def why(fx, matched, read, st, cache: Path, labels_dir: Path) -> None:
    """The answered extracted comments of the revisions whose letter is read, in the rule's classes, with the
    found calls (their own status addressed or partly) of each row."""
    tally: dict[str, dict[str, int]] = {}
    for xp, *_ in fx:
        rid = xp.paper.id[: -len(SUFFIX)]
        if not read[rid]:
            continue
        refs = replies(rid, cache, labels_dir)
        for x, a in zip(xp.paper.comments, mls.LETTERS[xp.paper.id][0]):
            if not xp.paper.gold.get(x.id):
                continue
            k = klass(a, matched[rid][x.id], refs)
            if k == "no change stated":  # post hoc split: is the answer checked right against points.json?
                k += " (right)" if any(g in refs for g in matched[rid][x.id]) else " (unchecked)"
            t = tally.setdefault(k, {"comments": 0} | dict.fromkeys(st, 0))
            t["comments"] += 1
            for k, v in st.items():
                t[k] += v[x.id] in ("addressed", "partly")
    print("why (answered extracted comments, letters read): class | comments | called addressed or partly: " +
          " / ".join(st))
    for k, t in sorted(tally.items(), key=lambda kv: -kv[1]["comments"]):
        print(f"  {k} | {t['comments']} | " + " / ".join(str(t[r]) for r in st))


def main(argv: list[str] | None = None) -> int:
    from bench.measure_link_trees import folds_file, grouped_pairs

    ap = argparse.ArgumentParser(prog="python -m bench.measure_letter_extracted")
    ap.add_argument("pairs", help="the gold comments' pairs the folds were fitted on (broad20's std86.pkl)")
    ap.add_argument("--folds", default="/tmp/broad20", help="holds folds-L0.pkl (read only)")
    ap.add_argument("--out", default="/tmp/letter27")
    ap.add_argument("--corpus", default=str(mls.REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--build", action="store_true", help="the extracted comments' pairs (out/extracted.pkl)")
    ap.add_argument("--only", action="append", help="--build: just these revisions (a look, not the run)")
    ap.add_argument("--run", choices=("A0", "F1"))
    ap.add_argument("--perturb", action="store_true")
    ap.add_argument("--report", action="store_true")
    a = ap.parse_args(argv)
    folds = folds_file(a.pairs, a.folds)
    if folds is None:
        return 2
    if not (a.build or a.run or a.report):
        print("error: give --build, --run A0|F1 or --report", file=sys.stderr)
        return 2
    out = Path(a.out)
    out.mkdir(parents=True, exist_ok=True)
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    cache = mls.cache_dir(a.cache)
    if a.build:
        build([pp for pp in pairs if not a.only or pp.paper.id in a.only], cache, Path(a.corpus).parent / "labels",
              out)
    if not (a.run or a.report):
        return 0
    if not (out / "extracted.pkl").is_file():
        print(f"error: no {out / 'extracted.pkl'} (run --build first)", file=sys.stderr)
        return 2
    xpairs, matched = load_extracted(out)
    mls.load_letters(pairs, cache, strip=True)
    read = load_answers(xpairs, cache)
    fitted = run_variant(pairs, folds)
    if a.run:
        from bench.measure_answered_rank import run
        from engine.cli.eval_align_corpus import corpus_unsure

        got = run(fitted, a.run, a.perturb, corpus_unsure(a.corpus, a.cache, "train"), mls.rows, held_out=xpairs)
        (out / f"answered-x-{a.run}{'-p' if a.perturb else ''}.pkl").write_bytes(pickle.dumps(got))
    if a.report:
        report(fitted, xpairs, matched, read, groups, out, cache, Path(a.corpus).parent / "labels")
    return 0


def run_variant(pairs, folds: Path):
    from bench.measure_carry_align import run_variant
    from engine.align.learn import C

    return run_variant(pairs, {"c": C}, folds)


if __name__ == "__main__":
    sys.exit(main())
