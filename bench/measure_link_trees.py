"""Session 22 (issue 32): a gradient-boosted link model against the logistic one, on the training part's grouped
folds (docs/figures-align.md, "Session 22: a gradient-boosted link model"; the rule was written first).

    .venv/bin/python -m bench.fit_align_model --pairs PAIRS.pkl --out /tmp/l.json --answered-out /tmp/a.json
    nice env OMP_NUM_THREADS=1 .venv/bin/python -m bench.measure_link_trees PAIRS.pkl [--variants L0 G1 G2]
        [--folds DIR]

``PAIRS.pkl``: the training part's pair features. Each variant is scored grouped leave-papers-out by repository
(``learn.leave_papers_out``, every model refitted in every fold, threshold, cap and bands on the fold's inner
folds, the answered model fitted on the variant's inner scores; statuses by the shipped rules with (f), as
``bench.measure_more_train``): ``L0`` today's logistic link model (``learn.C``), ``G1``/``G2`` the trees of
``learn.TREE_VARIANTS``. A variant's folds are kept in ``DIR/folds-V.pkl`` and read back when there (one process
per variant can run them side by side; ``--part I/N`` splits one variant's inner fits over N processes, and a later
call assembles them). Printed: each variant's pooled figures, each candidate minus ``L0`` by a
paired bootstrap over repositories, and the rule's verdict (``verdict``). Reads the training part only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
KEYS = ("F1", "hit@1", "found", "wrong addressed")
#: The pooled wrong "addressed" share a candidate may not exceed (per cent, over all its folds).
MAX_WRONG = 10.0


def verdict(interval: dict[str, tuple[float, float]], wrong: float | None) -> tuple[bool, str]:
    """The rule written before the figures: the F1 or the hit@1 difference wholly above 0 (lower end ≥ +0.1, the
    ends rounded to 0.1), the other's upper end ≥ 0, found's upper end ≥ 0, pooled wrong "addressed" ≤
    ``MAX_WRONG``. Returns (passes, why)."""
    f1, hit, found = interval["F1"], interval["hit@1"], interval["found"]
    why = []
    if not ((f1[0] >= 0.1 and hit[1] >= 0) or (hit[0] >= 0.1 and f1[1] >= 0)):
        why.append(f"neither F1 {f1} nor hit@1 {hit} lies wholly above 0 with the other not below")
    if found[1] < 0:
        why.append(f"found falls {found}")
    if wrong is None or wrong > MAX_WRONG:
        why.append(f"wrong addressed {wrong} % > {MAX_WRONG} %")
    return not why, "; ".join(why) or "passes"


def choose(passing: dict[str, dict[str, tuple[float, float]]]) -> str | None:
    """Among passing candidates, the larger sum of the F1 and hit@1 lower ends; a tie goes to G2 (shallower)."""
    if not passing:
        return None
    return max(sorted(passing, reverse=True), key=lambda v: passing[v]["F1"][0] + passing[v]["hit@1"][0])


def judge(per: dict[str, dict], groups: dict[str, list[str]]) -> dict[str, dict[str, tuple[float, float]]]:
    """Each candidate of ``per`` (per-paper counts by variant) against ``L0``: the paired bootstrap over repositories
    and the rule's verdict, printed; returns the passing candidates' intervals."""
    from bench.measure_carry_align import bootstrap, pooled

    passing = {}
    for v in (v for v in per if v != "L0"):
        interval = bootstrap(per[v], per["L0"], groups, keys=KEYS)
        ok, why = verdict(interval, pooled(per[v], list(per[v]))["wrong addressed"])
        print(f"    {v} - L0, 90 % over {len(groups)} repositories: {interval}; {why}", flush=True)
        if ok:
            passing[v] = interval
    return passing


@contextlib.contextmanager
def link_form(variant: str):
    """``learn.TREES`` set to ``variant``'s form while active (``L0``: the logistic regression)."""
    import engine.align.learn as learn

    was = learn.TREES
    learn.TREES = None if variant == "L0" else learn.TREE_VARIANTS[variant]
    try:
        yield
    finally:
        learn.TREES = was


def run_part(pairs, variant: str, part: tuple[int, int], folds: Path) -> Path:
    """One process's share of the inner pair fits (``learn.pair_scores``), kept in ``folds``."""
    from engine.align.learn import C, pair_scores

    out = folds / f"pairs-{variant}-{part[0]}of{part[1]}.pkl"
    with link_form(variant):
        out.write_bytes(pickle.dumps(pair_scores(pairs, C, part)))
    return out


def assemble(pairs, variant: str, folds: Path) -> bool:
    """``folds-V.pkl`` from every part's inner scores (``run_part``) and the outer folds (``learn.outer_fits``),
    in ``bench.measure_carry_align.run_variant``'s form; False when a part is missing."""
    import engine.align.learn as learn
    from bench.measure_carry_align import inner_scores_kept, with_inner

    found = sorted(folds.glob(f"pairs-{variant}-*of*.pkl"))
    n = {int(p.stem.rsplit("of", 1)[1]) for p in found}
    if len(n) != 1 or len(found) != next(iter(n)):
        return False
    scores = {}
    for p in found:
        scores |= pickle.loads(p.read_bytes())
    with inner_scores_kept() as kept, link_form(variant):
        got = learn.outer_fits(pairs, scores, learn.C)
    fitted = with_inner(pairs, got, kept)
    (folds / f"folds-{variant}.pkl").write_bytes(pickle.dumps(fitted))
    return True


def per_variant(pairs, variant: str, folds: Path, unsure) -> dict[str, dict[str, int]]:
    from bench.measure_more_train import per_paper

    if not (folds / f"folds-{variant}.pkl").is_file():
        assemble(pairs, variant, folds)
    with link_form(variant):
        return per_paper(pairs, folds / f"folds-{variant}.pkl", unsure)


def folds_file(pairs_file: str, folds_dir: str) -> Path | None:
    """``folds_dir/folds-L0.pkl`` (the grouped outer folds) when it and ``pairs_file`` exist; else None, with the
    one-line error printed (the caller exits 2)."""
    folds = Path(folds_dir) / "folds-L0.pkl"
    if not Path(pairs_file).is_file() or not folds.is_file():
        print(f"error: no pairs file {pairs_file} or no folds {folds}", file=sys.stderr)
        return None
    return folds


def grouped_pairs(pairs_file: str, manifest: Path) -> tuple[list, dict[str, list[str]]]:
    """The training part's pair features from ``pairs_file`` with their repositories (the manifest's), and the
    revisions of each repository: what the grouped folds of this bench and ``bench.measure_adapter`` split."""
    from bench.measure_grouped_align import with_groups

    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    pairs = with_groups(pickle.loads(Path(pairs_file).read_bytes()), manifest, True)
    groups: dict[str, list[str]] = {}
    for pp in pairs:
        groups.setdefault(repo[pp.paper.id], []).append(pp.paper.id)
    print(f"{len(pairs)} revisions, {len(groups)} repositories", flush=True)
    return pairs, groups


def main(argv: list[str] | None = None) -> int:
    from bench.measure_carry_align import line
    from engine.align.learn import TREE_VARIANTS
    from engine.cli.eval_align_corpus import corpus_unsure

    ap = argparse.ArgumentParser(prog="python -m bench.measure_link_trees")
    ap.add_argument("pairs")
    ap.add_argument("--variants", nargs="+", default=["L0", *TREE_VARIANTS], choices=["L0", *TREE_VARIANTS])
    ap.add_argument("--folds", default="/tmp/model14")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    ap.add_argument("--part", help="I/N: only this process's share of one variant's inner fits (kept in --folds; "
                                   "a later call without --part assembles the N parts)")
    a = ap.parse_args(argv)
    if not Path(a.pairs).is_file():
        print(f"error: no such pairs file: {a.pairs}", file=sys.stderr)
        return 2
    pairs, groups = grouped_pairs(a.pairs, Path(a.corpus))
    folds = Path(a.folds)
    folds.mkdir(parents=True, exist_ok=True)
    if a.part:
        i, n = (int(v) for v in a.part.split("/"))
        if len(a.variants) != 1 or not 0 <= i < n:
            print("error: --part I/N takes one variant and 0 <= I < N", file=sys.stderr)
            return 2
        print(f"wrote {run_part(pairs, a.variants[0], (i, n), folds)}", flush=True)
        return 0
    unsure = corpus_unsure(a.corpus, a.cache, "train")
    per = {}
    for v in a.variants:
        per[v] = per_variant(pairs, v, folds, unsure)
        print(line(v, per[v], groups), flush=True)
    if "L0" not in per:
        return 0
    passing = judge(per, groups)
    if len(per) > 1:
        print(f"ships: {choose(passing) or 'nothing (the logistic model stays)'}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
