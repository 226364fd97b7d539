"""Session 20 (issue 32): session 19's refold of the tuned encoder against session 15's out-of-fold file, on the
training part's grouped folds (docs/figures-align.md, "Session 20: the refold ships against a rule written relative
to the baseline"); session 28: the refold on all 86 training revisions against today's shipped state ("Session 28:
the refold on 86, what the rule decided").

    .venv/bin/python -m bench.measure_lexical_tex papers --out PAPERS.pkl
    .venv/bin/python -m bench.measure_refold pairs PAPERS.pkl --set S15|F19|S27|F28 --out PAIRS.pkl
        [--oof FILE] [--sentences FILE]
    .venv/bin/python -m bench.measure_refold measure S15=PAIRS15.pkl F19=PAIRS19.pkl [--folds DIR]

``pairs`` builds one set's pair features as ``bench.fit_align_model --pairs`` does, the out-of-fold tuned cosines
read from the set's file: **S15** session 15's ``bench/data/align_encoder_oof.npz`` (its six sibling-seen revisions
read untuned; since the refold shipped, give its old file: ``git show 612f5ee:bench/data/align_encoder_oof.npz >
S15.npz`` and ``--oof S15.npz``), **F19** session 19's refold (shipped since session 20 as
``bench/data/align_encoder_oof*.npz``, no revision distrusted). **S27**: the state shipped before session 28 (F19's
files for its 58 revisions; the 28 training revisions added since read the shipped tuned encoder, which never saw
them); once a later refold ships, give F19's files and layers from git. **F28**: session 28's run on all 86
(``/work/gpu-results/align/oof.npz`` and its sentence file converted by ``bench.align_encoder_sentences`` to
``--sentences``), every revision in the file (none falls back to the shipped encoder). ``measure``
scores each set grouped leave-papers-out with the shipped link model's form refitted in every fold and the shipped
status rules (as ``bench.measure_lexical_tex``), then each later set minus the first by a paired bootstrap over
repositories, wrong "addressed" included. Reads the training part only.
"""

from __future__ import annotations

import argparse
import functools
import json
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
DATA = REPO / "bench" / "data"
#: Each set's out-of-fold file, its sentence file and the revisions it distrusts.
SETS = {
    "S15": (DATA / "align_encoder_oof.npz", None,  # session 15's file: pass it with --oof (see above)
            ("arg-genetics-r1", "arg-genetics-r2", "phylo-mbe-r1", "phylo-mbe-r2", "chemked-ijck-r1",
             "chemked-ijck-r2")),
    "F19": (DATA / "align_encoder_oof.npz", DATA / "align_encoder_oof_sentences.npz", ()),
    "S27": (DATA / "align_encoder_oof.npz", DATA / "align_encoder_oof_sentences.npz", ()),
    "F28": (Path("/work/gpu-results/align/oof.npz"), None, ()),  # its sentence file: --sentences (converted)
}
#: Sets whose file must hold every training revision (no fallback to the shipped encoder).
WHOLE = frozenset({"F28"})
KEYS = ("F1", "hit@1", "found", "wrong addressed")
#: Session 20's rule, unchanged in session 28: the candidate's pooled wrong "addressed" may not exceed this (%).
MAX_WRONG = 10.0


def verdict(ci: dict[str, tuple[float, float]], wrong: float) -> str:
    """Session 20's rule (and session 28's) on a candidate against the baseline: held back when the 90 % interval of
    the F1, hit@1 or found difference lies wholly below 0, that of wrong "addressed" wholly above 0, or the
    candidate's pooled wrong "addressed" (``wrong``, %) is over ``MAX_WRONG``; else it ships."""
    why = [f"{k} {ci[k]} wholly below 0" for k in ("F1", "hit@1", "found") if ci[k][1] < 0]
    why += [f"wrong addressed {ci['wrong addressed']} wholly above 0"] if ci["wrong addressed"][0] > 0 else []
    why += [f"wrong addressed {wrong} % over {MAX_WRONG:g} %"] if wrong > MAX_WRONG else []
    return f"held back: {'; '.join(why)}" if why else "ships"


def build_pairs(papers_pkl: Path, name: str, out: Path, path: Path | None = None,
                sentences_path: Path | None = None) -> None:
    from engine.align.learn import iter_paper_pairs
    from engine.align.tuned import OutOfFold
    from engine.jobs import run_job
    from engine.models.factory import open_model

    default, sentences, distrust = SETS[name]
    papers = pickle.loads(papers_pkl.read_bytes())
    oof = OutOfFold.for_papers(papers, path=path or default, sentences=sentences_path or sentences,
                               distrust=distrust, untuned=functools.cache(lambda: open_model("encoder")),
                               **({"unseen": False} if name in WHOLE else {}))
    pairs = run_job(iter_paper_pairs(papers, tuned=oof))
    out.write_bytes(pickle.dumps(pairs))
    unseen = sorted(p.id for p in papers if p.id not in oof.papers)
    print(f"{name}: {len(pairs)} revisions -> {out}; moved (read untuned): {sorted(oof.moved)}; "
          f"read from sentences: {sorted(oof.matched)}; not in the file (the shipped encoder's): {len(unseen)} "
          f"{unseen}")


def measure(sets: dict[str, Path], folds: Path, corpus: str) -> None:
    from bench.measure_carry_align import bootstrap, counts, line, plain, pooled, run_variant, spread
    from bench.measure_grouped_align import with_groups
    from engine.align.corpus_eval import figures
    from engine.align.learn import C
    from engine.cli.eval_align_corpus import corpus_unsure

    manifest = Path(corpus)
    repo = {e["id"]: e.get("repository") for e in json.loads(manifest.read_text())["revisions"]}
    unsure = corpus_unsure(corpus, None, "train")
    folds.mkdir(parents=True, exist_ok=True)
    runs: dict[str, dict] = {}
    groups: dict[str, list[str]] = {}
    for name, path in sets.items():
        base = with_groups(pickle.loads(path.read_bytes()), manifest, True)
        groups = {}
        for pp in base:
            groups.setdefault(repo[pp.paper.id], []).append(pp.paper.id)
        fitted = run_variant(base, {"c": C}, folds / f"refold-{name}.pkl")
        _, items = counts(fitted, {})
        items, _ = plain(fitted, items, unsure, "f")
        runs[name] = {s.comment_ids[0].split("/")[0]: figures(s, t, cap, st) for s, t, cap, st in items}
        print(line(name, runs[name], groups) + f" | found per repository {spread(runs[name], groups, 'found')}",
              flush=True)
    names = list(runs)
    for name in names[1:]:
        ci = bootstrap(runs[name], runs[names[0]], groups, keys=KEYS)
        print(f"    {name} - {names[0]}, 90 % over {len(groups)} repositories: {ci}", flush=True)
        wrong = pooled(runs[name], list(runs[name]))["wrong addressed"]
        print(f"    the rule (session 20's): {name} {verdict(ci, wrong)}", flush=True)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_refold")
    ap.add_argument("step", choices=("pairs", "measure"))
    ap.add_argument("args", nargs="*")
    ap.add_argument("--set", choices=sorted(SETS))
    ap.add_argument("--oof", help="pairs: read this out-of-fold file instead of the set's own")
    ap.add_argument("--sentences", help="pairs: read this sentence file instead of the set's own")
    ap.add_argument("--out")
    ap.add_argument("--folds", default="/tmp/refold20")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    a = ap.parse_args(argv)
    if a.step == "pairs":
        build_pairs(Path(a.args[0]), a.set, Path(a.out), Path(a.oof) if a.oof else None,
                    Path(a.sentences) if a.sentences else None)
    else:
        measure({k: Path(v) for k, v in (x.split("=", 1) for x in a.args)}, Path(a.folds), a.corpus)
    return 0


if __name__ == "__main__":
    sys.exit(main())
