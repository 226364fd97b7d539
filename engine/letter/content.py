"""What the response letter says, whatever its format: built once from a project, then written
as Markdown, LaTeX, Word or PDF (``engine.letter.write``).

Per reviewer, every comment quoted in full, the author's response (only what
the author wrote or accepted: ``engine.project.responses``) and where the paper
changed, in the revised version's own terms (``engine.letter.places``). The
edits the author confirmed come first; the aligner's links the author has not
looked at follow, marked as unconfirmed so they are checked before sending
(``engine.align.status`` decides which is which); a suggestion too weak to count
(``status.Evidence.candidate``: every one under a comment that is not
addressed) is not listed (the author can confirm it to list it). Nothing internal reaches the
letter: no comment or edit ids, no action classes, no statuses. Every comment is in it: one the extractor doubts is a
request (``coverage.is_doubtful``) is marked "low confidence" for the author in its heading while it is still to
answer (answer it, or delete the comment), and the summary counts them.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from engine.align.status import Link
from engine.align.throughout import MARK_TEXT
from engine.letter.places import Places, revised_places
from engine.letter.quotes import whole_point
from engine.reviews.headings import shown_heading
from engine.project.coverage import LOW_MARK, is_doubtful
from engine.project.model import Project
from engine.project.responses import LetterResponse, ResponseKind, letter_response
from engine.revision.compare import is_title_edit
from engine.revision.intent import classify_edit
from engine.revision.model import DiffSpan, Edit, EditType, Flag
from engine.revision.sections import section_fates

#: Words of unchanged text kept on each side of a change.
CONTEXT_WORDS = 10
#: Most words a revised paragraph's quote shows; what changes after them is said, not quoted (an author's trial,
#: session 32: a heavily revised 2,000-word paragraph was quoted whole for seven comments, a 43-page letter).
QUOTE_WORDS = 12 * CONTEXT_WORDS
#: What stands for the changes a quote leaves out.
MORE_CHANGES = " … (more changes in this paragraph: see the revised version)"
#: What a change is called in the letter, by edit type.
#: The summary's line for a changed title (``is_title_edit``), before every section's line.
TITLE_LINE = "Title: revised"
CHANGE_NAMES = {EditType.MINOR: "Revised", EditType.MAJOR: "Revised", EditType.ADDED: "Added",
                EditType.DELETED: "Removed", EditType.MOVED: "Moved"}

#: A run of the changed text: ("equal" | "insert" | "delete", text).
Run = tuple[str, str]


@dataclass(frozen=True)
class Change:
    """One place the paper changed for a comment."""

    name: str  # Revised, Added, Removed, Moved
    where: str  # Section 3.1 Work Metric, p. 4, lines 12–18
    runs: tuple[Run, ...]
    confirmed: bool


@dataclass(frozen=True)
class Proposal:
    """Text the author accepted from a suggestion, for a place in the paper."""

    where: str
    text: str


@dataclass
class Answer:
    quote: str
    response: LetterResponse
    changes: list[Change] = field(default_factory=list)
    proposals: list[Proposal] = field(default_factory=list)
    #: The heading the comment sits under in the review ("Weaknesses > Typos"; "" when none worth naming).
    heading: str = ""
    #: For the author, of a comment still to answer that the extractor doubts is a request (``doubt_note``).
    doubt: str = ""
    #: The author marked the comment "answered throughout the paper" (``engine.align.throughout``).
    throughout: bool = False

    def title(self, i: int) -> str:
        """"Comment 2", "Comment 2 (Typos)" under a heading; the author's mark after it: "Comment 2 – answered
        throughout the paper"; then the doubt: "Comment 2 – low confidence: …"."""
        return f"Comment {i}" + (f" ({self.heading})" if self.heading else "") + (
            f" – {MARK_TEXT}" if self.throughout else "") + (f" – {self.doubt}" if self.doubt else "")


@dataclass
class ReviewerPart:
    name: str
    answers: list[Answer]


@dataclass
class Letter:
    title: str
    summary: list[str]
    #: Sections of the revised version that changed, with what changed in each.
    changed_sections: list[str]
    reviewers: list[ReviewerPart]
    #: The paragraph before the answers; it promises the changes only when there is a revised version.
    intro: str = ""
    #: The submitted version's sections the revision renamed, merged, split or removed (``section_fates``), listed
    #: after ``changed_sections``.
    reorganised: list[str] = field(default_factory=list)

    def section_lines(self) -> list[str]:
        """The summary's list: the revised version's changed sections, then the submitted version's reorganised."""
        return self.changed_sections + self.reorganised

    def answers(self) -> list[Answer]:
        return [a for part in self.reviewers for a in part.answers]

    @property
    def to_answer(self) -> int:
        return sum(a.response.kind is ResponseKind.TO_ANSWER for a in self.answers())


INTRO_NO_REVISION = "We thank the reviewers for their careful reading. Below we answer each comment in turn."
INTRO = (INTRO_NO_REVISION[:-1] + "; after each answer we say where the revised version changed, with text we added "
         "in bold and text we removed struck through.")
TO_ANSWER = "To answer."
NO_CHANGE = "No change to the paper."
UNCONFIRMED = "found by Redraft, unconfirmed: check before sending"


def doubt_note(confidence: float) -> str:
    """``low confidence: 35% sure it is a request; answer it, or delete the comment if it is none``."""
    return f"{LOW_MARK}: {round(100 * confidence)}% sure it is a request; answer it, or delete the comment if it is none"


def compact_runs(spans: tuple[DiffSpan, ...] | list[DiffSpan], context: int = CONTEXT_WORDS) -> tuple[Run, ...]:
    """The diff as runs, long unchanged stretches cut to ``context`` words around the changes. A run that was
    separated from the one before by a space starts with one (``glued`` reads it): "**0.89**." keeps its full
    stop against the bold words."""
    out: list[Run] = []
    # white space since the last run kept, on the old side (what a deletion follows) and on the new one
    spaced = {"delete": False, "insert": False}
    for i, s in enumerate(spans):
        words = s.text.split()
        side = "delete" if s.op == "delete" else "insert"
        if s.text[:1].isspace():
            spaced = {"delete": True, "insert": True}
        if not words:
            continue
        # a deletion and an insertion side by side are alternatives, never one word ("~~comparable~~ **similar**")
        swapped = bool(out) and {out[-1][0], s.op} == {"delete", "insert"}
        lead = " " if out and (spaced[side] or swapped) else ""
        ends = s.text[-1:].isspace()
        if s.op == "equal":
            spaced = {"delete": (s.old if s.old is not None else s.text)[-1:].isspace(), "insert": ends}
        else:
            spaced[side] = ends
        if s.op != "equal" or len(words) <= 2 * context:
            out.append((s.op, lead + " ".join(words)))
            continue
        first, last = i == 0, i == len(spans) - 1
        head = [] if first else words[:context]
        tail = [] if last else words[-context:]
        text = " … ".join(" ".join(x) for x in (head, tail) if x)
        out.append(("equal", lead + ("… " if first else "") + text + (" …" if last else "")))
    return tuple(out)


def glued(runs: tuple[Run, ...]) -> list[tuple[str, str, str]]:
    """``(space before, op, text)`` of each run, for a writer that marks up the text but not the space."""
    return [(" " if text[:1] == " " else "", op, text.lstrip()) for op, text in runs]


def _runs(edit: Edit) -> tuple[Run, ...]:
    if edit.type is EditType.MOVED and Flag.ALSO_CHANGED not in edit.flags:
        return (("equal", " ".join(edit.target_text.split()[:2 * CONTEXT_WORDS]) + " …"),)
    if edit.type is EditType.ADDED:
        return (("insert", _cut(edit.target_text)),)
    if edit.type is EditType.DELETED:
        return (("delete", _cut(edit.source_text)),)
    return capped(compact_runs(edit.diff)) if edit.diff else (("insert", _cut(edit.target_text)),)


def capped(runs: tuple[Run, ...], words: int = QUOTE_WORDS) -> tuple[Run, ...]:
    """``runs`` up to ``words`` words, the run that passes them cut; ``MORE_CHANGES`` after when a change is left out
    (unchanged words alone left out end the quote with "…")."""
    out: list[Run] = []
    left = words
    for i, (op, text) in enumerate(runs):
        parts = text.split()
        if len(parts) <= left:
            out.append((op, text))
            left -= len(parts)
            continue
        if left >= 3:  # a run cut in its middle: its first words, as a cut addition shows them
            out.append((op, (" " if text[:1] == " " else "") + " ".join(parts[:left])))
        more = op != "equal" or any(o != "equal" for o, _ in runs[i + 1:])
        return (*out, ("equal", MORE_CHANGES if more else " …"))
    return runs


def _cut(text: str, words: int = 6 * CONTEXT_WORDS) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + (" …" if len(parts) > words else "")


class LetterBuilder:
    """Builds the ``Letter`` of one project (places are read once, the revised PDF's line numbers too)."""

    def __init__(self, project: Project) -> None:
        self.project = project
        self.revised = revised_places(project.new, project.new_path) if project.new is not None else None
        self.draft = Places(project.old, None)

    def where_edit(self, edit: Edit) -> str:
        p = self.project
        if is_title_edit(edit):
            return "the title"
        if edit.target_ids and self.revised is not None:
            return self.revised.paragraphs([p.paragraph(pid, new=True) for pid in edit.target_ids]) or "revised version"
        # removed text: its section in the revised version's terms when it still has it, and its draft page
        olds = [p.paragraph(pid, new=False) for pid in edit.source_ids]
        section = (self.revised or self.draft).section(edit.section) if edit.section else ""
        pages = sorted({r.page for q in olds if q is not None for r in q.regions})
        draft = f"p. {pages[0]} of the submitted version" if pages else ""
        return ", ".join(x for x in (section, draft) if x) or "submitted version"

    def changes(self, comment_id: str) -> list[Change]:
        p = self.project
        if p.diff is None:
            return []
        verdict = p.assessment(comment_id)
        out = []
        for ev in verdict.evidence:
            # neither a rejected link nor a suggestion too weak to count (the closest edits Redraft found)
            if ev.link is Link.REJECTED or ev.candidate:
                continue
            try:
                edit = p.diff.edit(ev.edit_id)
            except KeyError:
                continue
            if not edit.changed or Flag.NOISE in edit.flags:
                continue
            out.append(Change(CHANGE_NAMES[edit.type], self.where_edit(edit), _runs(edit),
                              ev.link in (Link.CONFIRMED, Link.MANUAL)))
        return sorted(out, key=lambda c: not c.confirmed)  # stable: the aligner's order within each group

    def proposals(self, comment_id: str) -> list[Proposal]:
        p, out = self.project, []
        for rec in p.kept_suggestions(comment_id):
            if not rec.edit.strip():
                continue
            para = p.paragraph(rec.location, new=False) if rec.location else None
            if para is not None:
                where = self.draft.paragraphs([para])
                where = f"{where} of the submitted version" if where else "the submitted version"
            else:
                where = (self.revised or self.draft).section(rec.location) or "the paper"
            out.append(Proposal(where, rec.edit.strip()))
        return out

    def changed_sections(self) -> list[str]:
        """One line per section of the revised version that changed: "Section 3.1 Work Metric: 2 paragraphs
        revised, 1 paragraph corrected in wording only, 1 paragraph added" (a spelling, capitalisation or
        citation-style edit is told apart: a reviewer reading "revised" looks for new content)."""
        p = self.project
        if p.diff is None or self.revised is None:
            return []
        counts: dict[str, Counter[str]] = {}
        order: dict[str, int] = {}
        #: One line per section whatever its capitals: the draft's "3.1 Imputation operators" is the revised
        #: version's "3.1 Imputation Operators" (a new-user trial read both), named as the revised version names it.
        names: dict[str, str] = {}
        places = self.revised
        lines = []
        for e in p.diff.changed_edits():
            if not e.text_changed and e.type is not EditType.MOVED:
                continue
            if is_title_edit(e):  # the title first, as a title, not as a paragraph of a section "Title"
                lines.insert(0, TITLE_LINE + (" (case or style only)" if e.type is EditType.MINOR else ""))
                continue
            para = p.paragraph(e.target_ids[0], new=True) if e.target_ids else None
            path = para.section if para is not None else tuple(s for s in e.section.split(" > ") if s)
            section = places.section(path) or "Front matter"
            position = places.position(path)
            if para is None and path and position is None:
                section = f"{section} (submitted version)"
            if position is None and (section == "Front matter" or section.lower().startswith("abstract")):
                position = -1  # the abstract and the front matter open the paper, outline or not
            key = section.casefold()
            if para is not None or key not in names:
                names[key] = section
            order.setdefault(key, len(places.order) if position is None else position)
            name = CHANGE_NAMES[e.type].lower()
            if name == "revised" and classify_edit(e).surface:  # spelling, capitals, a citation restyled
                name = "corrected in wording only"
            counts.setdefault(key, Counter())[name] += 1
        kinds = ("revised", "corrected in wording only", "added", "removed", "moved")
        for key in sorted(counts, key=lambda s: order[s]):
            c = counts[key]
            what = ", ".join(f"{n} paragraph{'s' if n != 1 else ''} {name}" for name, n in
                             sorted(c.items(), key=lambda kv: kinds.index(kv[0])))
            lines.append(f"{names[key]}: {what}")
        return lines

    def build(self) -> Letter:
        p = self.project
        parts = []
        reviews = {r.reviewer: r for r in p.reviews}
        doubted = 0
        for reviewer, comments in p.comments_by_reviewer().items():
            answers = []
            for c in comments:
                response = letter_response(p, c.id)
                doubt = doubt_note(c.confidence) if is_doubtful(c) and response.kind is ResponseKind.TO_ANSWER else ""
                doubted += bool(doubt)
                answers.append(Answer(whole_point(c, reviews.get(reviewer), comments), response, self.changes(c.id),
                                      self.proposals(c.id), shown_heading(c.section), doubt,
                                      c.id in p.throughout))
            parts.append(ReviewerPart(reviewer, answers))
        title = p.paper_title()
        letter = Letter(title, [], self.changed_sections(), parts, INTRO if p.diff is not None else INTRO_NO_REVISION)
        n, k = len(p.comments), len(parts)
        summary = [f"This letter answers the {n} comment{'s' if n != 1 else ''} of {k} reviewer{'s' if k != 1 else ''}."]
        if p.diff is not None:
            changed = [e for e in p.diff.changed_edits() if e.text_changed or e.type is EditType.MOVED]
            total = sum(1 for e in changed if not is_title_edit(e))
            secs = sum(1 for line in letter.changed_sections if not line.startswith(TITLE_LINE))
            titled = ", and its title" if len(changed) > total else ""
            summary.append(f"The revised version changes {total} paragraph{'s' if total != 1 else ''} "
                           f"in {secs} section{'s' if secs != 1 else ''}{titled}.")
        if p.diff is not None and self.revised is not None:
            letter.reorganised = [f"Submitted section {f.describe()}" for f in section_fates(p.diff) if f.kind != "new"]
            if letter.reorganised:
                k = len(letter.reorganised)
                summary.append(f"It reorganised {k} section{'s' if k != 1 else ''} of the submitted version "
                               "(listed last below).")
        if letter.to_answer:
            summary.append(f"Not ready to send: {letter.to_answer} of the {n} comment{'s' if n != 1 else ''} "
                           f"{'are' if letter.to_answer != 1 else 'is'} still marked “{TO_ANSWER[:-1].lower()}”.")
        if doubted:
            summary.append(f"{doubted} of them {'are' if doubted != 1 else 'is'} marked “{LOW_MARK}”: " + (
                "Redraft is not sure it is a request; answer or delete it." if doubted == 1 else
                "Redraft is not sure they are requests; answer or delete them."))
        letter.summary = summary
        return letter


def build_letter(project: Project) -> Letter:
    return LetterBuilder(project).build()
