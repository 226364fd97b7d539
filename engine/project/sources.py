"""The files a project was built from, as they were: each source file's size and SHA-256.

The build records them (``ProjectStore.save_documents``, in the ``meta`` row
``sources``: ``{role: {"path", "size", "sha256"}}``; a project written before
this has none, and nothing is checked for it). Whatever reads a stored path
again (the PDF panes, the marked-up PDF drawn on the revised PDF) first asks
``changed_sources``: a path that now holds another file is named in one line,
and the CLI stops unless ``--force`` while the app asks.

A draft and a revised version with the same content are refused the same way (``SameVersions``): the build
compares the two files before reading either (``same_file``), then their text once loaded (``same_text``).
"""

from __future__ import annotations

import hashlib
import re
from pathlib import Path
from typing import Any

from engine.errors import DoubtfulInput, InputError
from engine.document.model import Document
from engine.project.model import Project

#: What each stored role is, for people.
ROLES = {"old": "draft", "new": "revised version"}


def fingerprint(path: str | Path) -> dict[str, Any] | None:
    """``{"path", "size", "sha256"}`` of a file; None for a folder (a LaTeX project) or a file that cannot be read."""
    path = Path(path)
    try:
        if not path.is_file():
            return None
        digest = hashlib.sha256()
        with path.open("rb") as f:
            while chunk := f.read(1 << 20):
                digest.update(chunk)
        return {"path": str(path), "size": path.stat().st_size, "sha256": digest.hexdigest()}
    except OSError:
        return None


def beside_project(path: str, project_file: str | Path, stored: dict[str, Any] | None) -> str:
    """``path`` (a version's stored path), or, when nothing is there any more, the same file (the size and SHA-256
    the build recorded) under the project file's folder, by its name or its last folders ("submitted/main.tex"): a
    folder moved whole, the project and its papers together, opens with its PDF panes and its marked-up PDF
    (trial33: both were gone after such a move, with no word why). A file that differs is not taken for it."""
    if not path or not stored or not stored.get("sha256") or Path(path).exists():
        return path
    parts = [p for p in re.split(r"[\\/]", path) if p]  # a path stored on Windows, opened elsewhere, too
    folder = Path(project_file).parent
    for k in range(1, min(3, len(parts)) + 1):
        here = folder.joinpath(*parts[-k:])
        try:
            size = here.stat().st_size if here.is_file() else None
        except OSError:
            size = None
        if size == stored.get("size") and (now := fingerprint(here)) and now["sha256"] == stored["sha256"]:
            return str(here)
    return path


def source_changed(project: Project, role: str) -> str | None:
    """A line when the file at ``role``'s stored path is not the one the project was built from, else None
    (no fingerprint stored, another path now, or the file is gone: other checks say so)."""
    path = project.old_path if role == "old" else project.new_path
    stored = project.sources.get(role)
    if not path or not stored or stored.get("path") != path:
        return None
    p = Path(path)
    if not p.is_file():
        return None
    try:
        size = p.stat().st_size
    except OSError:
        return None
    if size == stored.get("size"):
        now = fingerprint(p)
        if now is None or now["sha256"] == stored.get("sha256"):
            return None
        how = "its contents changed"
    else:
        how = f"{size:,} bytes now, {stored.get('size', 0):,} then"
    return (f"the {ROLES.get(role, role)} {p.name} is not the file this project was built from ({how}); "
            f"it is at {path}")


def changed_sources(project: Project, roles: tuple[str, ...] = ("old", "new")) -> list[str]:
    """``source_changed`` for each role that has one."""
    return [line for role in roles if (line := source_changed(project, role)) is not None]


def check_sources(project: Project, roles: tuple[str, ...] = ("old", "new"), force: bool = False) -> list[str]:
    """Raise ``InputError`` (one line, ending "--force to read it anyway") when a stored path holds another file;
    with ``force``, return the lines as notices instead."""
    lines = changed_sources(project, roles)
    if lines and not force:
        raise InputError(f"{'; '.join(lines)} (--force to read it anyway)")
    return lines


class SameVersions(DoubtfulInput):
    """A draft and a revised version with the same content (``same_file``, ``same_text``)."""


def same_file(old: str | Path, new: str | Path) -> str | None:
    """A line when the draft and the revised version are one file, or two files with the same bytes, else None
    (read before either is loaded: the same PDF given twice once built a project that said only "no changes")."""
    old, new = Path(old), Path(new)
    if old.resolve() == new.resolve():
        return f"the draft and the revised version are the same file, {old.name}"
    if old.suffix.lower() in (".tex", ".latex"):  # its \input files may differ: the texts are compared once read
        return None
    a, b = fingerprint(old), fingerprint(new)
    if a is not None and b is not None and a["sha256"] == b["sha256"]:
        return f"the draft {old.name} and the revised version {new.name} are the same file (the same bytes)"
    return None


def same_text(old: Document, new: Document) -> str | None:
    """A line when two loaded versions hold the same text, paragraph for paragraph (spacing aside), else None."""
    def text(doc: Document) -> list[str]:
        return [t for t in (" ".join(p.text.split()) for p in doc.paragraphs) if t]

    paragraphs = text(old)
    if not paragraphs or paragraphs != text(new):
        return None
    return (f"the draft {Path(old.source_path).name or 'given'} and the revised version "
            f"{Path(new.source_path).name or 'given'} have the same text, paragraph for paragraph")


def versions_refused(line: str) -> SameVersions:
    """The refusal of two versions with the same content (``same_file`` or ``same_text`` says how)."""
    return SameVersions(f"{line}: nothing was revised; give the revised version, or none for a draft-only project")
