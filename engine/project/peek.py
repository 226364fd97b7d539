"""Reading a project file without a store (its modified time, its earlier-round note, a backup copy) and without
leaving anything beside it.

A connection opened ``mode=ro`` on a WAL file creates its ``-wal`` and ``-shm`` files and, being read-only, cannot
remove them when it closes: ``redraft project show`` left both beside the project. ``peek`` opens read-write
(``mode=rw``: never creates the file; SQLite falls back to reading where the file is write-protected) with
``query_only`` set, so nothing is written through it, and the last connection to close removes the WAL as SQLite
does for any writer. While the app holds the project open, the files are the app's and stay.
"""

from __future__ import annotations

import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path


def uri(path: str | Path, mode: str = "rw") -> str:
    """``path`` as an SQLite URI (a "#" or "?" in a folder's name escaped)."""
    return Path(path).resolve().as_uri() + f"?mode={mode}"


@contextmanager
def peek(path: str | Path) -> Iterator[sqlite3.Connection]:
    """A query-only connection to the existing SQLite file ``path``, closed on leaving (``sqlite3.Error`` when it
    is missing or not a database)."""
    conn = sqlite3.connect(uri(path), uri=True, timeout=10.0)
    try:
        conn.execute("PRAGMA query_only = 1")
        yield conn
    finally:
        conn.close()
