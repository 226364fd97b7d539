"""Every split of the ``learned`` aligner's fitting holds a paper's group (its repository) out with it
(``engine.align.folds``, round seven of issue 32): the outer leave-papers-out, the inner scores, the answered model's
band choice and the tuned encoder's folds; and the out-of-fold cosines of a revision whose fold model saw its sibling
are not read. Built papers only (CI has no corpus cache)."""

from __future__ import annotations

import json
from dataclasses import replace
from pathlib import Path

import numpy as np

from bench.align_encoder_gpu_prep import paper_folds
from engine.align.folds import group_of, grouped
from engine.align.learn import fit_both, inner_scores, leave_papers_out
from engine.align.tuned import OOF_FILE, SIBLING_SEEN, OutOfFold
from tests.engine.align.test_align_answered import _paper

MANIFEST = Path(__file__).resolve().parents[3] / "corpus" / "revisions.json"


def _grouped_papers():
    papers = [_paper(f"p{k}", k) for k in range(5)]
    papers[1].paper.group = papers[2].paper.group = "owner/two-rounds"  # p1 and p2: one repository
    return papers


def test_groups_are_the_repository_else_the_paper() -> None:
    papers = _grouped_papers()
    assert [group_of(pp.paper) for pp in papers] == ["p0", "owner/two-rounds", "owner/two-rounds", "p3", "p4"]
    assert grouped(papers) == [[0], [1, 2], [3], [4]]
    assert grouped([pp.paper for pp in papers], paper=lambda p: p) == [[0], [1, 2], [3], [4]]


def test_leave_papers_out_holds_a_repository_out_together_in_every_split() -> None:
    papers = _grouped_papers()
    fitted = leave_papers_out(papers)
    for k, (pp, link, answered) in enumerate(fitted):
        rest = [q for q in papers if group_of(q.paper) != group_of(pp.paper)]
        link2, answered2 = fit_both(rest)  # from scratch: the inner folds grouped too
        assert link.to_dict() == link2.to_dict() and answered.to_dict() == answered2.to_dict()
        assert link.meta["train"] == [q.paper.id for q in rest]
    assert fitted[1][1].to_dict() == fitted[2][1].to_dict()  # the two rounds: one model, fitted without either
    assert "p2" not in fitted[1][1].meta["train"] and "p1" not in fitted[2][2].meta["train"]
    # the inner scores of p1 come from a model fitted without p2: ungrouped, they differ
    ungrouped = [replace(pp, paper=replace(pp.paper, group="")) for pp in papers]
    with_group = {s.comment_ids[0]: s.matrix for s in inner_scores(papers)}
    without = {s.comment_ids[0]: s.matrix for s in inner_scores(ungrouped)}
    assert not np.allclose(with_group["p1/c0"], without["p1/c0"])
    assert np.allclose(with_group["p0/c0"], without["p0/c0"])


def test_the_tuned_encoders_folds_keep_a_repository_in_one_fold() -> None:
    ids = [f"paper{k}" for k in range(23)]
    assert paper_folds(ids) == paper_folds(ids, groups={})  # no groups: as before
    groups = {"paper3": "repo/a", "paper17": "repo/a", "paper8": "repo/b", "paper9": "repo/b"}
    folds = paper_folds(ids, groups=groups)
    assert folds == paper_folds(list(reversed(ids)), groups=groups)
    assert folds["paper3"] == folds["paper17"] and folds["paper8"] == folds["paper9"]
    assert set(folds.values()) == set(range(5)) and set(folds) == set(ids)


def test_no_fold_model_of_the_shipped_run_saw_a_held_out_revisions_sibling(tmp_path) -> None:
    # the refolds since session 19's deal repositories into their folds (session 15's run dealt revisions, and six
    # revisions' siblings sat in another fold): over the training revisions of the out-of-fold file (all 86 since
    # session 28's refold, run in session 30), none is left to distrust
    run = {k.split("|", 1)[1] for k in np.load(OOF_FILE).files if k.startswith("section|")}
    train = [e for e in json.loads(MANIFEST.read_text())["revisions"] if e["part"] == "train" and e["id"] in run]
    assert len(train) == len(run) == 86
    repo = {e["id"]: e["repository"] for e in train}
    folds = paper_folds([e["id"] for e in train], groups=repo)
    seen = {pid for pid in folds if any(repo[q] == repo[pid] and folds[q] != folds[pid] for q in folds if q != pid)}
    assert seen == SIBLING_SEEN == frozenset()
    by_revision = paper_folds([e["id"] for e in train])  # dealt by revision, as session 15's run did: siblings split
    assert any(repo[q] == repo[p] and by_revision[q] != by_revision[p] for p in by_revision for q in by_revision)
    # the mechanics stay for a run that lets a sibling be seen: a distrusted paper reads the untuned cosines
    section, base = np.full((2, 3), 0.9, np.float32), np.full((2, 3), 0.2, np.float32)
    np.savez(tmp_path / "oof.npz", **{"section|x": section, "base|x": base, "section|y": section,
                                      "base|y": base})
    mask = np.ones((2, 3), bool)
    oof = OutOfFold(tmp_path / "oof.npz", distrust={"x"})
    assert np.array_equal(oof.for_paper("x")([], [], mask), base)
    assert np.array_equal(oof.for_paper("y")([], [], mask), section)
