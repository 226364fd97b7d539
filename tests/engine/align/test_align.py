"""Aligners on the demo revision (real documents, real BM25 and MiniLM), calibration and gold matching."""

from __future__ import annotations

import numpy as np
import pytest

from engine.align import make_aligner
from engine.align.base import candidate_edits
from engine.align.calibrate import Scored, calibrate_threshold
from engine.align.gold import rematch
from engine.align.localize import localize, references
from engine.align.text import edit_text
from engine.document import load_document
from engine.errors import InputError
from engine.resources import resource
from engine.revision import diff_documents
from engine.reviews import extract_comments, parse_reviews

#: What draft_v2 did about each demo comment (read from the diff by hand).
DEMO_TOP = {"R1.1": {"e0004", "e0008", "e0009"}, "R1.3": {"e0007"}, "R1.4": {"e0005"}, "R2.1": {"e0001", "e0008", "e0012"}}


@pytest.fixture(scope="module")
def demo():
    old = load_document(str(resource("demo", "draft_v1.md")))
    new = load_document(str(resource("demo", "draft_v2.md")))
    comments = extract_comments(parse_reviews(resource("demo", "reviews.md").read_text(encoding="utf-8")))
    return diff_documents(old, new), comments


def _top(alignment) -> str:
    return max(alignment.scores, key=alignment.scores.get)


@pytest.mark.parametrize("method", ["bm25", "embed", "hybrid"])
def test_best_scored_edit_is_the_one_that_addresses_the_comment(demo, method: str) -> None:
    diff, comments = demo
    alignments = make_aligner(method).align(comments, diff)
    candidates = {e.id for e in candidate_edits(diff)}
    assert [a.comment_id for a in alignments] == [c.id for c in comments]
    for a in alignments:
        assert set(a.scores) == candidates  # every candidate scored, so thresholds can be tuned
        assert set(a.edit_ids) <= candidates and len(a.edit_ids) <= 5
    by_id = {a.comment_id: a for a in alignments}
    for cid, right in DEMO_TOP.items():
        assert _top(by_id[cid]) in right, (method, cid, by_id[cid].scores)


def test_threshold_decides_and_json_shape(demo) -> None:
    diff, comments = demo
    loose = make_aligner("bm25", threshold=0.0, max_edits=2).align(comments, diff)
    strict = make_aligner("bm25", threshold=1e9).align(comments, diff)
    assert all(len(a.edit_ids) == 2 for a in loose)
    assert all(a.edit_ids == [] for a in strict)
    d = loose[0].to_dict()
    assert set(d) == {"comment_id", "edit_ids", "scores"} and d["edit_ids"][0] == _top(loose[0])


def test_edit_forms(demo) -> None:
    diff, _ = demo
    e = diff.edit("e0005")
    assert edit_text(e, "added") == ", which we found better calibrated than the entropy of the distribution"
    assert "[+, which we found" in edit_text(e, "diff")
    assert edit_text(e, "target") == e.target_text


def test_unknown_method_is_an_input_error() -> None:
    with pytest.raises(InputError, match="unknown alignment method"):
        make_aligner("magic")


def test_localize_points_at_the_old_paragraph(demo) -> None:
    diff, comments = demo
    locations = {loc.comment_id: loc for loc in localize(comments, diff.old, top_k=2)}
    weights = locations["R1.3"].paragraphs[0][0]
    assert "loss" in diff.old.paragraph(weights).text
    assert "maximum posterior" in diff.old.paragraph(locations["R1.4"].paragraphs[0][0]).text
    assert all(len(loc.paragraphs) == 2 for loc in locations.values())


def test_localize_follows_the_section_figure_or_table_a_comment_names() -> None:
    from engine.document.model import Document, Paragraph, ParagraphKind
    from engine.reviews.model import ReviewComment

    def para(pid, text, section, kind=ParagraphKind.BODY):
        return Paragraph(id=pid, text=text, section=section, kind=kind)

    doc = Document(title="t", paragraphs=[
        para("p1", "We reduce latency by skipping layers for easy frames.", ("Abstract",)),
        para("p2", "Latency matters on phones; skipping layers reduces latency and energy.", ("1 Introduction",)),
        para("p3", "Table 2 lists latency on the phone for every threshold.", ("4 Evaluation", "4.2 Latency")),
        para("p4", "Table 2: Latency per threshold on a Pixel phone.", ("4 Evaluation", "4.2 Latency"),
             ParagraphKind.CAPTION),
        para("p5", "Figure 3 plots the error rate against the computation saved.", ("4 Evaluation",)),
        para("p6", "Our references are listed below.", ("References",), ParagraphKind.REFERENCE),
    ])

    def top(text, lexical_only=True):
        comment = ReviewComment(id="c", reviewer="R", text=text)
        return [pid for pid, _ in localize([comment], doc, top_k=2, lexical_only=lexical_only)[0].paragraphs]

    assert top("The abstract should quantify the latency gain.")[0] == "p1"
    assert top("The introduction should say why latency matters.")[0] == "p2"
    assert top("In Section 4.2, which phone was used for the latency numbers?")[0] in ("p3", "p4")
    assert top("Tab. 2 should also give the energy per threshold.")[0] == "p4"  # the caption first
    assert top("Please explain the skipped layers.") == ["p1", "p2"]  # no reference: text similarity alone
    assert "p6" not in top("Our references")  # reference lists are not candidates
    assert top("completely unrelated words like banana") == []
    assert top("The abstract should quantify the latency gain.", lexical_only=False)[0] == "p1"
    assert references("In Section 4.2 and Sec. 3; Figure 3, figs 4 and Tab. 2; the results section")[1:] == (
        {"4.2", "3"}, {("figure", "3"), ("figure", "4"), ("table", "2")})
    assert references("the results section; in this section")[0] == {"result"}
    assert references("The method is unclear and the results are weak.") == (set(), set(), set())


def test_calibration_maximises_micro_f1() -> None:
    matrix = np.array([[0.9, 0.2, 0.6], [0.1, 0.8, 0.3]], dtype=np.float32)
    scored = [Scored(["c1", "c2"], ["e1", "e2", "e3"], matrix, {"c1": {"e1"}, "c2": {"e2", "e3"}})]
    t, f1 = calibrate_threshold(scored)
    # thresholds 0.3 (all four true pairs plus (c1,e3): P 3/4... ) vs 0.8 (two right, one missed): best is 0.3
    assert t == pytest.approx(0.3) and f1 == pytest.approx(2 * 0.75 * 1.0 / 1.75)
    t_recall, _ = calibrate_threshold(scored, min_recall=0.6)
    assert t_recall == pytest.approx(0.8)


def test_calibration_counts_as_predictions_do() -> None:
    """The threshold and F1 found by counting every threshold at once are those of the links ``predictions`` shows
    (ties, caps, comments left out by ``keep``, gold edits outside the candidates)."""
    from engine.align.calibrate import candidate_thresholds, predictions
    from engine.metrics.alignment import micro_prf

    rng = np.random.default_rng(0)
    for trial in range(6):
        items = []
        for p in range(3):
            m = np.round(rng.random((7, 9)) * rng.integers(2, 6, size=(7, 1)), 1) / 5  # ties within rows
            m[rng.random(m.shape) < 0.4] = 0.0
            eids = [f"e{j}" for j in range(9)]
            gold = {f"p{p}c{i}": {f"e{j}" for j in range(9) if rng.random() < 0.2} | ({"gone"} if i == 3 else set())
                    for i in range(7)}
            items.append(Scored(list(gold), eids, m.astype(np.float32), gold))
        keep = {f"p{p}c{i}" for p in range(3) for i in range(0, 7, 2)} if trial % 2 else None
        for cap in (None, 1, 3):
            gold = {cid: s.gold[cid] for s in items for cid in s.comment_ids if keep is None or cid in keep}
            f1s = [(micro_prf(gold, predictions(items, t, cap, keep)).f1, t) for t in candidate_thresholds(items)]
            best = max(f1 for f1, _ in f1s)
            t, f1 = calibrate_threshold(items, cap, keep)
            assert f1 == pytest.approx(best) and t == max(t for f, t in f1s if f == pytest.approx(best))


def test_gold_labels_rematch_when_ids_shift(demo) -> None:
    diff, _ = demo
    edits = candidate_edits(diff)
    e = diff.edit("e0007")
    label = {"id": "e0099", "source_snippet": "", "target_snippet": " ".join(e.target_text.split())[:100]}
    assert rematch(label, edits) == "e0007"
    assert rematch({"id": "e0007", "target_snippet": "nothing like this"}, edits) is None


def test_bm25_matrix_scores_as_bm25s_does(demo) -> None:
    """Our BM25 (only the query terms get weight columns) against bm25s's Lucene scorer on the same tokens."""
    import bm25s

    from engine.align.bm25 import bm25_matrix
    from engine.align.text import tokens

    diff, comments = demo
    docs = [edit_text(e) for e in candidate_edits(diff)]
    queries = [c.full_text for c in comments]
    ours = bm25_matrix(queries, docs)
    doc_tokens = [tokens(d) for d in docs]
    vocab = {t: k for k, t in enumerate(dict.fromkeys(t for d in doc_tokens for t in d))}
    retriever = bm25s.BM25(method="lucene", k1=1.2, b=0.75)
    retriever.index(bm25s.tokenization.Tokenized(ids=[[vocab[t] for t in d] for d in doc_tokens], vocab=vocab),
                    show_progress=False)
    theirs = np.stack([retriever.get_scores([t for t in tokens(q) if t in vocab]) for q in queries])
    assert ours.shape == (len(queries), len(docs)) and ours.max() > 0
    np.testing.assert_allclose(ours, theirs, rtol=1e-4, atol=1e-4)
