"""A folder moved whole, the project and the papers it was built from together, still finds its papers: a stored
path with nothing there any more is looked for under the project file's folder, by its name or its last folders,
and taken only when it is the same file (the size and SHA-256 the build recorded). trial33: after such a move the
PDF panes and the marked-up PDF were gone, with no word why. The demo paper."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.pipeline import build_project_file
from engine.project.sources import changed_sources

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


def _build(folder: Path, sub: str = "") -> Path:
    (folder / sub).mkdir(parents=True, exist_ok=True)
    for name in ("draft_v1.md", "draft_v2.md"):
        shutil.copy(DEMO / name, folder / sub / name)
    return run_job(build_project_file(folder / "demo.redraft", "demo", folder / sub / "draft_v1.md",
                                      folder / sub / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))


def _load(path: Path):
    with ProjectStore.open(path) as store:
        return store.load()


@pytest.mark.parametrize("sub", ["", "versions"])
def test_a_folder_moved_whole_finds_its_papers(tmp_path: Path, sub: str) -> None:
    _build(tmp_path / "before", sub)
    moved = tmp_path / "elsewhere" / "Révision copie"
    moved.parent.mkdir()
    shutil.move(str(tmp_path / "before"), str(moved))
    p = _load(moved / "demo.redraft")
    assert p.old_path == str(moved / sub / "draft_v1.md") and p.new_path == str(moved / sub / "draft_v2.md")
    assert p.old.source_path == p.old_path and p.new.source_path == p.new_path
    assert changed_sources(p) == []


def test_another_file_of_the_same_name_is_not_taken(tmp_path: Path) -> None:
    _build(tmp_path / "before")
    shutil.move(str(tmp_path / "before"), str(tmp_path / "after"))
    revised = tmp_path / "after" / "draft_v2.md"
    revised.write_text(revised.read_text(encoding="utf-8").replace("a", "e", 1), encoding="utf-8")
    p = _load(tmp_path / "after" / "demo.redraft")
    assert p.new_path == str(tmp_path / "before" / "draft_v2.md")  # the stored path, not another file
    assert p.old_path == str(tmp_path / "after" / "draft_v1.md")


def test_a_stored_path_that_is_still_there_is_kept(tmp_path: Path) -> None:
    project = _build(tmp_path / "before")
    shutil.copy(project, tmp_path / "copy.redraft")  # the project copied, the papers left where they were
    p = _load(tmp_path / "copy.redraft")
    assert p.old_path == str((tmp_path / "before" / "draft_v1.md").resolve())
