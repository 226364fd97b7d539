"""Fixtures shared by the engine tests: the cgo18 PDF project the marked-up PDF and coverage tests read."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.jobs import run_job
from engine.project import Project, ProjectStore
from engine.project.coverage import coverage_rows
from engine.project.pipeline import build_project
from engine.project.session import ProjectSession

REVIEWS = Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"


def build(folder: Path, old: Path, new: Path, aligner: str | None = None) -> Path:
    path = folder / "cgo18.redraft"
    store = ProjectStore.create(path, "cgo18")
    run_job(build_project(store, old, new, REVIEWS, **({"aligner": aligner} if aligner else {})))
    store.close()
    return path


@pytest.fixture(scope="session")
def cgo18(shared_data: Path, tmp_path_factory: pytest.TempPathFactory
          ) -> tuple[Project, Path, tuple[str, str], tuple[str, str]]:
    """The PDF project (default aligner) with one link confirmed and one rejected by the author."""
    cgo = shared_data / "revision" / "cgo18"
    folder = tmp_path_factory.mktemp("marked")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("REDRAFT_HOME", str(folder / "home"))
        path = build(folder, cgo / "submission.pdf", cgo / "camera_ready.pdf")
        with ProjectSession.open(path) as session:
            rows = {r.comment_id: r for r in coverage_rows(session.project)}
            confirmed = ("R2.2", rows["R2.2"].edits[1].edit_id)
            rejected = ("R1.1", rows["R1.1"].edits[0].edit_id)
            session.confirm_link(*confirmed)
            session.reject_link(*rejected)
            project = session.project
    return project, folder, confirmed, rejected
