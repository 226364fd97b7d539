"""Recent projects, most recent first, kept in the settings (``Settings.recent_projects``)."""

from __future__ import annotations

from pathlib import Path

from engine.paths import AppPaths
from engine.settings import load_settings, save_settings

MAX_RECENT = 10


def _key(path: str | Path) -> str:
    return str(Path(path).expanduser().resolve())


def recent_projects(paths: AppPaths | None = None) -> list[Path]:
    """Recent project files that still exist; missing ones are dropped from the settings."""
    settings = load_settings(paths)
    kept = [p for p in settings.recent_projects if Path(p).is_file()]
    if kept != settings.recent_projects:
        settings.recent_projects = kept
        save_settings(settings, paths)
    return [Path(p) for p in kept]


def remember_project(path: str | Path, paths: AppPaths | None = None, limit: int = MAX_RECENT) -> list[Path]:
    """Put ``path`` first in the recent list (at most ``limit`` entries); returns the list."""
    settings = load_settings(paths)
    key = _key(path)
    settings.recent_projects = [key] + [p for p in settings.recent_projects if p != key][: limit - 1]
    save_settings(settings, paths)
    return [Path(p) for p in settings.recent_projects]


def forget_project(path: str | Path, paths: AppPaths | None = None) -> list[Path]:
    """Remove ``path`` from the recent list; returns the list."""
    settings = load_settings(paths)
    key = _key(path)
    settings.recent_projects = [p for p in settings.recent_projects if p != key]
    save_settings(settings, paths)
    return [Path(p) for p in settings.recent_projects]
