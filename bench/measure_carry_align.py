"""Round eight (issue 32): which parts of ``learned`` carry to new papers, on the training part's grouped folds.

    .venv/bin/python -m bench.measure_carry_align PAIRS.pkl [--variants L0 L1 L2 L3 A1] [--folds DIR]
        [--insample] [--misses]

``PAIRS.pkl``: the training part's pair features as ``bench.fit_align_model --pairs`` writes them. Every variant is
scored grouped leave-papers-out (folds by the manifest's repository, the six ``tuned.SIBLING_SEEN`` revisions'
tuned columns untrusted, statuses by the shipped rule: both bands and ``answered.made_corrections``), its folds kept
in ``DIR`` and read back when there. Variants (docs/figures-align.md, round eight): ``L0`` today's link model;
``L1`` without the hand-written lexicon/intent columns; ``L2`` without the tuned encoder's columns; ``L3`` C = 0.1;
``A1`` the answered model without its fine-type indicators. A dropped column is held at 0 in every fit (a constant
column gets no weight: the same fit as without it). Each variant is compared with ``L0`` by a paired bootstrap over
repositories. ``--insample``: ``L0`` fitted on all 43 and scored on them. ``--misses``: the answered comments whose
best edit is right but whose status is not "addressed" (``L0``). ``--rules f g fg [--rules-on V]``: round eight's
status rules (``answered.sure_links``) on variant V's folds, the ``sure_link`` band chosen on each fold's inner
scores. Reads the training part only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import pickle
import statistics
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

from bench.measure_grouped_align import statuses, untrusted, with_groups
from bench.measure_one_pass import TWO_PASS

REPO = Path(__file__).resolve().parents[1]
LEXICON = ("fits", "proofread", "replaced", "surface", "substantive")
TUNED = ("tuned", "tuned_rank")
VARIANTS = {"L0": {}, "L1": {"drop": LEXICON}, "L2": {"drop": TUNED}, "L3": {"c": 0.1}, "A1": {"answered_types": False},
            "L1A1": {"drop": LEXICON, "answered_types": False}}


#: The link model's 20 features up to round seven (the pairs this round was measured on have these columns).
ROUND7 = TWO_PASS


def drop_columns(pairs, names):
    """``pairs`` with the link features ``names`` held at 0 (pairs of round seven's 20 columns, or of today's)."""
    from engine.align.learned import FEATURES

    have = ROUND7 if pairs and pairs[0].x.shape[-1] == len(ROUND7) else FEATURES
    cols = [have.index(n) for n in names if n in have]
    out = []
    for pp in pairs:
        x = pp.x.copy()
        x[:, :, cols] = 0.0
        out.append(replace(pp, x=x))
    return out


@contextlib.contextmanager
def answered_without_types(active: bool):
    """The answered model's fine-type indicators held at 0 (in its fits and its scores) while active."""
    import engine.align.learn_answered as la
    from engine.align.answered import FEATURES

    real = la.comment_features
    cols = [k for k, f in enumerate(FEATURES) if f.startswith("type_")]

    def patched(*a, **k):
        x = real(*a, **k)
        x[:, cols] = 0.0
        return x

    if active:
        la.comment_features = patched
    try:
        yield
    finally:
        la.comment_features = real


@contextlib.contextmanager
def inner_scores_kept():
    """``learn.fit_both`` spied on inside the block: each outer fold's (training ids, inner scores) kept, for the
    status rules (``with_inner``)."""
    import engine.align.learn as learn

    kept, real = [], learn.fit_both

    def spy(train, c, unsure, max_wrong, inner):
        kept.append(({pp.paper.id for pp in train}, list(inner)))
        return real(train, c, unsure, max_wrong, inner)

    learn.fit_both = spy
    try:
        yield kept
    finally:
        learn.fit_both = real


def with_inner(pairs, got, kept) -> list:
    """Each outer fold's (pairs, model, answered model) with the inner scores its training repositories gave."""
    from engine.align.folds import group_of

    fitted = []
    for pp, m, a in got:
        train = {q.paper.id for q in pairs if group_of(q.paper) != group_of(pp.paper)}
        fitted.append((pp, m, a, next(i for ids, i in kept if ids == train)))
    return fitted


def run_variant(base, spec, cache: Path):
    from engine.align.learn import leave_papers_out

    if cache.is_file():
        return pickle.loads(cache.read_bytes())
    pairs = drop_columns(base, spec["drop"]) if spec.get("drop") else base
    with inner_scores_kept() as kept, answered_without_types(spec.get("answered_types") is False):
        got = leave_papers_out(pairs, c=spec.get("c", 1.0))
    fitted = with_inner(pairs, got, kept)
    cache.write_bytes(pickle.dumps(fitted))
    return fitted


def counts(fitted, spec):
    """Per paper counts (``corpus_eval.figures``) and the scored items, under the shipped status rule."""
    from engine.align.corpus_eval import figures

    with answered_without_types(spec.get("answered_types") is False):
        items = statuses(fitted, {"corrections": True}, lambda *a: None)
    return {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}, items


def pooled(per: dict, ids) -> dict:
    from engine.align.corpus_eval import rates

    keys = next(iter(per.values())).keys()
    return rates({k: sum(per[i][k] for i in ids) for k in keys})


def spread(per: dict, groups: dict[str, list[str]], key: str) -> str:
    vals = [v for v in (pooled(per, ids)[key] for ids in groups.values()) if v is not None]
    return f"{statistics.fmean(vals):.1f} ± {statistics.stdev(vals):.1f} ({len(vals)})"


def bootstrap(per, ref, groups, keys=("F1", "hit@1", "found"), n=2000, seed=0):
    """90 % intervals of ``per`` minus ``ref`` (pooled), resampling repositories with replacement."""
    rng = np.random.default_rng(seed)
    names = list(groups)
    diffs = {k: [] for k in keys}
    for _ in range(n):
        ids = [i for g in rng.choice(names, len(names)) for i in groups[g]]
        a, b = pooled(per, ids), pooled(ref, ids)
        for k in keys:
            if a[k] is not None and b[k] is not None:
                diffs[k].append(a[k] - b[k])
    return {k: (round(float(np.percentile(v, 5)), 1), round(float(np.percentile(v, 95)), 1)) for k, v in diffs.items()}


def line(name, per, groups) -> str:
    p = pooled(per, list(per))
    return (f"{name} | P {p['P']} R {p['R']} F1 {p['F1']} | hit@1 {p['hit@1']} hit@3 {p['hit@3']} | found "
            f"{p['found']} | wrong {p['wrong addressed']} % ({p['addressed calls']}) | per repository: F1 "
            f"{spread(per, groups, 'F1')}, hit@1 {spread(per, groups, 'hit@1')}")


def unanswered_flagged(items) -> str:
    """Unanswered comments called addressed or partly, over all unanswered comments."""
    n = k = 0
    for s, _, _, st in items:
        for i, cid in enumerate(s.comment_ids):
            if not s.gold.get(cid):
                n += 1
                row = s.matrix[i] if s.matrix.size else np.zeros(0)
                k += st(row, float(s.answered[i])) in ("addressed", "partly")
    return f"{k} of {n}"


def misses(fitted, items) -> None:
    """Answered comments whose best edit is a right one and whose status is not "addressed"."""
    from engine.align.base import candidate_edits
    from engine.align.corpus_eval import app_status
    from engine.align.evidence import FEATURES as EV
    from engine.reviews.fine_types import fine_type

    ev = {n: k for k, n in enumerate(EV)}
    edits = {pp.paper.id: {e.id: e for e in candidate_edits(pp.paper.diff)} for pp, *_ in fitted}
    for (pp, *_), (s, *_rest) in zip(fitted, items):
        for i, c in enumerate(pp.paper.comments):
            gold = pp.paper.gold.get(c.id, set())
            row = s.matrix[i] if s.matrix.size else np.zeros(0)
            if not gold or not row.size or row.max() <= 0:
                continue
            j = int(np.argmax(row))
            status = app_status(row, float(s.answered[i]))
            if pp.edit_ids[j] not in gold or status == "addressed":
                continue
            e = edits[pp.paper.id].get(pp.edit_ids[j])
            has = ",".join(n for n in ("located", "named", "quoted", "replaced", "proofread")
                           if pp.evidence[i, j, ev[n]] > 0) + (",added" if e is not None and not e.source_text else "")
            print(f"MISS {c.id} | {status} | best {row[j]:.3f} answered {s.answered[i]:.3f} | {fine_type(c)} | "
                  f"{has or '-'} | {c.full_text[:160]!r} || {(e.target_text if e is not None else '')[:160]!r}")


def plain(fitted, items, unsure, rule: str):
    """``items`` with round eight's status rules: ``f`` (a best link at the link model's own "addressed" band is at
    least "partly (check)"), ``g`` ("addressed" when the answered probability reaches "partly" and the best link a
    band chosen on the fold's inner comments, ``learn_answered.sure_link_band``; the aligner's rule is
    ``answered.sure_links``, the same two rules), or both (``fg``)."""
    from bench.measure_grouped_align import inner_rows
    from engine.align.learn import scored
    from engine.align.learn_answered import sure_link_band
    from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P

    memo, out = {}, []
    for (pp, m, a, inner), (s, t, cap, st) in zip(fitted, items):
        matrix, ans = s.matrix.copy(), s.answered.copy()
        if "g" in rule:
            key = id(inner)
            if key not in memo:
                ids = {x.comment_ids[0].split("/")[0] for x in inner}
                r = inner_rows([f[0] for f in fitted if f[0].paper.id in ids], inner, m, unsure)
                memo[key] = sure_link_band(r["best"], r["p"], r["y"], r["shown"], a.bands, m.bands["addressed"])
            band = memo[key]
            raw = scored(pp, m).matrix
            for i in range(len(ans)):
                if matrix.size and raw[i].max() >= band and matrix[i].max() >= LINK_P and ans[i] >= PARTLY_P:
                    j = int(np.argmax(matrix[i]))
                    ans[i], matrix[i, j] = max(ans[i], ADDRESSED_P), max(matrix[i, j], ADDRESSED_P)
        if "f" in rule:
            for i in range(len(ans)):
                if matrix.size and matrix[i].max() >= ADDRESSED_P:
                    ans[i] = max(ans[i], np.nextafter(np.float32(PARTLY_P), np.float32(1)))  # float32 0.35 < 0.35
        out.append((replace(s, matrix=matrix, answered=ans), t, cap, st))
    return out, memo


def main(argv: list[str] | None = None) -> int:
    from engine.align.tuned import OOF_FILE, SIBLING_SEEN

    ap = argparse.ArgumentParser(prog="python -m bench.measure_carry_align")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/status8")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--variants", nargs="+", default=list(VARIANTS))
    ap.add_argument("--insample", action="store_true")
    ap.add_argument("--misses", action="store_true")
    ap.add_argument("--rules", nargs="*", default=[], help="round eight's status rules: f, g, fg")
    ap.add_argument("--rules-on", default="L0", help="the variant the rules are measured on")
    args = ap.parse_args(argv)
    manifest = Path(args.corpus)
    base = with_groups(pickle.loads(Path(args.pairs).read_bytes()), manifest, True)
    if base and base[0].x.shape[-1] == len(ROUND7):  # round seven's pairs: their last two columns are the tuned ones
        base = untrusted(base, SIBLING_SEEN, OOF_FILE)  # today's pairs read the untuned cosines already (OutOfFold)
    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    groups: dict[str, list[str]] = {}
    for pp in base:
        groups.setdefault(repo[pp.paper.id], []).append(pp.paper.id)
    print(f"{len(base)} revisions, {len(groups)} repositories", flush=True)
    runs = {}
    for v in args.variants:
        fitted = run_variant(base, VARIANTS[v], Path(args.folds) / f"carry-{v}.pkl")
        runs[v] = (fitted, *counts(fitted, VARIANTS[v]))
        print(line(v, runs[v][1], groups), flush=True)
        if v != "L0" and "L0" in runs:
            print(f"    {v} - L0, 90 % over repositories: {bootstrap(runs[v][1], runs['L0'][1], groups)}", flush=True)
    if args.insample:
        from engine.align.learn import fit_both

        model, answered = fit_both(base)
        fitted = [(pp, model, answered, None) for pp in base]
        print(line("L0 in-sample", counts(fitted, {})[0], groups), flush=True)
    for rule in args.rules:
        from engine.align.corpus_eval import figures
        from engine.cli.eval_align_corpus import corpus_unsure

        v = args.rules_on
        with answered_without_types(VARIANTS[v].get("answered_types") is False):
            got, bands = plain(runs[v][0], runs[v][2], corpus_unsure(args.corpus, None, "train"), rule)
        per = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in got}
        print(line(f"{v} + rule {rule}", per, groups), flush=True)
        print(f"    bands per fold: {sorted(round(b, 3) for b in bands.values())}", flush=True)
        print(f"    - {v}, 90 % over repositories: {bootstrap(per, runs[v][1], groups)}", flush=True)
        fam = {g: [i for i in ids] for g, ids in groups.items()}
        wrong = [pooled(per, ids)["wrong addressed"] for ids in fam.values()]
        wrong = [w for w in wrong if w is not None]
        print(f"    wrong per repository with calls: {statistics.fmean(wrong):.1f} ± {statistics.stdev(wrong):.1f} "
              f"({len(wrong)}, {sum(w > 0 for w in wrong)} with a wrong one); unanswered called addressed or partly: "
              f"{unanswered_flagged(got)}", flush=True)
    if args.misses and "L0" in runs:
        misses(runs["L0"][0], runs["L0"][2])
    return 0


if __name__ == "__main__":
    sys.exit(main())
