"""Recent projects in the settings: remember, forget, drop missing files, limit."""

from __future__ import annotations

from pathlib import Path

from engine.project import ProjectStore, forget_project, recent_projects, remember_project
from engine.settings import load_settings


def test_recent_projects(tmp_path: Path) -> None:
    paths = [tmp_path / f"p{i}.redraft" for i in range(4)]
    for i, p in enumerate(paths):
        ProjectStore.create(p, f"p{i}").close()
        remember_project(p)
    assert recent_projects() == [p.resolve() for p in reversed(paths)]
    remember_project(paths[0])  # reopened: moves to the front, no duplicate
    assert recent_projects()[:2] == [paths[0].resolve(), paths[3].resolve()] and len(recent_projects()) == 4
    forget_project(paths[3])
    assert paths[3].resolve() not in recent_projects()
    paths[1].unlink()
    assert recent_projects() == [paths[0].resolve(), paths[2].resolve()]
    assert load_settings().recent_projects == [str(paths[0].resolve()), str(paths[2].resolve())]  # dropped for good


def test_recent_projects_limit(tmp_path: Path) -> None:
    for i in range(5):
        p = tmp_path / f"p{i}.redraft"
        p.write_bytes(b"")
        remember_project(p, limit=3)
    assert [p.name for p in recent_projects()] == ["p4.redraft", "p3.redraft", "p2.redraft"]
