"""A project from a paper's git history: the submitted version at a commit (or tag, or branch), the revised one at
another or in the working copy, built as any new project is (``engine.project.pipeline.build_and_load``).

Everything is checked before anything is written (``prepare``: the repository, both revisions, the main file on
each side and what it needs: ``engine.project.paper_files``). A committed version is written, the files its main
file needs and nothing else, into ``NAME (git versions)/<commit>/`` beside the project file, where it stays: the
project reads it again later (the PDF panes show the PDF typeset beside a LaTeX version, a new round keeps it), as
it would a folder the author had checked out by hand. The working copy is read where it is (the PDF the author
typeset sits beside it). A build that fails or is stopped removes what it wrote, unless a partial project is kept.
The project records which repository and commits it was built from (the ``meta`` row ``git``, ``git_origin``);
``redraft project show`` says it for each version still read from there (a later round may have replaced one).
"""

from __future__ import annotations

import json
import shutil
import sqlite3
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.errors import InputError
from engine.jobs import CancelToken, Job, Progress
from engine.project.filesafe import whole_file
from engine.project.git_history import WORKING_COPY, Commit, Repository, RepoTree, open_repository, resolve
from engine.project.model import Project
from engine.project.paper_files import choose_main, likely_main, main_candidates, needed_files

#: The ``meta`` row with the repository and the commits a project was built from.
ORIGIN = "git"


@dataclass
class GitVersions:
    """What the user asks for: a repository, the submitted revision, the revised one (None: the working copy), and
    the main file when the repository holds several."""

    repository: str
    old_rev: str
    new_rev: str | None = None
    main: str | None = None


@dataclass
class Side:
    """One version, checked: its commit (None: the working copy), its main file and the files it needs."""

    tree: RepoTree
    main: str
    files: list[str] = field(default_factory=list)
    #: Files it needs whose content the repository lacks (a partial or shallow clone), left out when written.
    missing: list[str] = field(default_factory=list)

    @property
    def commit(self) -> Commit | None:
        return self.tree.commit

    def describe(self) -> str:
        return WORKING_COPY if self.commit is None else self.commit.label()


@dataclass
class Prepared:
    repository: Repository
    old: Side
    new: Side


def prepare(spec: GitVersions) -> Prepared:
    """Open the repository and check both revisions and their main files; ``InputError`` in one line for a folder
    with no repository, an unknown revision, the same commit twice, no main file or several, or a main file the
    revision does not have."""
    if not spec.old_rev or not spec.old_rev.strip():
        raise InputError("name the submitted version's revision (a commit hash, a tag or a branch)")
    repository = open_repository(spec.repository)
    try:
        old_commit = resolve(repository, spec.old_rev)
        new_commit = resolve(repository, spec.new_rev)
        if new_commit is not None and old_commit is not None and new_commit.sha == old_commit.sha:
            raise InputError(f"the submitted and the revised revisions are the same {old_commit.label()}")
        new_tree, old_tree = RepoTree(repository, new_commit), RepoTree(repository, old_commit)
        new_main = choose_main(new_tree, spec.main)
        # the revised version's main file names the submitted one's too when it is one of its candidates
        old_main = (new_main if not spec.main and new_main in main_candidates(old_tree)
                    else choose_main(old_tree, spec.main))
        return Prepared(repository, Side(old_tree, old_main, needed_files(old_tree, old_main)),
                        Side(new_tree, new_main, needed_files(new_tree, new_main)))
    except BaseException:
        repository.close()
        raise


def versions_folder(project_path: str | Path) -> Path:
    """``NAME (git versions)`` beside ``NAME.redraft``: where the committed versions are written."""
    path = Path(project_path)
    return path.with_name(f"{path.stem} (git versions)")


def write_side(side: Side, folder: Path, cancel: CancelToken | None = None) -> Path:
    """Write ``side``'s files under ``folder/<commit>`` (a new one through a hidden folder renamed when whole; one
    written before gets what it lacks); returns the main file's path there. The working copy is not copied: its own
    main file is returned. ``cancel`` is checked before each file: stopped, nothing is left half-written."""
    if side.commit is None:
        return side.tree.repository.root / side.main
    target = folder / side.commit.short
    # a commit's files never change: a folder written before is filled in with what this main file needs besides
    into = target if target.is_dir() else folder / f".{side.commit.short}.writing"
    if into != target:
        shutil.rmtree(into, ignore_errors=True)
    try:
        for rel in side.files:
            if cancel is not None:
                cancel.check()
            if (target / rel).is_file():
                continue
            try:
                data = side.tree.read(rel)
            except KeyError:  # not in the repository's objects
                if rel == side.main:
                    raise InputError(f"{side.main} at {side.commit.label()} is not in the repository's objects "
                                     "(a partial clone?): fetch it, then try again") from None
                side.missing.append(rel)
                continue
            out = into / rel
            out.parent.mkdir(parents=True, exist_ok=True)
            if into == target:  # filling in a folder the project reads: each file whole or not at all
                with whole_file(out) as partial:
                    partial.write_bytes(data)
            else:
                out.write_bytes(data)
        if into != target:
            into.rename(target)
    except BaseException as err:  # nothing left half-written; a full disk or a folder that cannot be written: one line
        if into != target:
            shutil.rmtree(into, ignore_errors=True)
        if isinstance(err, OSError):
            raise InputError(f"cannot write {side.commit.label()} into {folder}: {err.strerror or err}") from None
        raise
    return target / side.main


def origin_record(prepared: Prepared, spec: GitVersions, old_path: Path, new_path: Path, folder: Path) -> dict:
    """The ``meta`` row ``git``: the repository, and for each role the revision as given, its commit and the main
    file's path the project reads."""
    def role(side: Side, rev: str | None, path: Path) -> dict[str, Any]:
        base = {"rev": rev or "", "main": side.main, "path": str(path), **({"missing": side.missing} if side.missing
                                                                             else {})}
        if side.commit is None:
            return {**base, "working_copy": True}
        return {**base, **side.commit.to_dict()}

    return {"repository": str(prepared.repository.root), "folder": str(folder),
            "old": role(prepared.old, spec.old_rev, old_path), "new": role(prepared.new, spec.new_rev, new_path)}


def build_from_git(path: str | Path, name: str, spec: GitVersions, reviews: str | Path, *, overwrite: bool = False,
                   keep_partial: bool = False, **options: Any) -> Job[Project]:
    """``build_and_load`` on the two versions of ``spec`` (see the module's note); returns the project loaded."""
    from engine.project.pipeline import build_and_load, partial_path

    path = Path(path).expanduser()
    if path.exists() and not overwrite:
        raise InputError(f"{path} already exists")
    yield Progress(0, 0, "reading the git history")
    prepared = prepare(spec)
    folder = versions_folder(path)
    existed = folder.exists()
    made: list[Path] = []
    try:
        with prepared.repository:
            sides = []
            for side in (prepared.old, prepared.new):
                if side.commit is not None and not (folder / side.commit.short).is_dir():
                    made.append(folder / side.commit.short)
                    yield Progress(0, 0, f"writing out {side.describe()}")
                sides.append(write_side(side, folder, options.get("cancel")))
        old_path, new_path = sides
        record = origin_record(prepared, spec, old_path, new_path, folder)
        project = yield from build_and_load(path, name, old_path, new_path, reviews, overwrite=overwrite,
                                            keep_partial=keep_partial, meta={ORIGIN: record}, **options)
    except BaseException:
        if not (keep_partial and partial_path(path).is_file()):  # a kept partial project reads these folders
            for target in made:
                shutil.rmtree(target, ignore_errors=True)
            if not existed:
                shutil.rmtree(folder, ignore_errors=True)
        raise
    return project


def git_origin(project_path: str | Path) -> dict[str, Any]:
    """The project file's ``git`` row ({} for a project not built from a git history), read without a store."""
    from engine.project.peek import peek

    try:
        with peek(project_path) as conn:
            row = conn.execute("SELECT value FROM meta WHERE key = ?", (ORIGIN,)).fetchone()
    except sqlite3.Error:
        return {}
    return json.loads(row[0]) if row else {}


def origin_lines(project: Project, record: dict[str, Any] | None = None) -> list[str]:
    """``redraft project show``'s lines on where the versions came from: the repository, then each version still
    read from it (a round that replaced one leaves it out)."""
    record = git_origin(project.path) if record is None else record
    if not record:
        return []
    lines = [f"git repository: {record.get('repository', '?')}"]
    for role, word, now in (("old", "draft", project.old_path), ("new", "revised", project.new_path)):
        got = record.get(role) or {}
        if not got or got.get("path") != now:
            continue
        if got.get("working_copy"):
            what = f"{WORKING_COPY}, {got.get('main')}"
        else:
            tags = "".join(f", tag {t}" for t in got.get("tags", []))
            what = (f"commit {str(got.get('commit', ''))[:7]} ({got.get('date', '')[:10]}{tags}): "
                    f"{got.get('subject', '')}; {got.get('main')}")
        given = f" (given as {got['rev']})" if got.get("rev") and not str(got.get("commit", "")).startswith(
            got["rev"]) else ""
        lines.append(f"  {word}: {what}{given}")
        if got.get("missing"):  # a partial clone: what could not be written
            lines.append(f"    not in the repository's objects, left out: {', '.join(got['missing'][:5])}"
                         + (f" and {len(got['missing']) - 5} more" if len(got["missing"]) > 5 else ""))
    return lines


def main_choices(spec: GitVersions) -> tuple[list[str], str | None]:
    """The main files to choose from when either version has several (both versions' candidates, sorted), and the
    likely paper among them (``likely_main``, from the revised version's): ([], None) when each has one or none
    (the build finds it, or says why)."""
    with open_repository(spec.repository) as repository:
        trees = [RepoTree(repository, resolve(repository, rev)) for rev in (spec.old_rev, spec.new_rev)]
        sides = [main_candidates(tree) for tree in trees]
        if not any(len(s) > 1 for s in sides):
            return [], None
        likely = likely_main(trees[1], sides[1], frozenset(sides[0])) or likely_main(trees[0], sides[0])
    return sorted(set(sides[0]) | set(sides[1])), likely
