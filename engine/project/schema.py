"""The project file's schema, its version and migrations, and the JSON forms
of the records that have no ``from_dict`` of their own."""

from __future__ import annotations

import json
import sqlite3
from collections.abc import Callable
from typing import Any

from engine.align.base import Alignment
from engine.reviews.model import Review

#: "RDRF": marks the file as a Redraft project.
APPLICATION_ID = 0x52445246
SCHEMA_VERSION = 2
SUFFIX = ".redraft"

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
CREATE TABLE history (seq INTEGER PRIMARY KEY AUTOINCREMENT,
                      suggestion_id TEXT NOT NULL REFERENCES suggestions(id) ON DELETE CASCADE,
                      before_status TEXT NOT NULL, before_edit TEXT NOT NULL,
                      after_status TEXT NOT NULL, after_edit TEXT NOT NULL,
                      undone INTEGER NOT NULL DEFAULT 0);
"""



def _add_locations(conn: sqlite3.Connection) -> None:
    """Schema 2: where in the draft each comment applies (``engine.align.localize``)."""
    conn.execute("CREATE TABLE locations (comment_id TEXT PRIMARY KEY REFERENCES comments(id) "
                 "ON DELETE CASCADE, data TEXT NOT NULL)")


#: ``MIGRATIONS[v]`` upgrades a file from schema ``v`` to ``v + 1`` (inside the open transaction).
MIGRATIONS: dict[int, Callable[[sqlite3.Connection], None]] = {1: _add_locations}

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
