"""Places a hurried user cannot write to: a project file that is read-only, a letter whose folder refuses the file,
a project whose name the file system refuses. One line, exit 2, nothing lost (the demo project, real files)."""

from __future__ import annotations

import os
import shutil
import subprocess
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))


def _one_line(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip()
    assert err.startswith("redraft: error: ") and "\n" not in err and "Traceback" not in err, err
    return err


def test_a_letter_the_folder_cannot_take_is_one_line_in_every_format(project: Path, tmp_path: Path,
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    # a name the file system takes, but the letter is first written under a longer one (".NAME.partial.md"), refused
    stem = ("response to the reviewers " * 10)[:248]
    for suffix in (".md", ".pdf", ".docx", ".tex"):
        assert main(["export", str(project), "--letter", str(tmp_path / f"{stem}{suffix}")]) == 2
        assert "cannot write" in _one_line(capsys)  # the PDF writer's own error was a traceback
    assert sorted(p.name for p in tmp_path.iterdir()) == ["demo.redraft"]


def test_a_project_name_the_file_system_refuses_is_said_before_anything_is_read(tmp_path: Path) -> None:
    path = tmp_path / ("a" * 240 + ".redraft")  # the build's hidden file name is longer than a file name may be
    with pytest.raises(InputError, match="cannot write"):
        run_job(build_project_file(path, "long", DEMO / "draft_v1.md", None, DEMO / "reviews.md", aligner="bm25"))
    assert list(tmp_path.iterdir()) == []


def _read_only(path: Path) -> bool:
    """Make ``path`` read-only even for root (the immutable flag), else by its mode; False where neither holds."""
    if os.geteuid() != 0:
        path.chmod(0o444)
        return True
    if shutil.which("chattr") is None:
        return False
    return subprocess.run(["chattr", "+i", str(path)], capture_output=True).returncode == 0


def test_a_read_only_project_file_is_one_line_and_left_as_it_was(project: Path,
                                                                 capsys: pytest.CaptureFixture[str]) -> None:
    with ProjectSession.open(project) as session:  # checkpoint the WAL: the file holds the whole project
        comment = session.project.comments[0].id
    before = project.read_bytes()
    if not _read_only(project):
        pytest.skip("no way to make a file read-only for this user here")
    try:
        assert main(["respond", str(project), comment, "--text", "We added the baseline."]) == 2
        assert "cannot be written" in _one_line(capsys)
        assert project.read_bytes() == before
    finally:
        if os.geteuid() == 0:
            subprocess.run(["chattr", "-i", str(project)], capture_output=True)
        project.chmod(0o644)
