"""Opening a project file from the command line (its notices on stderr) and the progress line of a build."""

from __future__ import annotations

import sys
from pathlib import Path

from engine.jobs import Progress
from engine.project import ProjectStore


def print_progress(p: Progress) -> None:
    if sys.stderr.isatty():
        print(f"\r{100 * p.fraction:5.1f}% {p.label[:70]:70}", end="", file=sys.stderr, flush=True)


def open_store(path: str | Path) -> ProjectStore:
    """``ProjectStore.open``, printing its notices (an upgrade and the backup kept) to stderr."""
    store = ProjectStore.open(path)
    for note in store.notices:
        print(f"redraft: note: {note}", file=sys.stderr)
    return store
