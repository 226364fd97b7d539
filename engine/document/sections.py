"""A section as a reader names it: its number as the document prints it and its title, the innermost part of a path
("3.2 Noise model" for "Noise model and analysis > Noise model"; a long title cut at a word), and the whole path with
its numbers for a tooltip. The numbers come from the document's outline (``Document.sections``): by the path, else
by the title; an unnumbered section is its title alone."""

from __future__ import annotations

import re

from engine.document.model import Document

#: Characters of a section title a short label keeps (then "…", cut at a word).
SHORT_TITLE = 40

_LETTER = re.compile(r"^[A-Z]\.?$")
_ROMAN = re.compile(r"^[IVXL]{1,6}\.?$")


def section_path(section: tuple[str, ...] | str) -> tuple[str, ...]:
    """A section path from a paragraph's tuple or an edit's ``"A > B"`` string."""
    return tuple(s for s in section.split(" > ") if s) if isinstance(section, str) else tuple(section)


def short_title(title: str, limit: int = SHORT_TITLE) -> str:
    """``title``, cut at the last word that fits in ``limit`` characters, with "…"."""
    title = " ".join(title.split())
    if len(title) <= limit:
        return title
    cut = title[:limit].rsplit(" ", 1)[0] if " " in title[:limit] else title[:limit]
    return cut.rstrip(" ,;:.–-") + "…"


class SectionNames:
    """The section numbers of one document (none for None)."""

    def __init__(self, doc: Document | None) -> None:
        self.numbers: dict[tuple[str, ...], str] = {}
        self.by_title: dict[str, str] = {}
        #: Section paths in the document's order, and each title alone (lower case) at its first place.
        self.order: dict[tuple[str, ...], int] = {}
        path: list[str] = []
        for s in doc.sections if doc is not None else []:
            path = path[:max(0, s.level - 1)] + [s.title]
            self.order.setdefault(tuple(path), len(self.order))
            self.order.setdefault((s.title.lower(),), self.order[tuple(path)])
            if s.number:
                self.numbers.setdefault(tuple(path), s.number)
                self.by_title.setdefault(s.title.lower(), s.number)

    def number(self, path: tuple[str, ...]) -> str:
        """The number of the section at ``path`` ("" when it has none); a lettered subsection of a section numbered
        in Roman is named as IEEE's journals name it, with its section's number: "V-B", not a bare "B"."""
        if not path:
            return ""
        own = self.numbers.get(path) or self.by_title.get(path[-1].lower(), "")
        if len(path) > 1 and _LETTER.match(own):
            parent = self.number(path[:-1])
            if _ROMAN.match(parent):
                return f"{parent.rstrip('.')}-{own.rstrip('.')}"
        return own

    def short(self, section: tuple[str, ...] | str) -> str:
        """``3.2 Noise model``: the innermost section, numbered, its title cut to ``SHORT_TITLE``; "" for none."""
        path = section_path(section)
        if not path:
            return ""
        return _numbered(self.number(path), short_title(path[-1]))

    def full(self, section: tuple[str, ...] | str) -> str:
        """``3 Noise model and analysis > 3.2 Noise model``: the whole path, each part numbered."""
        path = section_path(section)
        parts = []
        for depth in range(1, len(path) + 1):
            parts.append(_numbered(self.number(path[:depth]), path[depth - 1]))
        return " > ".join(parts)


def _numbered(number: str, title: str) -> str:
    """``3.2 Noise model``; the title alone when it has no number or already starts with it."""
    return f"{number} {title}" if number and title.split(" ", 1)[0] not in (number, number + ".") else title
