"""Reliability diagram of the ``learned`` aligner's link probabilities, leave-papers-out on the corpus's training part.

    .venv/bin/python -m bench.reliability_align [--cache DIR] [--out docs/align-reliability.png]

Each training paper's pairs are scored by the model fitted on the other training papers (``engine.align.learn``);
pairs with a probability above 0 are binned (width 0.1): mean probability against the share that are links (hand
labels). Prints the table and draws it (PyMuPDF, no plotting library needed). The checked part is not read.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from engine.align.corpus_eval import reliability
from engine.align.learn import iter_paper_pairs, leave_papers_out, scored
from engine.cli.eval_align_corpus import corpus_papers
from engine.jobs import run_job

REPO = Path(__file__).resolve().parents[1]


def draw(rows: list[dict], out: Path, title: str) -> None:
    import pymupdf

    size, margin = 360, 50
    doc = pymupdf.open()
    page = doc.new_page(width=size + 2 * margin, height=size + 2 * margin)

    def xy(px: float, py: float) -> pymupdf.Point:
        return pymupdf.Point(margin + px * size, margin + (1 - py) * size)

    page.draw_rect(pymupdf.Rect(margin, margin, margin + size, margin + size), color=(0, 0, 0), width=0.8)
    page.draw_line(xy(0, 0), xy(1, 1), color=(0.6, 0.6, 0.6), dashes="[4] 0")
    total = max(r["pairs"] for r in rows)
    for r in rows:  # a bar per bin: the observed share, its width saying how many pairs
        w = 0.1 * (0.3 + 0.7 * r["pairs"] / total)
        page.draw_rect(pymupdf.Rect(xy(r["mean_p"] - w / 2, r["observed"]), xy(r["mean_p"] + w / 2, 0)),
                       color=(0.2, 0.4, 0.8), fill=(0.7, 0.8, 0.95), width=0.5)
        page.insert_text(xy(r["mean_p"] - 0.03, r["observed"]) + (0, -3), str(r["pairs"]), fontsize=7)
    for k in range(0, 11, 2):
        page.insert_text(xy(k / 10, 0) + (-6, 14), f"{k / 10:.1f}", fontsize=8)
        page.insert_text(xy(0, k / 10) + (-26, 3), f"{k / 10:.1f}", fontsize=8)
    page.insert_text(pymupdf.Point(margin, margin - 20), title, fontsize=9)
    page.insert_text(xy(0.3, 0) + (0, 32), "mean predicted probability (bin)", fontsize=8)
    page.insert_text(xy(0, 0.25) + (-40, 0), "share that are links", fontsize=8, rotate=90)
    page.get_pixmap(dpi=144).save(str(out))


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="python -m bench.reliability_align")
    ap.add_argument("--corpus", default=str(REPO / "corpus" / "revisions.json"))
    ap.add_argument("--cache")
    ap.add_argument("--out", default=str(REPO / "docs" / "align-reliability.png"))
    args = ap.parse_args(argv)
    pairs = run_job(iter_paper_pairs(corpus_papers(args.corpus, args.cache, "train")))
    rows = reliability([scored(pp, m) for pp, m in leave_papers_out(pairs)])
    print("bin   mean p  observed  pairs")
    for r in rows:
        print(f"{r['bin']:.1f}   {r['mean_p']:.3f}   {r['observed']:.3f}    {r['pairs']}")
    draw(rows, Path(args.out), "learned aligner, leave-papers-out on the training part (hand labels)")
    print(f"wrote {args.out}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
