"""The project file's schema, its version and migrations, and the JSON forms
of the records that have no ``from_dict`` of their own."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from engine.align.records import Alignment
from engine.reviews.model import Review

#: "RDRF": marks the file as a Redraft project.
APPLICATION_ID = 0x52445246
SCHEMA_VERSION = 3
SUFFIX = ".redraft"

#: The undo stack: each row is one author's step on one target (see ``engine.project.history``).
HISTORY_SQL = """
CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, target TEXT NOT NULL,
                      before TEXT NOT NULL, after TEXT NOT NULL, undone INTEGER NOT NULL DEFAULT 0);
"""

SCHEMA_SQL = """
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE documents (role TEXT PRIMARY KEY CHECK (role IN ('old', 'new')),
                        path TEXT NOT NULL, data TEXT NOT NULL);
CREATE TABLE reviews (position INTEGER PRIMARY KEY, data TEXT NOT NULL);
CREATE TABLE comments (id TEXT PRIMARY KEY, position INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE edits (id TEXT PRIMARY KEY, position INTEGER NOT NULL, data TEXT NOT NULL);
CREATE TABLE alignments (comment_id TEXT PRIMARY KEY REFERENCES comments(id) ON DELETE CASCADE,
                         data TEXT NOT NULL);
CREATE TABLE suggestions (id TEXT PRIMARY KEY,
                          comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
                          position INTEGER NOT NULL, status TEXT NOT NULL, edit TEXT NOT NULL,
                          data TEXT NOT NULL);
CREATE TABLE responses (comment_id TEXT PRIMARY KEY REFERENCES comments(id) ON DELETE CASCADE,
                        text TEXT NOT NULL);
CREATE TABLE tldrs (position INTEGER PRIMARY KEY, text TEXT NOT NULL);
CREATE TABLE locations (comment_id TEXT PRIMARY KEY REFERENCES comments(id) ON DELETE CASCADE,
                        data TEXT NOT NULL);
CREATE TABLE links (comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE,
                    edit_id TEXT NOT NULL, verdict TEXT NOT NULL CHECK (verdict IN ('confirmed', 'rejected', 'added')),
                    PRIMARY KEY (comment_id, edit_id));
CREATE TABLE corrections (seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, data TEXT NOT NULL);
""" + HISTORY_SQL



def _add_locations(conn: sqlite3.Connection) -> None:
    """Schema 2: where in the draft each comment applies (``engine.align.localize``)."""
    conn.execute("CREATE TABLE locations (comment_id TEXT PRIMARY KEY REFERENCES comments(id) "
                 "ON DELETE CASCADE, data TEXT NOT NULL)")


def _add_links(conn: sqlite3.Connection) -> None:
    """Schema 3: the author's verdicts on comment-edit links, corrections to the extracted comments,
    and one undo stack for every kind of step."""
    conn.execute("CREATE TABLE links (comment_id TEXT NOT NULL REFERENCES comments(id) ON DELETE CASCADE, "
                 "edit_id TEXT NOT NULL, verdict TEXT NOT NULL CHECK (verdict IN ('confirmed', 'rejected', 'added')), "
                 "PRIMARY KEY (comment_id, edit_id))")
    conn.execute("CREATE TABLE corrections (seq INTEGER PRIMARY KEY AUTOINCREMENT, op TEXT NOT NULL, data TEXT NOT NULL)")
    rows = conn.execute("SELECT seq, suggestion_id, before_status, before_edit, after_status, after_edit, undone "
                        "FROM history ORDER BY seq").fetchall()
    conn.execute("DROP TABLE history")
    conn.execute(HISTORY_SQL)
    conn.executemany("INSERT INTO history VALUES (?, 'suggestion', ?, ?, ?, ?)", [
        (seq, sid, dumps({"status": bs, "edit": be}), dumps({"status": as_, "edit": ae}), undone)
        for seq, sid, bs, be, as_, ae, undone in rows])


#: ``MIGRATIONS[v]`` upgrades a file from schema ``v`` to ``v + 1`` (inside the open transaction).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_locations, 2: _add_links}

#: The source files' fingerprints (``engine.project.sources``) merged into the ``meta`` row ``sources``.
MERGE_SOURCES = ("INSERT INTO meta VALUES ('sources', json(?)) ON CONFLICT(key) DO UPDATE SET "
                 "value = json_patch(value, excluded.value)")

STAGES = ("documents", "reviews", "comments", "locations", "diff", "alignments")


def dumps(data: Any) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


def review_to_dict(review: Review) -> dict[str, Any]:
    return {
        "reviewer": review.reviewer, "text": review.text, "sections": [list(s) for s in review.sections],
        "offsets": list(review.offsets), "rating": review.rating, "confidence": review.confidence,
        "source": review.source, "notices": list(review.notices),
    }


def review_from_dict(data: dict[str, Any]) -> Review:
    return Review(
        reviewer=data["reviewer"], text=data["text"], sections=[(h, t) for h, t in data.get("sections", [])],
        offsets=list(data.get("offsets", [])), rating=data.get("rating"), confidence=data.get("confidence"),
        source=data.get("source", "text"), notices=list(data.get("notices", [])),
    )


def alignment_from_dict(data: dict[str, Any]) -> Alignment:
    return Alignment.from_dict(data)  # keeps calibrated probabilities and reasons; reads older records too
