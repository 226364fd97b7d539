"""A project remembers the size and SHA-256 of each file it was built from; when a stored path now holds another
file, whatever reads it again says so in one line (the CLI stops unless --force). Older projects still load."""

from __future__ import annotations

import hashlib
import shutil
import sqlite3
from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.pipeline import build_project_file
from engine.project.rounds import build_round
from engine.project.session import ProjectSession
from engine.project.sources import changed_sources, check_sources

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


@pytest.fixture()
def project(tmp_path: Path) -> Path:
    """The demo paper built from copies of its drafts (so the test may change them)."""
    for name in ("draft_v1.md", "draft_v2.md"):
        shutil.copy(DEMO / name, tmp_path / name)
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", tmp_path / "draft_v1.md",
                                      tmp_path / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))


def _load(path: Path):
    with ProjectStore.open(path) as store:
        return store.load()


def test_the_build_remembers_each_source(project: Path, tmp_path: Path) -> None:
    p = _load(project)
    for role, name in (("old", "draft_v1.md"), ("new", "draft_v2.md")):
        data = (tmp_path / name).read_bytes()
        assert p.sources[role] == {"path": str((tmp_path / name).resolve()), "size": len(data),
                                   "sha256": hashlib.sha256(data).hexdigest()}
    assert changed_sources(p) == [] and check_sources(p) == []


def test_another_file_at_a_stored_path_is_named(project: Path, tmp_path: Path) -> None:
    revised = tmp_path / "draft_v2.md"
    text = revised.read_text(encoding="utf-8")
    revised.write_text(text.replace("a", "e", 1), encoding="utf-8")  # the same size, other contents
    p = _load(project)
    assert changed_sources(p) == [f"the revised version draft_v2.md is not the file this project was built from "
                                  f"(its contents changed); it is at {revised.resolve()}"]
    with pytest.raises(InputError, match=r"draft_v2.md is not the file .*\(--force to read it anyway\)$"):
        check_sources(p)
    assert check_sources(p, force=True) == changed_sources(p)
    (tmp_path / "draft_v1.md").write_text("Another paper altogether.\n", encoding="utf-8")
    lines = changed_sources(_load(project))
    assert len(lines) == 2 and "the draft draft_v1.md" in lines[0] and "bytes now" in lines[0]
    revised.write_text(text, encoding="utf-8")  # put back as it was: nothing to say about it
    assert len(changed_sources(_load(project))) == 1


def test_cli_export_needs_force(project: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    revised = tmp_path / "draft_v2.md"
    revised.write_text(revised.read_text(encoding="utf-8") + "\nA paragraph added later.\n", encoding="utf-8")
    out = tmp_path / "marked.pdf"
    assert main(["export", str(project), "--marked-pdf", str(out)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "draft_v2.md is not the file this project was built from" in err
    assert "--force" in err and "Traceback" not in err and not out.exists()
    assert main(["export", str(project), "--marked-pdf", str(out), "--force"]) == 2  # then: Markdown is no PDF
    err = capsys.readouterr().err
    assert "note: the revised version draft_v2.md is not the file" in err and "not a PDF" in err


def test_older_project_without_fingerprints_loads(project: Path, tmp_path: Path) -> None:
    conn = sqlite3.connect(project)
    conn.execute("DELETE FROM meta WHERE key = 'sources'")
    conn.commit()
    conn.close()
    (tmp_path / "draft_v2.md").write_text("Changed.\n", encoding="utf-8")
    p = _load(project)
    assert p.sources == {} and changed_sources(p) == [] and p.comments


def test_a_round_fingerprints_what_it_reads_and_keeps_the_rest(project: Path, tmp_path: Path) -> None:
    before = _load(project).sources
    v3 = tmp_path / "draft_v3.md"
    v3.write_text((tmp_path / "draft_v2.md").read_text(encoding="utf-8") + "\nOne more paragraph.\n",
                  encoding="utf-8")
    session = ProjectSession.open(project)
    session.take_round(run_job(build_round(project, revised=v3)))
    after = session.project.sources
    session.close()
    assert after["old"] == before["old"]  # the draft was passed as stored, not read again
    assert after["new"]["path"] == str(v3.resolve()) and after["new"]["size"] == v3.stat().st_size
