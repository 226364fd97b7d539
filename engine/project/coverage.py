"""Coverage for area chairs: one row per comment with its full text, its status
(``engine/align/status.py``) with how sure Redraft is and whether the author
confirmed it, and the edits it rests on as short snippets of the changed text.

Confirmed and hand-made links come first, then Redraft's suggestions (marked unconfirmed); rejected links are
left out. Every comment is a row and is counted:
one the extractor was less than ``LIKELY_COMMENT`` sure is a request is marked
"low confidence" with its confidence (``CoverageRow.low_confidence``), never dropped (an area chair's CSV once
had 7 rows for 8 comments); ``CoverageView.doubtful`` names them.

``coverage_view`` is the one view model of it: every comment's assessment, the
rows and the counts, computed once per change. The Coverage tab, the comment
list's badges, the status bar, the report, the CSV, the marked-up PDF and the CLI
read it; none counts statuses itself. "Addressed" is one set in every count
(``ADDRESSED_STATUSES``: Redraft's or the author's); a project with no revised
version counts its comments answered instead.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path

from engine.align.status import (
    ADDRESSED_STATUSES,
    STATUSES,
    Assessment,
    Link,
    Status,
    chance_text,
    counts,
    partly_reason,
    status_label,
)
from engine.align.status import summary as status_summary
from engine.align.throughout import MARK_TEXT
from engine.project.edit_places import EditPlaces
from engine.project.model import Project
from engine.reviews.model import ReviewComment
from engine.revision.diff import hunks
from engine.revision.model import Edit, EditType, Flag

#: Below this extraction confidence a comment is marked "low confidence" in every view (the comment list mutes it).
LIKELY_COMMENT = 0.5
#: The mark a low-confidence comment carries in the table, the CSV, the report and the marked-up PDF.
LOW_MARK = "low confidence"
#: Words of changed text a snippet keeps.
SNIPPET_WORDS = 12
#: No action class or directness: internal codes an area chair's spreadsheet has no use for (a new-user trial).
CSV_COLUMNS = ("comment", "reviewer", "type", "status", "chance addressed", "confirmed by author",
               "edits", "comment text", "response", "sure it is a request", LOW_MARK, MARK_TEXT,
               "response letter", "letter's answer", "round", "earlier round")  # last: the columns before keep their places


@dataclass(frozen=True)
class EditSnippet:
    """One linked edit, as a reader sees it: what changed, where, and who said it answers the comment."""

    edit_id: str
    snippet: str
    where: str
    #: "confirmed", "manual" (linked by hand) or "suggested" (by Redraft, not confirmed).
    link: str
    probability: float
    section: str = ""
    #: A suggestion too weak to count (``status.Evidence.candidate``): the closest edit Redraft found, shown so that
    #: the author can confirm it, never as what answers the comment.
    candidate: bool = False
    #: The section's whole path, numbered (``II Circuit design > C Digital control``), for a tooltip: ``where`` names
    #: the innermost section alone.
    section_path: str = ""
    #: The innermost section, numbered and short (``C Digital control``), as ``where`` names it without the page.
    section_name: str = ""

    @property
    def confirmed(self) -> bool:
        return self.link in (Link.CONFIRMED.value, Link.MANUAL.value)

    @property
    def mark(self) -> str:
        """What a reader is told besides the snippet: nothing for the author's link, else ``unconfirmed`` or
        ``closest edit, not counted``."""
        return "" if self.confirmed else ("closest edit, not counted" if self.candidate else "unconfirmed")

    def label(self) -> str:
        """``“…text…” (Method, p. 4)``, with ``[unconfirmed]`` for a suggestion and ``[closest edit, not
        counted]`` for a candidate."""
        where = f" ({self.where})" if self.where else ""
        return f"{self.snippet}{where}" + (f" [{self.mark}]" if self.mark else "")


@dataclass
class CoverageRow:
    comment: ReviewComment
    status: Status
    #: Probability that the revision addresses the comment (None: no revision, or nothing weighed).
    probability: float | None
    #: The status rests on the author's word (a confirmed link, every link rejected, a response).
    confirmed: bool
    edits: list[EditSnippet] = field(default_factory=list)
    response: str = ""
    #: What the authors' response letter says of the comment, when the status read one (``Alignment.letter``).
    letter: str = ""
    #: The start of the letter's answer to the comment (``response.answer_excerpts``; "" when none).
    letter_said: str = ""
    #: The author marked the comment "answered throughout the paper" (``engine.align.throughout``).
    throughout: bool = False
    #: What the comment was in the round the new reviews replaced ("in round 1 as R2.12: not addressed"; trial34).
    earlier: str = ""

    @property
    def comment_id(self) -> str:
        return self.comment.id

    @property
    def reviewer(self) -> str:
        return self.comment.reviewer

    @property
    def kind(self) -> str:
        return self.comment.fine_type or "unknown"

    def label(self) -> str:
        """``partly addressed (check) · 45%`` (``status.status_label``), as the comment list's badge says it too."""
        return status_label(self.status, self.probability, self.confirmed)

    @property
    def low_confidence(self) -> bool:
        """The extractor was less than ``LIKELY_COMMENT`` sure this is a request: shown, and marked."""
        return is_doubtful(self.comment)

    def request_text(self) -> str:
        """How sure the extractor is that the comment is a request: ``22%``, or ``by hand`` (written or corrected
        by the author)."""
        return "by hand" if self.comment.confidence >= 1.0 else f"{round(100 * self.comment.confidence)}%"

    def request_words(self) -> str:
        """``22% sure it is a request`` (``by hand`` for a comment the author wrote or corrected)."""
        return "written or corrected by hand" if self.comment.confidence >= 1.0 else \
            f"{self.request_text()} sure it is a request"

    def low_mark(self) -> str:
        """``low confidence (22% sure it is a request)`` for a low-confidence comment, else ""."""
        return f"{LOW_MARK} ({self.request_words()})" if self.low_confidence else ""

    def confidence_text(self) -> str:
        if self.confirmed:
            return "author"
        return "" if self.probability is None else f"{round(100 * self.probability)}%"

    def certainty(self) -> str:
        """Who says so, in words: "confirmed by the author", "31% chance it is addressed, not confirmed"."""
        if self.confirmed:
            return "confirmed by the author"
        if self.probability is None:
            return "not confirmed"
        why = partly_reason(self.status, self.probability)  # "98% chance ..., but no one edit is sure to answer it"
        return f"{chance_text(self.probability)}{', ' + why if why else ''}, not confirmed"


def is_doubtful(comment: ReviewComment) -> bool:
    """A comment the extractor doubts is a request (below ``LIKELY_COMMENT``); hand-written comments are 1.0."""
    return comment.confidence < LIKELY_COMMENT


def assessment(project: Project, comment_id: str) -> Assessment:
    """The comment's status from its alignment and the author's link decisions (``Project.assessment``)."""
    return project.assessment(comment_id)


def _words(text: str, n: int = SNIPPET_WORDS) -> str:
    words = text.split()
    return " ".join(words[:n]) + (" …" if len(words) > n else "")


def _stems(text: str) -> set[str]:
    return {w[:5] for w in re.findall(r"[a-z]{4,}", text.lower())}


def edit_snippet(edit: Edit, n: int = SNIPPET_WORDS, about: str = "") -> str:
    """A few words of what changed, run by run: ``“valuation” → “evaluation”; added “…”``, ``removed “…”``,
    ``new paragraph “…”`` (a new-user trial read ``added “evaluation Because …”`` for a word replaced and a
    sentence added). With ``about`` (a comment's text), the runs that share most words with it come first: a
    trial's area chair read another comment's answer as this one's."""
    if edit.type is EditType.ADDED:
        return f"new paragraph “{_words(edit.target_text, n)}”"
    if edit.type is EditType.DELETED:
        return f"removed paragraph “{_words(edit.source_text, n)}”"
    if edit.type is EditType.MOVED and Flag.ALSO_CHANGED not in edit.flags:
        return f"moved paragraph “{_words(edit.target_text, n)}”"
    runs = [(d.strip(), i.strip()) for d, i in hunks(edit.diff) if (d + i).strip()]
    if about:  # the runs that share most words with the comment first (a paragraph may answer two comments)
        asked = _stems(about)
        runs.sort(key=lambda r: -len(_stems(f"{r[0]} {r[1]}") & asked))
    parts: list[str] = []
    for old, new in runs:
        budget = n - sum(len(p.split()) for p in parts)
        if budget <= 0:
            break
        if old and new:  # a replacement reads as one: “valuation” → “evaluation”
            parts.append(f"“{_words(old, max(2, budget // 2))}” → “{_words(new, max(2, budget // 2))}”")
        else:
            parts.append(f"{'added' if new else 'removed'} “{_words(new or old, budget)}”")
    if not parts:
        return f"changed “{_words(edit.target_text, n)}”"
    return "; ".join(parts) + ("; …" if len(parts) < len(runs) else "")


def coverage_row(project: Project, comment: ReviewComment, a: Assessment | None = None,
                 places: EditPlaces | None = None) -> CoverageRow:
    a = a if a is not None else assessment(project, comment.id)
    places = places or EditPlaces(project)
    kept = [e for e in a.evidence if e.link is not Link.REJECTED]
    edits = []
    for ev in kept:
        try:
            edit = project.diff.edit(ev.edit_id) if project.diff is not None else None
        except KeyError:
            edit = None
        if edit is not None:
            snippet = edit_snippet(edit, about=comment.full_text)
            edits.append(EditSnippet(edit.id, snippet, places.where(edit), ev.link.value, ev.probability,
                                     edit.section, candidate=ev.candidate, section_path=places.path(edit),
                                     section_name=places.names(edit).short(edit.section) if edit.section else ""))
    aligned = project.alignments.get(comment.id)
    return CoverageRow(comment, a.status, a.probability, a.confirmed, edits, project.response(comment.id),
                       aligned.letter if aligned is not None else "", throughout=comment.id in project.throughout)


def coverage_rows(project: Project, assessments: dict[str, Assessment] | None = None) -> list[CoverageRow]:
    """One row per comment (low-confidence ones too, marked), by reviewer in reading order."""
    from engine.project.response import answer_excerpts

    found, places = assessments or {}, EditPlaces(project)
    rows = [coverage_row(project, c, found.get(c.id), places) for cs in project.comments_by_reviewer().values()
            for c in cs]
    from engine.project.rounds import earlier_phrase, read_earlier

    said = answer_excerpts(project)
    before = read_earlier(project.path) if project.path and Path(project.path).is_file() else {}
    for row in rows:
        row.letter_said, row.earlier = said.get(row.comment_id, ""), earlier_phrase(before, row.comment_id)
    return rows


def round_prefix(review_round: int) -> str:
    """``Round 2: `` after a new round, "" in the first: every view an area chair reads says which round (trial34)."""
    return f"Round {review_round}: " if review_round > 1 else ""


@dataclass
class CoverageView:
    """A project's coverage as every view shows it, computed once per change (``coverage_view``)."""

    #: Every comment's assessment.
    assessments: dict[str, Assessment]
    #: Every comment, by reviewer in reading order.
    rows: list[CoverageRow]
    #: The comments the extractor was less than ``LIKELY_COMMENT`` sure were requests (rows too, marked).
    doubtful: list[ReviewComment]
    #: The revision was compared: statuses say addressed or not (else open or answered).
    compared: bool
    comments: int = 0
    reviewers: int = 0
    #: Changed edits (None: no revision compared).
    edits: int | None = None
    #: The reviews with no comment ("Editor" over a decision letter of form sentences, "Reviewer 2: accept").
    without: tuple[str, ...] = ()
    #: The response letter as the status bar names it ("letter: 7 of 7 points quoted"; "" without one) ...
    letter: str = ""
    letter_name: str = ""  # ... and its file's name ("" when none was given)
    review_round: int = 1  # the project's round of review: "Round 2: " before the lines below (trial34)

    def round_prefix(self) -> str:
        return round_prefix(self.review_round)

    @property
    def done_word(self) -> str:
        """What a comment that needs nothing more is: ``addressed``, or ``answered`` with no revised version."""
        return "addressed" if self.compared else "answered"

    def done(self, rows: Iterable[CoverageRow] | None = None) -> int:
        """How many of ``rows`` (all of them) are addressed (``ADDRESSED_STATUSES``), or answered."""
        done = ADDRESSED_STATUSES if self.compared else {Status.ANSWERED}
        return sum(r.status in done for r in (self.rows if rows is None else rows))

    def by_reviewer(self) -> dict[str, tuple[int, int]]:
        """Reviewer -> (addressed or answered, comments), in reading order."""
        groups: dict[str, list[CoverageRow]] = {}
        for r in self.rows:
            groups.setdefault(r.reviewer, []).append(r)
        return {name: (self.done(rows), len(rows)) for name, rows in groups.items()}

    def counts(self) -> dict[str, int]:
        """How many rows have each status (every status, ``STATUSES`` order)."""
        return status_counts(self.rows)

    def statuses_shown(self) -> list[str]:
        """The statuses some row has, in ``STATUSES`` order (a filter's choices)."""
        present = {r.status for r in self.rows}
        return [s.value for s in STATUSES if s in present]

    def status_summary(self, always: Iterable[str] = ()) -> str:
        """``12 addressed (3 confirmed), 4 partly addressed, …`` over every comment (``status.summary``)."""
        return status_summary([a.status for a in self.assessments.values()], always=always)

    def summary_text(self) -> str:
        """The Coverage tab's line: how many comments are addressed, and who says so."""
        if not self.comments:
            return f"{self.round_prefix()}No comments."
        tail = f" ({self.doubtful_note()})" if self.doubtful else ""
        if not self.compared:
            return f"{self.round_prefix()}{len(self.rows)} comments{tail}; no revised version yet, so coverage is unknown."
        tally = self.counts()
        yes, no = tally[Status.CONFIRMED.value], tally[Status.CONFIRMED_NOT.value]
        # the author's "not addressed" is not one of the addressed (a new-user trial read it counted among them)
        said = (f", {yes} of them confirmed by the author" if yes else "") + (
            f"; {no} confirmed not addressed" if no else "")
        read = (f" Statuses read with the authors' response letter ({self.letter_name}): hover a status for what it says of the "
                "point." if self.letter_name and any(r.letter for r in self.rows) else "")
        return (f"{self.round_prefix()}{self.done()} of {len(self.rows)} comments addressed{said}{tail}.{read} Click a change to open "
                "its diff.")

    def doubtful_note(self) -> str:
        """``1 of them marked low confidence: under 50% sure to be a request`` ("" when none)."""
        n = len(self.doubtful)
        if not n:
            return ""
        return (f"{n} of them marked {LOW_MARK}: under {round(100 * LIKELY_COMMENT)}% sure to be "
                f"{'a request' if n == 1 else 'requests'}")

    def status_line(self) -> str:
        """The status bar: comments and reviewers, edits, and the statuses in words."""
        n, k = self.comments, self.reviewers
        parts = [f"{self.round_prefix()}{n} comment{'s' if n != 1 else ''} from {k} reviewer{'s' if k != 1 else ''}"
                 + (f" ({', '.join(self.without)}: none)" if self.without else "")]
        statuses = [a.status for a in self.assessments.values()]
        if self.edits is not None:
            parts.append(f"{self.edits} edit{'s' if self.edits != 1 else ''}")
            parts.append(self.status_summary(always=("addressed",)))
            parts += [self.letter] if self.letter else []
        elif Status.OPEN in statuses or Status.ANSWERED in statuses:
            parts.append(f"{statuses.count(Status.ANSWERED)} answered")
        return " · ".join(parts)


def coverage_view(project: Project) -> CoverageView:
    """The project's ``CoverageView``: each comment assessed once."""
    assessments = project.assessments()
    diff = project.diff
    # the reviewers the comments come from; a review with none (the editor's form letter, a referee who accepts)
    # is named apart: "3 reviewers" over one reviewer's comments read as two reviews lost (a new-user trial)
    named = project.comments_by_reviewer()
    return CoverageView(assessments, coverage_rows(project, assessments), doubtful(project), diff is not None,
                        len(project.comments), len(named),
                        sum(1 for e in diff.edits if e.changed) if diff is not None else None,
                        tuple(r for r in project.reviewers() if r not in named), _letter_word(project.letter or {}),
                        (project.letter or {}).get("name", ""), project.review_round)


def _letter_word(stored: dict) -> str:
    """The letter on the status bar: how many points it quotes, and whether the statuses read it (session 26)."""
    quoted = f"{stored.get('quoted')} of {stored.get('points')} points quoted"
    return "" if "quoted" not in stored else f"letter: {quoted}" if stored.get("read") else (
        f"letter not read ({quoted}: see Reading Notes)")


def doubtful(project: Project) -> list[ReviewComment]:
    """The comments marked low confidence (``is_doubtful``), in the project's order."""
    return [c for c in project.comments if is_doubtful(c)]


def status_counts(rows: Iterable[CoverageRow]) -> dict[str, int]:
    """How many rows have each status (every status, ``STATUSES`` order)."""
    return counts(r.status for r in rows)


def filter_rows(rows: Iterable[CoverageRow], reviewer: str | None = None, status: str | None = None,
                kind: str | None = None) -> list[CoverageRow]:
    """Rows of one reviewer, status and/or comment type (None: any)."""
    return [r for r in rows if (reviewer is None or r.reviewer == reviewer)
            and (status is None or r.status.value == status) and (kind is None or r.kind == kind)]


def comments_by_edit(rows: Iterable[CoverageRow]) -> dict[str, list[tuple[str, bool]]]:
    """Edit id → the (comment id, confirmed) pairs it answers, confirmed links first (candidates left out: a
    closest edit does not answer a comment that is not addressed)."""
    out: dict[str, list[tuple[str, bool]]] = {}
    for r in rows:
        for e in (e for e in r.edits if not e.candidate):
            out.setdefault(e.edit_id, []).append((r.comment_id, e.confirmed))
    return {k: sorted(v, key=lambda x: not x[1]) for k, v in out.items()}
