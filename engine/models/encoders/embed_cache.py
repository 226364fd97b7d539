"""On-disk cache of sentence embeddings: SQLite (WAL) under ``app_paths().cache``.

Rows are keyed by (model key, SHA-256 of the text) and hold float32 vectors
as raw bytes. The model key names the model and hashes its weights and
config, so a changed model never serves stale vectors. Lookups go in batches
(``IN`` queries), writes with ``executemany``; one connection per thread.
"""

from __future__ import annotations

import hashlib
import sqlite3
import threading
from collections.abc import Sequence
from pathlib import Path

import numpy as np

from engine.paths import app_paths

_SCHEMA = """
CREATE TABLE IF NOT EXISTS embeddings (
    model TEXT NOT NULL,
    text_sha TEXT NOT NULL,
    dim INTEGER NOT NULL,
    vector BLOB NOT NULL,
    PRIMARY KEY (model, text_sha)
) WITHOUT ROWID;
CREATE TABLE IF NOT EXISTS model_keys (
    path TEXT PRIMARY KEY,
    size INTEGER NOT NULL,
    mtime_ns INTEGER NOT NULL,
    sha256 TEXT NOT NULL
);
"""
_BATCH = 500  # stays under SQLite's bound-parameter limit


def text_sha(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class EmbeddingCache:
    """Thread-safe store of float32 vectors keyed by model and text."""

    def __init__(self, path: str | Path | None = None) -> None:
        self.path = Path(path) if path is not None else app_paths().cache / "embeddings.sqlite3"
        self.path.parent.mkdir(parents=True, exist_ok=True)
        self._local = threading.local()
        self._write_lock = threading.Lock()
        with self._write_lock:
            conn = self._conn()
            conn.executescript(_SCHEMA)
            conn.commit()

    def _conn(self) -> sqlite3.Connection:
        conn = getattr(self._local, "conn", None)
        if conn is None:
            conn = sqlite3.connect(self.path, timeout=30)
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            self._local.conn = conn
        return conn

    def get_many(self, model: str, texts: Sequence[str]) -> dict[str, np.ndarray]:
        """Cached vectors for those of ``texts`` that have one, keyed by text."""
        by_sha = {text_sha(t): t for t in texts}
        shas = list(by_sha)
        found: dict[str, np.ndarray] = {}
        conn = self._conn()
        for i in range(0, len(shas), _BATCH):
            chunk = shas[i : i + _BATCH]
            marks = ",".join("?" * len(chunk))
            rows = conn.execute(
                f"SELECT text_sha, vector FROM embeddings WHERE model = ? AND text_sha IN ({marks})",
                [model, *chunk],
            )
            for sha, blob in rows:
                found[by_sha[sha]] = np.frombuffer(blob, dtype=np.float32)
        return found

    def put_many(self, model: str, texts: Sequence[str], vectors: np.ndarray) -> None:
        vectors = np.asarray(vectors, dtype=np.float32)
        rows = [
            (model, text_sha(t), int(v.shape[0]), v.tobytes())
            for t, v in zip(texts, vectors)
        ]
        with self._write_lock:
            conn = self._conn()
            conn.executemany("INSERT OR REPLACE INTO embeddings VALUES (?, ?, ?, ?)", rows)
            conn.commit()

    def count(self, model: str | None = None) -> int:
        conn = self._conn()
        if model is None:
            return int(conn.execute("SELECT COUNT(*) FROM embeddings").fetchone()[0])
        return int(conn.execute("SELECT COUNT(*) FROM embeddings WHERE model = ?", (model,)).fetchone()[0])

    def file_sha256(self, path: Path) -> str:
        """SHA-256 of a model file, remembered by (path, size, mtime) to hash once."""
        stat = path.stat()
        conn = self._conn()
        row = conn.execute(
            "SELECT sha256 FROM model_keys WHERE path = ? AND size = ? AND mtime_ns = ?",
            (str(path), stat.st_size, stat.st_mtime_ns),
        ).fetchone()
        if row:
            return str(row[0])
        from engine.models.llama.gguf_info import sha256_file

        digest = sha256_file(path)
        with self._write_lock:
            conn.execute(
                "INSERT OR REPLACE INTO model_keys VALUES (?, ?, ?, ?)",
                (str(path), stat.st_size, stat.st_mtime_ns, digest),
            )
            conn.commit()
        return digest

    def close(self) -> None:
        conn = getattr(self._local, "conn", None)
        if conn is not None:
            conn.close()
            self._local.conn = None
