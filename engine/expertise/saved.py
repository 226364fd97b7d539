"""Where a project's reviewer profiles came from, kept in the project file so they come back on reopening.

Only the paths are kept (in the project's ``meta`` table, key ``expertise_profiles``): the papers are read again
from them, so a folder the area chair added papers to is read as it is now. trial22: closing the app lost every
profile, and an area chair re-added each reviewer's folder.
"""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path
from typing import Any

KEY = "expertise_profiles"


def saved_profile_paths(store: Any) -> list[str]:
    """The profile paths saved in the project (``[]`` for a project that has none); read on a read-only
    connection, so opening a project still writes nothing."""
    conn = sqlite3.connect(f"{Path(store.path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (KEY,)).fetchone()
    except sqlite3.Error:
        row = None
    finally:
        conn.close()
    value = json.loads(row[0]) if row else []
    return [str(p) for p in value if isinstance(p, str)] if isinstance(value, list) else []


def save_profile_paths(store: Any, paths: list[str | Path]) -> None:
    """Keep ``paths`` (in order, each once) as the project's profiles."""
    value = json.dumps(list(dict.fromkeys(str(p) for p in paths)))
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value", (KEY, value))
