"""Session 21 (issue 32): does `learned` gain from more training revisions? (docs/figures-align.md, "Session 21:
`learned` refitted with more training revisions").

    .venv/bin/python -m bench.fit_align_model --pairs PAIRS.pkl --out /tmp/l.json --answered-out /tmp/a.json
    .venv/bin/python -m bench.measure_more_train PAIRS.pkl --new ID [ID ...] [--folds DIR]

``PAIRS.pkl``: the training part's pair features (every training revision the manifest holds, the ``--new`` ones
among them). Two sets are scored grouped leave-papers-out by repository with the shipped link model's form refitted
in every fold and the shipped status rules (as ``bench.measure_refold``): **T58** the pairs without the ``--new``
revisions, **T58+N** all of them (a held-out repository of the 58 is scored by models that always had the new
revisions in their training folds). Printed: both sets on the 58, T58+N on all and on the new ones alone, and
T58+N − T58 on the 58 by a paired bootstrap over their repositories. Reads the training part only.
"""

from __future__ import annotations

import argparse
import json
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KEYS = ("F1", "hit@1", "found", "wrong addressed")


def per_paper(pairs, cache: Path, unsure) -> dict[str, dict[str, int]]:
    """Per revision counts of grouped leave-papers-out (folds kept in ``cache`` and read back when there)."""
    from bench.measure_carry_align import run_variant
    from engine.align.learn import C

    return per_paper_of(run_variant(pairs, {"c": C}, cache), unsure)


def per_paper_of(fitted, unsure) -> dict[str, dict[str, int]]:
    """Per revision counts of ``fitted`` ((paper, link, answered, inner) each) under the shipped status rules: both
    bands and round eight's (f)."""
    from bench.measure_carry_align import counts, plain
    from engine.align.corpus_eval import figures

    _, items = counts(fitted, {})
    items, _ = plain(fitted, items, unsure, "f")
    return {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import bootstrap, line
    from bench.measure_grouped_align import with_groups
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_more_train")
    ap.add_argument("pairs")
    ap.add_argument("--new", nargs="+", required=True, help="the added training revisions' ids")
    ap.add_argument("--folds", default="/tmp/moretrain21")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    a = ap.parse_args(argv)
    manifest = Path(a.corpus)
    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    pairs = with_groups(pickle.loads(Path(a.pairs).read_bytes()), manifest, True)
    have = {pp.paper.id for pp in pairs}
    new = set(a.new)
    if missing := sorted(new - have):
        print(f"error: not in the pairs: {', '.join(missing)}", file=sys.stderr)
        return 2
    old_repos = {repo[i] for i in have - new}
    if clash := sorted(i for i in new if repo[i] in old_repos):
        print(f"error: a new revision shares its repository with an old one: {', '.join(clash)}", file=sys.stderr)
        return 2
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    old = [pp for pp in pairs if pp.paper.id not in new]
    ref = per_paper(old, folds / f"T{len(old)}.pkl", unsure)
    got = per_paper(pairs, folds / f"T{len(old)}+{len(new)}.pkl", unsure)

    def groups(ids):
        out: dict[str, list[str]] = {}
        for i in sorted(ids):
            out.setdefault(repo[i], []).append(i)
        return out

    g_old = groups(have - new)
    on_old = {i: v for i, v in got.items() if i not in new}
    print(line(f"T{len(old)} on its {len(old)}", ref, g_old), flush=True)
    print(line(f"T{len(old)}+{len(new)} on the {len(old)}", on_old, g_old), flush=True)
    print(line(f"T{len(old)}+{len(new)} on all {len(got)}", got, groups(have)), flush=True)
    new_only = {i: v for i, v in got.items() if i in new}
    if len(new_only) > 1:
        print(line(f"T{len(old)}+{len(new)} on the {len(new)} new", new_only, groups(new)), flush=True)
    print(f"    T{len(old)}+{len(new)} - T{len(old)} on the {len(old)}, 90 % over {len(g_old)} repositories: "
          f"{bootstrap(on_old, ref, g_old, keys=KEYS)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
