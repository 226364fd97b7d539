"""``redraft eval extract MANIFEST [--cache DIR] [--part dev|test] [--papers] [--json]``:
the PDF reader against each paper's LaTeX source, per document class.

The manifest is ``corpus/layouts.json`` (or one like it): papers with an ``id``, a
``class``, a ``main`` file and a ``part``. The cache is what ``python -m
corpus.build_layouts`` wrote: ``ID.pdf`` and the source under ``ID/src``. For each class,
and pooled over all: body recall (the LaTeX body paragraphs found among the PDF's at
threshold 0.9), the share of found paragraphs the PDF reader labelled body, and the
section and subsection headings found as headings (``engine.document.layout_scores``).
A paper whose PDF is not in the cache is listed as skipped.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

from engine.cli.common import print_json
from engine.errors import InputError, RedraftError
from engine.jsontext import parse_json

PARTS = ("dev", "test", "all")


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("extract", help="score PDF reading against LaTeX sources, per document class")
    p.add_argument("manifest", help="layouts manifest (corpus/layouts.json)")
    p.add_argument("--cache", default=None,
                   help="folder the corpus was built into (default $REDRAFT_LAYOUTS or ~/.cache/redraft/layouts)")
    p.add_argument("--part", choices=PARTS, default="dev", help="which part of the manifest (default: dev)")
    p.add_argument("--threshold", type=float, default=0.9, help="paragraph match threshold (default 0.9)")
    p.add_argument("--papers", action="store_true", help="also print one row per paper")
    p.add_argument("--json", action="store_true", help="print the rows as JSON")
    p.set_defaults(func=run)


def default_cache() -> Path:
    return Path(os.environ.get("REDRAFT_LAYOUTS") or Path.home() / ".cache" / "redraft" / "layouts")


def read_manifest(path: str) -> list[dict]:
    file = Path(path)
    if not file.is_file():
        raise InputError(f"no such file: {path}")
    try:
        data = parse_json(file.read_text(encoding="utf-8"), path)
    except UnicodeDecodeError:
        raise InputError(f"{path} is not UTF-8 text") from None
    papers = data.get("papers") if isinstance(data, dict) else None
    if not isinstance(papers, list) or not all(isinstance(p, dict) for p in papers):
        raise InputError(f"{path} is not a layouts manifest (no list of papers)")
    for i, paper in enumerate(papers):
        missing = [k for k in ("id", "class", "main", "part") if not isinstance(paper.get(k), str)]
        if missing:
            raise InputError(f"{path}: paper {i + 1} lacks {', '.join(missing)}")
    return papers


def score_paper(paper: dict, cache: Path, threshold: float):
    from engine.document.latex.load import load_latex
    from engine.document.layout_scores import layout_score
    from engine.document.pdf.load import load_pdf

    pdf = cache / f"{paper['id']}.pdf"
    source = cache / paper["id"] / "src" / paper["main"]
    if not pdf.is_file() or not source.is_file():
        return None
    return layout_score(load_latex(source), load_pdf(pdf), threshold)


def run(args: argparse.Namespace) -> int:
    from engine.document.layout_scores import LayoutScore

    papers = read_manifest(args.manifest)
    if args.part != "all":
        papers = [p for p in papers if p["part"] == args.part]
    if not papers:
        raise InputError(f"no papers in part {args.part!r} of {args.manifest}")
    cache = Path(args.cache) if args.cache else default_cache()
    if not cache.is_dir():
        raise InputError(f"no corpus cache at {cache}; build it with python -m corpus.build_layouts")
    by_class: dict[str, LayoutScore] = {}
    per_paper: list[tuple[dict, LayoutScore]] = []
    skipped: list[str] = []
    for paper in papers:
        try:
            score = score_paper(paper, cache, args.threshold)
        except RedraftError as err:
            skipped.append(f"{paper['id']} ({err})")
            continue
        if score is None:
            skipped.append(f"{paper['id']} (not built)")
            continue
        per_paper.append((paper, score))
        by_class[paper["class"]] = by_class.get(paper["class"], LayoutScore()) + score
    if not per_paper:
        raise InputError(f"none of the {len(papers)} papers is built in {cache}")
    pooled = sum(by_class.values(), LayoutScore())
    rows = [(name, by_class[name]) for name in sorted(by_class)] + [("pooled", pooled)]
    if args.json:
        print_json({
            "part": args.part, "threshold": args.threshold, "skipped": skipped,
            "classes": {name: s.to_dict() for name, s in rows},
            **({"papers": {p["id"]: s.to_dict() for p, s in per_paper}} if args.papers else {}),
        })
        return 0
    print(f"part {args.part}, threshold {args.threshold}: {len(per_paper)} papers, {len(skipped)} skipped")
    _table(rows)
    if args.papers:
        print()
        _table([(f"{p['class']}/{p['id']}", s) for p, s in per_paper])
    for line in skipped:
        print(f"skipped: {line}")
    return 0


def _table(rows: list) -> None:
    width = max(12, *(len(name) for name, _ in rows))
    print(f"{'class':<{width}} {'papers':>6} {'body':>6} {'found':>7} {'recall':>7} {'as body':>8} {'headings':>9} {'found':>7}")
    for name, s in rows:
        print(f"{name:<{width}} {s.papers:>6} {s.body_total:>6} {s.body_found:>7} {100 * s.body_recall:>6.1f}% "
              f"{100 * s.labelled_body:>7.1f}% {s.headings_total:>9} {100 * s.heading_recall:>6.1f}%")
