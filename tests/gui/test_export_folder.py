"""Where File → Export … opens its save dialog: beside the project (or the paper), not always in the
home folder, so a letter or marked-up PDF lands with the paper it is about."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from desktop.exports import export_folder
from engine.jobs import run_job
from engine.paths import app_paths
from engine.project import Project, ProjectStore
from engine.project.pipeline import build_project
from engine.resources import resource


@pytest.fixture
def project(tmp_path: Path) -> Project:
    demo = resource("demo")
    store = ProjectStore.create(tmp_path / "paper" / "demo.redraft", "demo")
    try:
        run_job(build_project(store, demo / "draft_v1.md", None, demo / "reviews.md", aligner="bm25"))
        return store.load()
    finally:
        store.close()


def test_the_save_dialog_opens_beside_the_project_or_the_paper(project: Project, tmp_path: Path) -> None:
    assert export_folder(project) == tmp_path / "paper"  # the project file's own folder
    paper = tmp_path / "sources"
    paper.mkdir()
    kept = app_paths().ensure().projects / "demo.redraft"  # a project kept in the app's data folder
    in_app = dataclasses.replace(project, path=kept, old_path=str(paper / "draft.pdf"), new_path="")
    assert export_folder(in_app) == paper  # beside the paper, not in the app's hidden folder
    revised = tmp_path / "revised"
    revised.mkdir()
    assert export_folder(dataclasses.replace(in_app, new_path=str(revised / "final.pdf"))) == revised
    nowhere = dataclasses.replace(in_app, old_path=str(tmp_path / "gone" / "draft.pdf"))
    assert export_folder(nowhere) == Path.home()  # no folder to write to: home, as before
