"""A new round never overwrites an earlier round's file: when ``NAME (round N).redraft`` is already there (a
project built again under the same name), the round is kept under a new name and the old file stays as it was."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project import ProjectStore
from engine.project.rounds import backup_path, build_round, keep_previous
from engine.project.session import ProjectSession
from tests.engine.project.test_rounds_new_draft import DEMO, demo  # noqa: F401 - the fixture

__all__ = ["demo"]


def test_take_round_keeps_an_existing_round_file(demo: ProjectSession, tmp_path: Path) -> None:  # noqa: F811
    session = demo
    taken = backup_path(session.path, 1)
    taken.write_bytes(b"an earlier project's first round")
    notes = dict(session.project.notes)
    report = run_job(build_round(session.path, reviews=DEMO / "reviews.md"))
    session.take_round(report)
    assert taken.read_bytes() == b"an earlier project's first round"
    assert report.backup == tmp_path / "demo (round 1) (2).redraft" and report.backup.is_file()
    with ProjectStore.open(report.backup) as old:  # this project's first round, as it was
        assert old.load().notes == notes
    assert session.project.notes == notes  # carried over to round 2
    session.close()


def test_keep_previous_counts_up(tmp_path: Path) -> None:
    path = tmp_path / "p.redraft"
    for n, expected in ((1, "p (round 1).redraft"), (1, "p (round 1) (2).redraft"), (1, "p (round 1) (3).redraft"),
                        (2, "p (round 2).redraft")):
        path.write_text(f"round {n}, {expected}")
        kept = keep_previous(path, n)
        assert kept.name == expected and kept.read_text() == f"round {n}, {expected}" and not path.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "p (round 1) (2).redraft", "p (round 1) (3).redraft", "p (round 1).redraft", "p (round 2).redraft"]
