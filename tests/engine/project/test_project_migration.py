"""Upgrading an older project: a backup beside it first, a notice, and a kill -9
at any moment leaves the old file, or the new one plus its backup. Opening a
current file writes nothing."""

from __future__ import annotations

import os
import random
import signal
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from engine.cli.main import main as cli_main
from engine.errors import InputError
from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.migrate import backup_path
from engine.project.pipeline import build_project
from engine.project.schema import SCHEMA_VERSION
from tests.engine.old_schema import downgrade

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"
KILLS = 8

# Opens (so migrates) the project with every migration slowed down inside its transaction, and
# the backup's rename slowed down on both sides, so that kills land in every phase.
MIGRATOR = """
import os, sys, time
from engine.project import schema
from engine.project import store as store_module
from engine.project.store import ProjectStore

def slow(step):
    def run(conn):
        step(conn)
        for _ in range(20):
            conn.execute("UPDATE comments SET data = data")
            time.sleep(0.01)
    return run

for v, step in list(schema.MIGRATIONS.items()):
    store_module.MIGRATIONS[v] = slow(step)
real_replace = os.replace

def replace(a, b):
    time.sleep(0.05)
    real_replace(a, b)
    time.sleep(0.05)

os.replace = replace
print("ready", flush=True)
ProjectStore.open(sys.argv[1]).close()
print("done", flush=True)
"""


def old_project(path: Path) -> Path:
    """A project as schema 1 wrote it (no locations table), holding the demo and one response."""
    store = ProjectStore.create(path, "old")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))
    store.set_response("R1.1", "kept")
    store.close()
    downgrade(path, 1)
    return path


def dump(path: Path) -> list[str]:
    conn = sqlite3.connect(path)
    try:
        return list(conn.iterdump())
    finally:
        conn.close()


def raw_state(path: Path) -> tuple[int, int, str]:
    """(schema version, comment count, the R1.1 response) read without Redraft."""
    conn = sqlite3.connect(path)
    try:
        version = conn.execute("PRAGMA user_version").fetchone()[0]
        count = conn.execute("SELECT COUNT(*) FROM comments").fetchone()[0]
        note = conn.execute("SELECT text FROM responses WHERE comment_id = 'R1.1'").fetchone()[0]
        assert conn.execute("PRAGMA quick_check").fetchone()[0] == "ok"
    finally:
        conn.close()
    return version, count, note


def test_upgrade_keeps_a_backup_and_says_so(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = old_project(tmp_path / "paper.redraft")
    original = tmp_path / "original.db"
    original.write_bytes(path.read_bytes())
    with ProjectStore.open(path) as store:
        assert store.load().notes == {"R1.1": "kept"}
        assert len(store.notices) == 1 and "paper.redraft.schema1.bak" in store.notices[0]
    backup = backup_path(path, 1)
    assert backup.name == "paper.redraft.schema1.bak"
    assert dump(backup) == dump(original)  # the same database, row for row
    assert raw_state(backup)[0] == 1 and raw_state(path)[0] == SCHEMA_VERSION
    with ProjectStore.open(path) as store:  # once upgraded: no second backup, no notice
        assert store.notices == []
    assert sorted(p.name for p in tmp_path.iterdir() if "bak" in p.name) == [backup.name]
    original.unlink()

    again = old_project(tmp_path / "cli.redraft")
    assert cli_main(["project", "show", str(again)]) == 0
    err = capsys.readouterr().err
    assert "redraft: note: cli.redraft was saved by an older Redraft" in err and "cli.redraft.schema1.bak" in err


def test_opening_a_current_file_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "current.redraft"
    store = ProjectStore.create(path, "current")
    run_job(build_project(store, DEMO / "draft_v1.md", None, DEMO / "reviews.md", aligner="bm25"))
    store.close()
    conn = sqlite3.connect(path)
    conn.execute("PRAGMA journal_mode = DELETE")  # a file in another journal mode is left in it
    conn.close()
    before, mtime = path.read_bytes(), path.stat().st_mtime_ns
    with ProjectStore.open(path) as store:
        store.load()
        assert store.notices == []
    assert path.read_bytes() == before and path.stat().st_mtime_ns == mtime
    assert not list(tmp_path.glob("*.bak"))


def test_no_backup_no_upgrade(tmp_path: Path) -> None:
    """Where no backup can be written, the file is refused and left as it was."""
    if os.name != "posix" or os.geteuid() == 0:
        pytest.skip("needs a read-only folder")
    folder = tmp_path / "ro"
    folder.mkdir()
    path = old_project(folder / "paper.redraft")
    before = path.read_bytes()
    folder.chmod(0o555)
    try:
        with pytest.raises(InputError, match="no backup could be written"):
            ProjectStore.open(path)
    finally:
        folder.chmod(0o755)
    assert path.read_bytes() == before


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_kill_during_upgrade_leaves_old_file_or_new_one_with_backup(tmp_path: Path) -> None:
    pristine = old_project(tmp_path / "pristine.redraft")
    _, comments, _ = raw_state(pristine)
    path = tmp_path / "paper.redraft"
    env = {**os.environ, "PYTHONPATH": str(REPO)}
    rng = random.Random(7)
    outcomes = []
    for i in range(KILLS + 1):
        for leftover in tmp_path.glob("paper.redraft*"):
            leftover.unlink()
        path.write_bytes(pristine.read_bytes())
        proc = subprocess.Popen([sys.executable, "-c", MIGRATOR, str(path)], stdout=subprocess.PIPE, text=True,
                                cwd=REPO, env=env)
        assert proc.stdout is not None
        assert proc.stdout.readline().strip() == "ready"
        if i < KILLS:  # the last round runs to the end
            time.sleep(rng.uniform(0.0, 0.8))
            proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        proc.wait(timeout=60)
        version, count, note = raw_state(path)
        assert (count, note) == (comments, "kept")
        backup = backup_path(path, 1)
        if version == SCHEMA_VERSION:
            assert backup.is_file() and raw_state(backup) == (1, comments, "kept")
            outcomes.append("new")
        else:
            assert version == 1
            if backup.is_file():  # killed inside the migration's transaction: rolled back
                assert raw_state(backup) == (1, comments, "kept")
            outcomes.append("old, backup kept" if backup.is_file() else "old")
        print(f"round {i}: {outcomes[-1]} file, {'killed' if 'done' not in rest else 'finished'}")
        with ProjectStore.open(path) as store:  # whatever was left opens, at the current schema
            assert store.load().notes == {"R1.1": "kept"}
    assert outcomes[-1] == "new"
    assert "old, backup kept" in outcomes  # the kills did land inside a migration
