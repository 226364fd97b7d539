"""The git history read as a job (session 30, thread31: the app reads it on a worker): progress as the walk goes,
the repository closed however the job ends, and a build stopped while it writes a commit's files out leaves nothing
half-written (no versions folder, no hidden one, no project file). Repositories written here
(``tests/git_paper.py``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.errors import Cancelled, InputError
from engine.jobs import CancelToken, Progress, run_job
from engine.project import git_history
from engine.project.git_build import GitVersions, build_from_git, prepare, versions_folder, write_side
from engine.project.git_history import open_repository, paper_commits, read_history, walk_paper_commits
from tests.git_paper import REVIEWS, SUBJECTS, make_paper_repo


def test_the_walk_reports_its_progress_and_lists_what_paper_commits_lists(tmp_path: Path) -> None:
    repo = make_paper_repo(tmp_path / "paper")
    seen: list[Progress] = []
    with open_repository(repo) as repository:
        listed = run_job(walk_paper_commits(repository, every=1), seen.append)
        assert listed == paper_commits(repository)
    assert [p.done for p in seen] == [1, 2, 3] and seen[-1].label == "3 commits read, 2 touch the paper"
    history = run_job(read_history(repo / "sections"))
    assert history.root == repo.resolve() and history.has_working_copy
    assert [c.subject for c in history.commits] == [SUBJECTS[1], SUBJECTS[0]]
    with pytest.raises(InputError, match="is not in a git repository"):
        run_job(read_history(tmp_path))


def test_the_repository_is_closed_when_the_read_is_stopped(tmp_path: Path, monkeypatch) -> None:
    repo = make_paper_repo(tmp_path / "paper")
    closed: list[bool] = []
    real = git_history.Repository.close
    monkeypatch.setattr(git_history.Repository, "close", lambda self: (closed.append(True), real(self)))
    monkeypatch.setattr(git_history, "PROGRESS_EVERY", 1)
    job = read_history(repo)
    assert next(job).label == "opening the repository"
    next(job)  # the first commit walked
    assert closed == []
    job.close()  # the runner closes a job it stops between two steps
    assert closed == [True]


def test_a_build_stopped_while_writing_a_commit_leaves_nothing(tmp_path: Path, monkeypatch) -> None:
    repo = make_paper_repo(tmp_path / "paper")
    reviews = tmp_path / "reviews.txt"
    reviews.write_text(REVIEWS, encoding="utf-8")
    # write_side alone: stopped after two of the commit's four files
    prepared = prepare(GitVersions(str(repo), "submitted"))
    cancel, written = CancelToken(), []
    real_read = prepared.old.tree.read

    def read(path: str) -> bytes:
        written.append(path)
        if len(written) == 2:
            cancel.cancel()
        return real_read(path)

    monkeypatch.setattr(prepared.old.tree, "read", read)
    with pytest.raises(Cancelled):
        write_side(prepared.old, tmp_path / "out", cancel)
    prepared.repository.close()
    assert len(written) == 2 and list((tmp_path / "out").iterdir()) == []  # no commit folder, no hidden one
    # the whole build, stopped at its step "writing out commit …"
    project = tmp_path / "projects" / "stopped.redraft"
    project.parent.mkdir()
    cancel = CancelToken()
    job = build_from_git(project, "stopped", GitVersions(str(repo), "submitted"), reviews, aligner="bm25",
                         cancel=cancel)
    with pytest.raises(Cancelled):
        for step in job:
            if step.label.startswith("writing out commit"):
                cancel.cancel()
    assert not versions_folder(project).exists() and list(project.parent.iterdir()) == []
