"""Model-backed work on an open project, as jobs on its ``ProjectSession``: a suggestion, TLDRs, where the
comments apply, the alignment of comments added since the build, a new round.

A ``SessionJob`` has two halves. ``compute(cancel, on_text)`` is a job generator (``Progress`` records, a
``CancelToken``) that runs the models and writes nothing: the app runs it on a worker (the generator's work on
the one LLM worker), reading the project as it was when the job was made. ``store(session, result)`` writes what
it found through the session, in one of its transactions, and returns the ``Changes``. ``finish`` stores only
while the session still holds that project (the one stale-session guard: a project closed, reopened or replaced
by a round meanwhile gets nothing); ``run`` does both halves at once (the CLI). The models come from one
``ModelSource`` (``engine.models.protocols``): the CLI's ``ConfiguredModels``, the app's ``ModelOwner``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from engine.align.config import aligner_encoder
from engine.jobs import CancelToken, Job, Progress, run_job
from engine.project.model import Project, SuggestionRecord
from engine.project.session import NOTHING, Changes, ProjectSession

if TYPE_CHECKING:
    from engine.document.model import Document, Paragraph
    from engine.models.protocols import ModelSource

T = TypeVar("T")
#: ``on_text``: where streamed text goes (a card, a panel, a terminal); None drops it.
TextSink = Callable[[str], None] | None


@dataclass
class SessionJob(Generic[T]):
    """One piece of model work for ``session``: computed anywhere, stored through the session."""

    session: ProjectSession
    label: str
    compute: Callable[[CancelToken, TextSink], Job[T]]
    store: Callable[[ProjectSession, T], Changes]
    #: It runs the generator: the app puts it on the one LLM worker.
    llm: bool = False
    #: Its text streams as it is written (a suggestion, TLDRs).
    streams: bool = False
    #: What to undo when the result comes too late to store (a round's built file).
    discard: Callable[[T], None] = field(default=lambda result: None)
    project: Project = field(init=False)
    #: What ``run`` computed (the CLI prints it).
    result: Any = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.project = self.session.project

    def current(self, session: ProjectSession | None) -> bool:
        """``session`` (the one open now) is this job's, and still holds the project the job read."""
        return session is self.session and session.project is self.project

    def finish(self, result: T, session: ProjectSession | None) -> Changes:
        """Store ``result`` through the session if ``session`` is still the job's (``current``); else ``discard``
        it and change nothing."""
        if not self.current(session):
            self.discard(result)
            return NOTHING
        return self.store(self.session, result)

    def run(self, cancel: CancelToken | None = None, on_text: TextSink = None,
            on_progress: Callable[[Any], None] | None = None) -> Changes:
        """Compute and store here and now (the CLI); the result is kept as ``result``."""
        self.result = run_job(self.compute(cancel or CancelToken(), on_text), on_progress)
        return self.finish(self.result, self.session)


def _done(value: T) -> Job[T]:
    """A job with no progress to report: ``value`` as its result."""
    return value
    yield  # noqa: unreachable - makes this a generator


# -- suggestions and TLDRs -------------------------------------------------------------------------


def suggest_job(session: ProjectSession, models: ModelSource, comment_id: str, at: str | None = None,
                **options: Any) -> SessionJob[SuggestionRecord]:
    """A suggested edit and response for one comment, stored like any other (one that failed its checks too:
    it is kept with its flags, and cannot be accepted as it stands). ``options`` go to ``EditSuggester``
    (``max_tokens``, ``max_chars``, ``top_k``, ``time_limit``). The edit is written for the paragraphs the
    comment was located in, when the build located it; ``at``: after the paragraph the author chose instead (a
    suggestion's alternative place)."""
    project = session.project
    comment = project.comment(comment_id)  # KeyError: not in this project
    document = project.new or project.old
    places = located_in(project, comment_id, document)

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[SuggestionRecord]:
        from engine.generate.placement import review_position
        from engine.generate.suggest import EditSuggester

        suggester = EditSuggester(models.generator(), on_text=on_text, **options)
        position = review_position(comment, project.comments)
        if document is not None:  # placement's encoder pass, reported and cancellable (a draft's first suggestion)
            yield from suggester.prepare(comment, document, cancel, places)
        yield Progress(0, 0, WRITING)  # the status bar said "reading the draft …" while the model wrote (trial33)
        return SuggestionRecord.from_suggestion(suggester.suggest(comment, document, cancel, places, position, at))

    return SessionJob(session, "writing a suggestion", compute, lambda s, rec: s.add_suggestion(rec),
                      llm=True, streams=True)


#: The suggestion's last step, as long as the model writes (the status bar's busy bar, the card's line).
WRITING = "the model writes the edit…"


def located_in(project: Project, comment_id: str, document: Document | None) -> list[Paragraph]:
    """Where the comment applies in ``document``: its located draft paragraphs, or the same text in the revision."""
    located = project.located_paragraphs(comment_id)
    if document is None or document is project.old or not located:
        return located
    ids = [pid for e in project.location_edits(comment_id) for pid in e.target_ids]
    return [p for p in (project.paragraph(pid, new=True) for pid in ids) if p is not None]


@dataclass
class TldrResult:
    #: Every candidate as the generator returned it (with its ``valid`` and ``flags``).
    candidates: list[dict[str, Any]]
    #: What is stored: the candidates that passed the checks, then the TLDRs kept before.
    tldrs: list[str]

    @property
    def failed(self) -> list[dict[str, Any]]:
        return [c for c in self.candidates if not c.get("valid", True)]


def tldr_job(session: ProjectSession, models: ModelSource | None, mode: str = "llm") -> SessionJob[TldrResult]:
    """TLDR candidates for the latest version: ``extractive`` (no model) or by the generator. Only those that
    pass the checks are stored, before the ones kept already."""
    project = session.project
    document = project.new or project.old
    if document is None:
        from engine.errors import InputError

        raise InputError("the project has no document to summarise")
    kept = list(project.tldrs)

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[TldrResult]:
        if mode == "extractive":
            from engine.generate.tldr import extractive_for_document

            result = extractive_for_document(document)
        else:
            from engine.generate.tldr import TldrGenerator

            yield Progress(0, 0, "loading the model")
            result = yield from TldrGenerator(models.generator(), on_text=on_text).document_steps(document,
                                                                                                 cancel=cancel)
        candidates = result["candidates"]
        passed = [c["text"] for c in candidates if c.get("valid", True) and c.get("text", "").strip()]
        return TldrResult(candidates, list(dict.fromkeys(passed + kept)))

    return SessionJob(session, "writing TLDRs", compute, lambda s, r: s.set_tldrs(r.tldrs),
                      llm=mode != "extractive", streams=mode != "extractive")


# -- where comments apply, and their alignment ---------------------------------------------------------


def locate_job(session: ProjectSession, models: ModelSource | None) -> SessionJob[list] | None:
    """Where each comment applies in the draft, found again (None: no draft or no comments)."""
    project = session.project
    if project.old is None or not project.comments:
        return None
    comments, draft = list(project.comments), project.old

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[list]:
        from engine.align.localize import locate

        return _done(locate(comments, draft, models.encoder() if models is not None else None, cancel))

    return SessionJob(session, "finding where each comment applies", compute, lambda s, found: s.set_locations(found))


def realign_job(session: ProjectSession, models: ModelSource | None) -> SessionJob[list] | None:
    """The comments added or reworded since the build, aligned as the build aligned the others (None: none).
    With no encoder to be had they stay "unknown" (the correction that made them stands)."""
    from engine.project.realign import align_comments, scored_as, unaligned

    project = session.project
    todo = unaligned(project)
    if not todo:
        return None
    aligned = {c.id: scored_as(c) for c in todo}

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[list]:
        return _done(align_comments(project, todo, aligner_encoder(models, project.aligner or ""), cancel))

    return SessionJob(session, f"aligning {len(todo)} new comment{'s' * (len(todo) > 1)}", compute,
                      lambda s, found: s.add_alignments(found, aligned))


# -- where a LaTeX version is on its typeset pages -------------------------------------------------------


def typeset_job(session: ProjectSession, role: str, pdf: str | Path) -> SessionJob[Any] | None:
    """The LaTeX version in ``role`` (``old``, ``new``) matched on ``pdf``, the PDF typeset from it
    (``engine.project.typeset``), kept in the project file (None: that version is not LaTeX)."""
    from engine.project.typeset import find_regions, typeset_key, version

    document = version(session.project, role)
    if document is None:
        return None
    key = typeset_key(document, pdf)

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[Any]:
        return find_regions(document, pdf, role, key, cancel)

    return SessionJob(session, f"finding the changes on {Path(pdf).name}", compute,
                      lambda s, found: s.set_typeset(found))


# -- a new round ------------------------------------------------------------------------------------------


def round_job(session: ProjectSession, models: ModelSource | None, *, draft: str | Path | None = None,
              revised: str | Path | None = None, reviews: str | Path | None = None, aligner: str | None = None,
              **options: Any) -> SessionJob[Any]:
    """The next round built on a copy of the file (``engine.project.rounds.build_round``; ``options`` such as
    ``force`` go to the build), then taken by the session (``take_round``: ``InputError`` when the project
    changed meanwhile). A round that comes too late for its session is deleted. Without ``models`` the build
    opens the encoder its aligner needs."""
    path, method = session.path, aligner or session.project.aligner or ""

    def compute(cancel: CancelToken, on_text: TextSink) -> Job[Any]:
        from engine.project.rounds import build_round

        return (yield from build_round(path, draft=draft, revised=revised, reviews=reviews, aligner=aligner,
                                       encoder=aligner_encoder(models, method), cancel=cancel, **options))

    return SessionJob(session, "taking the new round", compute, lambda s, report: s.take_round(report),
                      discard=lambda report: report.path.unlink(missing_ok=True))
