"""Recent projects, most recent first, in their own file (``<config>/recent.json``).

Apart from the settings, so that saving the settings (a theme change) can never
roll the list back, and every change re-reads the file first. A list kept in
the settings by an older Redraft is taken over once.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.paths import AppPaths, app_paths
from engine.settings import load_settings, write_json

MAX_RECENT = 10


def _key(path: str | Path) -> str:
    return str(Path(path).expanduser().resolve())


def recent_file(paths: AppPaths | None = None) -> Path:
    return (paths or app_paths()).config / "recent.json"


def _read(paths: AppPaths | None) -> list[str]:
    try:
        data = json.loads(recent_file(paths).read_text(encoding="utf-8"))
    except FileNotFoundError:
        data = load_settings(paths).extra.get("recent_projects", [])
    except (ValueError, UnicodeDecodeError):
        data = []
    return [str(p) for p in data] if isinstance(data, list) else []


def _write(entries: list[str], paths: AppPaths | None) -> list[Path]:
    write_json(recent_file(paths), entries)
    return [Path(p) for p in entries]


def recent_projects(paths: AppPaths | None = None) -> list[Path]:
    """Recent project files that still exist; missing ones are dropped from the list."""
    entries = _read(paths)
    kept = [p for p in entries if Path(p).is_file()]
    if kept != entries:
        _write(kept, paths)
    return [Path(p) for p in kept]


def remember_project(path: str | Path, paths: AppPaths | None = None, limit: int = MAX_RECENT) -> list[Path]:
    """Put ``path`` first in the recent list (at most ``limit`` entries); returns the list."""
    key = _key(path)
    return _write([key] + [p for p in _read(paths) if p != key][: limit - 1], paths)


def forget_project(path: str | Path, paths: AppPaths | None = None) -> list[Path]:
    """Remove ``path`` from the recent list; returns the list."""
    key = _key(path)
    return _write([p for p in _read(paths) if p != key], paths)


def title_name(project: Any) -> str:
    """A project as the window's title names it: the project file's name when that extends the project's ("NAME (round
    1)", the round a new round kept beside it; "NAME (2)"), else the project's name; ", round N" from the second round
    of review on. An author's trial (session 33) opened the kept round under the current one's title."""
    stem = Path(project.path).stem
    name = stem if stem != project.name and stem.startswith(f"{project.name} (") else project.name
    return f"{name}, round {project.review_round}" if project.review_round > 1 else name
