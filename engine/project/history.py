"""The persisted undo stack: one table, one row per step of the author's, any kind.

A step records the state of one target before and after. Kinds:

- ``suggestion``: target a suggestion id, state ``{"status": ..., "edit": ...}``;
- ``link``: target ``[comment_id, edit_id]`` (JSON), state a verdict
  (``confirmed``, ``rejected``, ``added``) or ``None`` (the aligner's word stands);
- ``response``: target a comment id, state the response text or ``None``;
- ``mark``: target a comment id, state True (marked "answered throughout the paper", ``engine.project.marks``) or
  ``None``.

All functions run inside the caller's transaction (``ProjectStore._tx``).
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from typing import Any

from engine.project import marks
from engine.project.schema import dumps

KINDS = ("suggestion", "link", "response", "mark")
VERDICTS = ("confirmed", "rejected", "added")


@dataclass(frozen=True)
class Step:
    """One step undone or redone: what it touched and the state it left."""

    kind: str
    target: Any  # a suggestion id, a comment id, or (comment_id, edit_id)
    state: Any


def read(conn: sqlite3.Connection, kind: str, target: Any) -> Any:
    """The current state of ``target``; raises ``KeyError`` for a suggestion that does not exist."""
    if kind == "suggestion":
        row = conn.execute("SELECT status, edit FROM suggestions WHERE id = ?", (target,)).fetchone()
        if row is None:
            raise KeyError(target)
        return {"status": row[0], "edit": row[1]}
    if kind == "link":
        row = conn.execute("SELECT verdict FROM links WHERE comment_id = ? AND edit_id = ?", tuple(target)).fetchone()
        return row[0] if row else None
    if kind == "response":
        row = conn.execute("SELECT text FROM responses WHERE comment_id = ?", (target,)).fetchone()
        return row[0] if row else None
    if kind == "mark":
        return marks.read(conn, target)
    raise ValueError(f"unknown history kind {kind!r}")


def write(conn: sqlite3.Connection, kind: str, target: Any, state: Any) -> None:
    """Put ``target`` in ``state``; ``KeyError`` when its comment does not exist."""
    try:
        if kind == "suggestion":
            conn.execute("UPDATE suggestions SET status = ?, edit = ? WHERE id = ?",
                         (state["status"], state["edit"], target))
        elif kind == "link":
            if state is None:
                conn.execute("DELETE FROM links WHERE comment_id = ? AND edit_id = ?", tuple(target))
            else:
                if state not in VERDICTS:
                    raise ValueError(f"unknown link verdict {state!r}")
                conn.execute("INSERT OR REPLACE INTO links VALUES (?, ?, ?)", (*target, state))
        elif kind == "response":
            if not state or not str(state).strip():
                conn.execute("DELETE FROM responses WHERE comment_id = ?", (target,))
            else:
                conn.execute("INSERT OR REPLACE INTO responses VALUES (?, ?)", (target, state))
        elif kind == "mark":
            marks.write(conn, target, state)
        else:
            raise ValueError(f"unknown history kind {kind!r}")
    except sqlite3.IntegrityError:
        comment = target[0] if kind == "link" else target
        raise KeyError(f"no comment {comment!r} in this project") from None


def change(conn: sqlite3.Connection, kind: str, target: Any, after: Any) -> bool:
    """Apply ``after`` as one undoable step (what could be redone is dropped); False when nothing changes."""
    before = read(conn, kind, target)
    if before == after or (kind == "response" and not (before or "").strip() and not (after or "").strip()):
        return False
    write(conn, kind, target, after)
    conn.execute("DELETE FROM history WHERE undone = 1")
    conn.execute("INSERT INTO history (kind, target, before, after) VALUES (?, ?, ?, ?)",
                 (kind, _key(kind, target), dumps(before), dumps(after)))
    return True


def step(conn: sqlite3.Connection, undo: bool) -> Step | None:
    """Undo the last step (or redo the last undone one); None when there is none."""
    if undo:
        row = conn.execute("SELECT seq, kind, target, before FROM history WHERE undone = 0 "
                           "ORDER BY seq DESC LIMIT 1").fetchone()
    else:
        row = conn.execute("SELECT seq, kind, target, after FROM history WHERE undone = 1 "
                           "ORDER BY seq LIMIT 1").fetchone()
    if row is None:
        return None
    seq, kind, key, state = row
    target = tuple(json.loads(key)) if kind == "link" else key
    state = json.loads(state)
    write(conn, kind, target, state)
    conn.execute("UPDATE history SET undone = ? WHERE seq = ?", (1 if undo else 0, seq))
    return Step(kind, target, state)


def prune(conn: sqlite3.Connection) -> None:
    """Forget the steps whose suggestion or comment is gone (their undo would touch nothing)."""
    conn.execute("DELETE FROM history WHERE kind = 'suggestion' AND target NOT IN (SELECT id FROM suggestions)")
    conn.execute("DELETE FROM history WHERE kind IN ('response', 'mark') AND target NOT IN (SELECT id FROM comments)")
    conn.execute("DELETE FROM history WHERE kind = 'link' AND json_extract(target, '$[0]') "
                 "NOT IN (SELECT id FROM comments)")


def _key(kind: str, target: Any) -> str:
    return dumps(list(target)) if kind == "link" else str(target)
