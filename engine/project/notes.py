"""Reading notes: what Redraft noticed while reading a project's files, each with the file it came from.

The notices are the readers' own (``Document.notices``: tracked Word changes read as accepted, a reply to the
reviewers after the paper left out, pages without a text layer; ``Review.notices``: text skipped before the first
review, an editor's signature, a review given twice). They are stored with the documents and the reviews in the
project file, so a project opened again has them; ``redraft project new`` prints the documents' on stderr and the
app lists them all in its reading-notes bar (View → Reading Notes).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from engine.project.model import Project

#: Where a note comes from, in the order they are listed.
SOURCES = ("draft", "revised", "reviews")


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
    reviews = dict.fromkeys(text for review in project.reviews for text in review.notices)
    notes += [ReadingNote("reviews", _name(project.reviews_path), text) for text in reviews]
    return notes


def _name(path: str) -> str:
    return PurePath(path.replace("\\", "/")).name if path else ""
