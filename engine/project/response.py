"""The authors' response letter kept in a project (issue 32, session 25).

Given with the revision (``redraft project new --response LETTER``, the new-project wizard's "Authors' response"),
its text is stored in the project's meta table under ``letter`` (``{"name", "text"}``) and the ``learned``
aligner reads it (``engine.align.letter``): each comment's answer in the letter informs its status through the
shipped letter model (``answered-letter.json``; docs/figures-align.md, "Session 25: the response letter as
evidence"). A project without one behaves as before.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.align.letter import Letter, read_letter

KEY = "letter"


def read_response(path: str | Path) -> tuple[str, Letter]:
    """The letter file's name and its text read (``InputError``, one line, for a file that is not a letter)."""
    return Path(path).name, read_letter(path)


def save_response(store: Any, name: str, letter: Letter) -> None:
    """Keep the letter's text in the project (one write)."""
    with store.transaction() as conn:
        conn.execute("INSERT INTO meta VALUES (?, ?) ON CONFLICT(key) DO UPDATE SET value = excluded.value",
                     (KEY, json.dumps({"name": name, "text": letter.text}, ensure_ascii=False)))


def drop_response(store: Any) -> None:
    """Forget the stored letter (a new round's statuses read the letter given with that round, or none)."""
    with store.transaction() as conn:
        conn.execute("DELETE FROM meta WHERE key = ?", (KEY,))


def project_letter(project: Any) -> Letter | None:
    """The project's stored letter, ready for the aligner; None when it has none."""
    text = (getattr(project, "letter", None) or {}).get("text", "")
    return Letter(text) if text.strip() else None
