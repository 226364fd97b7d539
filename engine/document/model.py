"""The document model every loader produces and every feature reads.

A ``Document`` is a title, authors, an abstract, a list of sections and the
paragraphs in reading order. Each ``Paragraph`` knows its section path and,
for PDFs, where it sits on the page (one region per page or column it spans).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import Enum
from typing import Any


class ParagraphKind(str, Enum):
    BODY = "body"
    HEADING = "heading"
    CAPTION = "caption"
    FOOTNOTE = "footnote"
    EQUATION = "equation"
    REFERENCE = "reference"
    OTHER = "other"


BBox = tuple[float, float, float, float]


@dataclass(frozen=True)
class Region:
    """A rectangle on a 1-based page, in PDF points (x0, y0, x1, y1), origin top-left."""

    page: int
    bbox: BBox


@dataclass(frozen=True)
class Section:
    title: str
    level: int = 1
    number: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"title": self.title, "level": self.level, "number": self.number}


@dataclass(frozen=True)
class Paragraph:
    id: str
    text: str
    kind: ParagraphKind = ParagraphKind.BODY
    section: tuple[str, ...] = ()
    regions: tuple[Region, ...] = ()
    #: For sources (LaTeX, Markdown): 1-based line where the paragraph starts.
    line: int | None = None
    #: For multi-file sources (LaTeX \\input): the file ``line`` is in, relative to the main file's folder.
    file: str | None = None
    #: For sources (LaTeX, Markdown): the paragraph as the author wrote it, and its citations, references and inline
    #: maths as ``(kind, rendered, source)`` in source order (``engine.generate.source_syntax`` maps an edit back).
    source: str | None = None
    marks: tuple[tuple[str, str, str], ...] = ()

    @property
    def page(self) -> int | None:
        return self.regions[0].page if self.regions else None

    @property
    def bbox(self) -> BBox | None:
        return self.regions[0].bbox if self.regions else None

    @property
    def section_title(self) -> str:
        return self.section[-1] if self.section else ""

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "id": self.id,
            "section": " > ".join(self.section),
            "text": self.text,
            "page": self.page,
            "bbox": [round(v, 2) for v in self.bbox] if self.bbox else None,
            "kind": self.kind.value,
        }
        if len(self.regions) > 1:
            out["regions"] = [
                {"page": r.page, "bbox": [round(v, 2) for v in r.bbox]} for r in self.regions
            ]
        if self.line is not None:
            out["line"] = self.line
        if self.file:
            out["file"] = self.file
        if self.source is not None:
            out["source"] = self.source
        if self.marks:
            out["marks"] = [list(m) for m in self.marks]
        return out


@dataclass
class Document:
    title: str = ""
    authors: list[str] = field(default_factory=list)
    abstract: str = ""
    sections: list[Section] = field(default_factory=list)
    paragraphs: list[Paragraph] = field(default_factory=list)
    #: "pdf", "latex", "markdown" or "text".
    source_format: str = ""
    source_path: str = ""
    page_count: int = 0
    #: Notices for the user about what was degraded (e.g. truncated input).
    notices: list[str] = field(default_factory=list)
    #: A LaTeX draft's own text macros as ``(name, what it reads as, uses in the body, ends in \\xspace)``
    #: (``engine.document.latex.author_macros``): a suggestion is written back with them (``source_syntax``).
    macros: tuple[tuple[str, str, int, bool], ...] = ()

    def body(self) -> list[Paragraph]:
        """Body paragraphs, the ones revisions and comments are about."""
        return [p for p in self.paragraphs if p.kind is ParagraphKind.BODY]

    def paragraph(self, paragraph_id: str) -> Paragraph:
        for p in self.paragraphs:
            if p.id == paragraph_id:
                return p
        raise KeyError(paragraph_id)

    def text(self) -> str:
        return "\n\n".join(p.text for p in self.paragraphs)

    def to_dict(self) -> dict[str, Any]:
        return {
            "title": self.title,
            "authors": list(self.authors),
            "abstract": self.abstract,
            "source_format": self.source_format,
            "page_count": self.page_count,
            "sections": [s.to_dict() for s in self.sections],
            "paragraphs": [p.to_dict() for p in self.paragraphs],
            "notices": list(self.notices),
            **({"macros": [list(m) for m in self.macros]} if self.macros else {}),
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> "Document":
        paragraphs = []
        for p in data.get("paragraphs", []):
            regions: tuple[Region, ...] = ()
            if p.get("regions"):
                regions = tuple(Region(r["page"], tuple(r["bbox"])) for r in p["regions"])
            elif p.get("page") is not None and p.get("bbox"):
                regions = (Region(p["page"], tuple(p["bbox"])),)
            section = tuple(s for s in (p.get("section") or "").split(" > ") if s)
            paragraphs.append(
                Paragraph(
                    id=p["id"],
                    text=p["text"],
                    kind=ParagraphKind(p.get("kind", "body")),
                    section=section,
                    regions=regions,
                    line=p.get("line"),
                    file=p.get("file"),
                    source=p.get("source"),
                    marks=tuple((m[0], m[1], m[2]) for m in p.get("marks") or ()),
                )
            )
        return cls(
            title=data.get("title", ""),
            authors=list(data.get("authors", [])),
            abstract=data.get("abstract", ""),
            sections=[Section(s["title"], s.get("level", 1), s.get("number")) for s in data.get("sections", [])],
            paragraphs=paragraphs,
            source_format=data.get("source_format", ""),
            page_count=data.get("page_count", 0),
            notices=list(data.get("notices", [])),
            macros=tuple((m[0], m[1], int(m[2]), bool(m[3])) for m in data.get("macros") or ()),
        )


def several_files(paragraphs: list[Paragraph]) -> bool:
    """Whether ``paragraphs`` come from more than one source file (a LaTeX paper whose main file \\inputs its
    sections): then a line number alone points into the wrong file."""
    first = None
    for p in paragraphs:
        if p.file:
            if first is None:
                first = p.file
            elif p.file != first:
                return True
    return False


def line_place(para: Paragraph, several: bool) -> str:
    """Where a source paragraph starts as its author finds it: ``line 72``, or ``sections/method.tex, line 72`` when
    the paper is read from ``several`` files (``several_files``); "" without a line (an author trial, session 33:
    "draft line 5" of a paper in fifteen files)."""
    if para.line is None:
        return ""
    return f"{para.file}, line {para.line}" if several and para.file else f"line {para.line}"


def paragraph_id(index: int) -> str:
    """Stable id of the ``index``-th (0-based) paragraph of a document."""
    return f"p{index + 1:04d}"
