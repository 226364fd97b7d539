"""Markdown and plain-text papers to a ``Document``.

Markdown is parsed with markdown-it-py (CommonMark plus tables). Rules, matching
the LaTeX loader's choices:

- a first-level ``#`` heading that comes first is the title (YAML front matter
  ``title:``/``author:`` too); other ATX and setext headings are HEADING
  paragraphs and sections, levels shifted so the top one is 1, a leading
  number (``## 2.1 Method``) kept in ``Section.number``;
- an "Abstract" heading, or a paragraph starting "Abstract:"/"**Abstract**",
  gives the abstract; its paragraphs are BODY paragraphs in section "Abstract";
- paragraphs and list items are BODY paragraphs; fenced/indented code and HTML
  blocks are OTHER; tables are dropped; ``$$..$$`` (or a ``math`` fence) is an
  EQUATION paragraph ``[EQUATION]``, inline ``$x$`` keeps its content;
- an image's alt text, or a paragraph starting "Figure 3:"/"Table 1." is a CAPTION;
- ``[^1]: ...`` footnote definitions are FOOTNOTE paragraphs; paragraphs under a
  "References"/"Bibliography"/"Literature cited" heading are REFERENCE paragraphs;
- inline markup is stripped: ``**x**``, ``*x*``, ``` `x` ```, ``[text](url)`` -> text;
- ``.Rmd``/``.qmd``: the YAML header, chunks, pandoc attributes, citations and raw LaTeX as ``rmarkdown.py`` says.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from markdown_it import MarkdownIt
from markdown_it.token import Token

from engine.document import rmarkdown
from engine.document.markdown_math import DISPLAY_MATH as _DISPLAY_MATH, INLINE_MATH as _INLINE_MATH
from engine.document.markdown_math import math_text as _math_text
from engine.document.source_marks import markdown_marks
from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.document.text import normalize_text
from engine.document.textfile import read_text_file
from engine.errors import InputError

EQUATION = "[EQUATION]"
#: A ``$$ .. $$`` display inside a paragraph (its text as one group, for ``re.split``).
_DOLLAR_DISPLAY = re.compile(r"\$\$(.+?)\$\$", re.S)
_MD = MarkdownIt("commonmark").enable("table")
_CAPTION = re.compile(r"^(?:\*\*|__)?(figure|fig\.|table|algorithm|listing)\s*\d+[a-z]?\s*[:.]", re.I)
_ABSTRACT_START = re.compile(r"^(?:\*\*|__)?abstract(?:\*\*|__)?\s*[:.\u2014-]?\s*(?:\*\*|__)?\s*", re.I)
_FOOTNOTE_DEF = re.compile(r"^\[\^[^\]]+\]:\s*")
_FOOTNOTE_REF = re.compile(r"\[\^[^\]]+\]")
_NUMBERED = re.compile(r"^(\d+(?:\.\d+)*|[A-Z](?:\.\d+)+|[A-Z](?=\.))\.?\s+(\S.*)$")
#: A title page's labelled line set as a heading (a Word manuscript for an ecology journal: "Title: ...", "Authors:
#: ...", "Key words: ..." in Heading 1 were three sections, the affiliations and statements under "Authors:").
_TITLE_PAGE = re.compile(r"^(title|authors?|key\s?words|running (?:head|title)|short title)\s*:\s*(\S.*)$", re.I)
_REFERENCES = re.compile(r"^(references|bibliography|works cited|literature cited|references cited|cited literature|"
                         r"reference list)$", re.I)


class _Outline:
    """Collects paragraphs and headings, tracking sections, the abstract and references."""

    def __init__(self) -> None:
        self.title = ""
        self.authors: list[str] = []
        self.paragraphs: list[Paragraph] = []
        self.sections: list[Section] = []
        self.stack: list[tuple[int, str]] = []
        self.abstract: list[str] = []
        self.in_abstract = False
        self.in_references = False

    def heading(self, text: str, level: int, line: int | None) -> None:
        text = normalize_text(text)
        if not text:
            return
        label = _TITLE_PAGE.match(text)
        if label:  # a journal's title page typed as headings: "Title: ...", "Authors: ...", "Key words: ..."
            name, value = label.group(1).lower(), label.group(2).strip()
            if name == "title" and not self.title:
                self.title = value
                return
            if name.startswith("author") and not self.authors:
                self.authors = [a for a in (re.sub(r"\d+$", "", a.strip()) for a in
                                            re.split(r",|\band\b|&", value)) if a]
                return
            if not name.startswith(("title", "author")):
                self.in_abstract = False
                self.add(text, ParagraphKind.OTHER, line)
                return
        self.in_abstract = text.lower().strip(" :.") == "abstract"
        if self.in_abstract:
            return
        number = None
        m = _NUMBERED.match(text)
        if m and len(m.group(2).split()) <= 12:
            number, text = m.group(1), m.group(2)
        self.in_references = bool(_REFERENCES.match(text.strip(" :.")))
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.stack.append((level, text))
        self.sections.append(Section(text, level, number))
        self.add(text, ParagraphKind.HEADING, line)

    def add(self, text: str, kind: ParagraphKind, line: int | None, raw: str | None = None) -> None:
        """``raw``: a body paragraph's inline source, kept with its marks (``source_marks``)."""
        text = normalize_text(text)
        if not text:
            return
        if kind is ParagraphKind.BODY:
            m = _ABSTRACT_START.match(text)
            if m and not self.abstract and not self.sections and m.end() < len(text):
                self.abstract.append(text[m.end():].strip())
                self.paragraphs.append(_recorded(Paragraph("", text[m.end():].strip(), kind, ("Abstract",), line=line),
                                                 raw))
                return
            if _FOOTNOTE_DEF.match(text):
                kind, text = ParagraphKind.FOOTNOTE, _FOOTNOTE_DEF.sub("", text)
            elif _CAPTION.match(text):
                kind = ParagraphKind.CAPTION
            elif self.in_references:
                kind = ParagraphKind.REFERENCE
        section = ("Abstract",) if self.in_abstract else tuple(t for _, t in self.stack)
        if self.in_abstract and kind is ParagraphKind.BODY:
            self.abstract.append(text)
        self.paragraphs.append(_recorded(Paragraph("", text, kind, section, line=line), raw))

    def document(self, path: Path, fmt: str, notices: list[str]) -> Document:
        top = min((s.level for s in self.sections), default=1)
        shift = top - 1
        sections = [Section(s.title, s.level - shift, s.number) for s in self.sections]
        paragraphs = [replace(p, id=paragraph_id(i)) for i, p in enumerate(self.paragraphs)]
        if not paragraphs and not self.title:
            raise InputError(f"{path.name} has no text")
        return Document(
            title=normalize_text(self.title),
            authors=self.authors,
            abstract=" ".join(self.abstract),
            sections=sections,
            paragraphs=paragraphs,
            source_format=fmt,
            source_path=str(path),
            notices=notices,
        )


def _read(path: Path) -> tuple[str, list[str]]:
    text, notice = read_text_file(Path(path))
    if not text.strip():
        raise InputError(f"{Path(path).name} is empty")
    return text, [notice] if notice else []


def load_markdown(path: Path) -> Document:
    """Load a Markdown paper (R Markdown and Quarto too: ``rmarkdown.py``)."""
    path = Path(path)
    text, notices = _read(path)
    out = _Outline()
    text, header = rmarkdown.front_matter(text)
    out.title = header.get("title", "")
    out.authors = header.get("authors", [])
    for paragraph in header.get("abstract", []):
        out.abstract.append(_inline_str(paragraph))
        out.paragraphs.append(Paragraph("", out.abstract[-1], ParagraphKind.BODY, ("Abstract",),
                                        line=header["abstract_line"]))
    tokens = _MD.parse(_math_fences(rmarkdown.blank_div_fences(rmarkdown.chunk_headers(text))))
    _walk(tokens, out)
    return out.document(path, "markdown", notices)


def _math_fences(text: str) -> str:
    """Turn ``$$``/``\\[`` blocks over several lines into ``math`` fences (same line count).

    The block opens on a line that starts with ``$$`` (or ``\\[``) and does not close on it, and closes on the next
    line that ends with ``$$`` (``\\]``): pandoc lets the formula start on the opening line and end on the closing
    one (``$$x = y`` ... ``\\tag{1}`` ... ``$$``). A closing ``$$`` is never taken for the next block's opener (a
    session-25 trial paper lost every paragraph between one formula's closing line and the next formula's), nor is a
    line that closes the formula and goes on with text (pandoc writes "``\\end{aligned}$$ where $F$ is ...``"; a
    session-29 trial paper lost its paragraphs and figures up to the next line ending ``$$``): such a formula stays
    in its paragraph, which ``_paragraph`` cuts at it."""
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i].strip()
        opener = "$$" if line.startswith("$$") else "\\[" if line.startswith("\\[") else ""
        closer = "$$" if opener == "$$" else "\\]"
        if opener and closer not in line[len(opener):]:
            for j in range(i + 1, min(len(lines), i + 200)):
                if closer not in lines[j]:
                    continue
                if lines[j].strip().endswith(closer):
                    lines[i], lines[j] = "```math", "```"
                    lines[i + 1:j] = [row.replace("```", "   ") for row in lines[i + 1:j]]
                    i = j
                break  # "\\end{aligned}$$ where $F$ is ...": text after the formula, read with it (``_paragraph``)
        i += 1
    return "\n".join(lines)


def _walk(tokens: list[Token], out: _Outline) -> None:
    first_block = True
    raw_env: list[str] = []  # the raw LaTeX environment a paragraph opened and none has closed yet
    i = 0
    while i < len(tokens):
        tok = tokens[i]
        line = tok.map[0] + 1 if tok.map else None
        if tok.type == "heading_open":
            text = rmarkdown.heading_title(_inline_text(tokens[i + 1]))
            level = int(tok.tag[1])
            if first_block and level == 1 and not out.title and text.strip(" :.").lower() != "abstract":
                out.title = text
            else:
                out.heading(text, level, line)
            first_block = False
            i += 3
            continue
        if tok.type == "paragraph_open":
            _paragraph(tokens[i + 1], out, line, raw_env)
            first_block = False
            i += 3
            continue
        if tok.type in ("fence", "code_block"):
            if tok.info.strip().lower() in ("math", "latex-math", "tex-math"):
                out.add(EQUATION, ParagraphKind.EQUATION, line)
            else:
                if not rmarkdown.chunk_hidden(tok.info, tok.content):  # the paper prints no hidden chunk's code
                    out.add(tok.content.rstrip("\n"), ParagraphKind.OTHER, line)
                caption = rmarkdown.chunk_caption(tok.info, tok.content)
                if caption:
                    out.add(_inline_str(caption), ParagraphKind.CAPTION, line)
            first_block = False
        elif tok.type == "html_block":
            if not tok.content.lstrip().startswith("<!--"):
                out.add(re.sub(r"<[^>]+>", " ", tok.content), ParagraphKind.OTHER, line)
        elif tok.type == "table_open":
            while i < len(tokens) and tokens[i].type != "table_close":
                i += 1
        i += 1


def _paragraph(inline: Token, out: _Outline, line: int | None, raw_env: list[str]) -> None:
    raw = inline.content.strip()
    if raw_env:  # inside a raw LaTeX environment: a table's rows, a glossary, a display's lines
        env = raw_env[-1]
        if f"\\end{{{env}}}" in raw:
            raw_env.pop()
        if not rmarkdown.is_math_environment(env):
            prose = rmarkdown.raw_prose(raw)  # a box's sentences in a one-column table read as text
            out.add(_inline_str(prose) if prose else raw, ParagraphKind.BODY if prose else ParagraphKind.OTHER, line)
        return
    env = rmarkdown.raw_environment(raw)
    if env:
        math = rmarkdown.is_math_environment(env)
        out.add(EQUATION if math else raw, ParagraphKind.EQUATION if math else ParagraphKind.OTHER, line)
        if f"\\end{{{env}}}" not in raw:
            raw_env.append(env)
        return
    if _DISPLAY_MATH.fullmatch(raw):
        out.add(EQUATION, ParagraphKind.EQUATION, line)
        return
    if _DOLLAR_DISPLAY.search(raw):  # "given by, $$x = y$$ where $y$ is ...": text, formula, text, as LaTeX reads it
        for k, piece in enumerate(_DOLLAR_DISPLAY.split(raw)):
            if k % 2:
                out.add(EQUATION, ParagraphKind.EQUATION, line)
            elif piece.strip():
                out.add(_inline_str(piece.strip()), ParagraphKind.BODY, line, piece.strip())
        return
    if rmarkdown.commands_only(raw):  # \linenumbers, \FloatBarrier: print nothing
        return
    children = inline.children or []
    images = [c for c in children if c.type == "image"]
    others = [c for c in children if c.type not in ("image", "softbreak", "hardbreak") and c.content.strip()]
    if images and not others:
        for img in images:
            alt = "".join(c.content for c in img.children or []) or img.content
            out.add(alt, ParagraphKind.CAPTION, line)
        return
    text = _inline_text(inline)
    if rmarkdown.TEXT_REFERENCE.match(text):  # bookdown's (ref:label) caption text
        out.add(rmarkdown.TEXT_REFERENCE.sub("", text), ParagraphKind.CAPTION, line)
        return
    out.add(text, ParagraphKind.BODY, line, raw)


def _recorded(para: Paragraph, raw: str | None) -> Paragraph:
    if raw is None or para.kind is not ParagraphKind.BODY:
        return para
    return replace(para, source=raw, marks=markdown_marks(raw, para.text))


def _inline_text(inline: Token) -> str:
    return _inline_str(inline.content)


def _inline_str(content: str) -> str:
    """Text of inline Markdown: markup stripped, math made compact, footnote marks dropped, raw LaTeX and pandoc
    citations as printed."""
    raw = _DISPLAY_MATH.sub(f" {EQUATION} ", content)
    kept: list[str] = []

    def hold(m: re.Match[str]) -> str:
        kept.append(_math_text(m.group(1)))
        return f"\ue000{len(kept) - 1}\ue001"

    raw = _INLINE_MATH.sub(hold, raw)
    raw = _FOOTNOTE_REF.sub("", raw) if not _FOOTNOTE_DEF.match(raw) else raw
    raw = rmarkdown.inline_latex(raw)
    parts: list[str] = []
    for tok in _MD.parseInline(raw)[0].children or []:
        if tok.type in ("text", "code_inline"):
            parts.append(tok.content)
        elif tok.type in ("softbreak", "hardbreak"):
            parts.append(" ")
        elif tok.type == "image":
            parts.append("".join(c.content for c in tok.children or []))
    text = "".join(parts)
    return re.sub("\ue000(\\d+)\ue001", lambda m: kept[int(m.group(1))], text)


def load_plain_text(path: Path) -> Document:
    """Load a plain-text paper: paragraphs by blank lines, a title line, numbered headings."""
    path = Path(path)
    text, notices = _read(path)
    out = _Outline()
    blocks = _blocks(text)
    for index, (line, lines) in enumerate(blocks):
        joined = _join_lines(lines)
        if index == 0 and len(lines) == 1 and _looks_like_title(joined) and len(blocks) > 1:
            out.title = joined
            continue
        if len(lines) == 1 and _looks_like_heading(joined):
            level = joined.split()[0].rstrip(".").count(".") + 1 if _NUMBERED.match(joined) else 1
            out.heading(joined, level, line)
            continue
        out.add(joined, ParagraphKind.BODY, line)
    return out.document(path, "text", notices)


def _blocks(text: str) -> list[tuple[int, list[str]]]:
    blocks: list[tuple[int, list[str]]] = []
    current: list[str] = []
    start = 1
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            if not current:
                start = number
            current.append(line.strip())
        elif current:
            blocks.append((start, current))
            current = []
    if current:
        blocks.append((start, current))
    return blocks


def _join_lines(lines: list[str]) -> str:
    out = lines[0]
    for line in lines[1:]:
        if re.fullmatch(r"[a-z]-", out[-2:]) and line[:1].islower():  # the tail only: linear in the block
            out = out[:-1] + line
        else:
            out += " " + line
    return out


def _looks_like_title(line: str) -> bool:
    return 1 <= len(line.split()) <= 20 and not line.endswith((".", ",", ";", ":")) and not _NUMBERED.match(line)


def _looks_like_heading(line: str) -> bool:
    words = line.split()
    if not words or len(words) > 12 or line.endswith((".", ",", ";")) and not line.lower().startswith("abstract"):
        return False
    m = _NUMBERED.match(line)
    if m:
        return m.group(2)[:1].isupper() and not re.search(r"\d[.,]\d|%", m.group(2))
    bare = line.strip(" :.")
    return bare.isupper() and any(c.isalpha() for c in bare) or bool(re.fullmatch(r"(abstract|references|bibliography|acknowledge?ments?|introduction|conclusions?)", bare, re.I))
