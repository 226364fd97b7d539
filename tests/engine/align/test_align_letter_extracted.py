"""Session 27's measurement of the letter on the engine's own comments (``bench.measure_letter_extracted``): an
extracted comment's gold from the labels' lines, found and U counted per gold comment, the why-classes, the folds'
answered models scoring other comments in a revision's place, and FB's A0 comments chosen by the caller."""

from __future__ import annotations

import json
from dataclasses import replace
from types import SimpleNamespace

import numpy as np

from bench.measure_letter_extracted import counts, gold_of, klass
from engine.align.letter import Answer
from engine.reviews.model import ReviewComment


def _c(cid: str, text: str, context: str = "") -> ReviewComment:
    return ReviewComment(id=cid, reviewer="Reviewer 1", text=text, context=context)


def test_an_extracted_comment_takes_the_gold_comments_whose_words_it_holds(tmp_path) -> None:
    (tmp_path / "rev").mkdir()
    (tmp_path / "rev" / "reviews.md").write_text(
        "# Reviewer 1\nThe variance estimator ignores correlated samples between adjacent windows.\n"
        "Please report runtime measurements against the baseline solver.\nNice paper overall.\n")
    (tmp_path / "labels").mkdir()
    (tmp_path / "labels" / "rev.json").write_text(json.dumps({"comments": [
        {"id": "R1.1", "lines": [2, 2]}, {"id": "R1.2", "lines": [3, 3]}]}))
    pp = SimpleNamespace(paper=SimpleNamespace(id="rev"))
    cut = [_c("a", "The variance estimator ignores them."),  # 4 of 9 words: under 60 %
           _c("b", "between adjacent windows.", "The variance estimator ignores correlated samples"),  # with context
           _c("c", "Please report runtime measurements against the baseline solver. Nice paper overall."),
           _c("d", "Nice paper overall.")]
    assert gold_of(pp, tmp_path, tmp_path / "labels", cut) == [[], ["rev/R1.1"], ["rev/R1.2"], []]


def test_found_and_u_count_gold_comments_and_wrong_addressed_counts_extracted_calls() -> None:
    gold = SimpleNamespace(id="r", comments=[_c("r/1", "x"), _c("r/2", "y"), _c("r/3", "z")], gold={"r/1": {"e1"}})
    xp = SimpleNamespace(paper=SimpleNamespace(id="r#x", comments=[_c("r#x/a", "x"), _c("r#x/b", "x"),
                                                                   _c("r#x/c", "y"), _c("r#x/d", "w")],
                                               gold={"r#x/a": {"e1"}, "r#x/b": {"e1"}}))
    matched = {"r": {"r#x/a": ["r/1"], "r#x/b": ["r/1"], "r#x/c": ["r/2"], "r#x/d": []}}
    st = {"r#x/a": "not", "r#x/b": "partly", "r#x/c": "addressed", "r#x/d": "addressed"}
    got = counts([(SimpleNamespace(paper=gold),)], {"r": xp}, matched, st)["r"]
    # r/1 found through b; r/2 (unanswered) flagged through c; r/3 matched by none; c and d: wrong "addressed"
    assert got == {"answered": 1, "found": 1, "unanswered": 2, "flagged": 1, "unmatched": 1, "addressed": 2,
                   "wrong": 2}
    st["r#x/b"] = "not"
    assert counts([(SimpleNamespace(paper=gold),)], {"r": xp}, matched, st)["r"]["found"] == 0


def test_each_answered_comment_falls_in_one_class() -> None:
    refs = {"r/1": {"added", "proof", "lemma", "appendix"}}
    right = Answer((0, 4), "We added the proof of the lemma in the appendix.", 1.0)
    other = Answer((0, 4), "We thank the reviewer; the typo is fixed.", 1.0)
    assert klass(None, ["r/1"], refs) == "no answer"
    assert klass(Answer((0, 4), "", 1.0), ["r/1"], refs) == "empty answer"
    assert klass(other, ["r/1"], refs) == "another comment's answer"
    assert klass(right, ["r/1"], refs) == "change stated"
    assert klass(other, ["r/2"], refs) == "change stated"  # no reference reply: unchecked ("is fixed" states one)
    assert klass(Answer((0, 4), "The lemma's proof in the appendix stands.", 1.0), ["r/1"],
                 refs) == "no change stated"


def test_the_folds_models_score_other_comments_in_a_revisions_place() -> None:
    from bench.measure_answered_rank import run
    from bench.measure_letter_fallback import fallback
    from engine.align.learn import scored
    from engine.align.learn_answered import answered_rows
    from tests.engine.align.test_align_partly_band import _folds

    fitted, _ = _folds()
    pp, m, a, _ = fitted[0]
    keep = slice(0, 4)
    paper = replace(pp.paper, id=f"{pp.paper.id}#x", comments=pp.paper.comments[keep], group=pp.paper.id)
    xp = replace(pp, paper=paper, evidence=pp.evidence[keep], allowed=pp.allowed[keep], x=pp.x[keep],
                 mask=pp.mask[keep], labels=pp.labels[keep])
    got = run(fitted, "A0", False, set(), held_out={pp.paper.id: xp})
    assert list(got["probs"]) == [xp.paper.id]  # only the revisions given are scored, under their own ids
    assert np.array_equal(got["probs"][xp.paper.id], a.probabilities(answered_rows(xp, scored(xp, m).matrix,
                                                                                    m.threshold)[0]))
    other = {"bands": got["bands"], "probs": {xp.paper.id: np.ones(4, dtype=np.float32)}}
    mixed = fallback([(xp, m, a, None)], got, other, lambda rid: np.array([True, False, True, False]))
    p = mixed["probs"][xp.paper.id]
    assert p[1] == p[3] == 1.0 and p[0] < 1.0 and p[2] < 1.0  # the chosen comments read the first run
