"""The project file on a disk that misbehaves: full, read-only, moved while open, written by a second window.

Session 27's author trial (docs/app.md, "never losing work") found four ways to lose work here, each handled by one
function used by ``ProjectStore``:

- ``cannot_open``: a project on a full disk read "damaged and cannot be opened (disk I/O error)"; it says why now.
- ``connect``: a project in a folder that cannot be written (a read-only mount, a shared folder) read "damaged and
  cannot be opened"; it now opens read-only (``read_only``: its steps are refused with a reason, nothing is lost).
- ``checkpoint`` after every committed step: with a WAL journal the main file held none of the session's steps until
  the app closed, so a copy made while the app was open, or a file renamed and then the app killed, lost them all.
- ``not_saved``: a full disk or a read-only file raised a bare ``sqlite3.OperationalError`` (the app printed a
  traceback and said nothing); it is now a ``ProjectNotSaved`` naming the cause, and nothing of the step is written.
- ``whole_file``: the revision report and the coverage CSV were written in place, so a full disk (or a kill) while
  writing over an earlier export left half a file where the earlier one was; now, as the letter already was, they
  and the marked-up PDF are written beside it and put in its place only once whole.
- ``data_version``: another connection's commits (the same project open in a second window or app), so a session
  reads the file again before its next step instead of showing, exporting and undoing a stale project.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from engine.errors import InputError
from engine.project.peek import uri

#: SQLite's words for a write the disk or the file system refused, and what the author is told.
_CAUSES = (
    ("disk is full", "the disk is full"),
    ("readonly", "the file or its folder is read-only"),
    ("unable to open", "its folder cannot be written"),
    ("disk i/o error", "the disk could not be written (I/O error)"),
    ("database is locked", "another program is writing it"),
)


#: How long a step waits for another window's write to end (the ``timeout`` of ``sqlite3.connect``).
BUSY_MS = 10_000


class ProjectNotSaved(InputError):
    """A step on the project was not written (disk full, read-only file or folder, I/O error): nothing of it was."""


def not_saved(path: Path, err: BaseException) -> ProjectNotSaved | None:
    """The one-line error for a write SQLite refused for a reason of the disk, or ``None`` for any other error."""
    text = str(err).lower() if isinstance(err, sqlite3.OperationalError) else ""
    for key, cause in _CAUSES:
        if key in text:
            return ProjectNotSaved(f"{path.name} cannot be written: {cause}; nothing of this step was saved")
    return None


def roll_back(conn: sqlite3.Connection, path: Path, err: BaseException) -> None:
    """End a failed write transaction (SQLite has already rolled back one the full disk stopped at COMMIT, and a
    second ROLLBACK would hide why); a refusal of the disk is raised as ``ProjectNotSaved``."""
    if conn.in_transaction:
        conn.execute("ROLLBACK")
    refused = not_saved(path, err)
    if refused is not None:
        raise refused from err


def cannot_open(path: Path, err: sqlite3.Error) -> str:
    """Why ``path`` could not be opened: a disk's refusal (SQLite writes its journal beside the file even to read it;
    a full disk read "damaged" before), else damage."""
    refused = not_saved(path, err)
    if refused is None or "readonly" in str(err).lower():
        return f"{path.name} is damaged and cannot be opened ({err})"
    cause = str(refused).split(": ", 1)[1].split(";")[0]
    return (f"{path.name} cannot be opened: {cause}, and SQLite needs room beside the file for its journal even to "
            "read it: free some space (or copy the project elsewhere) and open it again")


def writable(path: Path) -> bool:
    """Whether the project file and its folder (where SQLite keeps its journal) can be written."""
    return os.access(path, os.W_OK) and os.access(path.parent, os.W_OK)


def connect(path: Path, read_only: bool = False) -> sqlite3.Connection:
    """The store's connection to ``path`` (``read_only``: immutable, for a file nothing can change where it is)."""
    target, is_uri = (uri(path, "ro") + "&immutable=1", True) if read_only else (str(path), False)
    conn = sqlite3.connect(target, uri=is_uri, isolation_level=None, check_same_thread=False, timeout=BUSY_MS / 1000)
    conn.execute("PRAGMA foreign_keys = ON")
    conn.execute("PRAGMA synchronous = FULL")
    return conn


def connect_existing(path: Path) -> tuple[sqlite3.Connection, bool]:
    """A connection to an existing project and whether it is read-only: a file in a folder SQLite cannot write its
    journal to is opened read-only when no journal was left beside it (it read "damaged" before)."""
    read_only = not writable(path) and not Path(f"{path}-wal").exists()
    return connect(path, read_only), read_only


def read_only_notice(path: Path) -> str:
    return (f"{path.name} cannot be written where it is (a read-only file or folder): it is open read-only, to read "
            "and export; to change it, copy it to a folder you can write to and open the copy")


def cannot_upgrade(path: Path) -> str:
    return (f"{path.name} was saved by an older Redraft and is upgraded when opened, but no backup could be written "
            "beside it (its folder cannot be written): copy it to a folder you can write to and open the copy")


def checkpoint(conn: sqlite3.Connection) -> None:
    """Copy the committed steps from the WAL into the project file itself, so the file alone holds them: copied,
    moved or renamed while open, it loses nothing. PASSIVE: never waits for a reader (another window); what it
    cannot copy yet stays in the WAL, where SQLite still finds it, as does anything after a failure. About 4 ms a
    step on the development machine (TRUNCATE, which would also empty the WAL, about 19 ms)."""
    try:
        conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
    except sqlite3.Error:
        pass


def data_version(conn: sqlite3.Connection) -> int:
    """A number that changes when another connection commits to the file (never for this one's own commits)."""
    return int(conn.execute("PRAGMA data_version").fetchone()[0])


@contextmanager
def whole_file(path: Path) -> Iterator[Path]:
    """A partial file beside ``path`` to write, put in ``path``'s place only once written whole: a full disk or a
    kill while writing leaves an earlier file there as it was. A read-only ``path`` is refused (never replaced
    behind the author's back), and every ``OSError`` is one ``InputError`` line; the partial file never stays."""
    if path.exists() and not os.access(path, os.W_OK):
        raise InputError(f"cannot write {path}: it is read-only (nothing was written)")
    partial = path.with_name(f".{path.stem}.partial{path.suffix}")
    try:
        partial.open("wb").close()  # an unwritable folder is an OSError here, whatever library writes the format
        yield partial
        partial.replace(path)
    except PermissionError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err} (is it open in another program, or "
                         "read-only?); nothing was written") from None
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        with contextlib.suppress(OSError):  # the cleanup never hides why the file was not written
            partial.unlink(missing_ok=True)
