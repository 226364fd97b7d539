"""How the ``evidence`` aligner's link rule was chosen: on cgo18 only, by leave-one-reviewer-out (LORO: Platt
scaling, cap and threshold fitted on the other reviewers' comments), then scored held out on icassp20 (fitted
on all of cgo18) and the other way round. Prints one row per variant; docs/gold-icassp20.md quotes them.

Variants: the specific-evidence gate (``evidence.specific``: place, named reference, quote, or changed-word
BM25 at least ``share`` of the comment's best, here also at least ``raw`` BM25, a floor that was tried and not
kept) and the caps the fit may pick. The mix and features are fixed (``evidence.MIX``).

    .venv/bin/python -m bench.choose_evidence [--data ../shared/data]
"""

from __future__ import annotations

import argparse
from pathlib import Path

from bench.shared_data import shared_data_folder

REPO = Path(__file__).resolve().parents[1]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--data", default=str(shared_data_folder()))
    args = parser.parse_args()
    import engine.align.evidence as ev
    from engine.align import make_aligner
    from engine.align.bm25 import bm25_matrix
    from engine.align.calibrate import Scored, calibrate_threshold, predictions
    from engine.align.fit import PaperFeatures, fit_platt, paper_features
    from engine.align.gold import load_gold
    from engine.metrics.alignment import micro_prf
    from engine.revision.intent import changed_sides

    ev.SPECIFIC_CHANGED = 0.0  # features with no gate; the gates are applied below
    papers = [p for g in ("cgo18_pdf_align_gold.json", "icassp20_align_gold.json")
              for p in load_gold(REPO / "tests" / "data" / g, args.data)]
    feats = paper_features(make_aligner("evidence"), papers)
    raw = {pf.paper.id: bm25_matrix([c.full_text for c in pf.paper.comments],
                                    [" ".join(changed_sides(e)) for e in pf.paper.diff.edits if e.id in pf.edit_ids])
           for pf in feats}

    def gated(pf: PaperFeatures, rows: list[int], share: float, floor: float) -> PaperFeatures:
        f, r = pf.features[rows], raw[pf.paper.id][rows]
        keep = (f[..., 3] > 0) | (f[..., 4] > 0) | (f[..., 5] > 0) | ((f[..., 1] >= share) & (r >= floor))
        paper = pf.paper
        comments = [paper.comments[i] for i in rows]
        sub = type(paper)(**{**paper.__dict__, "comments": comments})
        return PaperFeatures(sub, pf.edit_ids, f, pf.allowed[rows] & keep, pf.labels[rows])

    def fitted(train: list[PaperFeatures], caps: tuple[int, ...]) -> tuple[float, float, float, int]:
        a, b = fit_platt(train)
        items = [Scored([c.id for c in t.paper.comments], t.edit_ids,
                        ev.probabilities(t.features, t.allowed, ev.MIX, a, b), t.paper.gold) for t in train]
        (t, _), cap = max(((calibrate_threshold(items, c), c) for c in caps), key=lambda x: (x[0][1], -x[1]))
        return a, b, t, cap

    def predict(test: PaperFeatures, model: tuple[float, float, float, int]) -> dict[str, set[str]]:
        a, b, t, cap = model
        s = Scored([c.id for c in test.paper.comments], test.edit_ids,
                   ev.probabilities(test.features, test.allowed, ev.MIX, a, b), test.paper.gold)
        return predictions([s], t, cap)

    def prf(paper_gold: dict[str, set[str]], pred: dict[str, set[str]]) -> str:
        m = micro_prf({c: paper_gold.get(c, set()) for c in pred}, pred)
        return f"{100 * m.precision:.1f}/{100 * m.recall:.1f}/{100 * m.f1:.1f}"

    cgo, icassp = feats
    every = {pf.paper.id: list(range(len(pf.paper.comments))) for pf in feats}
    print("variant                         cgo18 LORO P/R/F1   cgo18->icassp20     icassp20->cgo18")
    for share, floor in ((0.0, 0.0), (0.3, 0.0), (0.4, 0.0), (0.5, 0.0), (0.6, 0.0), (0.5, 1.0), (0.5, 2.0),
                         (0.5, 3.0), (0.5, 4.0), (0.5, 5.0)):
        for caps in ((3, 5), (1, 2, 3)):
            pred: dict[str, set[str]] = {}
            reviewers = sorted({c.reviewer for c in cgo.paper.comments})
            for r in reviewers:
                held = [i for i, c in enumerate(cgo.paper.comments) if c.reviewer == r]
                rest = [i for i, c in enumerate(cgo.paper.comments) if c.reviewer != r]
                pred.update(predict(gated(cgo, held, share, floor),
                                    fitted([gated(cgo, rest, share, floor)], caps)))
            g_c, g_i = gated(cgo, every["cgo18"], share, floor), gated(icassp, every["icassp20"], share, floor)
            name = "no gate" if share <= 0 else f"share>={share} raw>={floor}"
            print(f"{name:22s} caps {caps!s:9s} {prf(cgo.paper.gold, pred):19s} "
                  f"{prf(icassp.paper.gold, predict(g_i, fitted([g_c], caps))):19s} "
                  f"{prf(cgo.paper.gold, predict(g_c, fitted([g_i], caps)))}")


if __name__ == "__main__":
    main()
