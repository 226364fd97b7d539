"""Synthetic paper PDFs typeset with PyMuPDF, for tests.

``make_paper_pdf`` lays out a title, authors, an abstract and numbered
sections of paragraphs in one or two justified columns, breaking words with
hyphens and paragraphs across columns and pages the way LaTeX does, with
optional running headers, page numbers, margin line numbers, footnotes and a
"Keywords" front-matter line.
It returns a ``PaperLayout`` telling where each paragraph landed, so a test
can check that a paragraph really was split across a column or a page.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

import pymupdf

Section = tuple[str, Sequence[str]]

_FONTS = {"body": "tiro", "bold": "tibo", "small": "tiro", "italic": "tiit"}


@dataclass
class PaperLayout:
    """Where the factory put things."""

    path: Path
    page_count: int = 0
    #: paragraph text -> the (page, column) pairs its lines landed in (1-based page).
    placements: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    #: words the factory broke with a hyphen at a line end, as "left-|right".
    hyphenated: list[str] = field(default_factory=list)

    def split_across_pages(self) -> list[str]:
        return [t for t, where in self.placements.items() if len({p for p, _ in where}) > 1]

    def split_across_columns(self) -> list[str]:
        return [t for t, where in self.placements.items() if len(set(where)) > 1
                and len({p for p, _ in where}) == 1]


@dataclass
class _Style:
    body_size: float
    heading_size: float
    title_size: float
    leading: float
    indent: float


class _Typesetter:
    def __init__(self, doc: pymupdf.Document, page_size: tuple[float, float], margin: float,
                 columns: int, gutter: float, style: _Style, layout: PaperLayout,
                 running_header: str | None, page_numbers: bool, line_numbers: bool,
                 footnotes: dict[int, str], hyphenate: bool, justify: bool) -> None:
        self.doc, self.style, self.layout = doc, style, layout
        self.width, self.height = page_size
        self.margin, self.columns, self.gutter = margin, columns, gutter
        self.running_header, self.page_numbers, self.line_numbers = running_header, page_numbers, line_numbers
        self.footnotes, self.hyphenate, self.justify = footnotes, hyphenate, justify
        self.fonts = {k: pymupdf.Font(v) for k, v in _FONTS.items()}
        self.advances: dict[str, dict[str, float]] = {}
        self.page: pymupdf.Page | None = None
        self.ops: list[str] = []
        self.col = 0
        self.y = 0.0
        self.top = margin
        self.line_no = 0
        self.used_fonts = {"tiro", "tibo"}

    # -- pages and columns -------------------------------------------------
    @property
    def col_width(self) -> float:
        return (self.width - 2 * self.margin - (self.columns - 1) * self.gutter) / self.columns

    def col_x(self, col: int) -> float:
        return self.margin + col * (self.col_width + self.gutter)

    @property
    def bottom(self) -> float:
        reserve = 3 * self.style.leading if self.page_number in self.footnotes and self.col == 0 else 0
        return self.height - self.margin - reserve

    @property
    def page_number(self) -> int:
        return self.doc.page_count

    def new_page(self) -> None:
        self.finish_page()
        self.page = self.doc.new_page(width=self.width, height=self.height)
        self.ops = []
        self.col, self.top = 0, self.margin
        self.y = self.top + self.style.body_size
        n = self.page_number
        if self.running_header and n > 1:
            self.text(self.margin, self.margin * 0.55, self.running_header, "small", 9)
        if self.page_numbers:
            label = str(n)
            w = self.fonts["body"].text_length(label, fontsize=9)
            self.text((self.width - w) / 2, self.height - self.margin * 0.5, label, "body", 9)
        if n in self.footnotes:
            self.footnote(self.footnotes[n])

    def footnote(self, text: str) -> None:
        size = self.style.body_size - 2
        x0, width = self.col_x(0), self.col_width
        y = self.height - self.margin - 2 * self.style.leading + size
        self.page.draw_line((x0, y - size - 3), (x0 + 60, y - size - 3), width=0.4)
        marker = str(sorted(self.footnotes).index(self.page_number) + 1)
        self.text(x0, y, marker, "small", size - 2.5, rise=3)
        lines = self.break_lines(text.split(), width - 6, 0, size, "small")
        for i, words in enumerate(lines):
            self.place_words(words, x0 + 5, width - 6, y, size, "small", i < len(lines) - 1)
            y += size * 1.15

    def next_column(self) -> None:
        if self.col + 1 < self.columns:
            self.col += 1
            self.y = self.top + self.style.body_size
        else:
            self.new_page()

    def finish_page(self) -> None:
        """Write the page's text as one content stream (fast, with Tw for justification)."""
        if self.page is not None:
            for name in sorted(self.used_fonts):
                self.page.insert_text((0, -20), " ", fontname=name, fontsize=1)
            xref = self.page.get_contents()[-1]
            stream = self.doc.xref_stream(xref) + ("\nq\n" + "\n".join(self.ops) + "\nQ\n").encode("latin-1")
            self.doc.update_stream(xref, stream)
        self.page, self.ops = None, []

    # -- text ----------------------------------------------------------------
    def text(self, x: float, y: float, text: str, font: str, size: float,
             spacing: float = 0.0, rise: float = 0.0) -> None:
        self.used_fonts.add(_FONTS[font])
        raw = text.encode("cp1252", errors="replace")
        lit = "".join(chr(b) if 32 <= b < 127 and b not in (40, 41, 92) else f"\\{b:03o}" for b in raw)
        self.ops.append(
            f"BT /{_FONTS[font]} {size:.2f} Tf {spacing:.3f} Tw {rise:.2f} Ts "
            f"1 0 0 1 {x:.2f} {self.height - y:.2f} Tm ({lit}) Tj ET"
        )

    def length(self, text: str, font: str, size: float) -> float:
        table = self.advances.setdefault(font, {})
        total = 0.0
        for ch in text:
            adv = table.get(ch)
            if adv is None:
                adv = table[ch] = self.fonts[font].text_length(ch, fontsize=1.0)
            total += adv
        return total * size

    def break_lines(self, words: list[str], width: float, indent: float, size: float,
                    font: str) -> list[list[str]]:
        """Greedy line breaking with optional hyphenation of long words."""
        lines: list[list[str]] = []
        cur: list[str] = []
        space = self.length(" ", font, size)
        queue = list(words)
        while queue:
            word = queue.pop(0)
            avail = width - (indent if not lines else 0)
            used = sum(self.length(w, font, size) for w in cur) + space * len(cur)
            if not cur or used + self.length(word, font, size) <= avail:
                cur.append(word)
                continue
            head, tail = self.split_word(word, avail - used, font, size) if self.hyphenate else (None, None)
            if head:
                cur.append(head)
                queue.insert(0, tail)
                self.layout.hyphenated.append(f"{head}|{tail}")
            else:
                queue.insert(0, word)
            lines.append(cur)
            cur = []
        if cur:
            lines.append(cur)
        return lines

    def split_word(self, word: str, room: float, font: str, size: float) -> tuple[str | None, str | None]:
        if "-" in word.strip("-"):
            parts = word.split("-")
            for i in range(len(parts) - 1, 0, -1):
                head = "-".join(parts[:i]) + "-"
                if self.length(head, font, size) <= room:
                    return head, "-".join(parts[i:])
            return None, None
        core = word.rstrip(".,;:!?)")
        if len(core) < 7 or not core.isalpha() or not core.islower():
            return None, None
        for cut in range(len(core) - 3, 2, -1):
            head = core[:cut] + "-"
            if self.length(head, font, size) <= room:
                return head, word[cut:]
        return None, None

    def place_words(self, words: list[str], x: float, width: float, y: float, size: float,
                    font: str, justify: bool) -> None:
        if not justify or len(words) < 2 or not self.justify:
            self.text(x, y, " ".join(words), font, size)
            return
        line = " ".join(words)
        extra = (width - self.length(line, font, size)) / (len(words) - 1)
        self.text(x, y, line, font, size, spacing=max(extra, 0.0))

    def number_line(self, y: float) -> None:
        if not self.line_numbers:
            return
        self.line_no += 1
        label = str(self.line_no)
        if self.col == 0:
            x = self.col_x(0) - 14 - self.length(label, "body", 7)
        else:
            x = self.col_x(self.col) + self.col_width + 14
        self.text(x, y, label, "body", 7)

    def paragraph(self, text: str, indent: float, font: str = "body", size: float | None = None,
                  x0: float | None = None, width: float | None = None) -> None:
        size = size or self.style.body_size
        where = self.layout.placements.setdefault(text, [])
        fixed = x0 is not None
        lines = self.break_lines(text.split(), width or self.col_width, indent, size, font)
        for i, words in enumerate(lines):
            if self.y > self.bottom and not fixed:
                self.next_column()
            x = (x0 if fixed else self.col_x(self.col)) + (indent if i == 0 else 0)
            w = (width if fixed else self.col_width) - (indent if i == 0 else 0)
            self.place_words(words, x, w, self.y, size, font, i < len(lines) - 1)
            self.number_line(self.y)
            where.append((self.page_number, self.col + 1))
            self.y += self.style.leading * size / self.style.body_size

    def heading(self, text: str) -> None:
        size = self.style.heading_size
        if self.y + 3 * self.style.leading > self.bottom:
            self.next_column()
        elif self.y > self.top + self.style.body_size + 1:
            self.y += self.style.leading * 0.8
        self.text(self.col_x(self.col), self.y, text, "bold", size)
        self.number_line(self.y)
        self.y += self.style.leading * 1.3


def make_paper_pdf(
    path: str | Path,
    *,
    title: str = "A Synthetic Paper for Testing",
    authors: Sequence[str] = ("Ada Lovelace", "Alan Turing"),
    abstract: str | None = None,
    sections: Sequence[Section] = (),
    columns: int = 1,
    running_header: str | None = None,
    page_numbers: bool = True,
    line_numbers: bool = False,
    footnotes: dict[int, str] | None = None,
    hyphenate: bool = True,
    justify: bool = True,
    numbered: bool = True,
    body_size: float = 10.0,
    heading_size: float = 12.0,
    title_size: float = 17.0,
    page_size: tuple[float, float] = (612.0, 792.0),
    margin: float = 72.0,
    gutter: float = 20.0,
    indent: float = 12.0,
    keywords: str | None = None,
    abstract_label: bool = True,
    first_heading: bool = True,
    line_spread: float = 1.2,
) -> PaperLayout:
    """Typeset a paper into ``path``; see the module docstring. Without ``abstract_label`` the abstract
    has no "Abstract" over it, without ``first_heading`` the first section's title is not set (a letter
    whose opening runs on from the abstract). ``line_spread``: the baseline distance over the body size (2.4: a
    double-spaced manuscript)."""
    path = Path(path)
    layout = PaperLayout(path)
    style = _Style(body_size, heading_size, title_size, body_size * line_spread, indent)
    doc = pymupdf.open()
    ts = _Typesetter(doc, page_size, margin, columns, gutter, style, layout, running_header,
                     page_numbers, line_numbers, dict(footnotes or {}), hyphenate, justify)
    ts.new_page()
    width = page_size[0]
    if title:
        ts.y = margin + title_size
        tw = ts.length(title, "bold", title_size)
        ts.text((width - tw) / 2, ts.y, title, "bold", title_size)
        ts.y += title_size * 1.6
    if authors:
        names = ", ".join(authors)
        ts.text((width - ts.length(names, "body", 11)) / 2, ts.y, names, "body", 11)
        ts.y += 11 * 2.2
    if abstract:
        label = "Abstract"
        if abstract_label:
            ts.text((width - ts.length(label, "bold", heading_size)) / 2, ts.y, label, "bold", heading_size)
            ts.y += style.leading * 1.4
        inset = margin + 36
        ts.paragraph(abstract, 0, x0=inset, width=width - 2 * inset)
        ts.y += style.leading
    if keywords:  # a front-matter line such as acmart's "Keywords ..."
        ts.paragraph(f"Keywords {keywords}", 0, x0=margin, width=width - 2 * margin)
        ts.y += style.leading
    ts.top = ts.y - body_size
    for number, (heading, paragraphs) in enumerate(sections, start=1):
        if number > 1 or first_heading:
            ts.heading(f"{number} {heading}" if numbered else heading)
        for i, text in enumerate(paragraphs):
            ts.paragraph(text, indent if i > 0 else 0)
    ts.finish_page()
    layout.page_count = doc.page_count
    doc.set_metadata({"title": title, "author": ", ".join(authors)})
    doc.save(path, garbage=1, deflate=True)
    doc.close()
    return layout


_VOCAB = (
    "model data training evaluation corpus annotation baseline accuracy representation language "
    "document retrieval summarization reviewer revision experiment analysis sentence paragraph "
    "benchmark performance architecture parameter transformer attention embedding alignment "
    "approach method result improvement comparison distribution generalization robustness "
    "efficiency inference encoder decoder vocabulary structure quality coverage agreement"
).split()
_GLUE = "the a of in on for with and to by from that which across between under over".split()


def sample_paragraph(seed: int, words: int = 60) -> str:
    """A deterministic paragraph of plausible academic sentences, ``words`` words long."""
    import random

    rng = random.Random(seed)
    out: list[str] = []
    sentence: list[str] = []
    while len(out) + len(sentence) < words:
        sentence.append(rng.choice(_VOCAB) if rng.random() < 0.6 else rng.choice(_GLUE))
        if len(sentence) >= rng.randint(9, 18):
            sentence[0] = sentence[0].capitalize()
            out.extend(sentence[:-1] + [sentence[-1] + "."])
            sentence = []
    if sentence:
        sentence[0] = sentence[0].capitalize()
        out.extend(sentence[:-1] + [sentence[-1] + "."])
    return " ".join(out)


def make_scanned_pdf(path: str | Path, pages: int = 2) -> Path:
    """A PDF whose pages are only pictures (no text layer), like a scan."""
    path = Path(path)
    doc = pymupdf.open()
    pix = pymupdf.Pixmap(pymupdf.csRGB, pymupdf.IRect(0, 0, 120, 160), False)
    pix.clear_with(200)
    for _ in range(pages):
        page = doc.new_page()
        page.insert_image(page.rect, pixmap=pix)
    doc.save(path)
    doc.close()
    return path


def make_encrypted_pdf(path: str | Path, password: str, **kwargs) -> PaperLayout:
    """``make_paper_pdf`` then encrypt the file with AES-256 and ``password``."""
    path = Path(path)
    plain = path.with_suffix(".plain.pdf")
    layout = make_paper_pdf(plain, **kwargs)
    doc = pymupdf.open(plain)
    doc.save(path, encryption=pymupdf.PDF_ENCRYPT_AES_256, owner_pw=password + "-owner", user_pw=password)
    doc.close()
    plain.unlink()
    layout.path = path
    return layout


def make_zero_page_pdf(path: str | Path) -> Path:
    """A well-formed PDF with an empty page tree."""
    path = Path(path)
    objects = [
        b"<< /Type /Catalog /Pages 2 0 R >>",
        b"<< /Type /Pages /Kids [] /Count 0 >>",
    ]
    out = bytearray(b"%PDF-1.7\n")
    offsets = []
    for i, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % i + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    for off in offsets:
        out += b"%010d 00000 n \n" % off
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    path.write_bytes(bytes(out))
    return path


def markdown_paper_pdf(markdown: str | Path, path: str | Path, references: Sequence[str] = (),
                       **options) -> PaperLayout:
    """A Markdown paper (``title:`` front matter, ``## Abstract``, ``## 1 Introduction`` ...) typeset by
    ``make_paper_pdf``; ``references`` adds a References section of those entries."""
    import re

    text = Path(markdown).read_text(encoding="utf-8")
    title = re.search(r"^title: (.+)$", text, re.M)
    sections: list[Section] = []
    abstract = ""
    for block in re.split(r"^## ", text.split("---", 2)[-1], flags=re.M)[1:]:
        heading, _, body = block.partition("\n")
        paragraphs = [" ".join(p.split()) for p in body.split("\n\n") if p.strip()]
        if heading.strip().lower() == "abstract":
            abstract = " ".join(paragraphs)
        else:
            sections.append((re.sub(r"^\d+\s+", "", heading.strip()), paragraphs))
    if references:
        sections.append(("References", list(references)))
    return make_paper_pdf(path, title=title.group(1) if title else "A Synthetic Paper for Testing",
                          abstract=abstract or None, sections=sections, **options)
