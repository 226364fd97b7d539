"""Opening a project file from the command line (its notices on stderr) and the progress line of a build."""

from __future__ import annotations

import sys
from collections.abc import Callable
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


def note_steps() -> Callable[[Progress], None]:
    """A job's progress as one stderr note per step it names ("redraft: reading the draft for placement… (283
    texts)"), then the percentage on a terminal: for a job whose steps are few but may be long."""
    seen: set[str] = set()

    def note(p: Progress) -> None:
        if p.label not in seen:
            seen.add(p.label)
            print(f"redraft: {p.label}" + (f" ({p.total} texts)" if p.total else ""), file=sys.stderr, flush=True)
        elif p.total and sys.stderr.isatty():
            print(f"\r{100 * p.fraction:5.1f}% ", end="\n" if p.done >= p.total else "", file=sys.stderr, flush=True)

    return note
