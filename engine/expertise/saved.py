"""Where a project's reviewer profiles came from, and their last scores, kept in the project file so they come
back on reopening.

Only the paths are kept (in the project's ``meta`` table, key ``expertise_profiles``): the papers are read again
from them, so a folder the area chair added papers to is read as it is now. trial22: closing the app lost every
profile, and an area chair re-added each reviewer's folder.

The scores (key ``expertise_scores``) are kept with a digest of what they were computed from: the reviewer's papers
as read and the submission's title and abstract. A score comes back only while both read the same, so a folder
with papers added since, or a new version of the paper, asks for Score again instead of showing a stale figure.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
from collections.abc import Sequence
from datetime import datetime, timezone
from pathlib import Path
from typing import Any

from engine.expertise.evidence import Conflict, EvidencePaper, ExpertiseReport
from engine.expertise.profile import Paper, Profile

KEY = "expertise_profiles"
SCORES_KEY = "expertise_scores"


def _read_meta(store: Any, key: str) -> Any:
    """The JSON value kept under ``key`` (``None`` when absent or unreadable), read on a read-only connection, so
    opening a project still writes nothing."""
    conn = sqlite3.connect(f"{Path(store.path).resolve().as_uri()}?mode=ro", uri=True)
    try:
        row = conn.execute("SELECT value FROM meta WHERE key = ?", (key,)).fetchone()
    except sqlite3.Error:
        row = None
    finally:
        conn.close()
    try:
        return json.loads(row[0]) if row else None
    except ValueError:  # a hand-edited or damaged value: as if none were kept
        return None


def _write_meta(store: Any, key: str, value: Any) -> None:
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (key, json.dumps(value)))


def saved_profile_paths(store: Any) -> list[str]:
    """The profile paths saved in the project (``[]`` for a project that has none)."""
    value = _read_meta(store, KEY)
    return [str(p) for p in value if isinstance(p, str)] if isinstance(value, list) else []


def save_profile_paths(store: Any, paths: list[str | Path]) -> None:
    """Keep ``paths`` (in order, each once) as the project's profiles."""
    _write_meta(store, KEY, list(dict.fromkeys(str(p) for p in paths)))


def _digest(value: Any) -> str:
    return hashlib.sha256(json.dumps(value, ensure_ascii=False, sort_keys=True).encode("utf-8")).hexdigest()


def paper_digest(paper: Paper) -> str:
    """What a score read of the submission: its title, abstract and authors (the conflict check reads them)."""
    return _digest([paper.title, paper.abstract, list(paper.authors)])


def profile_digest(profile: Profile) -> str:
    """What a score read of a reviewer: their name and each paper as read (not the file's date: a folder copied
    elsewhere with the same papers keeps its score)."""
    return _digest([profile.reviewer, [[p.id, p.title, p.abstract, p.year, list(p.authors)] for p in profile.papers]])


def save_scores(store: Any, reports: Sequence[ExpertiseReport], profiles: Sequence[Profile], paper: Paper) -> None:
    """Keep ``reports`` with the digests of the profiles and the paper they were scored from (replacing what was
    kept; a report whose reviewer has no profile in ``profiles`` is not kept)."""
    by_reviewer = {p.reviewer: profile_digest(p) for p in profiles}
    _write_meta(store, SCORES_KEY, {
        "paper": paper_digest(paper),
        "scored": datetime.now(timezone.utc).isoformat(timespec="seconds"),
        "reports": [{"profile": by_reviewer[r.reviewer], "report": r.to_dict()} for r in reports
                    if r.reviewer in by_reviewer]})


def report_from_dict(value: dict[str, Any]) -> ExpertiseReport:
    """An ``ExpertiseReport`` as ``to_dict`` wrote it."""
    fields = dict(value)
    fields["evidence"] = [EvidencePaper(**e) for e in fields.get("evidence", [])]
    fields["conflicts"] = [Conflict(**c) for c in fields.get("conflicts", [])]
    return ExpertiseReport(**fields)


def saved_scores(store: Any, profiles: Sequence[Profile], paper: Paper) -> tuple[list[ExpertiseReport], str]:
    """The kept reports that still hold — the paper reads as it was scored and the reviewer's profile reads the
    same papers — and when they were scored (``""`` when none holds)."""
    value = _read_meta(store, SCORES_KEY)
    if not isinstance(value, dict) or value.get("paper") != paper_digest(paper):
        return [], ""
    current = {profile_digest(p) for p in profiles}
    reports = []
    for entry in value.get("reports", []):
        if isinstance(entry, dict) and entry.get("profile") in current:
            try:
                reports.append(report_from_dict(entry["report"]))
            except (KeyError, TypeError):  # written by another version: score again
                continue
    return reports, (str(value.get("scored", "")) if reports else "")
