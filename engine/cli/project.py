"""``redraft project new NAME --old OLD [--new NEW] --reviews REVIEWS`` builds a
project file (or ``--git REPO --old-rev REV [--new-rev REV]``: ``engine.cli.project_git``, with ``commits``); ``redraft project show PATH [--json]`` prints what it holds; the
author's steps go through a ``ProjectSession``, as in the app: ``review``
(accept, reject, edit a suggestion), ``link`` (confirm, reject, add a
comment-edit link), ``respond``, ``undo``, ``redo``, and ``comment`` (edit,
delete, add, merge, split, reassign an extracted comment); ``round`` takes the
next round (``engine.cli.project_round``); ``suggest`` and ``tldr`` run the models
(``engine.cli.project_work``)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from collections.abc import Callable
from typing import Any

from engine.align import METHODS
from engine.align.config import NEEDS_GENERATOR
from engine.cli.common import print_json
from engine.cli.project_git import add_git_arguments, check_git_arguments, git_job
from engine.cli.stores import open_store, print_progress
from engine.errors import InputError, RedraftError
from engine.inputs import draft_format_names, review_format_names
from engine.jobs import run_job
from engine.project import Project, default_project_path, remember_project
from engine.project.coverage import MARK_TEXT, CoverageView, coverage_view
from engine.project.git_build import git_origin, origin_lines
from engine.project.notes import reading_notes
from engine.project.response import letter_note
from engine.project.pipeline import DEFAULT_ALIGNER, build_project_file, partial_path
from engine.project.rounds import earlier_line, earlier_phrase, read_earlier
from engine.project.schema import SUFFIX
from engine.project.session import Changes, ProjectSession
from engine.revision.sections import section_fates


def register(sub: argparse._SubParsersAction) -> None:
    p = sub.add_parser("project", help="build a revision project file, or show one")
    cmds = p.add_subparsers(dest="project_command", metavar="ACTION")
    cmds.required = True
    new = cmds.add_parser("new", help="build a project from the draft, the revised version and the reviews")
    new.add_argument("name", help="project name, or a path (with a folder or ending in .redraft) to write it to")
    new.add_argument("--old", help=f"the draft the reviewers read ({draft_format_names()}; or --git)")
    new.add_argument("--new", help="the revised version (optional)")
    new.add_argument("--reviews", required=True, help=f"the reviews file ({review_format_names()})")
    new.add_argument("--response", metavar="LETTER", help="the authors' response letter (.tex, .md, .txt, .docx or "
                     ".pdf; optional): kept in the project, the learned aligner's statuses read what it says")
    new.add_argument("--aligner", choices=METHODS, default=DEFAULT_ALIGNER,
                     help=f"comment-edit aligner (default: {DEFAULT_ALIGNER})")
    new.add_argument("--model", metavar="GGUF", help="LLM for the llm-pairwise, llm-multi, cascade and learned-llm aligners")
    new.add_argument("--out", metavar="PATH", help="project file (default: <data dir>/projects/NAME.redraft)")
    new.add_argument("--overwrite", action="store_true", help="replace an existing project file")
    new.add_argument("--keep-partial", action="store_true",
                     help="if the build fails or is interrupted, keep what was done as 'NAME (partial).redraft'")
    new.add_argument("--force", action="store_true", help="go on when the reviews read as a paper or an author "
                     "response, or the revised version has the draft's content")
    add_git_arguments(new)
    new.set_defaults(func=run_new)
    show = cmds.add_parser("show", help="print the comments, their status and their edits")
    show.add_argument("path", help="the .redraft project file")
    show.add_argument("--json", action="store_true", help="print the project as JSON")
    show.set_defaults(func=run_show)
    review = cmds.add_parser("review", help="accept, reject or edit a suggestion")
    review.add_argument("path")
    review.add_argument("suggestion", help="suggestion id (see show --json)")
    review.add_argument("verdict", choices=("accept", "reject", "edit"))
    review.add_argument("text", nargs="?", help="the edited text (for edit)")
    review.set_defaults(func=run_review)
    link = cmds.add_parser("link", help="confirm, reject or add a link between a comment and an edit")
    link.add_argument("path")
    link.add_argument("comment", help="comment id, e.g. R1.2")
    link.add_argument("edit", help="edit id (see show)")
    link.add_argument("verdict", choices=LINK_VERDICTS)
    link.set_defaults(func=run_link)
    mark = cmds.add_parser("mark", help="mark a comment answered throughout the paper (its links then reach further, "
                           "past the cap of 5), or clear the mark; undoable")
    mark.add_argument("path")
    mark.add_argument("comment", help="comment id, e.g. R1.2")
    mark.add_argument("verdict", choices=("throughout", "clear"))
    mark.set_defaults(func=run_mark)
    respond = cmds.add_parser("respond", help="set the response to a comment ('' removes it)")
    respond.add_argument("path")
    respond.add_argument("comment")
    respond.add_argument("text")
    respond.set_defaults(func=run_respond)
    fix = cmds.add_parser("comment", help="correct the extracted comments (kept when the reviews are extracted again)")
    fix.add_argument("path")
    fix.add_argument("op", choices=("edit", "delete", "add", "merge", "split", "reassign"))
    fix.add_argument("ids", nargs="*", metavar="COMMENT", help="the comment(s) it applies to")
    fix.add_argument("--text", help="the new text (edit, add)")
    fix.add_argument("--reviewer", help="the reviewer (add, reassign)")
    fix.add_argument("--action", help="the action type (add, reassign)")
    fix.add_argument("--type", dest="fine_type", help="the fine type (reassign)")
    fix.add_argument("--after", help="add the new comment after this one")
    fix.add_argument("--at", type=int, help="split at this character of the text")
    fix.set_defaults(func=run_comment)
    for name in ("undo", "redo"):
        step = cmds.add_parser(name, help=f"{name} the last review, link, mark or response step")
        step.add_argument("path")
        step.set_defaults(func=run_step, step=name)
    from engine.cli.project_round import register as register_round
    from engine.cli.project_git import register as register_git
    from engine.cli.project_work import register as register_work

    register_round(cmds)
    register_work(cmds)
    register_git(cmds)


LINK_VERDICTS = ("confirm", "reject", "add", "clear")


def run_new(args: argparse.Namespace) -> int:
    from engine.errors import DoubtfulInput

    check_git_arguments(args)
    name, out = args.name, args.out
    if not out and ("/" in name or "\\" in name or name.endswith(SUFFIX)):  # a path, not a name: write it there
        out = name if name.endswith(SUFFIX) else name + SUFFIX
        name = Path(out).stem
    path = Path(out).expanduser() if out else default_project_path(name)
    generator = None
    if args.model and args.aligner in NEEDS_GENERATOR:
        from engine.models.llama.llm import LlamaGenerator

        generator = LlamaGenerator(args.model)
    try:  # reviews that read as a paper or a response, or the same version twice, are refused (exit 2)
        common = dict(overwrite=args.overwrite, keep_partial=args.keep_partial, aligner=args.aligner,
                      generator=generator, force=args.force, response=args.response)
        run_job(git_job(args, path, name, **common) if args.git else  # the versions from a git history
                build_project_file(path, name, args.old, args.new, args.reviews, **common), print_progress)
    except DoubtfulInput as err:
        raise InputError(f"{err} (--force to go on)") from None
    except BaseException:
        if args.keep_partial and partial_path(path).is_file():
            print(f"redraft: note: kept what was built as {partial_path(path)}", file=sys.stderr)
        raise
    finally:
        if sys.stderr.isatty():
            print(file=sys.stderr)
    remember_project(path)  # only a finished project goes in the recent list
    with ProjectSession.open(path) as session:
        project = session.project
    print(f"wrote {path}")
    print(_headline(project))
    for note in reading_notes(project):  # a reply left out, tracked changes read, reviews repeated: the app's list
        if note.text == letter_note(project):  # said on the summary line
            continue
        print(f"redraft: note: {note.file or note.source}: {note.text}", file=sys.stderr)
    if not project.comments:
        print(f"redraft: note: no request was found in {Path(args.reviews).name}; add the ones the reviews make "
              f"with `redraft project comment {path} add --reviewer 'Reviewer 1' --text '…'` "
              "(app: Edit → Comment → Add Comment…)", file=sys.stderr)
    return 0


def _headline(project: Project, view: CoverageView | None = None) -> str:
    view = view or coverage_view(project)
    line = f"{project.name}: {len(project.comments)} comment(s)"
    if project.diff is not None:
        line += (f", {view.status_summary(always=('addressed', 'not addressed'))}"
                 f" (aligner: {project.aligner}); {project.diff.summary()}")  # "(evidence)" read as jargon
    else:
        line += "; no revised version"
    return line + (f"; {note}" if (note := letter_note(project)) else "")


def project_json(project: Project) -> dict[str, Any]:
    found = coverage_view(project).assessments
    return {
        "id": project.id, "name": project.name, "path": str(project.path),
        "old_path": project.old_path, "new_path": project.new_path, "reviews_path": project.reviews_path,
        "stages": project.stages, "aligner": project.aligner, "encoder": project.encoder or None,
        "reviewers": [r.to_dict() for r in project.reviews],
        "diff": project.diff.to_dict(include_documents=False) if project.diff else None,
        "comments": [
            {**c.to_dict(), "status": found[c.id].status.value, "probability": found[c.id].probability,
             "edit_ids": project.linked_edit_ids(c.id), "links": project.links.get(c.id, {}),
             "response": project.response(c.id), "throughout": c.id in project.throughout,
             "suggestions": [s.to_dict() for s in project.suggestions.get(c.id, [])]}
            for c in project.comments
        ],
        "tldrs": project.tldrs,
        "earlier_round": read_earlier(project.path) or None,
        "response_letter": {k: v for k, v in (project.letter or {}).items() if k != "text"} or None,
        "git": git_origin(project.path) or None,
    }


def run_show(args: argparse.Namespace) -> int:
    with open_store(args.path) as store:
        project = store.load()
    if args.json:
        print_json(project_json(project))
        return 0
    view = coverage_view(project)
    print(_headline(project, view))
    print(f"draft: {project.old_path or '-'}; revised: {project.new_path or '-'}; "
          f"stages: {', '.join(project.stages) or 'none'}")
    for line in origin_lines(project):  # built from a git history: the repository and the commits
        print(line)
    if project.encoder.get("name"):  # which encoder placed the comments (a project built before session 27: unsaid)
        where = project.encoder.get("weights") or project.encoder.get("path")
        print(f"encoder: {project.encoder['name']} ({where})" + (", did not load: comments placed by their words alone"
                                                                if project.encoder.get("lexical") else ""))
    if project.letter:  # the statuses read it: each comment says what it found there
        print(f"response letter: {project.letter.get('name', '')} (the statuses read it)")
    earlier = read_earlier(project.path)  # the round whose reviews these replaced, and which comments it held too
    if earlier:
        print(f"earlier {earlier_line(earlier)}")
    for note in reading_notes(project):  # as the app's reading-notes bar lists them (list items in no comment too)
        if note.text == letter_note(project):  # said on the summary line
            continue
        print(f"note: {note.label()}: {note.text}")
    for fate in section_fates(project.diff) if project.diff is not None else []:  # a reorganised revision
        print(f"section {fate.describe()}")
    rows = {r.comment_id: r for r in view.rows}
    for reviewer, comments in project.comments_by_reviewer().items():
        print(f"{reviewer}:")
        for c in comments:
            row = rows[c.id]
            low = f"[{row.low_mark()}] " if row.low_confidence else ""  # as the Coverage tab marks it
            mark = f"[{MARK_TEXT}] " if row.throughout else ""  # the author's mark, as the Coverage tab shows it
            print(f"  {c.id:6} [{row.label()}] {low}{mark}{c.full_text[:100]}")
            if row.letter:
                print(f"           letter: {row.letter.removeprefix('the response letter ')}"
                      + (f": \u201c{row.letter_said[:100]}{'…' * (len(row.letter_said) > 100)}\u201d"
                         if row.letter_said else ""))
            if phrase := earlier_phrase(earlier, c.id):
                print(f"           ({phrase})")
            for e in row.edits:  # as the Coverage tab shows them: where, what changed; the id to link it by last
                print(f"           {e.where or 'revised version'}: {e.snippet}"
                      + (f" [{e.mark}]" if e.mark else "") + f" ({e.edit_id})")
    return 0


def _session_step(path: str, op: Callable[[ProjectSession], Changes]) -> int:
    with ProjectSession(open_store(path)) as session:
        try:
            changes = op(session)
        except KeyError as err:
            raise InputError(f"not in this project: {err.args[0]} (redraft project show {path} lists its comments "
                             "and edits)") from None
        except ValueError as err:
            raise InputError(str(err)) from None
        print(changes.label or "nothing changed")
        for cid in changes.comment_ids[:1]:
            print(f"{cid}: {session.project.assessment(cid).label()}")
    return 0


def run_review(args: argparse.Namespace) -> int:
    if args.verdict == "edit" and args.text is None:
        raise InputError("edit needs the edited text")
    status = {"accept": "accepted", "reject": "rejected", "edit": "edited"}[args.verdict]
    return _session_step(args.path, lambda s: s.set_status(args.suggestion, status, args.text))


def run_link(args: argparse.Namespace) -> int:
    verdict = {"confirm": "confirmed", "reject": "rejected", "add": "added", "clear": None}[args.verdict]
    return _session_step(args.path, lambda s: s.set_link(args.comment, args.edit, verdict))


def run_mark(args: argparse.Namespace) -> int:
    return _session_step(args.path, lambda s: s.mark_throughout(args.comment, args.verdict == "throughout"))


def run_respond(args: argparse.Namespace) -> int:
    return _session_step(args.path, lambda s: s.set_response(args.comment, args.text))


def run_step(args: argparse.Namespace) -> int:
    return _session_step(args.path, lambda s: s.undo() if args.step == "undo" else s.redo())


def run_comment(args: argparse.Namespace) -> int:
    ids, op = args.ids, args.op
    wanted = {"edit": 1, "delete": 1, "add": 0, "split": 1, "reassign": 1}.get(op)
    if (wanted is not None and len(ids) != wanted) or (op == "merge" and len(ids) < 2):
        raise InputError(f"comment {op} takes {'two or more comment ids' if op == 'merge' else f'{wanted} comment id(s)'}")
    if op in ("edit", "add") and not args.text:
        raise InputError(f"comment {op} needs --text")
    if op == "split" and args.at is None:
        raise InputError("comment split needs --at (a character offset in the text)")
    fields = {k: v for k, v in (("reviewer", args.reviewer), ("action", args.action), ("fine_type", args.fine_type))
              if v}
    ops: dict[str, Callable[[ProjectSession], Changes]] = {
        "edit": lambda s: s.edit_comment(ids[0], args.text),
        "delete": lambda s: s.delete_comment(ids[0]),
        "add": lambda s: s.add_comment(args.reviewer or "", args.text, args.action or "Explain", args.after),
        "merge": lambda s: s.merge_comments(ids),
        "split": lambda s: s.split_comment(ids[0], args.at),
        "reassign": lambda s: s.reassign_comment(ids[0], **fields),
    }
    def corrected(session: ProjectSession) -> Changes:
        changes = ops[op](session)  # stored; then aligned against the revision at once, as the build aligned
        try:
            session.align_unaligned()
        except RedraftError as err:  # the correction stands; the comment stays "unknown" until it can be aligned
            print(f"not aligned yet: {err}", file=sys.stderr)
        return changes

    return _session_step(args.path, corrected)
