"""Cross-paper figures of the default aligner on the two labelled real revisions, from their PDFs:
fitted on one paper, scored on the other. Pins the figures of docs/figures.md (``make figures``).

Re-pinned lower in the reproducibility round (issue #30), for two reasons, neither a regression:
- the int8 encoders now multiply exactly on every CPU (``engine/models/encoders/exact_int8.py``). The old pins
  (cgo18 38.0, icassp20 55.1 F1) were measured on a CPU without VNNI, whose u8 x s8 kernels saturate; a CPU
  with VNNI gave 37.6 / 50.0 on the same commit, and every CPU now gives what this file pins;
- cue words taken from the gold papers' own comments (``engine/align/cues.py``) were removed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.align import make_aligner
from engine.align.fit import cross_paper, paper_features
from engine.align.gold import load_gold

REPO = Path(__file__).resolve().parents[3]
GOLD = [REPO / "tests" / "data" / "cgo18_pdf_align_gold.json", REPO / "tests" / "data" / "icassp20_align_gold.json"]
#: Cross-paper micro-F1 reported (docs/gold-icassp20.md): the test fails 3 points below.
#: Session 23: math15's fix 58 (stray math pieces join their line) reads one display of cgo18's submitted PDF
#: otherwise: cgo18 F1 37.0 -> 36.8, P 42.1 -> 41.6, links that count 44.8 / 30.9 -> 44.9 / 32.0, status agreement
#: 80.0 -> 83.3 (BM25 30.4 -> 31.3).
REPORTED_F1 = {"cgo18": 36.8, "icassp20": 50.0}
#: Cross-paper link precision reported (the issue asks for 50: not reached); the test fails 3 points below.
REPORTED_P = {"cgo18": 41.6, "icassp20": 40.4}
#: Precision and recall of the links that count (p >= status.PARTLY_P: the letter and the report cite them), cross-paper;
#: PARTLY_P was chosen on both papers' statuses, so these are not blind. The test fails 3 points below.
COUNTED = {"cgo18": (44.9, 32.0), "icassp20": (90.9, 34.5)}
#: Share of comments called addressed or partly exactly when the gold has an edit for them (docs/gold-icassp20.md);
#: the test fails 7 points (2 comments) below.
STATUS_AGREEMENT = {"cgo18": 83.3, "icassp20": 79.3}
#: The baseline, hybrid (BM25 + MiniLM) with its threshold tuned on the other paper (33.2 / 31.6 on cgo18's AVX2 diff,
#: before the paragraph matcher counted shared bigrams exactly: session 19, EXTRACTED_TYPES below).
HYBRID_F1 = {"cgo18": 34.4, "icassp20": 32.0}
#: The same figures with the gold comments typed by the comment extractor, as the app types extracted comments
#: (``redraft eval align … --comment-types extracted``); micro P and F1, the test fails 3 points below. icassp20 fell
#: from 50.0 / 56.7 when one false cgo18 pair went (a request to release code no longer links an edit that releases
#: nothing): the threshold fitted on cgo18 moved 0.131 -> 0.084 (docs/gold-icassp20.md, eighth round). cgo18 fell
#: from 35.1 to 31.1 F1 (precision 45.1, up) in the eleventh session, when segmentation began to keep a follow-up with
#: its sentence and a short paragraph as one point: the gold comments took other types, and the threshold fitted
#: without cgo18 is now 0.40 (a fit on one paper of 29 links: read these two rows as +-6). cgo18's row was measured
#: on AVX2 CPUs, where the paragraph matcher undercounted shared bigrams (session 19, engine/revision/match.py): with
#: exact counts cgo18's diff is the same on every CPU (113 edits, as AVX-512 CPUs always read it) and its row is
#: 47.5 / 27.7 (threshold fitted on icassp20 0.456).
EXTRACTED_TYPES = {"cgo18": (47.5, 27.7), "icassp20": (39.2, 50.0)}


@pytest.fixture(scope="module")
def papers(shared_data: Path):
    return [p for g in GOLD for p in load_gold(g, shared_data)]


@pytest.mark.shared_data
def test_gold_labels_are_all_found_in_the_pdf_diffs(papers) -> None:
    assert [p.id for p in papers] == ["cgo18", "icassp20"]
    assert [n for p in papers for n in p.notices] == []
    assert [len(p.comments) for p in papers] == [30, 29]
    assert [sum(len(v) for v in p.gold.values()) for p in papers] == [97, 29]


@pytest.mark.shared_data
def test_cross_paper_micro_f1_of_the_evidence_method(papers) -> None:
    results = {r["test"]: r for r in cross_paper(paper_features(make_aligner("evidence"), papers))}
    assert set(results) == set(REPORTED_F1)
    for paper, figure in REPORTED_F1.items():
        r = results[paper]
        assert r["micro_f1"] >= figure - 3, (paper, r)
        assert r["micro_precision"] >= REPORTED_P[paper] - 3, (paper, r)
        assert r["counted"]["precision"] >= COUNTED[paper][0] - 3 and r["counted"]["recall"] >= COUNTED[paper][1] - 3
        assert r["micro_f1"] > HYBRID_F1[paper], (paper, r)
        assert r["train"] == [p for p in REPORTED_F1 if p != paper]  # never fitted on the paper it is scored on
        counted = r["statuses"]["counts"]
        assert sum(n for row in counted.values() for n in row.values()) == len(
            next(p for p in papers if p.id == paper).comments)
        assert r["statuses"]["agreement"] >= STATUS_AGREEMENT[paper] - 7, (paper, r["statuses"])


@pytest.mark.shared_data
def test_cross_paper_figures_with_the_types_the_extractor_gives(papers) -> None:
    """Gold files carry no comment types; the aligner guesses them from cue words above. In the app a comment has
    the type the extractor gave it, and the aligner reads it (which edits can answer it, which fit it)."""
    from engine.align.gold import with_extracted_types

    typed = with_extracted_types(papers)
    assert sum(bool(c.fine_type) for p in typed for c in p.comments) >= 40  # most gold comments are kept and typed
    results = {r["test"]: r for r in cross_paper(paper_features(make_aligner("evidence"), typed))}
    for paper, (precision, f1) in EXTRACTED_TYPES.items():
        assert results[paper]["micro_precision"] >= precision - 3, (paper, results[paper])
        assert results[paper]["micro_f1"] >= f1 - 3, (paper, results[paper])
