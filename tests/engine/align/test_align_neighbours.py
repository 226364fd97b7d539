"""A linked edit's neighbours (engine.align.neighbours, issue 32, session 31): hand-made rows, the shipped factor,
and the learned aligner on a small built revision in invented words (real encoders)."""

from __future__ import annotations

import json
from types import SimpleNamespace

import numpy as np
import pytest

from engine.align import make_aligner
from engine.align.neighbours import REASON, at_least, neighbour_links, next_to, shipped, shipped_factor
from engine.align.status import LINK_P, assess_alignment
from engine.revision import Edit, EditType, diff_documents
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import doc_of


def edit(eid: str, section: str = "Zorbing") -> Edit:
    return Edit(id=eid, type=EditType.MINOR, source_ids=(), target_ids=(), source_text="", target_text="",
                section=section)


def test_next_to_is_one_unit_apart_in_one_section_counting_unchanged_units() -> None:
    units = [edit("e1"), edit("e2"), edit("e3"), edit("e4", "Quibbles"), edit("e5"), edit("e6")]
    changed = [units[k] for k in (0, 1, 3, 4)]  # e3 and e6 unchanged: not candidates
    near = next_to(changed, SimpleNamespace(edits=units))
    assert near[0, 1] and near[1, 0]  # e1, e2
    assert not near[1, 3]  # e2 and e5: e3 lies between
    assert not near[2, 3]  # e4 is in another section
    assert not near.diagonal().any()
    assert next_to(changed, None)[1, 2] is np.False_  # without a diff: the candidates' order, sections still count


def rows(probs, raw, mask=None):
    probs, raw = np.asarray(probs, np.float32), np.asarray(raw, np.float32)
    return probs, raw, np.ones(probs.shape, bool) if mask is None else np.asarray(mask, bool)


def test_a_linked_edits_neighbour_is_raised_to_the_link_threshold() -> None:
    near = next_to([edit(f"e{k}") for k in range(5)], None)
    # raw threshold 0.2 (status scale: 0.2 raw -> LINK_P); factor 0.5: a neighbour from raw 0.1 on
    probs, raw, mask = rows([[0.05, 0.6, 0.09, 0.05, 0.08], [0.09, 0.09, 0.0, 0.0, 0.0]],
                            [[0.09, 0.9, 0.15, 0.11, 0.14], [0.15, 0.15, 0.0, 0.0, 0.0]])
    got, added = neighbour_links(probs, raw, mask, near, 0.2, LINK_P, 5, 0.5)
    assert added.tolist() == [[False, False, True, False, False], [False] * 5]  # e0 is under the cut, e4 not next
    assert got[0, 2] == at_least(LINK_P) >= LINK_P and got[0, 1] == probs[0, 1]
    assert (got[1] == probs[1]).all()  # a comment with no link gets nothing
    assert got.max(axis=1).tolist() == probs.max(axis=1).tolist()  # the best edit, so the status, never moves
    # the first stage, the cap and the factor
    assert not neighbour_links(probs, raw, ~np.eye(2, 5, 2, dtype=bool), near, 0.2, LINK_P, 5, 0.5)[1][0, 2]
    assert not neighbour_links(probs, raw, mask, near, 0.2, LINK_P, 1, 0.5)[1].any()
    assert not neighbour_links(probs, raw, mask, near, 0.2, LINK_P, 5, 0.0)[1].any()
    both = neighbour_links(probs, raw, mask, near, 0.2, LINK_P, 5, 0.4)[1]
    assert both[0].tolist() == [True, False, True, False, False]
    assert neighbour_links(probs, raw, mask, near, 0.2, LINK_P, 2, 0.4)[1][0].tolist() == [True] + [False] * 4


def test_the_shipped_factor_was_chosen_on_the_training_part() -> None:
    raw = shipped()
    assert raw["format"] == "redraft-align-neighbours" and raw["meta"]["revisions"] == 86
    low, high = raw["meta"]["fold cuts"]
    assert 0 < low <= shipped_factor() <= high < 1


def _comment(cid: str, text: str) -> ReviewComment:
    return ReviewComment(id=cid, reviewer="Reviewer 1", text=text)


OLD = [
    "The glimber flux is measured with a quibble array at four zorbing stations.",
    "Each quibble reading is smoothed by a flumox filter before the vorpal rate is taken.",
    "The vorpal rate then feeds the snark model of the drift.",
    "Drift residuals are small at every station.",
    "We close with the blandish outlook for later campaigns.",
]
NEW = [
    OLD[0],
    "Each quibble reading is smoothed by a flumox filter of width seven, chosen on the calibration run, before the "
    "vorpal rate is taken.",
    "The vorpal rate then feeds the snark model of the drift, refitted after the filter.",
    OLD[3],
    "We close with the blandish outlook for later campaigns, now at six stations.",
]


@pytest.fixture(scope="module")
def built():
    diff = diff_documents(doc_of(OLD), doc_of(NEW))
    comments = [_comment("R1.1", "What is the width of the flumox filter, and how was it chosen?"),
                _comment("R1.2", "How many zorbing stations will the later campaigns use?")]
    return diff, comments


def _run(diff, comments, factor):
    aligner = make_aligner("learned")
    aligner.neighbours = factor
    return {a.comment_id: a for a in aligner.align(comments, diff)}


def test_the_learned_aligner_links_a_neighbour_and_keeps_every_status(built) -> None:
    diff, comments = built
    off, on = _run(diff, comments, 0.0), _run(diff, comments, 0.01)
    ids = [e.id for e in diff.edits if e.text_changed]
    added = 0
    for c in comments:
        a, b = off[c.id], on[c.id]
        assert set(a.edit_ids) <= set(b.edit_ids)
        assert assess_alignment(a).status is assess_alignment(b).status and a.answered == b.answered
        assert max(a.scores.values()) == max(b.scores.values())
        for eid in set(b.edit_ids) - set(a.edit_ids):
            k = ids.index(eid)
            assert {ids[k - 1] if k else None, ids[k + 1] if k + 1 < len(ids) else None} & set(a.edit_ids)
            assert b.scores[eid] == pytest.approx(LINK_P, abs=1e-6) and b.reasons[eid].startswith(REASON)
            added += 1
    assert added >= 1  # the width's second paragraph joins the first
    shipped_run = _run(diff, comments, None)  # the shipped factor: between the two
    for c in comments:
        assert set(off[c.id].edit_ids) <= set(shipped_run[c.id].edit_ids) <= set(on[c.id].edit_ids)
    assert json.dumps(on["R1.1"].to_dict())  # stored as any alignment


def test_the_corpus_evaluation_reads_the_links_the_aligner_shows(built) -> None:
    """``redraft eval align --corpus`` scores the learned aligner through ``results_inputs``, not the aligner: the
    neighbours it adds are the aligner's, pair for pair."""
    from dataclasses import replace

    from engine.align.answered import shipped_answered
    from engine.align.base import decide
    from engine.align.config import DEFAULTS
    from engine.align.gold import GoldPaper
    from engine.align.learn import iter_paper_pairs, scored
    from engine.align.learn_answered import scored_answered
    from engine.align.learned import shipped_model
    from engine.cli.eval_align_corpus import results_inputs
    from engine.jobs import run_job

    diff, comments = built
    m, a = shipped_model(), shipped_answered()
    (pp,) = run_job(iter_paper_pairs([GoldPaper("zorbing-r1", diff, comments, {})], first_stage=m.first_stage))
    for factor in (0.0, 0.01, None):
        s = scored(pp, m)
        raw = replace(s, answered=scored_answered(pp, s.matrix, m.threshold, a))
        ((got, threshold, cap, _),) = results_inputs([(pp, m, a)], [raw], [pp], DEFAULTS["evidence"],
                                                     neighbours=factor)["learned"]
        links = {c.id: sorted(pp.edit_ids[j] for j in row) for c, row in zip(comments, decide(got.matrix, threshold,
                                                                                                  cap))}
        assert links == {cid: sorted(al.edit_ids) for cid, al in _run(diff, comments, factor).items()}
