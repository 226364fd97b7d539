"""Where a comment applies in the draft: hit@1 and hit@3 of ``localize`` on the alignment gold sets
(cgo18 from LaTeX, cgo18 and icassp20 from the PDFs; pass gold files to choose).

A comment's true place is taken to be the draft paragraphs its gold edits
rewrote (edits that only add text have no draft paragraph and are skipped), so
this measures whether the located paragraphs are the ones the authors changed.

    .venv/bin/python -m bench.measure_localize [--data ../shared/data] [GOLD ...]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.shared_data import shared_data_folder

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(shared_data_folder()))
    parser.add_argument("gold", nargs="*", default=[str(REPO / "tests" / "data" / g) for g in (
        "cgo18_align_gold.json", "cgo18_pdf_align_gold.json", "icassp20_align_gold.json")])
    args = parser.parse_args()
    import engine.align.localize as localize_module
    from engine.align.gold import load_gold
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    for gold in args.gold:
        print(Path(gold).name)
        measure(localize_module, load_gold(gold, args.data), encoder)


def measure(localize_module, papers, encoder) -> None:
    shipped = localize_module.REFERENCE_BOOST
    for boost in (shipped, 0.0):
        localize_module.REFERENCE_BOOST = boost
        for lexical in (True, False):
            hits1 = hits3 = n = 0
            for paper in papers:
                edits = {e.id: e for e in paper.diff.edits}
                located = {loc.comment_id: [pid for pid, _ in loc.paragraphs] for loc in localize_module.localize(
                    paper.comments, paper.diff.old, encoder, top_k=3, lexical_only=lexical)}
                for c in paper.comments:
                    truth = {pid for eid in paper.gold.get(c.id, ()) if eid in edits for pid in edits[eid].source_ids}
                    if not truth:
                        continue
                    n += 1
                    hits1 += bool(located[c.id]) and located[c.id][0] in truth
                    hits3 += bool(set(located[c.id][:3]) & truth)
            method = "BM25" if lexical else f"BM25 + {encoder.name} ({getattr(encoder, 'precision', 'fp32')})"
            print(f"{method:<40} reference boost {boost}: {n} comments, hit@1 {hits1 / n:.3f}, hit@3 {hits3 / n:.3f}")
    localize_module.REFERENCE_BOOST = shipped


if __name__ == "__main__":
    main()
