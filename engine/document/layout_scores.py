"""How well a PDF's reading matches its LaTeX source: the figures of ``redraft eval extract``.

For one paper (its LaTeX source read by the LaTeX loader, its typeset PDF read by the
PDF loader):

- **body recall**: the source's body paragraphs found among all the PDF's paragraphs
  (``paragraph_coverage`` at a threshold, 0.9 by default);
- **labelled body**: of those found, the share whose PDF paragraph(s) the PDF reader
  labelled body (a body paragraph read as ``other`` or ``caption`` never reaches the
  comment-edit step);
- **headings**: the source's section and subsection headings found among the PDF's
  heading paragraphs (numbers such as "II." or "3.1" aside, tokens alike at the threshold).

Counts add up over papers (``LayoutScore.__add__``), so a class's row pools its papers'
paragraphs.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from engine.document.model import Document, ParagraphKind
from engine.document.paragraph_recall import Coverage, match_tokens, paragraph_coverage

#: The heading levels scored: a section and a subsection (deeper ones are often run into their paragraph).
HEADING_LEVELS = 2
_NUMBER = re.compile(r"^\s*(?:[IVXLC]+\.|[A-Z]\.|[A-Z]?\d+(?:\.\d+)*\.?)\s+")


@dataclass
class LayoutScore:
    body_total: int = 0
    body_found: int = 0
    found_as_body: int = 0
    headings_total: int = 0
    headings_found: int = 0
    papers: int = 0
    #: What was not right, for reading: (what, source text) pairs.
    misses: list[tuple[str, str]] = field(default_factory=list)

    def __add__(self, other: "LayoutScore") -> "LayoutScore":
        return LayoutScore(
            self.body_total + other.body_total, self.body_found + other.body_found,
            self.found_as_body + other.found_as_body, self.headings_total + other.headings_total,
            self.headings_found + other.headings_found, self.papers + other.papers, self.misses + other.misses,
        )

    @property
    def body_recall(self) -> float:
        return self.body_found / self.body_total if self.body_total else 0.0

    @property
    def labelled_body(self) -> float:
        return self.found_as_body / self.body_found if self.body_found else 0.0

    @property
    def heading_recall(self) -> float:
        return self.headings_found / self.headings_total if self.headings_total else 0.0

    def to_dict(self) -> dict[str, float | int]:
        return {
            "papers": self.papers, "body_paragraphs": self.body_total, "body_found": self.body_found,
            "found_labelled_body": self.found_as_body, "headings": self.headings_total,
            "headings_found": self.headings_found, "body_recall": round(self.body_recall, 4),
            "labelled_body": round(self.labelled_body, 4), "heading_recall": round(self.heading_recall, 4),
        }


def layout_score(source: Document, pdf: Document, threshold: float = 0.9) -> LayoutScore:
    """Score ``pdf`` (the PDF reader's document) against ``source`` (the LaTeX reader's)."""
    coverage: Coverage = paragraph_coverage(source, pdf, threshold=threshold)
    score = LayoutScore(body_total=coverage.total, body_found=coverage.found, papers=1)
    for match in coverage.matches:
        if all(p.kind is ParagraphKind.BODY for p in match.candidates):
            score.found_as_body += 1
        else:
            kinds = "+".join(p.kind.value for p in match.candidates)
            score.misses.append((f"found as {kinds}", match.reference.text))
    score.misses += [("not found", m.reference.text) for m in coverage.misses]
    pdf_headings = [heading_tokens(p.text) for p in pdf.paragraphs if p.kind is ParagraphKind.HEADING]
    for title in source_headings(source):
        tokens = heading_tokens(title)
        if not tokens:
            continue
        score.headings_total += 1
        if any(SequenceMatcher(None, tokens, other, autojunk=False).ratio() >= threshold for other in pdf_headings):
            score.headings_found += 1
        else:
            score.misses.append(("heading not found", title))
    return score


def source_headings(source: Document) -> list[str]:
    """The titles of the source's sections and subsections, in order."""
    return [s.title for s in source.sections if s.level <= HEADING_LEVELS]


def heading_tokens(text: str) -> list[str]:
    """A heading's matching tokens without its number ("II. Related Work" -> related, work)."""
    return match_tokens(_NUMBER.sub("", text, count=1))
