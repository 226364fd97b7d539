"""``ProjectStore``: one SQLite file per project.

WAL journal (checkpointed after each step), foreign keys, ``PRAGMA application_id`` and ``user_version`` (the
schema; older files are migrated on open after a backup, ``paper.redraft.schema1.bak``, that ``notices`` names;
newer ones refused). Every change is one transaction, so there is no "save": whatever returned is on disk, a crash
leaves the old or the new state, and a write the disk refuses is a one-line ``ProjectNotSaved``
(``engine.project.filesafe``). Suggestions, links and responses go through a persisted undo stack (``history``).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
import uuid
from collections.abc import Iterator
from contextlib import AbstractContextManager, contextmanager
from pathlib import Path
from typing import Any

from engine.align.records import Alignment, Location
from engine.document.model import Document
from engine.errors import InputError
from engine.project import filesafe, history, sources
from engine.project.migrate import keep_backup, upgrade_notice
from engine.project.model import STATUSES, Project, SuggestionRecord
from engine.project.schema import (APPLICATION_ID, MIGRATIONS, SCHEMA_SQL, SCHEMA_VERSION, STAGES, alignment_from_dict,
                                   MERGE_SOURCES, dumps, review_from_dict, review_to_dict)
from engine.revision.model import Edit, RevisionDiff, SectionMove
from engine.reviews.model import Review, ReviewComment

class ProjectStore:
    """A Redraft project file. Use ``create`` or ``open``; safe to share between threads."""

    def __init__(self, path: Path, conn: sqlite3.Connection) -> None:
        self.path = path
        self._conn = conn
        self._lock = threading.RLock()
        #: One-line messages for the user about this file (an upgrade and its backup, opened read-only).
        self.notices: list[str] = []
        self.read_only = False  # a folder that cannot be written: opened immutable (``filesafe.connect_existing``)
        self._seen = filesafe.data_version(conn)  # another connection's commits change it (``changed_elsewhere``)

    # -- opening -------------------------------------------------------------------------

    @classmethod
    def create(cls, path: str | Path, name: str, *, overwrite: bool = False) -> "ProjectStore":
        """A new, empty project file at ``path``."""
        path = Path(path).expanduser()
        if path.exists() and not overwrite:
            raise InputError(f"{path} already exists")
        for extra in (path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")):
            extra.unlink(missing_ok=True)  # a WAL left by a file moved away is never read into this one
        path.parent.mkdir(parents=True, exist_ok=True)
        conn = filesafe.connect(path)
        conn.execute("PRAGMA journal_mode = WAL")
        store = cls(path, conn)
        now = time.time()
        with store._tx() as conn:
            for stmt in SCHEMA_SQL.strip().split(";"):
                if stmt.strip():
                    conn.execute(stmt)
            conn.execute(f"PRAGMA application_id = {APPLICATION_ID}")
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
            meta = {"id": uuid.uuid4().hex, "name": name, "created": now, "modified": now, "stages": [],
                    "reviews_path": "", "aligner": "", "section_moves": []}
            conn.executemany("INSERT INTO meta VALUES (?, ?)", [(k, dumps(v)) for k, v in meta.items()])
        return store

    @classmethod
    def open(cls, path: str | Path) -> "ProjectStore":
        """Open an existing project; raises ``InputError`` for anything that is not one we can read."""
        path = Path(path).expanduser()
        if not path.is_file():
            raise InputError(f"no such project file: {path}")
        with path.open("rb") as fh:
            header = fh.read(16)
        if header != b"SQLite format 3\x00":
            raise InputError(f"{path.name} is not a Redraft project")
        try:
            conn, read_only = filesafe.connect_existing(path)
        except sqlite3.DatabaseError as err:
            raise InputError(filesafe.cannot_open(path, err)) from None
        try:
            app_id = conn.execute("PRAGMA application_id").fetchone()[0]
            version = conn.execute("PRAGMA user_version").fetchone()[0]
            if app_id != APPLICATION_ID:
                raise InputError(f"{path.name} is an SQLite file but not a Redraft project")
            if version > SCHEMA_VERSION:
                raise InputError(
                    f"{path.name} was saved by a newer Redraft (project schema {version}; "
                    f"this version reads up to {SCHEMA_VERSION}); update Redraft to open it"
                )
            if version < SCHEMA_VERSION and read_only:
                raise InputError(filesafe.cannot_upgrade(path))
            check = conn.execute("PRAGMA quick_check").fetchone()[0]
            if check != "ok":
                raise InputError(f"{path.name} is damaged ({check})")
        except sqlite3.DatabaseError as err:
            conn.close()
            raise InputError(filesafe.cannot_open(path, err)) from None
        except InputError:
            conn.close()
            raise
        store = cls(path, conn)
        store.read_only = read_only  # the app says so (``filesafe.read_only_notice``); a step says why it is refused
        if version < SCHEMA_VERSION:
            try:
                backup = keep_backup(path, version)
                store._migrate(version)
            except BaseException:
                store.close()
                raise
            store.notices.append(upgrade_notice(path, version, SCHEMA_VERSION, backup))
        return store

    def _migrate(self, version: int) -> None:
        """Every migration from ``version`` up, in one transaction (a crash leaves the old file)."""
        with self._tx() as conn:
            if conn.execute("PRAGMA user_version").fetchone()[0] != version:
                return  # another process upgraded it meanwhile
            for v in range(version, SCHEMA_VERSION):
                if v not in MIGRATIONS:
                    raise InputError(f"{self.path.name}: no migration from project schema {v}")
                MIGRATIONS[v](conn)
            conn.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        if self._conn.execute("PRAGMA journal_mode").fetchone()[0] != "wal":
            self._conn.execute("PRAGMA journal_mode = WAL")  # it is being written anyway

    def close(self) -> None:
        with self._lock:
            if self._conn is not None:
                self._conn.close()
                self._conn = None  # type: ignore[assignment]

    def __enter__(self) -> "ProjectStore":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    @contextmanager
    def _tx(self) -> Iterator[sqlite3.Connection]:
        """One write transaction: all of it is committed, or none of it."""
        with self._lock:
            if self._conn is None:
                raise InputError(f"{self.path.name} is closed")
            conn = self._conn
            try:
                conn.execute("BEGIN IMMEDIATE")
                changes = conn.total_changes
                yield conn
                if conn.total_changes != changes and conn.execute(
                        "SELECT 1 FROM meta WHERE key = 'modified'").fetchone():
                    self._set_meta(conn, "modified", time.time())
                conn.execute("COMMIT")
            except BaseException as err:
                filesafe.roll_back(conn, self.path, err)  # a write the disk refused: ProjectNotSaved, with why
                raise
            filesafe.checkpoint(conn)  # the file itself holds the step (trial27: a copy made while open had none)

    def changed_elsewhere(self) -> bool:
        """Whether another connection (a second window or app on this file) committed since the last call."""
        with self._lock:
            seen, self._seen = self._seen, filesafe.data_version(self._conn) if self._conn else self._seen
        return seen != self._seen

    def transaction(self) -> AbstractContextManager[sqlite3.Connection]:
        """One write transaction, for a writer of several tables at once (``engine.project.rounds``)."""
        return self._tx()

    # -- meta ----------------------------------------------------------------------------

    @staticmethod
    def _set_meta(conn: sqlite3.Connection, key: str, value: Any) -> None:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (key, dumps(value)))

    def _meta(self) -> dict[str, Any]:
        return {k: json.loads(v) for k, v in self._conn.execute("SELECT key, value FROM meta")}

    def _mark(self, conn: sqlite3.Connection, stage: str, done: bool = True) -> None:
        row = conn.execute("SELECT value FROM meta WHERE key = 'stages'").fetchone()
        stages = [s for s in json.loads(row[0]) if s != stage] + ([stage] if done else [])
        self._set_meta(conn, "stages", [s for s in STAGES if s in stages])

    # -- pipeline stages -----------------------------------------------------------------

    def save_documents(self, old: Document | None, new: Document | None = None,
                       old_path: str = "", new_path: str = "", sources: dict[str, Any] | None = None) -> None:
        """Store the documents given (None leaves one as is) and ``sources``' fingerprints; the diff is dropped."""
        with self._tx() as conn:
            for role, doc, path in (("old", old, old_path), ("new", new, new_path)):
                if doc is not None:
                    conn.execute("INSERT OR REPLACE INTO documents VALUES (?, ?, ?)",
                                 (role, path or doc.source_path, dumps(doc.to_dict())))
            if sources:  # role -> engine.project.sources.fingerprint, merged (None drops a role: a folder)
                conn.execute(MERGE_SOURCES, (dumps(sources),))
            self._clear_diff(conn)
            self._mark(conn, "documents")

    def save_reviews(self, reviews: list[Review], source_path: str = "") -> None:
        with self._tx() as conn:
            conn.execute("DELETE FROM reviews")
            conn.executemany("INSERT INTO reviews VALUES (?, ?)",
                             [(i, dumps(review_to_dict(r))) for i, r in enumerate(reviews)])
            self._set_meta(conn, "reviews_path", str(source_path))
            self._mark(conn, "reviews")

    def save_comments(self, comments: list[ReviewComment], correction: tuple[str, dict] | None = None,
                      locations: list[Location] | None = None, stale: tuple[str, ...] = ()) -> None:
        """Replace the comments; responses, suggestions and alignments of the ids kept survive. In the same transaction
        ``correction`` (op, data) is logged, to replay after a new extraction, ``locations`` replace stored ones and
        the alignments of ``stale`` comments (rewritten: scored for other words) are dropped."""
        ids = [c.id for c in comments]
        if len(set(ids)) != len(ids):
            raise ValueError("comment ids must be unique")
        with self._tx() as conn:
            old = {r[0] for r in conn.execute("SELECT id FROM comments")}
            conn.executemany("DELETE FROM comments WHERE id = ?", [(i,) for i in old - set(ids)])
            conn.executemany(
                "INSERT INTO comments VALUES (?, ?, ?) ON CONFLICT(id) DO UPDATE SET "
                "position = excluded.position, data = excluded.data",
                [(c.id, i, dumps(c.to_dict())) for i, c in enumerate(comments)])
            if correction is not None:
                conn.execute("INSERT INTO corrections (op, data) VALUES (?, ?)", (correction[0], dumps(correction[1])))
            conn.executemany("INSERT OR REPLACE INTO locations VALUES (?, ?)", [(x.comment_id, dumps(x.to_dict())) for x in locations or ()])
            conn.executemany("DELETE FROM alignments WHERE comment_id = ?", [(i,) for i in stale])
            history.prune(conn)
            self._mark(conn, "comments")

    def corrections(self) -> list[tuple[str, dict]]:
        """The author's corrections to the comments, oldest first (``engine.project.corrections``)."""
        with self._lock:
            return [(op, json.loads(d)) for op, d in self._conn.execute("SELECT op, data FROM corrections ORDER BY seq")]

    def save_diff(self, diff: RevisionDiff | None) -> None:
        """Store the edits (the documents are stored by ``save_documents``); alignments are dropped."""
        with self._tx() as conn:
            self._clear_diff(conn)
            if diff is not None:
                conn.executemany("INSERT INTO edits VALUES (?, ?, ?)",
                                 [(e.id, i, dumps(e.to_dict())) for i, e in enumerate(diff.edits)])
                self._set_meta(conn, "section_moves", [m.to_dict() for m in diff.section_moves])
                self._mark(conn, "diff")

    def save_alignments(self, alignments: list[Alignment] | dict[str, Alignment], aligner: str | None = "") -> None:
        """Replace the alignments and name their ``aligner``; with ``aligner=None``, add or replace these only."""
        items = list(alignments.values()) if isinstance(alignments, dict) else list(alignments)
        with self._tx() as conn:
            if aligner is not None:
                conn.execute("DELETE FROM alignments")
                self._set_meta(conn, "aligner", aligner)
            conn.executemany("INSERT OR REPLACE INTO alignments VALUES (?, ?)", [(a.comment_id, dumps(a.to_dict())) for a in items])
            self._mark(conn, "alignments")

    def save_locations(self, locations: list[Location], encoder: dict[str, str] | None = None) -> None:
        """Where each comment applies in the draft (replaces what was stored), and the ``encoder`` that found it."""
        with self._tx() as conn:
            if encoder is not None:
                self._set_meta(conn, "encoder", encoder)
            conn.execute("DELETE FROM locations")
            conn.executemany("INSERT INTO locations VALUES (?, ?)", [(x.comment_id, dumps(x.to_dict())) for x in locations])
            self._mark(conn, "locations")

    def _clear_diff(self, conn: sqlite3.Connection) -> None:
        conn.execute("DELETE FROM edits")
        conn.execute("DELETE FROM alignments")
        self._set_meta(conn, "section_moves", [])
        self._mark(conn, "diff", False)
        self._mark(conn, "alignments", False)

    # -- author's work -------------------------------------------------------------------

    def add_suggestion(self, rec: SuggestionRecord) -> None:
        """Add (or replace) a suggestion; not an undoable step."""
        if rec.status not in STATUSES:
            raise ValueError(f"unknown suggestion status {rec.status!r}")
        with self._tx() as conn:
            row = conn.execute("SELECT position FROM suggestions WHERE id = ?", (rec.id,)).fetchone()
            position = row[0] if row else conn.execute("SELECT COALESCE(MAX(position) + 1, 0) FROM suggestions").fetchone()[0]
            try:
                conn.execute("INSERT OR REPLACE INTO suggestions VALUES (?, ?, ?, ?, ?, ?)",
                             (rec.id, rec.comment_id, position, rec.status, rec.edit, dumps(rec.to_dict())))
            except sqlite3.IntegrityError:
                raise KeyError(f"no comment {rec.comment_id!r} in this project") from None

    def set_suggestion_status(self, suggestion_id: str, status: str, edit_text: str | None = None) -> bool:
        """Accept, reject or edit a suggestion (``edit_text`` replaces its edit); undoable; False when it was already so."""
        if status not in STATUSES:
            raise ValueError(f"unknown suggestion status {status!r}")
        with self._tx() as conn:
            before = history.read(conn, "suggestion", suggestion_id)
            after = {"status": status, "edit": before["edit"] if edit_text is None else edit_text}
            return history.change(conn, "suggestion", suggestion_id, after)

    def set_link(self, comment_id: str, edit_id: str, verdict: str | None) -> bool:
        """The author's verdict on a comment-edit link (``confirmed``, ``rejected``, ``added``,
        or None to leave it to the aligner); undoable. False when it was already so."""
        with self._tx() as conn:
            return history.change(conn, "link", (comment_id, edit_id), verdict)

    def step_history(self, undo: bool = True) -> history.Step | None:
        """Undo the last step of any kind (or redo the last undone one); None when there is none."""
        with self._tx() as conn:
            return history.step(conn, undo)

    def undo(self) -> str | None:
        """Undo the last step; returns its target's id (a suggestion's, a comment's), or None."""
        return _target_id(self.step_history(True))

    def redo(self) -> str | None:
        """Redo the last undone step; returns its target's id, or None."""
        return _target_id(self.step_history(False))

    def can_undo(self) -> bool:
        with self._lock:
            return self._conn.execute("SELECT 1 FROM history WHERE undone = 0 LIMIT 1").fetchone() is not None

    def can_redo(self) -> bool:
        with self._lock:
            return self._conn.execute("SELECT 1 FROM history WHERE undone = 1 LIMIT 1").fetchone() is not None

    def set_response(self, comment_id: str, text: str, undoable: bool = False) -> bool:
        """The author's response to a comment ("" removes it); False when it was already so."""
        with self._tx() as conn:
            if undoable:
                return history.change(conn, "response", comment_id, text if text.strip() else None)
            if history.read(conn, "response", comment_id) == (text if text.strip() else None):
                return False
            history.write(conn, "response", comment_id, text)
            return True

    def set_tldrs(self, tldrs: list[str]) -> None:
        with self._tx() as conn:
            conn.execute("DELETE FROM tldrs")
            conn.executemany("INSERT INTO tldrs VALUES (?, ?)", list(enumerate(tldrs)))

    # -- loading -------------------------------------------------------------------------

    def load(self) -> Project:
        """The whole project as stored (reads only)."""
        with self._lock:
            if self._conn is None:
                raise InputError(f"{self.path.name} is closed")
            try:
                return self._load()
            except (sqlite3.DatabaseError, ValueError, KeyError, TypeError) as err:
                raise InputError(f"{self.path.name} is damaged ({type(err).__name__}: {err})") from None

    def _load(self) -> Project:
        conn = self._conn
        conn.execute("BEGIN")  # one consistent snapshot
        try:
            meta = self._meta()
            docs = {}
            for role, path, data in conn.execute("SELECT role, path, data FROM documents"):
                doc = Document.from_dict(json.loads(data))
                doc.source_path = path = sources.beside_project(path, self.path, (meta.get("sources") or {}).get(role))
                docs[role] = (doc, path)
            project = Project(id=meta["id"], name=meta["name"], path=self.path, letter=meta.get("letter") or {},
                              created=meta.get("created", 0.0), modified=meta.get("modified", 0.0),
                              stages=list(meta.get("stages", [])), reviews_path=meta.get("reviews_path", ""),
                              aligner=meta.get("aligner", ""), sources=dict(meta.get("sources") or {}),
                              encoder=meta.get("encoder") or {}, throughout=set(meta.get("throughout") or ()), review_round=meta.get("round", 1))
            if "old" in docs:
                project.old, project.old_path = docs["old"]
            if "new" in docs:
                project.new, project.new_path = docs["new"]
            project.reviews = [review_from_dict(json.loads(d))
                               for (d,) in conn.execute("SELECT data FROM reviews ORDER BY position")]
            project.comments = [ReviewComment.from_dict(json.loads(d))
                                for (d,) in conn.execute("SELECT data FROM comments ORDER BY position")]
            if "diff" in project.stages and project.old is not None and project.new is not None:
                edits = [Edit.from_dict(json.loads(d))
                         for (d,) in conn.execute("SELECT data FROM edits ORDER BY position")]
                moves = [SectionMove(m["section"], tuple(m["edit_ids"])) for m in meta.get("section_moves", [])]
                project.diff = RevisionDiff(old=project.old, new=project.new, edits=edits, section_moves=moves)
            for (d,) in conn.execute("SELECT data FROM locations"):
                loc = Location.from_dict(json.loads(d))
                project.locations[loc.comment_id] = loc
            for (d,) in conn.execute("SELECT data FROM alignments"):
                a = alignment_from_dict(json.loads(d))
                project.alignments[a.comment_id] = a
            for status, edit, d in conn.execute("SELECT status, edit, data FROM suggestions ORDER BY position"):
                rec = SuggestionRecord.from_dict({**json.loads(d), "status": status, "edit": edit})
                project.suggestions.setdefault(rec.comment_id, []).append(rec)
            project.notes = dict(conn.execute("SELECT comment_id, text FROM responses").fetchall())
            for cid, eid, verdict in conn.execute("SELECT comment_id, edit_id, verdict FROM links"):
                project.links.setdefault(cid, {})[eid] = verdict
            project.tldrs = [t for (t,) in conn.execute("SELECT text FROM tldrs ORDER BY position")]
        finally:
            conn.execute("COMMIT")
        return project


def _target_id(done: history.Step | None) -> str | None:
    return None if done is None else done.target[0] if done.kind == "link" else done.target
