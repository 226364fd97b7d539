"""Session 33 (issue 32): does the link model fitted on more papers predict better on a paper it never saw?
(docs/figures-align.md, "Session 33: the link and answered models refitted on the 139 training revisions"; the rule
was committed before any figure of it).

    nice .venv/bin/python -m bench.measure_refit_unseen PAIRS.pkl --old-train MODEL.json --folds DIR
        [--new-ids ID [ID ...]] [--out JSON]

Every revision of ``PAIRS.pkl`` (the training part) is scored twice, each time by models that never saw its
repository, with the shipped link model's form, the shipped status rules (``bench.measure_more_train.per_paper_of``:
both bands and round eight's (f)) and no neighbour step on either side:

- **OLD**: the form fitted on the revisions ``MODEL.json``'s ``meta.train`` lists (the shipped fit's, T76): a revision
  among them by T76's grouped leave-papers-out fold without its repository (``DIR/T76.pkl``, as
  ``bench.measure_more_train`` builds it), any other by the models fitted without its repository on T76 (T76 whole
  when no revision of T76 shares its repository: ``DIR/T76-without-<repository>.pkl``);
- **NEW**: the same form fitted grouped leave-papers-out by repository over all of ``PAIRS.pkl`` (``DIR/T<N>.pkl``).

Printed: both pooled over all, on T76, on the others and on ``--new-ids``; NEW − OLD by a paired bootstrap over
all the repositories (2,000 resamples, seed 0, 90 %); the rule's verdict (``bench.measure_refold.verdict``: NEW
ships unless the F1, hit@1 or found interval lies wholly below 0, the wrong "addressed" one wholly above 0, or NEW's
pooled wrong "addressed" is over 10 %). Reads the training part only.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KEYS = ("F1", "hit@1", "found", "wrong addressed")


def fit_without(pairs, repository: str, cache: Path):
    """The shipped form fitted on ``pairs`` without ``repository``'s revisions (as ``learn.leave_papers_out``'s
    outer folds fit: ``fit_both`` on the inner leave-papers-out scores), kept in ``cache``: (link, answered, inner)."""
    from engine.align.learn import C, fit_both, inner_scores

    if cache.is_file():
        return pickle.loads(cache.read_bytes())
    train = [pp for pp in pairs if pp.paper.group != repository]
    inner = inner_scores(train, C)
    model, answered = fit_both(train, C, (), inner=inner)
    cache.write_bytes(pickle.dumps((model, answered, inner)))
    return model, answered, inner


def old_fitted(pairs, old_ids: set[str], folds: Path) -> list:
    """OLD's (paper, link, answered, inner) for every paper of ``pairs``: the fold of T76 without its repository."""
    from bench.measure_carry_align import run_variant
    from engine.align.learn import C

    old = [pp for pp in pairs if pp.paper.id in old_ids]
    by_id = {pp.paper.id: f for f in run_variant(old, {"c": C}, folds / f"T{len(old)}.pkl") for pp in [f[0]]}
    old_repos = {pp.paper.group for pp in old}
    out, memo = [], {}
    for pp in pairs:
        if pp.paper.id in by_id:
            out.append(by_id[pp.paper.id])
            continue
        g = pp.paper.group if pp.paper.group in old_repos else ""
        if g not in memo:
            memo[g] = fit_without(old, g, folds / f"T{len(old)}-without-{g or 'none'}.pkl")
        m, a, inner = memo[g]
        out.append((pp, m, a, inner))
    return out


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import bootstrap, line, pooled, run_variant
    from bench.measure_grouped_align import with_groups
    from bench.measure_more_train import per_paper_of
    from bench.measure_refold import verdict
    from engine.align.learn import C
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_refit_unseen")
    ap.add_argument("pairs")
    ap.add_argument("--old-train", required=True, help="the model file whose meta.train is OLD's training set")
    ap.add_argument("--folds", required=True)
    ap.add_argument("--new-ids", nargs="*", default=[], help="a subset also reported alone (e.g. the latest added)")
    ap.add_argument("--out", help="the per-revision counts of both as JSON")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    a = ap.parse_args(argv)
    for path, what in ((a.pairs, "pairs file"), (a.old_train, "model file")):
        if not Path(path).is_file():
            print(f"error: no such {what}: {path}", file=sys.stderr)
            return 2
    manifest = Path(a.corpus)
    entries = json.loads(manifest.read_text())["revisions"]
    part = {e["id"]: e.get("part") for e in entries}
    pairs = with_groups(pickle.loads(Path(a.pairs).read_bytes()), manifest, True)
    have = {pp.paper.id for pp in pairs}
    if bad := sorted(i for i in have if part.get(i) != "train"):
        print(f"error: not training revisions: {', '.join(bad)}", file=sys.stderr)
        return 2
    try:
        old_ids = set(json.loads(Path(a.old_train).read_text(encoding="utf-8"))["meta"]["train"])
    except (ValueError, KeyError, TypeError):
        print(f"error: {a.old_train}: not a model file with meta.train", file=sys.stderr)
        return 2
    if missing := sorted((old_ids | set(a.new_ids)) - have):
        print(f"error: not in the pairs: {', '.join(missing)}", file=sys.stderr)
        return 2
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    groups: dict[str, list[str]] = {}
    for pp in pairs:
        groups.setdefault(pp.paper.group, []).append(pp.paper.id)
    old = per_paper_of(old_fitted(pairs, old_ids, folds), unsure)
    print(f"OLD done: {len(old)} revisions", flush=True)
    new = per_paper_of(run_variant(pairs, {"c": C}, folds / f"T{len(pairs)}.pkl"), unsure)
    print(f"NEW done: {len(new)} revisions", flush=True)

    def sub(ids):
        ids = set(ids)
        g = {k: [i for i in v if i in ids] for k, v in groups.items()}
        return {k: v for k, v in g.items() if v}

    subsets = [(f"all {len(have)}", have), (f"T{len(old_ids)}", old_ids), (f"the other {len(have - old_ids)}",
                                                                         have - old_ids)]
    if a.new_ids:
        subsets.append((f"the {len(a.new_ids)} named", set(a.new_ids)))
    for label, ids in subsets:
        g = sub(ids)
        for name, per in (("OLD", old), ("NEW", new)):
            print(line(f"{name} on {label}", {i: v for i, v in per.items() if i in ids}, g), flush=True)
    ci = bootstrap(new, old, groups, keys=KEYS)
    wrong = pooled(new, list(new))["wrong addressed"]
    print(f"    NEW - OLD on all {len(have)}, 90 % over {len(groups)} repositories: {ci}", flush=True)
    for label, ids in subsets[1:]:
        g = sub(ids)
        print(f"    (deciding nothing) NEW - OLD on {label}, 90 % over {len(g)} repositories: "
              f"{bootstrap({i: new[i] for i in ids}, {i: old[i] for i in ids}, g, keys=KEYS)}", flush=True)
    print(f"    the rule: NEW {verdict(ci, wrong)}", flush=True)
    if a.out:
        Path(a.out).write_text(json.dumps({"old": old, "new": new, "ci": ci, "new_wrong": wrong,
                                           "verdict": verdict(ci, wrong)}, indent=1) + "\n")
    print("done", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
