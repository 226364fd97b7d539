"""Reading notes: what Redraft noticed while reading a project's files, each with the file it came from.

The notices are the readers' own (``Document.notices``: tracked Word changes read as accepted, a reply to the
reviewers after the paper left out, pages without a text layer; ``Review.notices``: text skipped before the first
review, an editor's signature, a review given twice). One note is made here, from the reviews and the comments as
they are now: a reviewer's list items that hold no comment (``unpicked_items``; trial17: five of a second-round
referee's nine numbered points), and a reviewer's points under headings of their own that hold no comment
(``unpicked_points``; trial23), and a review's paragraphs that the authors' letter quotes and no comment holds
(``letter_points``; trial36), so that no point leaves the area chair's view unsaid. The readers' notes are stored with the documents and the reviews in the
project file, so a project opened again has them; ``redraft project new`` prints the documents' on stderr and the
app lists them all in its reading-notes bar (View → Reading Notes).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import PurePath

from engine.project.model import Project, opening_text

#: A point typed as a dash touching the line number it is about, "–55 change X to Y", "-221 typo": a list item
#: for the note, though the splitter reads it as a paragraph (trial20: ten of a referee's 33 such points were no
#: comment, and the note counted none of them).
_LINE_POINT = re.compile(r"^[-\u2013\u2014]\d{1,4}(?:[-\u2013]\d{1,4})?\s+\S")

#: Where a note comes from, in the order they are listed.
SOURCES = ("draft", "revised", "reviews", "response")


@dataclass(frozen=True)
class ReadingNote:
    source: str  # one of SOURCES
    file: str  # the file's name ("" when the project does not say)
    text: str

    def label(self) -> str:
        """"Revised (paper_v2.pdf)", or "Revised" alone."""
        name = self.source.capitalize()
        return f"{name} ({self.file})" if self.file else name


def reading_notes(project: Project) -> list[ReadingNote]:
    """The project's notices, draft first, then the revised version, then the reviews; each kept once."""
    notes: list[ReadingNote] = []
    for source, doc, path in (("draft", project.old, project.old_path), ("revised", project.new, project.new_path)):
        if doc is not None:
            notes += [ReadingNote(source, _name(path), text) for text in dict.fromkeys(doc.notices)]
    notes += paper_language_notes(project)
    reviews = dict.fromkeys(text for review in project.reviews for text in review.notices)
    notes += [ReadingNote("reviews", _name(project.reviews_path), text) for text in reviews]
    notes += [ReadingNote("reviews", _name(project.reviews_path), text) for text in unpicked_items(project)]
    notes += [ReadingNote("reviews", _name(project.reviews_path), text) for text in unpicked_points(project)]
    notes += [ReadingNote("reviews", _name(project.reviews_path), text) for text in letter_points(project)]
    return notes + letter_notes(project) + encoder_notes(project)


def encoder_notes(project: Project) -> list[ReadingNote]:
    """The encoder chosen in Settings failed to load at the build, so the comments were placed in the draft by their
    words alone (``Project.encoder``; a session-27 trial's folder without its tokenizer said nothing of it)."""
    why = project.encoder.get("lexical") if project.encoder.get("name") else None
    return [ReadingNote("draft", _name(project.old_path), f"where each comment applies was found by its words alone: "
                        f"the encoder {project.encoder['name']} did not load ({why})")] if why else []


def paper_language_notes(project: Project) -> list[ReadingNote]:
    """One note when the paper (its revised version, else its draft) is not in English: what works for it and what
    does not (trial28: a French paper read without a word on it; its links came from English models)."""
    from engine.reviews.language import is_english, language_of

    source, doc, path = ("revised", project.new, project.new_path) if project.new is not None else (
        "draft", project.old, project.old_path)
    if doc is None:
        return []
    text = opening_text(doc)
    if is_english(text):
        return []
    language = language_of(text)
    named = {None: "a language Redraft cannot name", "not in Latin script": "a script other than Latin"}.get(
        language, language)
    return [ReadingNote(source, _name(path), (
        f"the paper seems to be in {named}, not English: the diff, the marked PDF, the letter and the exports work "
        "as in English, but where each comment applies and which edits answer it are found with English models, "
        "so no comment reads \u201caddressed\u201d until you confirm its edits; check the links"))]


def worth_showing(project: Project) -> bool:
    """Whether a project opened again shows its notes unasked: a reviewer's point may be in no comment (trial20: a
    CLI-built project hid them), the statuses do not read the response letter given (it quotes few points), the
    encoder chosen in Settings did not load, or the paper or a review is not in English (trial28)."""
    from engine.reviews.language import is_english

    return bool(unpicked_items(project) or unpicked_points(project) or letter_points(project)
                or (project.letter or {}).get("read") is False
                or encoder_notes(project) or paper_language_notes(project)
                or not all(is_english(r.text) for r in project.reviews))


def letter_notes(project: Project) -> list[ReadingNote]:
    """The response letter's: what of its file was not read, and how many points it quotes (the statuses read it
    only when enough: ``engine.project.response.letter_use``)."""
    from engine.project.response import letter_note

    stored = project.letter or {}
    name = str(stored.get("name", ""))
    notes = [ReadingNote("response", name, text) for text in dict.fromkeys(stored.get("notices", []))]  # once each
    return notes + ([ReadingNote("response", name, line)] if (line := letter_note(project)) else [])


def unpicked_points(project: Project) -> list[str]:
    """One line per reviewer whose points under headings of their own ("Reviewer 1 comment 1", "Comment 3") hold no
    comment: how many of how many, each heading with its first words, up to three (trial23: a referee's first point,
    a request for citations under its own heading, was in no comment and nothing said so). A comment typed by hand
    with 60 % of the point's words holds it, as for list items."""
    from engine.reviews.headings import is_point_heading

    out = []
    for review in project.reviews:
        mine = [c for c in project.comments if c.reviewer == review.reviewer]
        spans = [c.span for c in mine if c.span[1] > c.span[0]]
        typed = [_words(c.full_text) for c in mine if c.span[1] <= c.span[0]]
        points = [(heading, start, start + len(text)) for (heading, text), start in zip(review.sections, review.offsets)
                  if is_point_heading(heading) and text.strip()]
        missing = [(heading, review.text[a:b]) for heading, a, b in points
                   if not any(a < end and start < b for start, end in spans)
                   and not any(_holds(words, [_Text(review.text[a:b])]) for words in typed)]
        if missing:
            shown = _shown([f"{heading}: \u201c{_first_words(text)}\u201d" for heading, text in missing])
            out.append(f"{review.reviewer}: {len(missing)} of {len(points)} points under their own heading are in no "
                       f"comment {shown}")
    return out


@dataclass(frozen=True)
class _Text:
    text: str


def unpicked_items(project: Project) -> list[str]:
    """One line per reviewer with list items (outside summaries and strengths) that no comment holds: how many of
    how many, the first words of up to three; the comments are as they are now (the author's additions count)."""
    from engine.reviews.units import review_units

    out = []
    for review in project.reviews:
        mine = [c for c in project.comments if c.reviewer == review.reviewer]
        spans = [c.span for c in mine if c.span[1] > c.span[0]]
        typed = [_words(c.full_text) for c in mine if c.span[1] <= c.span[0]]  # added by hand: no place in the text
        blocks: dict[int, list] = {}
        at_line: set[int] = set()  # paragraphs that open on a dash and a line number
        for u in review_units(review):
            if u.kind == "poor":
                continue
            if not u.is_item and u.block not in blocks and _LINE_POINT.match(u.text):
                at_line.add(u.block)
            if u.is_item or u.block in at_line:
                blocks.setdefault(u.block, []).append(u)
        items = [us for us in blocks.values() if not all(u.skip for u in us)]
        missing = [us for us in items if not any(a < u.end and u.start < b for u in us for a, b in spans)
                   and not any(_holds(words, us) for words in typed)]
        if missing:
            shown = _shown([f"\u201c{_first_words(us[0].text)}\u201d" for us in missing])
            out.append(f"{review.reviewer}: {len(missing)} of {len(items)} list items are in no comment {shown}")
    return out


#: The letter's quote covers at least this share of the paragraph's words (``Letter.quote``'s own floor is 0.3, for
#: a point the letter shortens; a paragraph the letter only mentions is not named).
COVER = 0.6


def letter_points(project: Project) -> list[str]:
    """One line per reviewer with paragraphs in no comment that the letter quotes (60 % of their words: ``COVER``):
    how many, the first words of up to three, and what to do. trial36: a Sensors referee's "Number all mathematical
    equations" and three more one-line points drew no comment; the letter quoted and answered all ten, the app said
    "letter: 6 of 6 points quoted", and no note named the four (list items are ``unpicked_items``')."""
    from engine.align.letter import Letter
    from engine.reviews.units import review_units

    text = str((project.letter or {}).get("text", ""))
    if not text.strip():
        return []
    letter = Letter(text)
    out = []
    for review in project.reviews:
        mine = [c for c in project.comments if c.reviewer == review.reviewer]
        spans = [c.span for c in mine if c.span[1] > c.span[0]]
        typed = [_words(c.full_text) for c in mine if c.span[1] <= c.span[0]]
        blocks: dict[int, list] = {}
        for u in review_units(review):
            blocks.setdefault(u.block, []).append(u)
        missing = []
        for units in blocks.values():
            if any(u.is_item or u.kind == "poor" for u in units):  # a line read as a label (skipped) counts
                continue
            if any(a < u.end and u.start < b for u in units for a, b in spans) or any(
                    _holds(words, units) for words in typed):
                continue
            found = letter.quote(" ".join(u.text for u in units))
            if found and found[1] >= COVER:
                missing.append(units)
        if missing:
            shown = _shown([f"\u201c{_first_words(us[0].text)}\u201d" for us in missing])
            many = len(missing) != 1
            out.append(f"{review.reviewer}: the response letter quotes {len(missing)} passage{'s' * many} of this "
                       f"review that {'are' if many else 'is'} in no comment {shown}")
    return out


#: What a note on points in no comment asks of the author (the revision report lists the points without it).
ADD_IT = "; if one is a point, add it (Edit \u2192 Comment \u2192 Add Comment\u2026)"


def _shown(parts: list[str]) -> str:
    """The first three of ``parts`` in brackets ("…" for more), then ``ADD_IT``."""
    return f"({'; '.join(parts[:3])}" + ("; \u2026" if len(parts) > 3 else "") + ")" + ADD_IT


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{3,}", text.lower()))


def _holds(words: set[str], item: list) -> bool:
    """A comment typed by hand holds an item when it has 60% of the item's words of three letters or more."""
    want = _words(" ".join(u.text for u in item))
    return bool(want) and len(want & words) >= 0.6 * len(want)


def _first_words(text: str, words: int = 8) -> str:
    parts = text.split()
    return " ".join(parts[:words]) + (" \u2026" if len(parts) > words else "")


def _name(path: str) -> str:
    return PurePath(path.replace("\\", "/")).name if path else ""
