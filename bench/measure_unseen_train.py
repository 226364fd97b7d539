"""Session 31 (issue 32): training revisions no shipped model saw (docs/figures-align.md, "Session 31: nineteen new
training revisions").

    .venv/bin/python -m bench.measure_unseen_train unseen --only ID [ID ...] [--json OUT]
    .venv/bin/python -m bench.measure_unseen_train pairs BASE.pkl --new ID [ID ...] --out PAIRS.pkl

``unseen``: the shipped state on the named training revisions as the app reads them (the checked part's path of
``redraft eval align --corpus``: the shipped encoder's tuned cosines, ``learned.json``, ``answered.json``, the
neighbour step, the shipped status rules; with the response letter, ``answered-letter.json`` as the app reads it),
pooled and per revision. It stops if a named revision is in any shipped model's ``train`` list (that would be
in-sample). ``pairs``: the named revisions' pair features as ``bench.fit_align_model --pairs`` builds them (the tuned
cosines out of fold: not in the out-of-fold file, so the shipped encoder's, which never saw them; it stops if one is
in the file), added to ``BASE.pkl``'s, in the manifest's order. Reads the training part only.
"""

from __future__ import annotations

import argparse
import functools
import json
import pickle
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
ROWS = ("learned", "learned (letter)", "learned (letter, as the app)", "evidence")
COLS = ("P", "R", "F1", "hit@1", "hit@3", "found", "wrong addressed", "addressed calls", "unanswered called found")


def seen_by_shipped(band_on: bool = True) -> set[str]:
    """Every revision a shipped model or rule file lists as fitted on (``band_on``: with those a band alone was set on,
    ``meta.band_on``; without them for setting that band again on the same revisions)."""
    from engine.align.answered import shipped_answered
    from engine.align.learned import shipped_model
    from engine.align.tuned import shipped_note

    out = {*shipped_model().meta.get("train", ()), *shipped_note().get("train", ())}
    for letter in (False, True):
        meta = shipped_answered(letter=letter).meta
        out |= {*meta.get("train", ()), *(meta.get("band_on", ()) if band_on else ())}  # band_on: session 33
    return out


def training_ids(corpus: str, ids: list[str]) -> list[str] | str:
    """``ids`` in the manifest's order, or a one-line error when one is not a training revision."""
    entries = json.loads(Path(corpus).read_text())["revisions"]
    part = {e["id"]: e.get("part") for e in entries}
    if bad := [i for i in ids if part.get(i) != "train"]:
        return f"not training revisions: {', '.join(bad)}"
    keep = set(ids)
    return [e["id"] for e in entries if e["id"] in keep]


def unseen(ids: list[str], corpus: str, cache: str | None, out: str | None) -> int:
    from engine.cli.eval_align_corpus import corpus_letters, corpus_papers, evaluate_corpus

    if clash := sorted(set(ids) & seen_by_shipped()):
        print(f"error: a shipped model was fitted on: {', '.join(clash)}", file=sys.stderr)
        return 2
    papers = corpus_papers(corpus, cache, "train", ids)
    letters = corpus_letters(papers, cache)
    results = evaluate_corpus(papers, "unseen", letters=letters)  # not "train": the shipped models, as checked
    if out:
        Path(out).write_text(json.dumps(results, indent=1) + "\n")
    print(f"{len(papers)} revisions, the shipped state; letters not read as the app: "
          f"{results['learned (letter, as the app)']['letters_not_read']}")
    print("method / revision | " + " | ".join(COLS))
    for name in ROWS:
        r = results[name]
        for label, x in [(f"{name} pooled", r["pooled"])] + [(f"  {pid}", x) for pid, x in r["papers"].items()]:
            print(f"{label} | " + " | ".join(str(x.get(k)) for k in COLS))
        print("  mean over revisions | " + ", ".join(f"{k} {v['mean']} ± {v['sd']} ({v['papers']})"
                                                      for k, v in r["spread"].items()))
    return 0


def pairs(base: Path, ids: list[str], corpus: str, cache: str | None, out: Path) -> int:
    from engine.align.learn import iter_paper_pairs
    from engine.align.tuned import OutOfFold
    from engine.cli.eval_align_corpus import corpus_papers
    from engine.jobs import run_job
    from engine.models.factory import open_model

    have = pickle.loads(base.read_bytes())
    if clash := sorted({pp.paper.id for pp in have} & set(ids)):
        print(f"error: already in {base}: {', '.join(clash)}", file=sys.stderr)
        return 2
    papers = corpus_papers(corpus, cache, "train", ids)
    oof = OutOfFold.for_papers(papers, untuned=functools.cache(lambda: open_model("encoder")))
    if inside := sorted(p.id for p in papers if p.id in oof.papers):
        print(f"error: in the out-of-fold file (not unseen): {', '.join(inside)}", file=sys.stderr)
        return 2
    new = run_job(iter_paper_pairs(papers, tuned=oof))
    order = {e["id"]: k for k, e in enumerate(json.loads(Path(corpus).read_text())["revisions"])}
    merged = sorted([*have, *new], key=lambda pp: order[pp.paper.id])
    out.write_bytes(pickle.dumps(merged))
    print(f"{len(new)} new revisions' pairs ({sum(len(pp.paper.comments) for pp in new)} comments) + {len(have)} "
          f"from {base} -> {out} ({len(merged)} revisions)")
    return 0


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.measure_unseen_train")
    ap.add_argument("step", choices=("unseen", "pairs"))
    ap.add_argument("base", nargs="?", help="pairs: the pairs file the new revisions' pairs are added to")
    ap.add_argument("--only", "--new", dest="ids", nargs="+", required=True, help="the training revisions")
    ap.add_argument("--out", help="pairs: the merged pairs file; unseen: the results as JSON")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: $REDRAFT_CORPUS or ~/.cache/redraft/corpus)")
    a = ap.parse_args(argv)
    ids = training_ids(a.corpus, a.ids)
    if isinstance(ids, str):
        print(f"error: {ids}", file=sys.stderr)
        return 2
    if a.step == "unseen":
        return unseen(ids, a.corpus, a.cache, a.out)
    if not a.base or not a.out or not Path(a.base).is_file():
        print("error: pairs needs an existing BASE.pkl and --out", file=sys.stderr)
        return 2
    return pairs(Path(a.base), ids, a.corpus, a.cache, Path(a.out))


if __name__ == "__main__":
    sys.exit(main())
