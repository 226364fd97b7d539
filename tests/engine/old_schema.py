"""Turn a current project file into what an older Redraft wrote (for migration tests)."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

OLD_HISTORY = """CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT,
    suggestion_id TEXT NOT NULL REFERENCES suggestions(id) ON DELETE CASCADE,
    before_status TEXT NOT NULL, before_edit TEXT NOT NULL,
    after_status TEXT NOT NULL, after_edit TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0)"""


def downgrade(path: Path, version: int) -> Path:
    """Schema 2: no links, no corrections, the suggestion-only undo table; schema 1: no locations either."""
    conn = sqlite3.connect(path)
    rows = conn.execute("SELECT seq, target, before, after, undone FROM history WHERE kind = 'suggestion'").fetchall()
    conn.execute("DROP TABLE links")
    conn.execute("DROP TABLE corrections")
    conn.execute("DROP TABLE history")
    conn.execute(OLD_HISTORY)
    for seq, target, before, after, undone in rows:
        b, a = json.loads(before), json.loads(after)
        conn.execute("INSERT INTO history VALUES (?, ?, ?, ?, ?, ?, ?)",
                     (seq, target, b["status"], b["edit"], a["status"], a["edit"], undone))
    if version < 2:
        conn.execute("DROP TABLE locations")
        stages = [s for s in json.loads(conn.execute("SELECT value FROM meta WHERE key = 'stages'").fetchone()[0])
                  if s != "locations"]
        conn.execute("UPDATE meta SET value = ? WHERE key = 'stages'", (json.dumps(stages),))
    conn.execute(f"PRAGMA user_version = {version}")
    conn.commit()
    conn.execute("PRAGMA journal_mode = DELETE")
    conn.close()
    return path
