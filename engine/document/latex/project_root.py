"""Where TeX looks for an ``\\input`` when the main file is not in the project's top folder.

TeX resolves an ``\\input`` name against the folder it runs in, which is the main file's folder when the author
compiles there, and the project's top folder when a build script or an editor compiles ``paper/main.tex`` from
the top (session 33: a reviewed version kept as ``Submission/paper.tex``, its thirty ``\\input{sections/..}``
written from the top, read 2 paragraphs). The reader tries the main file's folder first, as before, then the
folders above it, at most ``LEVELS`` up, that look like a project's top: they hold a version-control or build
file (``MARKERS``). What it takes from there stays a ``.tex`` file inside that folder, named by no hidden path, so a
paper sent to you still cannot pull in ``~/.ssh``: a folder above the main file is read only when it is a
project's top, and only its TeX sources.
"""

from __future__ import annotations

from pathlib import Path

LEVELS = 2
MARKERS = (".git", ".gitignore", ".latexmkrc", "latexmkrc", "Makefile", "makefile", "README.md", "README")


def project_tops(folder: Path) -> tuple[Path, ...]:
    """The folders above ``folder`` (resolved), nearest first, at most ``LEVELS`` up, that hold a marker."""
    found = []
    for up in list(folder.parents)[:LEVELS]:
        try:
            if any((up / marker).exists() for marker in MARKERS):
                found.append(up)
        except OSError:
            continue
    return tuple(found)


def from_top(candidate: Path, tops: tuple[Path, ...]) -> bool:
    """Whether ``candidate``, found against one of ``tops`` (``project_tops`` of the main file's folder), may be
    read: a ``.tex`` file inside that top, no part of its path below the top hidden (``.name``)."""
    if candidate.suffix.lower() != ".tex":
        return False
    for top in tops:
        try:
            rel = candidate.resolve().relative_to(top)
        except (ValueError, OSError, RuntimeError):
            continue
        return not any(part.startswith(".") for part in rel.parts)
    return False
