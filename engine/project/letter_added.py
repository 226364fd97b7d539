"""The authors' response letter added to a project that was built without one (or given another letter), in the
same round: trial24's area chair received the letter after building the project, and File → New Round (or
``redraft project round``) refused a letter alone ("give a new revised version, new reviews or a new draft").

The letter is read (``engine.project.response.read_response``: one line for a file that is no letter), every
comment is aligned again against the revision the project holds with the project's aligner, now reading the
letter (what a build with ``--response`` gives), and the new alignments and the letter are stored in one step.
Nothing of the author's work is touched: link verdicts, responses, suggestions, corrections and TLDRs live in
their own tables. What comes back says, per comment whose status changed, the status before and after and what the
letter says of it (``engine.align.letter.describe``), so a status that moved says why. An aligner that reads no
letter (all but ``learned``) and a project with no revised version keep the letter and change no status, and
the summary says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.jobs import CancelToken, Job

if TYPE_CHECKING:
    from engine.align.letter import Letter
    from engine.align.records import Alignment
    from engine.models.protocols import ModelSource
    from engine.project.model import Project
    from engine.project.session import Changes, ProjectSession
    from engine.project.work import SessionJob


@dataclass(frozen=True)
class StatusChange:
    """One comment whose status the letter moved."""

    comment_id: str
    before: str  # the status label before (``CoverageRow.label``: "partly addressed (check) · 47%")
    after: str
    letter: str  # what the letter says of the comment ("the response letter answers it: states a change")

    def line(self) -> str:
        return f"{self.comment_id}: {self.before} → {self.after} ({self.letter or 'the letter was not read'})"


@dataclass
class LetterAdded:
    """What adding the letter did: its name, the letter it replaced, and the statuses it moved."""

    name: str
    replaced: str = ""  # the name of the letter the project held before ("" when none)
    read: bool = True  # False: the aligner reads no letter, or there is no revised version: no status moved
    why_not: str = ""
    changes: list[StatusChange] = field(default_factory=list)
    comments: int = 0
    #: Why the statuses do not read it though they could: it quotes few of the points (``response.letter_note``).
    few: str = ""

    def lines(self) -> list[str]:
        """The summary the CLI prints and the app's message shows, one line each."""
        head = f"response letter {self.name} added" + (f" (it replaces {self.replaced})" if self.replaced else "")
        if not self.read:
            return [f"{head}; no status read again: {self.why_not}"]
        moved = len(self.changes)
        changed = f"{moved} status{'es' * (moved != 1)} changed" + ("" if moved else ", none moved")
        read = f"the {self.comments} comment{'s' * (self.comments != 1)} read again with it"
        out = [f"{head}; {read}: {changed}" if not self.few else f"{head}; {self.few}: {changed}"]
        out += [f"  {c.line()}" for c in self.changes]
        out.append("kept as they were: your confirmed and rejected links, responses, suggestions and corrections")
        return out


#: The aligners that read a letter (``LearnedAligner.letter``; the pipeline gives it to any aligner that has one).
READS_LETTER = frozenset({"learned"})


def _statuses(project: Project) -> dict[str, tuple[str, str, str]]:
    """Comment id → (status, its label, what the letter says of it)."""
    from engine.project.coverage import coverage_view

    return {r.comment_id: (r.status.value, r.label(), r.letter) for r in coverage_view(project).rows}


def why_not_read(project: Project) -> str:
    """Why the letter cannot inform the statuses of ``project`` ("" when it can)."""
    from engine.align.config import DEFAULT_METHOD

    if project.diff is None or "alignments" not in project.stages:
        return "the project has no revised version to read it against"
    method = project.aligner or DEFAULT_METHOD
    if method not in READS_LETTER:
        return f"the {method} aligner does not read a response letter (the learned aligner does)"
    return ""


def store_letter(session: ProjectSession, name: str, letter: Letter, alignments: list[Alignment] | None,
                 use: dict[str, Any] | None = None) -> tuple[Changes, LetterAdded]:
    """Keep ``letter`` in the session's project and, when given, the ``alignments`` that read it; the statuses
    before and after compared. ``alignments`` None: the letter is kept and no status changes."""
    from engine.project.response import letter_note, save_response
    from engine.project.session import Changes

    project = session.project
    replaced = (project.letter or {}).get("name", "")
    before = _statuses(project)
    save_response(session.store, name, letter, use)
    if alignments is not None:
        session.store.save_alignments(alignments, project.aligner or None)
    fresh = session.store.load()
    project.letter, project.alignments = fresh.letter, fresh.alignments
    done = LetterAdded(name, replaced, alignments is not None, "" if alignments is not None else why_not_read(project),
                       comments=len(project.comments), few=letter_note(project) if use and not use["read"] else "")
    if alignments is not None:
        after = _statuses(project)
        done.changes = [StatusChange(cid, before[cid][1], label, note) for cid, (status, label, note) in after.items()
                        if cid in before and before[cid][0] != status]
    return Changes(comment_ids=tuple(project.alignments), statuses=True, label=f"response letter {name}"), done


def letter_job(session: ProjectSession, models: ModelSource | None, path: str | Path,
               force: bool = False) -> SessionJob[Any]:
    """Read the letter at ``path`` (``InputError`` at once for a file that is no letter; ``DoubtfulInput`` for one
    that reads as the reviews, unless ``force``) and align the comments
    again with it on a worker; stored through the session (``store_letter``); the job's ``result`` and the
    ``LetterAdded`` in ``job.added`` after it is stored."""
    from engine.align.config import aligner_encoder
    from engine.project.realign import align_comments
    from engine.project.response import check_letter, letter_use, read_response
    from engine.project.work import SessionJob

    name, letter = read_response(path)
    project = session.project
    check_letter(path, letter, [r.text for r in project.reviews], {}, force)  # one line; the reviews again: a doubt
    letter.know_reviews(r.text for r in project.reviews)  # its answers open on the authors' words
    why = why_not_read(project)
    use = letter_use(letter, list(project.comments), reads=not why)  # robust20: a letter quoting few points is kept,
    # not read, and the statuses are the no-letter model's (also when the letter it replaces was read)

    def compute(cancel: CancelToken, on_text: Any) -> Job[list | None]:
        if why:
            return None
        return align_comments(project, list(project.comments), aligner_encoder(models, project.aligner or ""),
                              cancel, letter=letter if use["read"] else None)
        yield  # noqa: unreachable - makes this a generator

    def store(s: ProjectSession, alignments: list | None) -> Changes:
        changes, job.added = store_letter(s, name, letter, alignments, use)
        return changes

    job: SessionJob[Any] = SessionJob(session, f"reading the response letter {name}", compute, store)
    job.added = None  # type: ignore[attr-defined]
    return job
