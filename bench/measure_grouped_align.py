"""Round seven (issue 32): ``learned`` leave-papers-out on the training part with folds grouped by repository,
against today's folds by revision, and the "addressed" candidates of docs/figures-align.md (round seven's rules).

    .venv/bin/python -m bench.measure_grouped_align PAIRS.pkl [--folds DIR] [--corpus corpus/revisions.json]

``PAIRS.pkl``: the training part's pair features as ``bench.fit_align_model --pairs`` writes them (the tuned
columns out of fold, as ``OutOfFold`` reads them when the pickle is written). Each variant's folds are kept in
``DIR`` (``--folds``) and read back when there. Variants: ``ungrouped`` (each revision its own group: today's) and
``grouped`` (the manifest's ``repository``), each with the six ``tuned.SIBLING_SEEN`` revisions' tuned columns as
the out-of-fold file has them (``trusted``) or from the untuned cosines of the same GPU run (``untrusted``, the rule).
Reads the training part only; the checked part is never read.
"""

from __future__ import annotations

import argparse
import json
import pickle
import statistics
import sys
from dataclasses import replace
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
KEYS = ("P", "R", "F1", "hit@1", "hit@3", "found", "wrong addressed", "addressed calls")


def with_groups(pairs, manifest: Path, grouped: bool):
    """``pairs`` with each paper's group: the manifest's repository, or none (each revision alone)."""
    repo = {e["id"]: e.get("repository", "") for e in json.loads(manifest.read_text())["revisions"]}
    return [replace(pp, paper=replace(pp.paper, group=repo.get(pp.paper.id, "") if grouped else "")) for pp in pairs]


def untrusted(pairs, distrust, oof_file):
    """The ``distrust`` papers' tuned columns from the untuned cosines (``base|ID``), rank recomputed."""
    from engine.align.learned import inverse_rank

    data = np.load(oof_file)
    out = []
    for pp in pairs:
        if pp.paper.id not in distrust:
            out.append(pp)
            continue
        cos = np.where(pp.mask, data[f"base|{pp.paper.id}"], 0.0).astype(np.float32)
        x = pp.x.copy()
        x[:, :, -2], x[:, :, -1] = cos, inverse_rank(cos, pp.mask)
        out.append(replace(pp, x=x))
    return out


def folds(pairs, unsure):
    """``learn.leave_papers_out`` with each outer fold's inner link scores kept: [(paper, link, answered, inner)]."""
    import engine.align.learn as learn
    from engine.align.folds import group_of

    kept, real = [], learn.fit_both

    def spy(train, c, unsure_, max_wrong, inner):
        got = real(train, c, unsure_, max_wrong, inner)
        kept.append(({pp.paper.id for pp in train}, list(inner)))
        return got

    learn.fit_both = spy
    try:
        fitted = learn.leave_papers_out(pairs, unsure=unsure)
    finally:
        learn.fit_both = real
    out = []
    for pp, m, a in fitted:  # the outer fold of ``pp``: trained on every paper outside its group
        train = {q.paper.id for q in pairs if group_of(q.paper) != group_of(pp.paper)}
        out.append((pp, m, a, next(i for ids, i in kept if ids == train)))
    return out


def inner_rows(train, inner, link, unsure):
    """Over the training papers of one outer fold: each comment's best raw link probability, its answered model's
    grouped out-of-fold probability, whether it is answered and whether a link is shown, and its group."""
    from engine.align.folds import group_of, grouped
    from engine.align.learn_answered import answered_rows, fit_weights, matched

    rows, papers = [], []
    for pp, s in matched(train, inner):
        x, y, shown = answered_rows(pp, s.matrix, link.threshold)
        sure = np.array([cm.id not in unsure for cm in pp.paper.comments], dtype=bool)
        best = s.matrix.max(axis=1) if s.matrix.size else np.zeros(len(y))
        rows.append((x[sure], y[sure], shown[sure], best[sure]))
        papers.append(pp.paper)
    oof = [None] * len(rows)
    for g in grouped(papers, paper=lambda p: p):
        rest = [r for j, r in enumerate(rows) if j not in g]
        m = fit_weights(np.concatenate([r[0] for r in rest]), np.concatenate([r[1] for r in rest]))
        for k in g:
            oof[k] = m.probabilities(rows[k][0])
    return {"p": np.concatenate(oof), "best": np.concatenate([r[3] for r in rows]),
            "y": np.concatenate([r[1] for r in rows]), "shown": np.concatenate([r[2] for r in rows]),
            "group": np.concatenate([[group_of(p)] * len(r[1]) for p, r in zip(papers, rows)])}


def band_pooled_fit(p, y, target=0.95):
    """The lowest probability at which a logistic fit of answered ~ logit(p), over all the comments given, reaches
    ``target`` (1.0 when it never does)."""
    from sklearn.linear_model import LogisticRegression

    z = np.log(np.clip(p, 1e-4, 1 - 1e-4) / (1 - np.clip(p, 1e-4, 1 - 1e-4)))[:, None]
    lr = LogisticRegression(C=1e4, max_iter=1000).fit(z, y.astype(int))
    w, b = float(lr.coef_[0][0]), float(lr.intercept_[0])
    if w <= 0:
        return 1.0
    zt = (np.log(target / (1 - target)) - b) / w
    return float(min(1.0, 1 / (1 + np.exp(-zt))))


def band_per_group(p, y, groups, max_wrong=0.07, min_calls=3):
    """The lowest value whose "addressed" calls are wrong at most ``max_wrong`` on average over groups (each group
    with calls weighed once), with at least ``min_calls`` calls in all (1.0 when none)."""
    for t in sorted(set(np.round(p, 4).tolist())):
        calls = p >= t
        if calls.sum() < min_calls:
            break
        rates = [float((~y[calls & (groups == g)]).mean()) for g in set(groups[calls].tolist())]
        if statistics.fmean(rates) <= max_wrong:
            return t
    return 1.0


def statuses(fitted, rule, scale_rows):
    """The app's statuses of every held-out paper under ``rule``: new "addressed" bands (raw: link, answered) from
    the fold's inner rows, and optionally the named-or-quoted condition. Returns score_method's inputs."""
    from engine.align.corpus_eval import app_status
    from engine.align.evidence import FEATURES as EV
    from engine.align.learn import scored
    from engine.align.learn_answered import scored_answered
    from engine.align.status import ADDRESSED_P, LINK_P, PARTLY_P

    items = []
    for pp, m, a, inner in fitted:
        rows = scale_rows(pp, m, a, inner)
        m2, a2 = replace(m, bands=dict(m.bands)), replace(a, bands=dict(a.bands))
        if rule.get("link") is not None:
            m2.bands["addressed"] = rule["link"](rows)
            a2.bands["addressed"] = rule["answered"](rows)
        s = scored(pp, m2)
        ans = a2.status_scale(scored_answered(pp, s.matrix, m2.threshold, a2))
        matrix = m2.status_scale(s.matrix)
        if rule.get("corrections"):  # a listed correction whose quoted words the best shown edit changed
            ev = {n: k for k, n in enumerate(EV)}
            for i, c in enumerate(pp.paper.comments):
                j = int(np.argmax(matrix[i])) if matrix.size else 0
                if (matrix.size and matrix[i, j] >= LINK_P and ans[i] >= PARTLY_P and is_correction(c)
                        and pp.evidence[i, j, ev["quoted"]] > 0):
                    ans[i] = max(ans[i], ADDRESSED_P)
                    matrix[i, j] = max(matrix[i, j], ADDRESSED_P)
        if rule.get("named"):
            ev = {n: k for k, n in enumerate(EV)}
            for i in range(len(ans)):
                j = int(np.argmax(matrix[i])) if matrix.size else 0
                has = matrix.size and any(pp.evidence[i, j, ev[n]] > 0 for n in ("quoted", "located", "named"))
                if not has:
                    ans[i] = min(ans[i], ADDRESSED_P - 1e-4)
        items.append((replace(s, matrix=matrix, answered=ans), LINK_P, m2.max_edits, app_status))
    return items


def report(name, items, pairs, subsets):
    from engine.align.corpus_eval import figures, rates, score_method
    from engine.align.folds import group_of

    r = score_method(items)
    p = r["pooled"]
    counts = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items if s.comment_ids}
    group = {pp.paper.id: group_of(pp.paper) for pp in pairs}
    by_group: dict[str, dict[str, int]] = {}
    for pid, c in counts.items():
        g = by_group.setdefault(group.get(pid, pid), dict.fromkeys(c, 0))
        for k, v in c.items():
            g[k] += v
    wrong = [100 * c["wrong"] / c["addressed"] for c in by_group.values() if c["addressed"]]
    sp = r["spread"]
    line = (f"{name} | " + " | ".join(str(p[k]) for k in KEYS)
            + f" | F1 {sp['F1']['mean']} ± {sp['F1']['sd']} | found {sp['found']['mean']} ± {sp['found']['sd']}"
            + f" | wrong/paper {sp['wrong addressed']['mean']} ± {sp['wrong addressed']['sd']}"
            + f" | wrong/group {statistics.fmean(wrong) if wrong else 0:.1f} ± "
            + f"{statistics.stdev(wrong) if len(wrong) > 1 else 0:.1f} ({len(wrong)} groups with calls, "
            + f"{sum(w > 0 for w in wrong)} with a wrong one)")
    print(line, flush=True)
    for sub, ids in subsets.items():
        c = {k: sum(counts[pid][k] for pid in ids if pid in counts) for k in next(iter(counts.values()))}
        q = rates(c)
        print(f"    {sub} ({len(ids)}) | " + " | ".join(str(q[k]) for k in KEYS), flush=True)
    return r, counts


def is_correction(c) -> bool:
    """The comment lists corrections (``engine.align.answered.lists_corrections``, the rule the aligner uses)."""
    from engine.align.answered import lists_corrections

    return lists_corrections(c)


def corrections(items, pairs) -> None:
    """Comments that quote corrections ("X -> Y", a quoted phrase, "typo", "should read", fine type typo), split by
    whether an edit changed the quoted words (``quoted`` on a candidate): their statuses, answered or not."""
    from engine.align.evidence import FEATURES as EV

    q = EV.index("quoted")
    table: dict[tuple[str, bool], dict[str, int]] = {}
    for (s, _, _, status_of), pp in zip(items, pairs):
        for i, c in enumerate(pp.paper.comments):
            if not is_correction(c):
                continue
            row = s.matrix[i] if s.matrix.size else np.zeros(0)
            changed = bool(row.size and (pp.evidence[i, row > 0, q] > 0).any())
            answered = bool(pp.paper.gold.get(c.id))
            st = status_of(row, float(s.answered[i]))
            t = table.setdefault(("changed" if changed else "not changed", answered), {})
            t[st] = t.get(st, 0) + 1
    for (changed, answered), t in sorted(table.items()):
        print(f"    corrections, quoted words {changed}, {'answered' if answered else 'unanswered'}: "
              + ", ".join(f"{k} {v}" for k, v in sorted(t.items())), flush=True)


def main(argv: list[str] | None = None) -> int:
    from engine.align.tuned import OOF_FILE, SIBLING_SEEN
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_grouped_align")
    ap.add_argument("pairs")
    ap.add_argument("--folds", default="/tmp/status7")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--variants", nargs="+", default=["ungrouped-trusted", "grouped-trusted", "ungrouped-untrusted",
                                                      "grouped-untrusted"])
    ap.add_argument("--candidates", nargs="*", help="the 'addressed' candidates on grouped-untrusted (named: those)")
    args = ap.parse_args(argv)
    base = pickle.loads(Path(args.pairs).read_bytes())
    unsure = corpus_unsure(args.corpus, None, "train")
    manifest = Path(args.corpus)
    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    ids = [pp.paper.id for pp in base]
    siblings = [i for i in ids if sum(repo[j] == repo[i] for j in ids) > 1]
    subsets = {"two-revision repositories": siblings, "the other": [i for i in ids if i not in siblings],
               "sibling-seen six": sorted(SIBLING_SEEN), "the other 37": [i for i in ids if i not in SIBLING_SEEN]}
    print(f"{len(base)} papers, {len(set(repo[i] for i in ids))} repositories; unsure {len(unsure)}")
    print("variant | " + " | ".join(KEYS))
    runs = {}
    for v in args.variants:
        cache = Path(args.folds) / f"folds-{v}.pkl"
        if cache.is_file():
            fitted = pickle.loads(cache.read_bytes())
        else:
            pairs = with_groups(base, manifest, v.startswith("grouped"))
            if v.endswith("untrusted"):
                pairs = untrusted(pairs, SIBLING_SEEN, OOF_FILE)
            fitted = folds(pairs, unsure)
            cache.write_bytes(pickle.dumps(fitted))
        runs[v] = fitted
        report(v, statuses(fitted, {}, lambda *a: None), [f[0] for f in fitted], subsets)
    if args.candidates is not None:
        candidates(runs["grouped-untrusted"], unsure, subsets, args.candidates)
    return 0


def candidates(fitted, unsure, subsets, only=()):
    memo = {}

    def rows(pp, m, a, inner):
        key = id(inner)
        if key not in memo:
            train = [f[0] for f in fitted if f[0].paper.id in {s.comment_ids[0].split("/")[0] for s in inner}]
            memo[key] = inner_rows(train, inner, m, unsure)
        return memo[key]

    def shown(r):
        return r["shown"]

    link_pooled = lambda r: band_pooled_fit(r["best"][shown(r)], r["y"][shown(r)])  # noqa: E731
    ans_pooled = lambda r: band_pooled_fit(r["p"][shown(r)], r["y"][shown(r)])  # noqa: E731
    link_group = lambda r: band_per_group(r["best"][shown(r)], r["y"][shown(r)], r["group"][shown(r)])  # noqa: E731
    ans_group = lambda r: band_per_group(r["p"][shown(r)], r["y"][shown(r)], r["group"][shown(r)])  # noqa: E731
    pairs = [f[0] for f in fitted]
    rules = {"(a) round six": {}, "(b) pooled calibration": {"link": link_pooled, "answered": ans_pooled},
             "(c) per-group": {"link": link_group, "answered": ans_group}, "(d) named or quoted": {"named": True},
             "(b)+(d)": {"link": link_pooled, "answered": ans_pooled, "named": True},
             "(c)+(d)": {"link": link_group, "answered": ans_group, "named": True},
             "(e) quoted corrections": {"corrections": True}}
    out = {}
    for name, rule in rules.items():
        if only and name not in only:
            continue
        items = statuses(fitted, rule, rows)
        out[name] = report(name, items, pairs, subsets)
        corrections(items, pairs)
    return out


if __name__ == "__main__":
    sys.exit(main())
