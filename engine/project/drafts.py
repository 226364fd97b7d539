"""Responses typed and not saved yet, kept outside the project so a crash cannot take them (``<data>/unsaved.json``).

Session 27's author trial killed the app (SIGKILL, as an out-of-memory killer or a dead battery does) while a response
was being typed: the text was gone, with no word on reopening. The app now keeps what is typed here a moment after
each pause (``keep``, one draft a comment), drops it once it is saved or reverted (``drop``), and on reopening the
project puts it back in the box, unsaved, and says so (``take``). Kept apart from the project file, by the project's
id: a full disk under the project or a read-only project does not stop it, and a project moved or renamed still finds
its text.
"""

from __future__ import annotations

import json
import time
from dataclasses import dataclass
from pathlib import Path

from engine.paths import AppPaths, app_paths
from engine.settings import write_json


@dataclass(frozen=True)
class Draft:
    comment_id: str
    text: str
    no_change: bool = False
    #: When it was last kept (seconds since the epoch).
    time: float = 0.0
    #: The project file it was typed in.
    path: str = ""


def drafts_file(paths: AppPaths | None = None) -> Path:
    return (paths or app_paths()).data / "unsaved.json"


def _read(paths: AppPaths | None) -> dict[str, dict]:
    try:
        data = json.loads(drafts_file(paths).read_text(encoding="utf-8"))
    except (OSError, ValueError, UnicodeDecodeError):
        return {}
    return data if isinstance(data, dict) else {}


def _write(data: dict[str, dict], paths: AppPaths | None) -> bool:
    """False when the data folder cannot be written (the box still holds the text)."""
    try:
        write_json(drafts_file(paths), data)
    except OSError:
        return False
    return True


def keep(project_id: str, path: str | Path, comment_id: str, text: str, no_change: bool = False,
         paths: AppPaths | None = None) -> bool:
    """Remember what is typed for ``comment_id`` in the project ``project_id``, open from ``path``."""
    data = _read(paths)
    kept = data.get(project_id) if isinstance(data.get(project_id), dict) else {}
    kept[comment_id] = {"text": text, "no_change": no_change, "time": time.time(), "path": _key(path)}
    data[project_id] = kept
    return _write(data, paths)


def drop(project_id: str, comment_id: str, paths: AppPaths | None = None) -> bool:
    """Forget the draft of ``comment_id`` (saved, reverted, or its comment gone)."""
    data = _read(paths)
    kept = data.get(project_id)
    if not isinstance(kept, dict) or comment_id not in kept:
        return True
    del kept[comment_id]
    if not kept:
        del data[project_id]
    return _write(data, paths)


def take(project_id: str, path: str | Path, paths: AppPaths | None = None) -> list[Draft]:
    """The drafts kept for the project open from ``path``, the latest first (left in the file until saved or
    dropped): those typed there, or in a file of the same project no longer where it was (moved or renamed); never
    one typed in another copy of it that is still there (copies share the project's id)."""
    kept = _read(paths).get(project_id)
    found = [Draft(cid, item["text"], bool(item.get("no_change")), float(item.get("time") or 0.0),
                   str(item.get("path") or ""))
             for cid, item in (kept.items() if isinstance(kept, dict) else ())
             if isinstance(item, dict) and isinstance(item.get("text"), str)]
    here = _key(path)
    return sorted((d for d in found if d.path in ("", here) or not Path(d.path).is_file()), key=lambda d: -d.time)


def _key(path: str | Path) -> str:
    return str(Path(path).expanduser().resolve())
