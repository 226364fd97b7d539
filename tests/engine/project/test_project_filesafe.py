"""The project file on a disk that misbehaves (session 27's author trial, docs/app.md "never losing work"): every step
in the file itself while the app holds it open (copied, renamed, then the writer killed), a full disk (a real file-size
limit in a child process), a read-only folder, two sessions on one file, exports over earlier ones. Synthetic projects
on real SQLite files; the demo's drafts and reviews."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from engine.errors import InputError
from engine.jobs import run_job
from engine.project.filesafe import ProjectNotSaved, not_saved, whole_file
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from engine.project.store import ProjectStore

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


@pytest.fixture(scope="module")
def built(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("built")
    return run_job(build_project_file(folder / "demo.redraft", "demo", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      DEMO / "reviews.md", aligner="bm25"))


@pytest.fixture
def project(built: Path, tmp_path: Path) -> Path:
    folder = tmp_path / "Révision été"  # a path with a space and non-ASCII letters
    folder.mkdir()
    return Path(shutil.copy(built, folder / "Papier démo.redraft"))


def _child(code: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", textwrap.dedent(code), *args], cwd=REPO, capture_output=True,
                          text=True, timeout=120, env={**os.environ, "PYTHONPATH": str(REPO)})


def test_a_copy_made_while_the_project_is_open_holds_every_step(project: Path, tmp_path: Path) -> None:
    with ProjectSession.open(project) as session:
        cid = session.project.comments[0].id
        session.set_response(cid, "We added the baseline.")
        session.confirm_link(cid, session.project.diff.changed_edits()[0].id)
        copy = Path(shutil.copy(project, tmp_path / "copy.redraft"))  # the file alone, as a file manager copies it
        with ProjectSession.open(copy) as other:
            assert other.project.notes == {cid: "We added the baseline."}
            assert other.project.links[cid]
            assert other.can_undo()


@pytest.mark.skipif(not hasattr(signal, "SIGKILL"), reason="needs SIGKILL")
def test_renamed_while_open_then_killed_keeps_the_steps(project: Path) -> None:
    """A writer renames its open project (as a file manager does), writes a response, and is killed by a real
    SIGKILL: the renamed file holds the response (before: it stayed in the WAL at the old name)."""
    moved = project.with_name("Renommé ü.redraft")
    proc = _child("""
        import os, signal, sys
        from pathlib import Path
        from engine.project.session import ProjectSession
        path, moved = Path(sys.argv[1]), Path(sys.argv[2])
        session = ProjectSession.open(path)
        cid = session.project.comments[0].id
        os.rename(path, moved)
        session.set_response(cid, "Written after the rename.")
        os.kill(os.getpid(), signal.SIGKILL)
        """, str(project), str(moved))
    assert proc.returncode == -signal.SIGKILL, proc.stderr
    with ProjectSession.open(moved) as session:
        assert list(session.project.notes.values()) == ["Written after the rename."]


@pytest.mark.skipif(not hasattr(os, "fork") or sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_a_full_disk_is_one_line_and_nothing_of_the_step_is_written(project: Path) -> None:
    """A real file-size limit (RLIMIT_FSIZE, as a full disk refuses the write): the step is refused with why, the
    rollback does not hide it (before: 'cannot rollback - no transaction is active'), and the file is as it was."""
    with ProjectSession.open(project) as session:
        cid = session.project.comments[0].id
        session.set_response(cid, "Kept from before.")
    proc = _child("""
        import resource, sys
        from pathlib import Path
        from engine.project.session import ProjectSession
        path = Path(sys.argv[1])
        session = ProjectSession.open(path)
        size = path.stat().st_size
        resource.setrlimit(resource.RLIMIT_FSIZE, (size, resource.RLIM_INFINITY))  # no file may grow past it
        cid = session.project.comments[0].id
        try:
            session.set_response(cid, "A long answer. " * 20000)
        except Exception as err:
            print(type(err).__name__, err)
        print("kept in memory:", session.project.notes[cid])
        """, str(project))
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.splitlines()[0]
    assert first.startswith("ProjectNotSaved Papier démo.redraft cannot be written: "), proc.stdout
    assert "nothing of this step was saved" in first and "rollback" not in proc.stdout
    assert "kept in memory: Kept from before." in proc.stdout  # the session did not take what was not written
    with ProjectSession.open(project) as session:
        assert session.project.notes == {cid: "Kept from before."}


def test_the_disks_refusals_are_named() -> None:
    import sqlite3

    path = Path("p.redraft")
    assert "the disk is full" in str(not_saved(path, sqlite3.OperationalError("database or disk is full")))
    assert "read-only" in str(not_saved(path, sqlite3.OperationalError("attempt to write a readonly database")))
    assert not_saved(path, sqlite3.OperationalError("no such table: x")) is None
    assert not_saved(path, ValueError("database or disk is full")) is None


def _lock_folder(folder: Path) -> bool:
    """Make ``folder`` refuse new files even for root (the immutable flag), else by its mode."""
    if os.name != "posix":
        return False
    if os.geteuid() != 0:
        folder.chmod(0o555)
        return True
    return shutil.which("chattr") is not None and subprocess.run(
        ["chattr", "+i", str(folder)], capture_output=True).returncode == 0


def _unlock_folder(folder: Path) -> None:
    if os.geteuid() == 0:
        subprocess.run(["chattr", "-i", str(folder)], capture_output=True)
    folder.chmod(0o755)


def test_a_project_in_a_read_only_folder_opens_read_only(project: Path) -> None:
    """Before: 'is damaged and cannot be opened (unable to open database file)'. Now it is read, and a step is
    refused with why; the file is unchanged."""
    with ProjectSession.open(project) as session:
        cid = session.project.comments[0].id
        session.set_response(cid, "Written before the folder was locked.")
    before = project.read_bytes()
    if not _lock_folder(project.parent):
        pytest.skip("no way to make a folder read-only for this user here")
    try:
        with ProjectSession.open(project) as session:
            assert session.store.read_only
            assert session.project.notes == {cid: "Written before the folder was locked."}
            with pytest.raises(ProjectNotSaved, match="cannot be written"):
                session.set_response(cid, "Not possible here.")
            assert session.project.notes[cid] == "Written before the folder was locked."
        assert project.read_bytes() == before
        assert sorted(p.name for p in project.parent.iterdir()) == [project.name]
    finally:
        _unlock_folder(project.parent)


def test_two_sessions_on_one_file_see_each_others_steps(project: Path) -> None:
    a, b = ProjectSession.open(project), ProjectSession.open(project)
    try:
        cid = a.project.comments[0].id
        assert not b.refresh().any  # nothing written yet
        a.set_response(cid, "Window A's answer.")
        assert not a.refresh().any  # its own step is not another window's
        changes = b.refresh()
        assert changes.everything and b.project.notes == {cid: "Window A's answer."}
        assert b.undo().comment_ids == (cid,)  # B's undo takes back A's step, and both read the same afterwards
        assert a.refresh().any and a.project.notes == {} and b.project.notes == {}
    finally:
        a.close()
        b.close()


def test_an_export_over_an_earlier_one_keeps_it_whole_when_the_write_fails(tmp_path: Path) -> None:
    earlier = tmp_path / "report.html"
    earlier.write_text("<p>the earlier report</p>", encoding="utf-8")
    with pytest.raises(InputError, match="No space left on device"), whole_file(earlier) as partial:
        partial.write_text("<p>half of the new one", encoding="utf-8")
        raise OSError(28, "No space left on device")  # as the disk refuses the rest
    assert earlier.read_text(encoding="utf-8") == "<p>the earlier report</p>"
    assert [p.name for p in tmp_path.iterdir()] == ["report.html"]  # no partial file left beside it
    with whole_file(earlier) as partial:
        partial.write_text("<p>the new report</p>", encoding="utf-8")
    assert earlier.read_text(encoding="utf-8") == "<p>the new report</p>"


@pytest.mark.skipif(sys.platform == "win32", reason="needs RLIMIT_FSIZE")
def test_report_and_table_over_earlier_ones_on_a_full_disk(project: Path, tmp_path: Path) -> None:
    """Before: the report and the CSV were written in place, and a full disk left half a file over the earlier one."""
    out = tmp_path / "out"
    out.mkdir()
    proc = _child("""
        import resource, sys
        from pathlib import Path
        from engine.errors import InputError
        from engine.project.coverage_csv import write_coverage_csv
        from engine.project.report import write_revision_report
        from engine.project.session import ProjectSession
        path, out = Path(sys.argv[1]), Path(sys.argv[2])
        project = ProjectSession.open(path).project
        files = {"report": (out / "report.html", write_revision_report), "csv": (out / "table.csv", write_coverage_csv)}
        for target, write in files.values():
            write(project, target)
        sizes = {k: t.read_bytes() for k, (t, w) in files.items()}
        project.notes[project.comments[0].id] = "A long answer written later. " * 400
        resource.setrlimit(resource.RLIMIT_FSIZE, (4096, resource.RLIM_INFINITY))
        for name, (target, write) in files.items():
            try:
                write(project, target)
                print(name, "written")
            except InputError as err:
                print(name, "refused:", err)
            print(name, "earlier kept:", target.read_bytes() == sizes[name])
        """, str(project), str(out))
    assert proc.returncode == 0, proc.stderr
    assert "report refused: cannot write" in proc.stdout and "csv refused: cannot write" in proc.stdout, proc.stdout
    assert "report earlier kept: True" in proc.stdout and "csv earlier kept: True" in proc.stdout, proc.stdout
    assert sorted(p.name for p in out.iterdir()) == ["report.html", "table.csv"]


def test_an_export_over_a_read_only_file_is_refused(tmp_path: Path) -> None:
    target = tmp_path / "letter.md"
    target.write_text("the author's own edits", encoding="utf-8")
    target.chmod(0o444)
    try:
        if os.access(target, os.W_OK):
            pytest.skip("this user writes read-only files (root)")
        with pytest.raises(InputError, match="read-only"), whole_file(target) as partial:
            partial.write_text("new", encoding="utf-8")
        assert target.read_text(encoding="utf-8") == "the author's own edits"
    finally:
        target.chmod(0o644)


def test_a_new_project_never_reads_a_wal_left_under_its_name(tmp_path: Path) -> None:
    path = tmp_path / "p.redraft"
    Path(f"{path}-wal").write_bytes(b"left by a file renamed away while open")
    ProjectStore.create(path, "p").close()
    with ProjectStore.open(path) as store:
        assert store.load().name == "p"


def test_a_disk_that_refuses_the_journal_is_not_called_damage() -> None:
    import sqlite3

    from engine.project.filesafe import cannot_open

    said = cannot_open(Path("p.redraft"), sqlite3.OperationalError("disk I/O error"))
    assert said.startswith("p.redraft cannot be opened: the disk could not be written") and "damaged" not in said
    assert "is damaged" in cannot_open(Path("p.redraft"), sqlite3.DatabaseError("file is not a database"))
