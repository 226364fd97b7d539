"""Upgrading an older project file: a backup copy is kept beside it first.

``keep_backup`` copies the file (with whatever its WAL holds) to
``<name>.schema<N>.bak`` through SQLite's backup API, into a temporary file
that is synced and then renamed, so the backup is either complete or absent.
The migration itself is one transaction on the original file. A kill at any
moment therefore leaves the old file, or the new one plus its backup.
"""

from __future__ import annotations

import os
import sqlite3
from pathlib import Path

from engine.errors import InputError


def backup_path(path: Path, version: int) -> Path:
    """``paper.redraft`` at schema 1 is kept as ``paper.redraft.schema1.bak``."""
    return path.with_name(f"{path.name}.schema{version}.bak")


def keep_backup(path: Path, version: int) -> Path:
    """Copy the project at ``path`` (schema ``version``) to its backup name; returns that path."""
    target = backup_path(path, version)
    tmp = target.with_name(target.name + ".tmp")
    try:
        tmp.unlink(missing_ok=True)
        source = sqlite3.connect(str(path))
        copy = sqlite3.connect(str(tmp))
        try:
            source.backup(copy)
            copy.execute("PRAGMA journal_mode = DELETE")  # one self-contained file
        finally:
            copy.close()
            source.close()
        _fsync(tmp)
        os.replace(tmp, target)
        _fsync_folder(target.parent)
    except (OSError, sqlite3.Error) as err:
        tmp.unlink(missing_ok=True)
        raise InputError(f"{path.name} needs upgrading but no backup could be written beside it ({err}); "
                         "it was left unchanged") from None
    return target


def upgrade_notice(path: Path, old: int, new: int, backup: Path) -> str:
    return (f"{path.name} was saved by an older Redraft (project schema {old}); it is upgraded to schema {new}, "
            f"and the old file is kept as {backup.name}")


def _fsync(path: Path) -> None:
    fd = os.open(path, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)


def _fsync_folder(folder: Path) -> None:
    if os.name != "posix":
        return
    fd = os.open(folder, os.O_RDONLY)
    try:
        os.fsync(fd)
    finally:
        os.close(fd)
