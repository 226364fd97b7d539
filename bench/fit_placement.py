"""Fit the placement model (``engine.generate.rerank``) on the training part of the revisions corpus, and score it
leave-papers-out there (issue 34).

For every answered comment of the training part (``bench.suggest_places``: the authors' paragraphs for it), the
project's path: the comment located with the embedded encoder (top 3, as the build does), the rules' scores
(``engine.generate.placement.rule_scores``, lexical) and their ``k`` best paragraphs with their features. A
paragraph is a positive when the authors edited it for the comment (an insertion: the paragraph before it, give
or take one). Leave-papers-out, grouped by repository (the manifest's ``repository``: two rounds of one paper,
such as chemked-ijck r1 and r2, share most of their text and are held out together): for each repository, a
logistic regression (scikit-learn, standardised features, C fixed at 1.0, class weights balanced) fitted on the
other repositories' comments whose candidates hold a right paragraph, then the held-out revisions' comments each
placed at the candidate it scores best. Prints top-1 right
before (the rules) and after (the model), per revision, and the share with a right paragraph among the ``k``
(the ceiling); ``--write`` fits on every training revision and writes ``resources/models/placement/reranker.json``
(the first stage alone: since round twelve the shipped file also holds a second stage, written by
``bench.place_round12 --write``, which fits both; ``--write`` here refuses unless ``--first-stage-only``).

    .venv/bin/python -m bench.fit_placement --corpus corpus/revisions.json [--k 5] [--write]

Only the training part is read: the checked part is never loaded here.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from collections.abc import Iterator
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
MODEL = ROOT / "resources/models/placement/reranker.json"
C = 1.0


def repositories(manifest: str) -> dict[str, str]:
    """Revision id → its repository (the folds' groups), from the manifest."""
    return {r["id"]: r["repository"] for r in json.loads(Path(manifest).read_text(encoding="utf-8"))["revisions"]}


def rows(manifest: str, cache: str | None, k: int, pages: bool = True) -> list[dict[str, Any]]:
    """Per answered comment of the training part: its revision, features of the rules' ``k`` best paragraphs,
    which are right, and whether the rules' first is right."""
    from bench.suggest_corpus import load_papers
    from bench.suggest_places import answered
    from engine.align.localize import localize
    from engine.generate.placement import rule_scores
    from engine.generate.rerank import candidate_features
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    items = list(answered(load_papers(manifest, cache, "train")))
    if pages:  # the drafts' paragraphs carry the pages of their typeset PDFs, as a PDF the user opens does
        from bench.draft_pages import paged
        from corpus.build_revisions import default_out

        items = paged(items, Path(cache).expanduser() if cache else default_out())[0]
    out = []
    repository = repositories(manifest)
    by_doc: dict[int, list[Any]] = {}
    for a in items:
        by_doc.setdefault(id(a.document), []).append(a)
    for group in by_doc.values():
        doc = group[0].document
        for a, loc in zip(group, localize([a.comment for a in group], doc, encoder, 3)):
            located = [doc.paragraph(pid) for pid, _ in loc.paragraphs]
            parts = rule_scores(a.comment, doc, located)
            if parts is None:
                continue
            order = np.argsort(-parts.total, kind="stable")[:k]
            x = candidate_features(a.comment, parts, order, a.position)
            y = np.array([parts.paragraphs[j].id in a.targets for j in order])
            out.append({"paper": a.paper, "group": repository[a.paper], "comment": a.comment.id, "x": x, "y": y,
                        "ids": [parts.paragraphs[j].id for j in order]})
    return out


def fit(train: list[dict[str, Any]], c: float = C) -> Any:
    from sklearn.linear_model import LogisticRegression

    from engine.generate.rerank import FEATURES, PlacementModel

    use = [r for r in train if r["y"].any()]
    x = np.concatenate([r["x"] for r in use])
    y = np.concatenate([r["y"] for r in use]).astype(int)
    mean, scale = x.mean(axis=0), x.std(axis=0)
    scale = np.where(scale > 1e-6, scale, 1.0)
    lr = LogisticRegression(C=c, max_iter=5000, class_weight="balanced", random_state=0).fit((x - mean) / scale, y)
    return PlacementModel(FEATURES, mean, scale, lr.coef_[0].astype(np.float64), float(lr.intercept_[0]),
                          int(max(len(r["x"]) for r in train)))


def top1(model: Any, r: dict[str, Any]) -> bool:
    return bool(r["y"][int(np.argmax(model.scores(r["x"])))])


def folds(data: list[dict[str, Any]]) -> Iterator[tuple[list[str], list[dict[str, Any]]]]:
    """(the held-out revisions, the rows to fit on) per repository: a row's ``group`` (the revision itself when it
    has none); the revisions of one repository are held out together."""
    def group(r: dict[str, Any]) -> str:  # as engine.align.folds.group_of: an empty group is the revision's own
        return r.get("group") or r["paper"]

    for held in sorted({group(r) for r in data}):
        yield sorted({r["paper"] for r in data if group(r) == held}), [r for r in data if group(r) != held]


def leave_papers_out(data: list[dict[str, Any]], c: float = C) -> dict[str, Any]:
    """Each revision scored by the model fitted on the other repositories' revisions (``folds``)."""
    per: dict[str, dict[str, int]] = {}
    for papers, train in folds(data):
        model = fit(train, c)
        for paper in papers:
            held = [r for r in data if r["paper"] == paper]
            per[paper] = {"comments": len(held), "rules": sum(bool(r["y"][0]) for r in held),
                          "model": sum(top1(model, r) for r in held), "any": sum(bool(r["y"].any()) for r in held)}
    total = {key: sum(p[key] for p in per.values()) for key in ("comments", "rules", "model", "any")}
    return {"papers": per, **total}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", default=str(ROOT / "corpus/revisions.json"))
    ap.add_argument("--cache", help="the corpus cache (default: ~/.cache/redraft/corpus)")
    ap.add_argument("--k", type=int, default=5, help="candidates the model chooses among (the rules' best)")
    ap.add_argument("--no-pages", action="store_true", help="read the drafts without their typeset PDFs' pages")
    ap.add_argument("--write", action="store_true", help=f"fit on every training revision and write {MODEL.name}")
    ap.add_argument("--first-stage-only", action="store_true",
                    help="with --write: drop the shipped second stage (bench.place_round12 --write fits both)")
    args = ap.parse_args()
    if args.write and not args.first_stage_only:
        ap.error("the shipped model has a second stage: refit it with bench.place_round12 --write "
                 "(or pass --first-stage-only to drop it)")
    data = rows(args.corpus, args.cache, args.k, not args.no_pages)
    res = leave_papers_out(data)
    n = res["comments"]
    for paper, p in res["papers"].items():
        print(f"  {paper:28} {p['comments']:3} comments: rules {p['rules']:3}  model {p['model']:3}  top-{args.k} {p['any']:3}")
    print(f"train part, leave-papers-out grouped by repository, {n} answered comments of {len(res['papers'])} "
          f"revisions, k = {args.k}:")
    print(f"  rules' first right {res['rules']} ({100 * res['rules'] / n:.1f} %); the model's first right "
          f"{res['model']} ({100 * res['model'] / n:.1f} %); a right one among the {args.k}: {res['any']} "
          f"({100 * res['any'] / n:.1f} %)")
    if args.write:
        model = fit(data)
        model.meta = {"data": "revisions corpus, training part (hand labels), answered comments",
                      "revisions": sorted(res["papers"]), "comments": n, "k": args.k,
                      "folds": "leave-papers-out grouped by repository",
                      "lopo_top1": {"rules": res["rules"], "model": res["model"], "any": res["any"], "of": n},
                      "fitted_by": "bench.fit_placement"}
        MODEL.parent.mkdir(parents=True, exist_ok=True)
        MODEL.write_text(json.dumps(model.to_dict(), indent=1) + "\n")
        print(f"wrote {MODEL.relative_to(ROOT)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
