"""Read-only commands leave nothing beside the project file (trial21: ``redraft project show`` left empty
``-wal``/``-shm`` files, from a ``mode=ro`` connection that cannot remove them). A real project built from the demo
paper with a synthetic review; real SQLite files."""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.peek import peek
from engine.project.pipeline import build_project_file
from engine.project.rounds import file_modified, read_earlier
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REVIEW = """# Reviewer 1

1. Please report the wall-clock latency on a real device.
2. The related work should discuss early-exit networks.
"""


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    folder = tmp_path / "Révisions #2"  # a name a URI would misread
    folder.mkdir()
    reviews = folder / "reviews.md"
    reviews.write_text(REVIEW, encoding="utf-8")
    return run_job(build_project_file(folder / "paper.redraft", "paper", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))


def _beside(path: Path) -> list[str]:
    return sorted(n for n in os.listdir(path.parent) if n.startswith(path.name))


def test_show_leaves_no_wal_or_shm(project: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _beside(project) == ["paper.redraft"]
    before = project.read_bytes()
    assert main(["project", "show", str(project)]) == 0
    assert "Reviewer 1" in capsys.readouterr().out
    assert main(["project", "show", str(project), "--json"]) == 0
    capsys.readouterr()
    assert _beside(project) == ["paper.redraft"]
    assert project.read_bytes() == before  # nothing written


def test_peek_writes_nothing_and_keeps_an_open_writer_s_files(project: Path) -> None:
    with peek(project) as conn:
        with pytest.raises(sqlite3.OperationalError, match="readonly"):
            conn.execute("DELETE FROM meta")
    assert read_earlier(project) == {} and file_modified(project) > 0
    assert _beside(project) == ["paper.redraft"]
    session = ProjectSession.open(project)  # the app holds it open: its WAL is its own, and stays
    try:
        session.project  # noqa: B018 - loaded
        assert file_modified(project) > 0
        assert "paper.redraft-wal" in _beside(project)
    finally:
        session.close()
    assert _beside(project) == ["paper.redraft"]


def test_peek_never_creates_a_file(tmp_path: Path) -> None:
    missing = tmp_path / "none.redraft"
    with pytest.raises(sqlite3.OperationalError):
        with peek(missing):
            pass
    assert not missing.exists() and read_earlier(missing) == {}
