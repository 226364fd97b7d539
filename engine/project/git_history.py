"""A paper's git history, read with dulwich (pure Python: no ``git`` program needed, which Windows users often lack).

Every Overleaf project is a git repository, and many authors keep their paper in one. ``open_repository`` opens the
repository holding a folder (refused in one line when there is none); ``paper_commits`` lists its commits that
touch the paper's sources (TeX, BibTeX, Markdown, Word), newest first, with their date, author, subject and tags;
``read_history`` does both as a job, for a worker; ``resolve`` reads a revision as a user names it (a hash or its
prefix, a tag, a branch; ``None`` is the working copy); ``RepoTree`` is the paper's files at a commit, or in the
working copy, read through one interface (``engine.project.paper_files`` finds the main file and what it needs there).
"""

from __future__ import annotations

import datetime as dt
import os
from dataclasses import dataclass, field
from pathlib import Path, PurePosixPath
from typing import Any

from engine.errors import InputError
from engine.jobs import Job, Progress, run_job

#: Suffixes of a paper's sources: a commit touching one of these is listed.
SOURCE_SUFFIXES = frozenset({".tex", ".latex", ".bib", ".cls", ".sty", ".bst", ".md", ".markdown", ".rmd", ".qmd",
                             ".docx"})
#: Folders never read in a working copy (tools' caches, not the paper).
_SKIPPED_DIRS = frozenset({".git", "node_modules", "__pycache__", ".venv", "venv"})
#: A history read as a job reports its progress every this many commits walked (where it can be stopped).
PROGRESS_EVERY = 20
#: The working copy's label wherever a revision is named.
WORKING_COPY = "the working copy"


@dataclass(frozen=True)
class Commit:
    """One commit as the lists show it."""

    sha: str
    time: int  # seconds since the epoch
    offset: int  # the author's time zone, seconds east of UTC
    author: str
    subject: str
    tags: tuple[str, ...] = ()
    branches: tuple[str, ...] = ()

    @property
    def short(self) -> str:
        return self.sha[:7]

    @property
    def date(self) -> str:
        """``2024-03-01 14:05``, in the committer's own time zone."""
        zone = dt.timezone(dt.timedelta(seconds=self.offset))
        return dt.datetime.fromtimestamp(self.time, zone).strftime("%Y-%m-%d %H:%M")

    def label(self) -> str:
        """``commit 1a2b3c4 (2024-03-01, tag v1): Sent to CGO``."""
        names = ", ".join(f"tag {t}" for t in self.tags)
        return f"commit {self.short} ({self.date[:10]}{', ' + names if names else ''}): {self.subject}"

    def to_dict(self) -> dict[str, Any]:
        return {"commit": self.sha, "date": self.date, "author": self.author, "subject": self.subject,
                "tags": list(self.tags), "branches": list(self.branches)}


@dataclass
class Repository:
    """An open repository: dulwich's ``Repo``, its root folder and its refs by commit."""

    repo: Any
    root: Path
    tags: dict[str, list[str]] = field(default_factory=dict)
    branches: dict[str, list[str]] = field(default_factory=dict)

    @property
    def has_working_copy(self) -> bool:
        return not self.repo.bare

    def commit(self, sha: bytes) -> Commit:
        c = self.repo[sha]
        key = sha.decode("ascii")
        return Commit(key, c.author_time, c.author_timezone, _person(c.author), _subject(c.message),
                      tuple(self.tags.get(key, ())), tuple(self.branches.get(key, ())))

    def close(self) -> None:
        self.repo.close()

    def __enter__(self) -> "Repository":
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def open_repository(folder: str | Path) -> Repository:
    """The git repository holding ``folder`` (the folder itself or one above it); ``InputError`` in one line when
    there is none or it cannot be read."""
    from dulwich.errors import NotGitRepository
    from dulwich.repo import Repo

    path = Path(folder).expanduser()
    if not path.is_dir():
        raise InputError(f"no such folder: {path}" if not path.exists() else f"{path} is a file, not a folder")
    try:
        repo = Repo.discover(str(path))
    except NotGitRepository:
        raise InputError(f"{path} is not in a git repository (no .git folder in it or above it)") from None
    except (OSError, ValueError, KeyError) as err:
        raise InputError(f"{path}: the git repository cannot be read ({err})") from None
    found = Repository(repo, Path(repo.path).resolve())
    try:
        refs = repo.get_refs()
    except (OSError, ValueError, KeyError) as err:
        repo.close()
        raise InputError(f"{path}: the git repository's references cannot be read ({err})") from None
    for ref, sha in refs.items():
        name = ref.decode("utf-8", "replace")
        for prefix, into in (("refs/tags/", found.tags), ("refs/heads/", found.branches),
                             ("refs/remotes/", found.branches)):
            if name.startswith(prefix) and not name.endswith("/HEAD"):
                try:
                    peeled = repo.get_peeled(ref)
                except KeyError:
                    continue
                into.setdefault(peeled.decode("ascii"), []).append(name[len(prefix):])
    return found


def paper_commits(repository: Repository, limit: int = 500) -> list[Commit]:
    """The commits that touch the paper's sources (``SOURCE_SUFFIXES``), newest first, from every branch and tag,
    at most ``limit`` of them (a merge counts by what it changed against its first parent): ``walk_paper_commits``
    run at once (the CLI; the app reads the history on a worker with ``read_history``)."""
    return run_job(walk_paper_commits(repository, limit))


def walk_paper_commits(repository: Repository, limit: int = 500, every: int | None = None) -> Job[list[Commit]]:
    """``paper_commits`` as a job: a ``Progress`` (commits read so far, no total: the walk does not know it) every
    ``every`` commits walked (``PROGRESS_EVERY``), where a runner checks its cancel token."""
    every = every or PROGRESS_EVERY
    repo = repository.repo
    heads = {sha.encode("ascii") for sha in (*repository.branches, *repository.tags)}
    try:
        heads.add(repo.head())
    except KeyError:  # a repository with no commit yet
        pass
    heads = {h for h in heads if _is_commit(repo, h)}
    if not heads:
        return []
    from dulwich.diff_tree import tree_changes

    found: list[Commit] = []
    for walked, entry in enumerate(repo.get_walker(include=sorted(heads)), 1):
        parents = entry.commit.parents
        # a merge by what it changed against its first parent: dulwich's own changes() of a merge name only the paths
        # that differ from every parent, so a clean merge (an Overleaf project pulled into a clone: the version sent,
        # trial30) was never listed
        changes = (list(tree_changes(repo.object_store, repo[parents[0]].tree, entry.commit.tree))
                   if len(parents) > 1 else entry.changes())
        paths = [p for ch in changes for p in (ch.old and ch.old.path, ch.new and ch.new.path) if p]
        if any(PurePosixPath(p.decode("utf-8", "replace")).suffix.lower() in SOURCE_SUFFIXES for p in paths):
            found.append(repository.commit(entry.commit.id))
            if len(found) >= limit:
                break
        if walked % every == 0:
            yield Progress(walked, 0, f"{walked:,} commits read, {len(found):,} touch the paper")
    return found


@dataclass(frozen=True)
class History:
    """A repository's history as the app lists it: its root, its paper commits (newest first), and whether it has a
    working copy (a bare clone has none)."""

    root: Path
    commits: list[Commit]
    has_working_copy: bool


def read_history(folder: str | Path, limit: int = 500) -> Job[History]:
    """Open the repository holding ``folder`` and list its paper commits, as a job (File → New Project from a Git
    History… runs it on a worker: a long history froze the window when read on its thread); the repository is closed
    whether the walk ends, fails or is stopped. ``InputError`` in one line as ``open_repository``'s."""
    yield Progress(0, 0, "opening the repository")
    with open_repository(folder) as repository:
        commits = yield from walk_paper_commits(repository, limit)
        return History(repository.root, commits, repository.has_working_copy)


def resolve(repository: Repository, rev: str | None) -> Commit | None:
    """The commit ``rev`` names (a hash or its prefix of 4+ characters, a tag, a branch, ``HEAD``); None for the
    working copy (``rev`` None or empty). ``InputError`` for a revision the repository does not have."""
    if not rev or not rev.strip():
        if not repository.has_working_copy:
            raise InputError(f"{repository.root} is a bare repository: it has no working copy; name the revised "
                             "commit")
        return None
    from dulwich.objectspec import parse_commit

    try:
        commit = parse_commit(repository.repo, rev.strip())
    except Exception:  # KeyError, ValueError, an ambiguous prefix: dulwich's several ways of saying "not here"
        raise InputError(f"no revision {rev.strip()!r} in {repository.root} (give a commit hash, a tag or a branch; "
                         "`redraft project commits REPO` lists them)") from None
    return repository.commit(commit.id)


class RepoTree:
    """The files of ``repository`` at ``commit`` (None: the working copy), by POSIX path from the root."""

    def __init__(self, repository: Repository, commit: Commit | None) -> None:
        self.repository, self.commit = repository, commit
        self._blobs: dict[str, bytes] = {}
        if commit is None:
            self.paths = _working_files(repository.root)
        else:
            store = repository.repo.object_store
            tree = repository.repo[commit.sha.encode("ascii")].tree
            for entry in store.iter_tree_contents(tree):
                path = entry.path.decode("utf-8", "replace")
                parts = PurePosixPath(path).parts
                # a file (no symlink, no submodule), named inside the tree (a crafted ``..`` is never written out)
                if entry.mode & 0o170000 == 0o100000 and parts and ".." not in parts and not path.startswith("/"):
                    self._blobs[path] = entry.sha
            self.paths = frozenset(self._blobs)

    def read(self, path: str) -> bytes:
        if self.commit is None:
            return (self.repository.root / path).read_bytes()
        return self.repository.repo.object_store[self._blobs[path]].as_raw_string()

    def name(self) -> str:
        return WORKING_COPY if self.commit is None else f"commit {self.commit.short}"


def _working_files(root: Path, limit: int = 20000) -> frozenset[str]:
    """The files of a working copy (hidden and tool folders left out), at most ``limit`` of them."""
    found: list[str] = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if d not in _SKIPPED_DIRS and not d.startswith("."))
        rel = Path(folder).relative_to(root)
        found.extend((rel / f).as_posix() for f in files if not (Path(folder) / f).is_symlink())
        if len(found) >= limit:
            break
    return frozenset(found)


def _is_commit(repo: Any, sha: bytes) -> bool:
    try:
        return repo[sha].type_name == b"commit"
    except KeyError:
        return False


def _person(raw: bytes) -> str:
    """``Ada Lovelace`` from ``Ada Lovelace <ada@example.org>``."""
    text = raw.decode("utf-8", "replace")
    return text.split("<", 1)[0].strip() or text.strip()


def _subject(message: bytes) -> str:
    text = message.decode("utf-8", "replace").strip()
    return text.splitlines()[0].strip() if text else "(no message)"
