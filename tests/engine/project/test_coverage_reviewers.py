"""The status line names the reviewers the comments come from, and the reviews that gave none apart (a new-user trial,
session 22: an Elsevier mail's form letter and a referee who accepts read "10 comments from 3 reviewers" over one
reviewer's ten comments). Built from Markdown versions and an invented mail."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.coverage import coverage_view
from engine.project.marked_summary import count_line
from engine.project.pipeline import build_project
from tests.engine.built_revisions import PROSE
from tests.engine.reviews.test_reviews_mail_shapes import _ELSEVIER, _ELSEVIER_DECISION


def _built(tmp_path: Path, name: str, reviews: str):
    """A project built (BM25 links) from the folder's two Markdown versions and the reviews file ``reviews``."""
    store = ProjectStore.create(tmp_path / f"{name}.redraft", name)
    try:
        return run_job(build_project(store, tmp_path / "old.md", tmp_path / "new.md", tmp_path / reviews,
                                     aligner="bm25"))
    finally:
        store.close()


def test_reviews_without_comments_are_named_apart(tmp_path: Path) -> None:
    for name, extra in (("old.md", ""), ("new.md", " The migration barrier is now compared with the DFT value.")):
        (tmp_path / name).write_text("# A study\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:3]) + extra + "\n")
    # the editor's letter asks one thing, reviewers 1 and 2 a few, reviewer 3 accepts; a short letter over the
    # reviews (under 120 words) is a preamble, no review
    short = "Dear Dr. Doe,\n\nThe reports follow.\n\nReviewers' comments:\n\n" + _ELSEVIER.split("\n", 2)[2]
    (tmp_path / "reviews.txt").write_text(_ELSEVIER_DECISION)
    accepts = "Reviewer #2: This version of the paper can be accepted.\n"
    (tmp_path / "short.txt").write_text(short.split("Reviewer #2:")[0] + accepts)
    project = _built(tmp_path, "p", "reviews.txt")
    view = coverage_view(project)
    n = len(project.comments)
    assert {c.reviewer for c in project.comments} == {"Editor", "Reviewer 1", "Reviewer 2"}
    assert view.status_line().startswith(f"{n} comments from 3 reviewers (Reviewer 3: none) · ")
    assert count_line(view.rows).startswith(f"{n} comments from 3 reviewers,")  # the marked PDF's summary agrees
    project = _built(tmp_path, "q", "short.txt")
    n = len(project.comments)
    assert coverage_view(project).status_line().startswith(f"{n} comments from 1 reviewer (Reviewer 2: none) · ")


def test_the_status_bar_counts_one_edit_in_the_singular() -> None:
    """"1 edits" read in a session-22 screenshot: one edit is "1 edit", two are "2 edits"."""
    from dataclasses import replace

    from engine.project.coverage import CoverageView

    view = CoverageView(assessments={}, rows=[], doubtful=[], compared=True, comments=2, reviewers=1)
    assert " · 1 edit · " in replace(view, edits=1).status_line()
    assert " · 2 edits · " in replace(view, edits=2).status_line()
    assert " · 0 edits · " in replace(view, edits=0).status_line()
