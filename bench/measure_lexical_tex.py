"""Round ten (issue 32): TeX math read as the edits read it on the lexical side (T), and "A -> B" replacements
whatever the quoting (R), on the training part's grouped folds (docs/figures-align.md, round ten's rule).

    .venv/bin/python -m bench.measure_lexical_tex papers --out PAPERS.pkl
    .venv/bin/python -m bench.measure_lexical_tex pairs PAPERS.pkl --set R0|R1|R2|R3 --out PAIRS.pkl
    .venv/bin/python -m bench.measure_lexical_tex measure R0=PAIRS0.pkl R1=PAIRS1.pkl R2=PAIRS2.pkl [--folds DIR]
        [--show ID ...]

``papers`` reads the training part once (the slow part of a pair build: every revision's LaTeX read and diffed) so
that every pair set is built from the same diffs. ``pairs`` builds one set's pair features as
``bench.fit_align_model --pairs`` does (out-of-fold tuned cosines, ``OutOfFold``), with the two candidates set:
R0 neither (today's code before this round), R1 (R), R2 (R) and (T), R3 (T) alone. ``measure`` scores each set
grouped leave-papers-out with the shipped link model's form (``learn.C``, round nine's L3) refitted in every fold
(folds kept in ``DIR``), statuses by the shipped rules (both bands, ``answered.made_corrections``, rule (f) of
``answered.sure_links``), and compares each set with the one before it (R1 - R0, R2 - R1, R3 - R0) by a paired
bootstrap over repositories. Also: the figures on the declared mathematical revisions, on the comments (T) rewrites
and on the replacement requests (R) reads. Reads the training part only.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import pickle
import sys
from pathlib import Path

import numpy as np

REPO = Path(__file__).resolve().parents[1]
#: Which candidate each pair set has on: (R) unquoted arrows and the relaxed replacement rule, (T) TeX math.
SETS = {"R0": (False, False), "R1": (True, False), "R2": (True, True), "R3": (False, True)}
#: Compared with (the rule's order).
AGAINST = {"R1": "R0", "R2": "R1", "R3": "R0"}
#: The mathematical revisions by venue, declared in the rule before any figure (round nine's eight and two new).
MATHEMATICAL = ("pwasets-dcg", "phthomas-tcs", "rankverify-stat", "replicability-aoas", "pais-juq-r1", "shadowing-jcp",
                "vrsmoother-tsp", "meshfreeshell-r1", "shapeclass-jmiv", "qpmcmc-jcgs")


@contextlib.contextmanager
def candidates(name: str):
    """The two candidates of pair set ``name`` switched on or off while active."""
    import engine.align.cues as cues
    import engine.align.evidence as evidence

    arrows, tex = SETS[name]
    was = cues.UNQUOTED_ARROWS, evidence.LEXICAL_TEX, evidence.REPLACE_A_STAYS
    cues.UNQUOTED_ARROWS, evidence.LEXICAL_TEX, evidence.REPLACE_A_STAYS = arrows, tex, arrows
    try:
        yield
    finally:
        cues.UNQUOTED_ARROWS, evidence.LEXICAL_TEX, evidence.REPLACE_A_STAYS = was


def read_papers(out: Path, corpus: str) -> None:
    from engine.cli.eval_align_corpus import corpus_papers

    papers = corpus_papers(corpus, None, "train")
    out.write_bytes(pickle.dumps(papers))
    print(f"{len(papers)} training revisions -> {out}")


def build_pairs(papers_pkl: Path, name: str, out: Path) -> None:
    import functools

    from engine.align.learn import iter_paper_pairs
    from engine.align.tuned import OutOfFold
    from engine.jobs import run_job
    from engine.models.factory import open_model

    papers = pickle.loads(papers_pkl.read_bytes())
    oof = OutOfFold.for_papers(papers, untuned=functools.cache(lambda: open_model("encoder")))
    with candidates(name):
        pairs = run_job(iter_paper_pairs(papers, tuned=oof))
    out.write_bytes(pickle.dumps(pairs))
    print(f"{name}: {len(pairs)} revisions -> {out}; moved since the GPU run: {sorted(oof.moved)}")


def per_comment(marked):
    """``(item, keep)`` pairs: each scored item restricted to the comments ``keep`` marks (rows dropped), papers left
    out when none is marked."""
    from dataclasses import replace

    out = []
    for (s, t, cap, st), c_ok in marked:
        rows = [i for i, ok in enumerate(c_ok) if ok]
        if rows:
            out.append((replace(s, comment_ids=[s.comment_ids[i] for i in rows], matrix=s.matrix[rows],
                                answered=s.answered[rows]), t, cap, st))
    return out


def measure(sets: dict[str, Path], folds: Path, corpus: str, show: list[str] = ()) -> None:
    from bench.measure_carry_align import bootstrap, counts, line, plain, pooled, run_variant, spread
    from bench.measure_grouped_align import with_groups
    from engine.align.corpus_eval import figures, rates
    from engine.align.cues import replacements
    from engine.align.learn import C
    from engine.align.texmath import lexical_text
    from engine.cli.eval_align_corpus import corpus_unsure

    manifest = Path(corpus)
    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    unsure = corpus_unsure(corpus, None, "train")
    folds.mkdir(parents=True, exist_ok=True)
    runs = {}
    for name, path in sets.items():
        base = with_groups(pickle.loads(path.read_bytes()), manifest, True)
        groups: dict[str, list[str]] = {}
        for pp in base:
            groups.setdefault(repo[pp.paper.id], []).append(pp.paper.id)
        with candidates(name):
            fitted = run_variant(base, {"c": C}, folds / f"lexical-{name}.pkl")
            _, items = counts(fitted, {})
            items, _ = plain(fitted, items, unsure, "f")
        per = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}
        runs[name] = (fitted, items, per)
        print(line(name, per, groups) + f" | found per repository {spread(per, groups, 'found')}", flush=True)
        if AGAINST.get(name) in runs:
            ref = AGAINST[name]
            print(f"    {name} - {ref}, 90 % over {len(groups)} repositories: "
                  f"{bootstrap(per, runs[ref][2], groups)}", flush=True)
        for pid in show:
            print(f"    {pid}: {rates(per[pid])}", flush=True)
        math = [i for i in MATHEMATICAL if i in per]
        print(f"    mathematical ({len(math)}): {pooled(per, math)}", flush=True)
        papers = [f[0].paper for f in fitted]
        tex = [[lexical_text(c.full_text) != c.full_text for c in p.comments] for p in papers]
        with candidates("R1"):
            new_r = [set(map(tuple, replacements(c.full_text))) for p in papers for c in p.comments]
        with candidates("R0"):
            old_r = [set(map(tuple, replacements(c.full_text))) for p in papers for c in p.comments]
        it = iter([bool(a - b) for a, b in zip(new_r, old_r)])
        arrows = [[next(it) for _ in p.comments] for p in papers]
        for label, keep in (("comments (T) rewrites", tex), ("replacement requests only (R) reads", arrows)):
            sub = per_comment(zip(items, keep))
            c = {}
            for s, t, cap, st in sub:
                for k, v in figures(s, t, cap, st).items():
                    c[k] = c.get(k, 0) + v
            n = sum(map(sum, keep))
            print(f"    {label} ({n} comments, {c.get('answered', 0)} answered): {rates(c) if c else '-'}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_lexical_tex")
    ap.add_argument("step", choices=("papers", "pairs", "measure"))
    ap.add_argument("args", nargs="*")
    ap.add_argument("--set", choices=sorted(SETS))
    ap.add_argument("--out")
    ap.add_argument("--folds", default="/tmp/mathnorm10")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--show", nargs="*", default=[], help="measure: also these revisions' own figures")
    a = ap.parse_args(argv)
    if a.step == "papers":
        read_papers(Path(a.out), a.corpus)
    elif a.step == "pairs":
        build_pairs(Path(a.args[0]), a.set, Path(a.out))
    else:
        measure({k: Path(v) for k, v in (x.split("=", 1) for x in a.args)}, Path(a.folds), a.corpus, a.show)
    return 0


if __name__ == "__main__":
    sys.exit(main())
