"""A revision project: the documents, reviews, comments, diff, alignments,
suggestions and responses the desktop shows and the store saves."""

from __future__ import annotations

import dataclasses
import re
import time
import unicodedata
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from engine.align.records import Alignment, Location
from engine.align.status import Assessment, Link, Status, assess, assess_alignment, draft_status
from engine.align.throughout import marked_link_p
from engine.document.model import Document, Paragraph, ParagraphKind, line_place, several_files
from engine.generate import placeholders
from engine.generate.flags import Flag
from engine.revision.model import Edit, EditType, RevisionDiff
from engine.reviews.model import Review, ReviewComment

#: Review states of a suggestion.
STATUSES = ("pending", "accepted", "rejected", "edited")
#: States whose response and edit the author keeps.
KEPT = ("accepted", "edited")
#: The author's link verdicts as stored (``Project.links``), as the decisions ``engine.align.status`` weighs.
VERDICT_LINKS = {"confirmed": Link.CONFIRMED, "rejected": Link.REJECTED, "added": Link.MANUAL}


@dataclass
class SuggestionRecord:
    """One suggestion for one comment, with its review status (the stored form)."""

    id: str
    comment_id: str
    response: str = ""
    edit: str = ""
    #: Paragraph id or section the edit is for.
    location: str = ""
    placeholders: list[str] = field(default_factory=list)
    #: What the checks said, typed (``engine.generate.flags.Flag``); a code or message alone is read as one.
    flags: list[Flag] = field(default_factory=list)
    status: str = "pending"
    model: str = ""
    created: float = 0.0
    #: "rewrite" (the model's edit) or "scaffold" (a draft the author completes: ``engine.generate.scaffold``).
    kind: str = "rewrite"
    #: What kind of change the comment asks for, and the paragraph (or sentence) the edit is for, quoted.
    change: str = ""
    quote: str = ""
    #: A scaffold's withheld rewrite: the model's text that failed its checks.
    rewrite: str = ""
    #: The section of its paragraph (" > " between levels).
    section: str = ""
    #: The placement's close second place (``engine.generate.alternative``): its ``location``, ``section``,
    #: ``quote`` and ``margin``, and for a scaffold the draft written there (the ``SWAPPED`` fields); {} for none.
    alternative: dict[str, Any] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.flags = [Flag.stored(f) for f in self.flags]

    @property
    def switchable(self) -> bool:
        """A pending scaffold whose alternative holds its own draft: moved there at once, no model."""
        return self.status == "pending" and self.kind == "scaffold" and "edit" in self.alternative

    def switched(self) -> "SuggestionRecord":
        """This scaffold at its alternative place, the place it leaves offered as the alternative (switching twice
        gives it back)."""
        mine = {k: getattr(self, k) for k in SWAPPED}
        mine["flags"] = [f.to_dict() for f in self.flags]
        theirs = {k: self.alternative[k] for k in SWAPPED if k in self.alternative}
        return dataclasses.replace(self, **theirs, alternative={**mine, "margin": self.alternative.get("margin")})

    @property
    def failed(self) -> bool:
        """It failed Redraft's checks (after one retry): shown with its flags, never accepted as it stands."""
        return any(f.failed for f in self.flags)

    def to_dict(self) -> dict[str, Any]:
        return {**dataclasses.asdict(self), "flags": [f.to_dict() for f in self.flags]}

    @classmethod
    def from_suggestion(cls, suggestion: Any) -> "SuggestionRecord":
        """The stored form of an ``engine.generate.suggest.Suggestion`` (a new id, its flags as they are)."""
        import uuid

        return cls(
            id=uuid.uuid4().hex[:12], comment_id=suggestion.comment_id, response=suggestion.response,
            edit=suggestion.edit, location=suggestion.paragraph_id or suggestion.section,
            placeholders=[p.text for p in suggestion.placeholders],
            flags=list(suggestion.flags), model=suggestion.model, created=time.time(), kind=suggestion.kind,
            change=suggestion.scaffold.change if suggestion.scaffold else "",
            quote=suggestion.scaffold.quote if suggestion.scaffold else "", rewrite=suggestion.rewrite,
            section=suggestion.section, alternative=_alternative(suggestion))

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "SuggestionRecord":
        """From a stored dict or a generator's ``to_dict()`` (unknown keys ignored)."""
        status = data.get("status") or "pending"
        if status not in STATUSES:
            raise ValueError(f"unknown suggestion status {status!r}")
        return cls(
            id=str(data["id"]),
            comment_id=str(data["comment_id"]),
            response=data.get("response") or "",
            edit=data.get("edit") or data.get("text") or "",
            location=data.get("location") or data.get("paragraph_id") or data.get("section") or "",
            placeholders=[str(p) for p in data.get("placeholders") or []],
            flags=[Flag.stored(f) for f in data.get("flags") or []],
            status=status,
            model=data.get("model") or "",
            created=float(data.get("created") or time.time()),
            kind=data.get("kind") or "rewrite",
            change=data.get("change") or (data.get("scaffold") or {}).get("change") or "",
            quote=data.get("quote") or (data.get("scaffold") or {}).get("quote") or "",
            rewrite=data.get("rewrite") or "",
            section=data.get("section") or "",
            alternative=dict(data.get("alternative") or {}),
        )


#: What a scaffold and its alternative exchange when the author switches place (``SuggestionRecord.switched``).
SWAPPED = ("location", "section", "quote", "edit", "response", "change", "flags", "rewrite", "placeholders")


def _alternative(suggestion: Any) -> dict[str, Any]:
    """The stored form of a suggestion's alternative (``engine.generate.alternative``): where, and for a scaffold
    the draft written there."""
    alt = getattr(suggestion, "alternative", None)
    if alt is None:
        return {}
    out = {"location": alt.paragraph_id, "section": alt.section, "quote": alt.quote, "margin": round(alt.margin, 3)}
    if suggestion.kind == "scaffold":
        s = alt.scaffold
        out.update(edit=s.draft, response=s.response, change=s.change, flags=[], rewrite="",
                   placeholders=[p.text for p in placeholders.find(s.draft)])
    return out


#: A spacing macron before a letter, as the text layer of TeX's ``\\bar{B}`` reads ("\u00afB"): the letter under it.
_SPACING_MACRON = re.compile("\u00af([A-Za-z])")


def shown_title(title: str) -> str:
    """``title`` with TeX's spacing accents over their letters ("B\u00b4ezier" is "B\u00e9zier", "\u00afB" is
    "B\u0304"), in NFC; plain text as it is."""
    if title.isascii():
        return title.strip()
    from engine.document.pdf.text import fix_accents

    folded = _SPACING_MACRON.sub(lambda m: m.group(1) + "\u0304", fix_accents(title))
    return unicodedata.normalize("NFC", folded).strip()


@dataclass
class Project:
    """What the desktop shows and saves; ``path`` is the ``.redraft`` SQLite file."""

    id: str
    name: str
    path: Path
    old: Document | None = None
    new: Document | None = None
    old_path: str = ""
    new_path: str = ""
    reviews: list[Review] = field(default_factory=list)
    #: Where the reviews came from: a file path, or "" for pasted text.
    reviews_path: str = ""
    #: The source files as the build read them: role -> {"path", "size", "sha256"} (``engine.project.sources``).
    sources: dict[str, dict[str, Any]] = field(default_factory=dict)
    comments: list[ReviewComment] = field(default_factory=list)
    diff: RevisionDiff | None = None
    #: By comment id.
    alignments: dict[str, Alignment] = field(default_factory=dict)
    #: Where each comment applies in the old draft, by comment id.
    locations: dict[str, Location] = field(default_factory=dict)
    #: Name of the aligner that made ``alignments``.
    aligner: str = ""
    #: The encoder that located the comments at the build (``engine.align.localize.encoder_record``): its name and
    #: folder, ``weights`` for the embedded one, ``lexical``: why the words alone did; empty before session 27.
    encoder: dict[str, str] = field(default_factory=dict)
    #: The authors' response letter given with the revision: ``{"name": file name, "text": its text}``
    #: (``engine.project.response``); empty when none was given (the statuses then read the revision alone).
    letter: dict[str, str] = field(default_factory=dict)
    #: By comment id, in the order they were added.
    suggestions: dict[str, list[SuggestionRecord]] = field(default_factory=dict)
    tldrs: list[str] = field(default_factory=list)
    #: The author's verdicts on comment-edit links: comment id -> edit id -> confirmed | rejected | added.
    links: dict[str, dict[str, str]] = field(default_factory=dict)
    #: The author's response text per comment id.
    notes: dict[str, str] = field(default_factory=dict)
    #: Comments the author marked "answered throughout the paper" (``engine.align.throughout``): own threshold, no cap.
    throughout: set[str] = field(default_factory=set)
    #: Pipeline stages completed: documents, reviews, comments, diff, alignments.
    stages: list[str] = field(default_factory=list)
    created: float = 0.0
    modified: float = 0.0
    review_round: int = 1  # the round of review: 1, then one more at each round of new reviews (``rounds``)
    #: Where each LaTeX version's paragraphs are on its typeset PDF, by role (``engine.project.typeset``): read
    #: from the file or found by the app when a PDF pane shows that PDF; not part of what the build stores.
    typeset: dict[str, Any] = field(default_factory=dict)

    def paper_title(self) -> str:
        """The paper's title as the letter and the report print it (the revised version's, else the draft's, else the
        project's name), with TeX's spacing accents folded as the PDF reader folds them in paragraphs: a PDF's title
        read "B\u00b4ezier" on the first line of an author's letter (session 23's trial)."""
        doc = self.new or self.old
        return shown_title(doc.title if doc is not None else "") or self.name

    def comment(self, comment_id: str) -> ReviewComment:
        for c in self.comments:
            if c.id == comment_id:
                return c
        raise KeyError(comment_id)

    def reviewers(self) -> list[str]:
        """Reviewers in order of their first comment (or review)."""
        names = [r.reviewer for r in self.reviews] + [c.reviewer for c in self.comments]
        return list(dict.fromkeys(names))

    def comments_by_reviewer(self) -> dict[str, list[ReviewComment]]:
        out: dict[str, list[ReviewComment]] = {name: [] for name in self.reviewers()}
        for c in self.comments:
            out.setdefault(c.reviewer, []).append(c)
        return {k: v for k, v in out.items() if v}

    def decisions(self, comment_id: str) -> dict[str, Link]:
        """The author's verdicts on the comment's links, as ``status.Link`` (edit id -> decision)."""
        return {eid: VERDICT_LINKS[v] for eid, v in self.links.get(comment_id, {}).items() if v in VERDICT_LINKS}

    def assessment(self, comment_id: str) -> Assessment:
        """The comment's status, with how sure Redraft is and the edits it rests on (the one definition:
        ``engine/align/status.py``). A draft-only project's comment is open or answered; one whose revision
        has not been compared or aligned yet is unknown."""
        if self.new is None and not self.new_path:
            return Assessment(comment_id, draft_status(bool(self.response(comment_id))))
        decisions = self.decisions(comment_id)
        alignment = self.alignments.get(comment_id)
        if self.diff is None or (alignment is None and not decisions):
            return Assessment(comment_id, Status.UNKNOWN)
        if alignment is None:
            return assess(comment_id, {}, None, decisions)
        out = assess_alignment(alignment, decisions, throughout_p=self.throughout_p(comment_id))
        if out.status is Status.ADDRESSED and not self.models_read(comment_id):
            return dataclasses.replace(out, status=Status.PARTLY)  # trial28: the author checks, as for "partly"
        return out

    def broad_hint(self, comment_id: str) -> bool:
        """The quiet hint "answered in many places? mark it" (``engine.align.broad``): called broad, not marked."""
        alignment = self.alignments.get(comment_id)
        return bool(alignment is not None and alignment.broad and comment_id not in self.throughout)

    def throughout_p(self, comment_id: str) -> float | None:
        """A marked comment's own link threshold (status scale); None for every unmarked comment."""
        return marked_link_p() if comment_id in self.throughout else None

    def models_read(self, comment_id: str) -> bool:
        """Whether the comment's review and the paper are in English, which the link and status models read; when
        not, no comment reads "addressed" until the author confirms its edits (trial28: a French paper's three
        "addressed" calls were all wrong)."""
        from engine.reviews.language import reads_english

        review = next((r for r in self.reviews if r.reviewer == self.comment(comment_id).reviewer), None)
        doc = self.new if self.new is not None else self.old
        paper = "" if doc is None else opening_text(doc)
        return reads_english(review.text if review is not None else "") and reads_english(paper)

    def assessments(self) -> dict[str, Assessment]:
        return {c.id: self.assessment(c.id) for c in self.comments}

    def status(self, comment_id: str) -> Status:
        """The comment's ``Status`` (a str: ``partly addressed``, ``confirmed addressed``, ``open``…)."""
        return self.assessment(comment_id).status

    def statuses(self) -> dict[str, Status]:
        return {c.id: self.status(c.id) for c in self.comments}

    def suggestion(self, suggestion_id: str) -> SuggestionRecord:
        for recs in self.suggestions.values():
            for rec in recs:
                if rec.id == suggestion_id:
                    return rec
        raise KeyError(suggestion_id)

    def kept_suggestions(self, comment_id: str) -> list[SuggestionRecord]:
        """Accepted or edited suggestions of a comment."""
        return [s for s in self.suggestions.get(comment_id, []) if s.status in KEPT]

    def response(self, comment_id: str) -> str:
        """The author's note, else the responses of the kept suggestions, else ""."""
        note = self.notes.get(comment_id, "").strip()
        if note:
            return note
        return "\n\n".join(s.response.strip() for s in self.kept_suggestions(comment_id) if s.response.strip())

    def linked_edit_ids(self, comment_id: str) -> list[str]:
        """The aligner's edits for the comment less those the author rejected, plus those the author added; a comment
        marked "answered throughout the paper" has its suggested links at its own threshold (``assessment``)."""
        alignment = self.alignments.get(comment_id)
        verdicts = self.links.get(comment_id, {})
        aligned = alignment.edit_ids if alignment else []
        if alignment is not None and comment_id in self.throughout:
            aligned = [e.edit_id for e in self.assessment(comment_id).evidence if e.link is Link.SUGGESTED]
        ids = [e for e in aligned if verdicts.get(e) != "rejected"]
        return ids + [e for e, v in verdicts.items() if v in ("added", "confirmed") and e not in ids]

    def aligned_edits(self, comment_id: str) -> list[Edit]:
        if self.diff is None:
            return []
        out = []
        for eid in self.linked_edit_ids(comment_id):
            try:
                out.append(self.diff.edit(eid))
            except KeyError:
                continue
        return out

    def located_paragraphs(self, comment_id: str) -> list[Paragraph]:
        """The draft paragraphs the comment most likely refers to, best first."""
        location = self.locations.get(comment_id)
        if location is None or self.old is None:
            return []
        out = []
        for pid, _ in location.paragraphs:
            para = self.paragraph(pid, new=False)
            if para is not None:
                out.append(para)
        return out

    def location_edits(self, comment_id: str) -> list[Edit]:
        """The located paragraphs as a diff view shows them: the revision's edit
        that holds each one (unchanged, or changed but not aligned to the
        comment), or the paragraph alone when there is no revised version."""
        out: dict[str, Edit] = {}
        for para in self.located_paragraphs(comment_id):
            holder = None
            if self.diff is not None:
                holder = next((e for e in self.diff.edits if para.id in e.source_ids), None)
            if holder is None:
                holder = Edit(id=para.id, type=EditType.UNCHANGED, source_ids=(para.id,), target_ids=(),
                              source_text=para.text, target_text="", section=" > ".join(para.section))
            out.setdefault(holder.id, holder)
        return list(out.values())

    def comments_for_edit(self, edit_id: str) -> list[str]:
        """Ids of the comments aligned with ``edit_id``."""
        return [c.id for c in self.comments if edit_id in self.linked_edit_ids(c.id)]

    def paragraph(self, paragraph_id: str, new: bool = True) -> Paragraph | None:
        doc = self.new if new else self.old
        if doc is None:
            return None
        try:
            return doc.paragraph(paragraph_id)
        except KeyError:
            return None

    def in_source(self, rec: SuggestionRecord, text: str | None = None) -> tuple[Any, str] | None:
        """A suggestion's edit (or ``text``, the author's edit of it) and its quote in the draft's own syntax
        (``engine.generate.source_syntax.WrittenBack``, the quote), or None: a PDF or Word draft, or a paragraph
        whose source the stored draft does not keep."""
        from engine.generate.source_syntax import write_back

        if self.old is None:
            return None
        para = self.paragraph(rec.location, new=False) if rec.location else None
        written = write_back(rec.edit if text is None else text, para, self.old)
        if written is None:
            return None
        quote = write_back(rec.quote, para, self.old) if rec.quote else None
        return written, quote.text if quote else ""

    def paragraph_where(self, paragraph_id: str) -> str:
        """``Method, p. 4``: a suggestion's paragraph (in the revised version when there is one, else in the draft:
        ``draft p. 4``) by its section and page or line, as the coverage table names an edit's place; "" if unknown."""
        new = self.new is not None
        para = self.paragraph(paragraph_id, new=new)
        if para is None:
            return ""
        parts = [para.section_title] if para.section_title else []
        draft = "" if new else "draft "
        if para.page is not None:
            parts.append(f"{draft}p. {para.page}")
        elif para.line is not None:  # with its file for a paper in several files (an author trial, session 33)
            parts.append(draft + line_place(para, several_files((self.new if new else self.old).paragraphs)))
        return ", ".join(parts) or ("revised version" if new else "draft")


def opening_text(doc: Document, limit: int = 20_000) -> str:
    """The first ``limit`` characters of a document's body text, for its language (``models_read``)."""
    parts, size = [], 0
    for p in doc.paragraphs:
        if p.kind is ParagraphKind.BODY:
            parts.append(p.text)
            size += len(p.text) + 1
            if size >= limit:
                break
    return "\n".join(parts)
