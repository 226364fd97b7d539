"""A synthetic IEEE Transactions page, typeset with PyMuPDF the way IEEEtran's ``journal`` mode sets it.

What IEEEtran does and the generic factory (``tests.pdf_factory``) does not: section titles
centred in small capitals ("I. INTRODUCTION" with the capitals at body size and the rest 2 pt
smaller, regular weight), subsection titles in italics ("A. Rise of the Swarm"), the first
paragraph opening with a two-line drop cap (``\\IEEEPARstart``), and the authors' affiliations
as unnumbered small notes closing the first column of page 1.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

import pymupdf

from tests.pdf_factory import PaperLayout, _Style, _Typesetter

ROMAN = ["I", "II", "III", "IV", "V", "VI", "VII", "VIII"]


class _Ieee(_Typesetter):
    #: Height kept free at the foot of page 1's first column for the affiliation notes.
    reserve = 0.0
    #: The section number as the text layer has it: "I. " or, kerned off its dot, "I . ".
    number_format = "{}. "

    @property
    def bottom(self) -> float:
        base = super().bottom
        return base - self.reserve if self.page_number == 1 and self.col == 0 else base

    def section(self, number: int | None, title: str) -> None:
        if self.y + 3 * self.style.leading > self.bottom:
            self.next_column()
        elif self.y > self.top + self.style.body_size + 1:
            self.y += self.style.leading * 0.8
        size, small = self.style.body_size, self.style.body_size - 2
        parts: list[tuple[str, float]] = [(self.number_format.format(ROMAN[number - 1]), size)] if number else []
        for i, word in enumerate(title.upper().split()):
            parts += [((" " if i else "") + word[0], size), (word[1:], small)]
        width = sum(self.length(t, "body", z) for t, z in parts)
        x = self.col_x(self.col) + (self.col_width - width) / 2
        for text, z in parts:
            self.text(x, self.y, text, "body", z)
            x += self.length(text, "body", z)
        self.y += self.style.leading * 1.5

    def subsection(self, letter: str, title: str) -> None:
        self.y += self.style.leading * 0.5
        self.text(self.col_x(self.col), self.y, f"{letter}. {title}", "italic", self.style.body_size)
        self.y += self.style.leading * 1.4

    def drop_cap_paragraph(self, text: str) -> None:
        """``\\IEEEPARstart{R}{ESPIRATORY} motion ...``: a large letter beside the first two lines."""
        size, lead = self.style.body_size, self.style.leading
        cap, rest = text[0], text[1:]
        first, _, after = rest.partition(" ")
        cap_size = 2.6 * size
        x0 = self.col_x(self.col)
        self.text(x0, self.y + lead, cap, "body", cap_size)
        room = self.length(cap, "body", cap_size) + 2
        words = [first.upper()] + after.split()
        lines = self.break_lines(words, self.col_width - room, 0, size, "body")[:2]
        taken = sum(len(line) for line in lines)
        for line in lines:
            self.place_words(line, x0 + room, self.col_width - room, self.y, size, "body", True)
            self.y += lead
        self.paragraph(" ".join(words[taken:]), 0)

    def affiliations(self, notes: Sequence[str]) -> None:
        """Small unnumbered notes at the foot of the first column, one block each."""
        size = self.style.body_size - 2
        y = self.height - self.margin - len(notes) * 2.6 * size * 1.15
        x0 = self.col_x(0)
        for note in notes:
            for i, words in enumerate(self.break_lines(note.split(), self.col_width, size, size, "small")):
                indent = size if i == 0 else 0
                self.place_words(words, x0 + indent, self.col_width - indent, y, size, "small", False)
                y += size * 1.15
            y += size * 0.5


def make_ieee_journal_pdf(
    path: str | Path,
    *,
    title: str,
    sections: Sequence[tuple[str, Sequence[tuple[str, Sequence[str]]]]],
    affiliations: Sequence[str] = (),
    references: Sequence[str] = (),
    number_format: str = "{}. ",
) -> PaperLayout:
    """Two columns of 10 pt Times; ``sections`` are (title, [(subsection title or "", paragraphs), ...]).
    The first paragraph of the first section opens with a drop cap; ``references`` follow under an
    unnumbered "REFERENCES" in 8 pt. ``number_format`` sets the section numbers ("{} . " as a text layer
    with the number kerned off its dot has them)."""
    path = Path(path)
    layout = PaperLayout(path)
    style = _Style(10.0, 10.0, 22.0, 12.0, 10.0)
    doc = pymupdf.open()
    ts = _Ieee(doc, (612.0, 792.0), 48.0, 2, 14.0, style, layout, None, True, False, {}, True, True)
    ts.number_format = number_format
    ts.new_page()
    ts.y = ts.margin + 22
    ts.text((612 - ts.length(title, "body", 22)) / 2, ts.y, title, "body", 22)
    ts.y += 48
    ts.top = ts.y - style.body_size
    if affiliations:
        ts.affiliations(affiliations)
        ts.reserve = len(affiliations) * 2.6 * 8 * 1.15 + 14
    opened = False
    for number, (heading, parts) in enumerate(sections, start=1):
        ts.section(number, heading)
        letters = iter("ABCDEFGH")
        for sub, paragraphs in parts:
            if sub:
                ts.subsection(next(letters), sub)
            for i, text in enumerate(paragraphs):
                if not opened:
                    ts.drop_cap_paragraph(text)
                    opened = True
                else:
                    ts.paragraph(text, style.indent)
    if references:
        ts.section(None, "References")
        for i, entry in enumerate(references, start=1):
            ts.paragraph(f"[{i}] {entry}", 0, font="small", size=8.0)
    ts.finish_page()
    layout.page_count = doc.page_count
    doc.save(path, garbage=1, deflate=True)
    doc.close()
    return layout
