"""Recent projects in their own file: remember, forget, drop missing files, limit; a settings
save never rolls the list back; a list kept in the settings by an older Redraft is taken over."""

from __future__ import annotations

from pathlib import Path

from engine.project import ProjectStore, forget_project, recent_projects, remember_project
import json

from engine.project.recent import recent_file
from engine.settings import load_settings, save_settings


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
    assert json.loads(recent_file().read_text()) == [str(paths[0].resolve()), str(paths[2].resolve())]  # for good


def test_saving_stale_settings_keeps_the_recent_list(tmp_path: Path) -> None:
    settings = load_settings()  # loaded once at launch, as the app does
    project = tmp_path / "p.redraft"
    ProjectStore.create(project, "p").close()
    remember_project(project)
    settings.theme = "dark"
    save_settings(settings)  # the stale copy is saved after the project was remembered
    assert recent_projects() == [project.resolve()] and load_settings().theme == "dark"
    assert "recent_projects" not in load_settings().to_dict()


def test_a_list_in_old_settings_is_taken_over(tmp_path: Path) -> None:
    project = tmp_path / "old.redraft"
    ProjectStore.create(project, "old").close()
    settings = load_settings()
    settings.extra["recent_projects"] = [str(project.resolve())]
    save_settings(settings)
    assert recent_projects() == [project.resolve()]
    remember_project(project)
    assert recent_file().is_file()


def test_recent_projects_limit(tmp_path: Path) -> None:
    for i in range(5):
        p = tmp_path / f"p{i}.redraft"
        p.write_bytes(b"")
        remember_project(p, limit=3)
    assert [p.name for p in recent_projects()] == ["p4.redraft", "p3.redraft", "p2.redraft"]
