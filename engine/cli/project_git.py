"""A project from a paper's git history: ``redraft project new NAME --git REPO --old-rev REV [--new-rev REV]
[--main PATH] --reviews …`` (the revised version defaults to the working copy), and ``redraft project commits
REPO`` listing the commits that touch the paper's sources, to find the revisions by (``engine.project.git_build``).
"""

from __future__ import annotations

import argparse
from typing import Any

from engine.cli.common import print_json
from engine.errors import InputError
from engine.jobs import Job


def add_git_arguments(new: argparse.ArgumentParser) -> None:
    """``project new``'s options for a git history (instead of ``--old`` and ``--new``)."""
    new.add_argument("--git", metavar="REPO", help="build from the paper's git repository (an Overleaf project's "
                     "clone, say) instead of --old/--new: the versions are --old-rev and --new-rev")
    new.add_argument("--old-rev", metavar="REV", help="with --git: the submitted version (a commit hash or its "
                     "prefix, a tag, a branch)")
    new.add_argument("--new-rev", metavar="REV", help="with --git: the revised version (default: the working copy)")
    new.add_argument("--main", metavar="PATH", help="with --git: the main file, from the repository's top folder "
                     "(needed when the repository holds several)")


def register(cmds: argparse._SubParsersAction) -> None:
    commits = cmds.add_parser("commits", help="list a git repository's commits that touch the paper (to pick "
                              "--old-rev and --new-rev)")
    commits.add_argument("repository", metavar="REPO", help="the paper's git repository (a folder in it)")
    commits.add_argument("--limit", type=int, default=50, help="at most this many, newest first (default: 50)")
    commits.add_argument("--json", action="store_true", help="print them as JSON")
    commits.set_defaults(func=run_commits)


def check_git_arguments(args: argparse.Namespace) -> None:
    """``--git`` with its revisions, or ``--old`` without them: one line otherwise (exit 2)."""
    if args.git:
        if args.old or args.new:
            raise InputError("--git takes the versions from the repository: give --old-rev (and --new-rev), "
                             "not --old or --new")
        if not args.old_rev:
            raise InputError("--git needs --old-rev: the submitted version (`redraft project commits "
                             f"{args.git}` lists the commits)")
        return
    if not args.old:
        raise InputError("give the draft (--old FILE), or a git repository (--git REPO --old-rev REV)")
    for flag, value in (("--old-rev", args.old_rev), ("--new-rev", args.new_rev), ("--main", args.main)):
        if value:
            raise InputError(f"{flag} goes with --git REPO")


def git_job(args: argparse.Namespace, path: Any, name: str, **options: Any) -> Job[Any]:
    from engine.project.git_build import GitVersions, build_from_git

    spec = GitVersions(args.git, args.old_rev, args.new_rev or None, args.main or None)
    return build_from_git(path, name, spec, args.reviews, **options)


def run_commits(args: argparse.Namespace) -> int:
    from engine.project.git_history import open_repository, paper_commits

    if args.limit < 1:
        raise InputError("--limit must be 1 or more")
    with open_repository(args.repository) as repository:
        commits = paper_commits(repository, limit=args.limit)
        working = repository.has_working_copy
        root = repository.root
    if args.json:
        print_json({"repository": str(root), "working_copy": working, "commits": [c.to_dict() for c in commits]})
        return 0
    if not commits:
        print(f"{root}: no commit touches a .tex, .bib, Markdown or Word file")
        return 0
    print(f"{root}: {len(commits)} commit(s) touching the paper, newest first"
          + ("; the revised version defaults to the working copy" if working else ""))
    for c in commits:
        refs = ", ".join([*(f"tag {t}" for t in c.tags), *c.branches])
        print(f"  {c.short}  {c.date}  {c.subject[:70]}" + (f"  [{refs}]" if refs else "") + f"  ({c.author})")
    return 0
