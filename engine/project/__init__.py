"""Projects: everything about one paper's revision, saved in one SQLite file.

Open one with ``ProjectSession.open(path)``: the session owns the project and is
the only writer of its file; each operation returns a ``Changes`` record.

The names below load on first use (PEP 562), so the app's window can import the
model without the build pipeline.
"""

from __future__ import annotations

import importlib
from typing import Any

_WHERE = {
    "STATUSES": "model", "Project": "model", "SuggestionRecord": "model",
    "default_project_path": "pipeline",
    "forget_project": "recent", "recent_projects": "recent", "remember_project": "recent", "title_name": "recent",
    "Changes": "session", "ProjectSession": "session",
    "ProjectStore": "store",
}

__all__ = sorted(_WHERE)


def __getattr__(name: str) -> Any:
    if name in _WHERE:
        return getattr(importlib.import_module(f"engine.project.{_WHERE[name]}"), name)
    raise AttributeError(f"module 'engine.project' has no attribute {name!r}")
