"""Reliability diagrams of the ``learned`` aligner, leave-papers-out on the corpus's training part: its link
probabilities and its comments' answered-at-all probabilities (the statuses').

    .venv/bin/python -m bench.reliability_align [--cache DIR] [--out docs/align-reliability.png]
        [--answered-out docs/align-answered-reliability.png] [--folds FOLDS.pkl]

Each training paper is scored by the models fitted on the other training papers (``engine.align.learn``): pairs
with a link probability above 0 are binned (width 0.1), mean probability against the share that are links; comments
by their answered-at-all probability, against the share the revision answered (hand labels). Prints the tables and
draws them (PyMuPDF, no plotting library needed), the shipped answered model's bands marked on its diagram.
``--folds``: the grouped folds a bench kept (``bench.measure_partly_band``'s ``folds-L0.pkl``: the 86 training
revisions, folds by repository, as ``redraft eval align --part train``) instead of fitting them again. The checked
part is not read.
"""

from __future__ import annotations

import argparse
import pickle
import sys
from dataclasses import replace
from pathlib import Path

from engine.align.answered import shipped_answered
from engine.align.corpus_eval import answered_reliability, reliability
from engine.align.learn import iter_paper_pairs, leave_papers_out, scored
from engine.align.learn_answered import scored_answered
from engine.cli.eval_align_corpus import corpus_papers
from engine.jobs import run_job

REPO = Path(__file__).resolve().parents[1]


def draw(rows: list[dict], out: Path, title: str, unit: str = "pairs", ylabel: str = "share that are links",
         marks: dict[str, float] | None = None) -> None:
    """The diagram as a PNG; ``marks``: vertical lines at these probabilities, named (a model's bands)."""
    import pymupdf

    size, margin = 360, 50
    doc = pymupdf.open()
    page = doc.new_page(width=size + 2 * margin, height=size + 2 * margin)

    def xy(px: float, py: float) -> pymupdf.Point:
        return pymupdf.Point(margin + px * size, margin + (1 - py) * size)

    page.draw_rect(pymupdf.Rect(margin, margin, margin + size, margin + size), color=(0, 0, 0), width=0.8)
    page.draw_line(xy(0, 0), xy(1, 1), color=(0.6, 0.6, 0.6), dashes="[4] 0")
    total = max(r[unit] for r in rows)
    for r in rows:  # a bar per bin: the observed share, its width saying how many pairs
        w = 0.1 * (0.3 + 0.7 * r[unit] / total)
        page.draw_rect(pymupdf.Rect(xy(r["mean_p"] - w / 2, r["observed"]), xy(r["mean_p"] + w / 2, 0)),
                       color=(0.2, 0.4, 0.8), fill=(0.7, 0.8, 0.95), width=0.5)
        page.insert_text(xy(r["mean_p"] - 0.03, r["observed"]) + (0, -3), str(r[unit]), fontsize=7)
    for k in range(0, 11, 2):
        page.insert_text(xy(k / 10, 0) + (-6, 14), f"{k / 10:.1f}", fontsize=8)
        page.insert_text(xy(0, k / 10) + (-26, 3), f"{k / 10:.1f}", fontsize=8)
    for k, (name, x) in enumerate(sorted((marks or {}).items(), key=lambda m: m[1])):
        page.draw_line(xy(x, 0), xy(x, 1), color=(0.8, 0.3, 0.1), width=0.7)
        page.insert_text(xy(x, 0.97 - 0.05 * k) + (-64, 0), f"{name} {x:.3f}", fontsize=7, color=(0.8, 0.3, 0.1))
    page.insert_text(pymupdf.Point(margin, margin - 20), title, fontsize=9)
    page.insert_text(xy(0.3, 0) + (0, 32), "mean predicted probability (bin)", fontsize=8)
    page.insert_text(xy(0, 0.25) + (-40, 0), ylabel, fontsize=8, rotate=90)
    page.get_pixmap(dpi=144).save(str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.reliability_align")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--out", default=str(REPO / "docs" / "align-reliability.png"))
    ap.add_argument("--answered-out", default=str(REPO / "docs" / "align-answered-reliability.png"))
    ap.add_argument("--folds", help="grouped folds kept by a bench (pickle of (pairs, link, answered, ...))")
    args = ap.parse_args(argv)
    if args.folds and not Path(args.folds).is_file():
        print(f"error: no such folds file: {args.folds}", file=sys.stderr)
        return 2
    if args.folds:
        fitted = [f[:3] for f in pickle.loads(Path(args.folds).read_bytes())]
    else:
        fitted = leave_papers_out(run_job(iter_paper_pairs(corpus_papers(args.corpus, args.cache, "train"))))
    items = []
    for pp, m, a in fitted:
        s = scored(pp, m)
        items.append(replace(s, answered=scored_answered(pp, s.matrix, m.threshold, a)))
    bands = shipped_answered().bands
    marks = {"partly": bands["partly"], "addressed": bands["addressed"]}
    for rows, unit, out, title, ylabel, at in (
            (reliability(items), "pairs", args.out, "learned: link probabilities", "share that are links",
             None),
            (answered_reliability(items), "comments", args.answered_out, "learned: answered-at-all "
             "probabilities", "share answered by an edit", marks)):
        print(f"bin   mean p  observed  {unit}")
        for r in rows:
            print(f"{r['bin']:.1f}   {r['mean_p']:.3f}   {r['observed']:.3f}    {r[unit]}")
        draw(rows, Path(out), title + f", grouped leave-papers-out, {len(fitted)} training revisions", unit, ylabel,
             at)
        print(f"wrote {out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
