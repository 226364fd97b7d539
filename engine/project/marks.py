"""The author's per-comment mark "answered throughout the paper" (``engine.align.throughout``): kept in the project
file's ``meta`` row ``throughout`` (a list of comment ids; a file without it has no mark, so no schema change), one
undoable step of the history's kind ``mark`` (``engine.project.history``), applied by ``ProjectSession`` through
``MarkSteps``."""

from __future__ import annotations

import json
import sqlite3
from typing import TYPE_CHECKING, Any

from engine.project.schema import dumps

if TYPE_CHECKING:
    from engine.project.model import Project

#: The ``meta`` row that holds the marked comments' ids.
META_KEY = "throughout"


def marked(conn: sqlite3.Connection) -> list[str]:
    row = conn.execute("SELECT value FROM meta WHERE key = ?", (META_KEY,)).fetchone()
    return [str(c) for c in json.loads(row[0])] if row else []


def read(conn: sqlite3.Connection, comment_id: str) -> bool | None:
    """The history's state of a comment's mark: True, or None when unmarked."""
    return True if comment_id in marked(conn) else None


def write(conn: sqlite3.Connection, comment_id: str, state: Any) -> None:
    """Mark (``state`` true) or unmark the comment; ``KeyError`` when the project has no such comment."""
    if conn.execute("SELECT 1 FROM comments WHERE id = ?", (comment_id,)).fetchone() is None:
        raise KeyError(f"no comment {comment_id!r} in this project")
    set_marked(conn, [c for c in marked(conn) if c != comment_id] + ([comment_id] if state else []))


def set_marked(conn: sqlite3.Connection, ids: list[str]) -> None:
    """The marked comments are exactly ``ids`` (a new round carries them over, or clears them)."""
    conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                 (META_KEY, dumps(ids)))


def apply(project: "Project", comment_id: str, state: Any) -> None:
    """The in-memory project after a mark step (done, undone or redone)."""
    if state:
        project.throughout.add(comment_id)
    else:
        project.throughout.discard(comment_id)
