"""LaTeX sources to a ``Document``: front matter, headings, paragraphs, captions, footnotes.

Rules (chosen so the paragraphs line up with the typeset PDF):

- paragraphs end at blank lines, ``\\par``, headings, lists, floats and displays;
- ``\\section``..``\\subsubsection``, ``\\chapter``, ``\\paragraph``: HEADING paragraphs, ``Document.sections``;
- a display (``\\[..\\]``, ``$$..$$``, equation/align/gather/multline/eqnarray and
  starred forms) is its own EQUATION paragraph ``[EQUATION]``; text around it
  becomes separate paragraphs, as in the PDF;
- each ``\\item`` is its own BODY paragraph;
- floats keep only their captions, as CAPTION paragraphs ``Figure 3: ...`` (one with none: its text, one CAPTION);
- ``\\footnote`` text becomes a FOOTNOTE paragraph after its paragraph;
- verbatim/lstlisting/minted content is an OTHER paragraph; tables are dropped;
- ``thebibliography`` (or the ``.bbl`` beside the main file) gives REFERENCE paragraphs;
- the abstract environment (or ``\\abstract{..}``) fills ``Document.abstract`` and its
  paragraphs are BODY paragraphs in section "Abstract";
- a file without ``\\begin{document}`` is read as a fragment (with a notice).

Inline text conventions (math, citations, references) are in ``latex_text``.
"""

from __future__ import annotations

import re
from dataclasses import replace
from pathlib import Path

from pylatexenc import latexwalker

from engine.document.latex.acronyms import read_acronyms
from engine.document.latex.changes import track_changes_macros
from engine.document.latex.floats import float_captions
from engine.document.latex.front import read_front_matter
from engine.document.latex.highlighting import protect_code_blocks
from engine.document.latex.lowlevel import low_level_spans
from engine.document.latex.author_macros import text_macros
from engine.document.latex.macros import collect_macros, expand_macros
from engine.document.latex.marks import record
from engine.document.latex.numbers import FLOATS, HEADINGS, Numbering, number_document, number_style, roman_appendices
from engine.document.latex.packages import package_macros
from engine.document.latex.includes import find_main_file, inside, load_project, read_macro_includes
from engine.document.latex.repair import parse_body
from engine.document.latex.source import SourceText, check_nesting, declared_encoding, document_body, drop_unset_switches
from engine.document.latex.text import EQUATION, KIND_ENVS, MATH_ENVS, SILENT, LatexText, known_arguments
from engine.document.latex.theorems import read_crefnames, read_theorems
from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id
from engine.document.text import normalize_text
from engine.document.textfile import MAX_BYTES, read_text_file
from engine.errors import InputError

_LISTS = {"itemize", "enumerate", "description", "compactitem", "compactenum", "asparaenum", "asparaitem", "list"}
_DROPPED_ENVS = {"tabular", "tabular*", "tabularx", "tikzpicture", "pgfpicture", "picture", "CCSXML", "titlepage", "filecontents", "filecontents*",
                 "keyword",  # elsarticle's keywords, as \keywords is dropped
                 "acronym"}  # the acronym package's list of definitions (none printed with [nolist])
_INLINE_ENVS = {"math", "inparaenum", "inparaitem"}
_VERBATIM = re.compile(r"\\begin\s*\{(verbatim\*?|Verbatim|lstlisting|minted|alltt)\}(?:\[[^\]\n]*\])?(?:\{[^}\n]*\})?(.*?)\\end\s*\{\1\}", re.S)
_VERB = re.compile(r"\\(?:verb|lstinline)\*?(?:\[[^\]]*\])?([^a-zA-Z\s{])(.*?)\1|\\lstinline\{([^}]*)\}")
_BIBLIOGRAPHY = re.compile(r"\\bibliography\s*\{([^}]*)\}|\\printbibliography\b(?:\[[^\]]*\])?")


def load_latex(path: Path) -> Document:
    """Load a LaTeX main file, or a project folder (its main file is found)."""
    path = Path(path)
    main = find_main_file(path) if path.is_dir() else path
    src, notices = load_project(main)
    if len(src.text) > MAX_BYTES:
        raise InputError(f"{main.name} with its includes is {len(src.text) / 1e6:.1f} million characters; "
                         f"Redraft reads papers up to {MAX_BYTES // (1024 * 1024)} MB")
    if not src.text.strip():
        raise InputError(f"{main.name} is empty")
    check_nesting(src, main.name)
    src = drop_unset_switches(src)
    src = protect_code_blocks(src)  # pandoc's highlighted code: verbatim, its $ never maths
    tracked = track_changes_macros(src.text)
    crefnames = read_crefnames(src.text)  # before the definitions go: a \\lemmaautorefname is one
    macros, src = collect_macros(src)
    written = text_macros(macros, src)  # the author's text macros, for a suggestion written back in LaTeX
    own = package_macros(src.text, main.parent, known_arguments)  # the paper's own packages win over the reader's meanings
    src = expand_macros(src, {**tracked, **own, **macros}, macros.scopes)  # a redefinition holds from where it is
    src = read_macro_includes(src, main, notices, {**tracked, **own, **macros})  # \def\sec#1{\input{#1}}
    check_nesting(src, main.name)
    converter = LatexText()
    converter.acronyms = read_acronyms(src.text)
    front = read_front_matter(src.text, converter)
    body = document_body(src)
    if body is None:
        notices.append(f"{main.name} has no \\begin{{document}}: read as a fragment")
        body = src
    body = _protect_verbatim(_inline_bbl(body, main), converter)
    nodes, body = parse_body(body, converter, notices, MATH_ENVS | set(FLOATS) | _DROPPED_ENVS)
    converter.theorems, converter.crefnames = read_theorems(src.text), crefnames
    numbering = number_document(nodes, number_style(src.text), converter.theorems, roman_appendices(src.text))
    converter.labels, converter.autoref_counters, converter.numbers = numbering.labels, numbering.counters, numbering.numbers
    builder = _Builder(body, converter, numbering, main.parent)
    builder.walk(nodes)
    builder.flush()
    abstract = front.abstract or " ".join(p.text for p in builder.abstract)
    paragraphs = [*builder.abstract_paragraphs(front.abstract), *builder.paragraphs]
    paragraphs = [replace(p, id=paragraph_id(i)) for i, p in enumerate(paragraphs)]
    if not paragraphs and not front.title:
        notices.append("no text found in the LaTeX source")
    return Document(
        title=front.title,
        authors=front.authors,
        abstract=abstract,
        sections=builder.sections,
        paragraphs=paragraphs,
        source_format="latex", source_path=str(main), notices=notices, macros=written,
    )


def _protect_verbatim(src: SourceText, converter: LatexText) -> SourceText:
    """Swap verbatim blocks and ``\\verb`` for placeholder macros the parser cannot trip on; drop the low-level TeX
    that prints nothing (``lowlevel.py``: lengths set without braces, ``\\kern``, ``@``-names)."""
    edits: list[tuple[int, int, str]] = []
    for m in _VERBATIM.finditer(src.text):
        converter.verbatim.append(m.group(2).strip("\n"))
        edits.append((m.start(), m.end(), f"\n\n\\redraftverbatim{{{len(converter.verbatim) - 1}}}\n\n"))
    spans = [(s, e) for s, e, _ in edits]
    for m in _VERB.finditer(src.text):
        if any(s <= m.start() < e for s, e in spans):
            continue
        converter.verbatim.append(m.group(2) if m.group(2) is not None else m.group(3))
        edits.append((m.start(), m.end(), f"\\redraftverb{{{len(converter.verbatim) - 1}}}"))
    spans = [(s, e) for s, e, _ in edits]
    edits += [(start, end, repl) for start, end, repl in low_level_spans(src.text)
              if not any(s <= start < e for s, e in spans)]  # lengths set without braces, \\kern, @-names
    return src.splice(list(edits)) if edits else src


def _inline_bbl(src: SourceText, main: Path) -> SourceText:
    """Put the ``.bbl`` beside the main file in place of ``\\bibliography{..}``, when there is one written by
    BibTeX (a ``thebibliography`` list)."""
    m = _BIBLIOGRAPHY.search(src.text)
    bbl = main.with_suffix(".bbl")
    if m is None or not bbl.is_file() or not inside(bbl, main.parent.resolve()):
        return src
    try:
        text, _ = read_text_file(bbl, declared=declared_encoding)
    except InputError:
        return src
    start = text.find("\\begin{thebibliography}")
    if start < 0:
        return src  # biblatex's .bbl is data for biblatex (entry fields, hashes), no typeset text
    # (from the list on: natbib's and REVTeX's .bbl open with macro definitions, \def\natexlab#1{#1} inside
    # \ifx ... \fi, that would read as a paragraph of "#1 #1 #2#1")
    return src.splice([(m.start(), m.end(), "\n\n" + text[start:] + "\n\n")])


class _Builder:
    """Walks the node tree and cuts it into paragraphs."""

    def __init__(self, src: SourceText, conv: LatexText, numbering: Numbering, root: Path) -> None:
        self.src = src
        self.conv = conv
        self.numbering = numbering
        self.root = root
        self.paragraphs: list[Paragraph] = []
        self.abstract: list[Paragraph] = []
        self.sections: list[Section] = []
        self.stack: list[tuple[int, str]] = []
        self.pieces: list[object] = []
        self.start: int | None = None
        self.end = 0  # where the paragraph's last piece ends
        self.kind = ParagraphKind.BODY
        self.in_abstract = False
        self.top = 1 if numbering.has_chapters else 2

    # -- output -------------------------------------------------------------
    def section_path(self) -> tuple[str, ...]:
        if self.in_abstract:
            return ("Abstract",)
        return tuple(title for _, title in self.stack)

    def emit(self, text: str, kind: ParagraphKind, pos: int | None, pieces: list[object] | None = None,
             span: tuple[int | None, int] | None = None) -> None:
        text = normalize_text(text)
        if not text:
            return
        origin = self.src.origin(pos) if pos is not None else None
        para = Paragraph(
            id="",
            text=text,
            kind=kind,
            section=self.section_path(),
            line=origin[1] if origin else None,
            file=_relative(origin[0], self.root) if origin else None,
        )
        if pieces is not None and span is not None:  # the source (span) and its marks (marks.py), rendered leaving
            notes, used = list(self.conv.footnotes), set(self.conv.acronyms.used)  # no trace: the text as before
            source, marks = record(text, self.src.text, *span, pieces, self.conv.text)
            para, self.conv.footnotes, self.conv.acronyms.used = replace(para, source=source, marks=marks), notes, used
        (self.abstract if self.in_abstract else self.paragraphs).append(para)

    def add(self, piece: object, pos: int) -> None:
        silent = isinstance(piece, latexwalker.LatexMacroNode) and piece.macroname in SILENT
        if self.start is None and not silent and (not isinstance(piece, str) or piece.strip()):
            self.start = pos + (len(piece) - len(piece.lstrip()) if isinstance(piece, str) else 0)
        self.pieces.append(piece)
        if pos is not None:
            self.end = max(self.end, pos + (len(piece) if isinstance(piece, str) else getattr(piece, "len", 0) or 0))

    def flush(self) -> None:
        pieces, start = self.pieces, self.start
        self.pieces, self.start = [], None
        if pieces:
            self.emit(self.conv.text(pieces), self.kind, start, pieces, (start, self.end))
        self.end = 0
        notes, self.conv.footnotes = self.conv.footnotes, []
        for note in notes:
            self.emit(note, ParagraphKind.FOOTNOTE, start)

    def abstract_paragraphs(self, front_abstract: str) -> list[Paragraph]:
        if self.abstract or not front_abstract:
            return self.abstract
        return [Paragraph(id="", text=normalize_text(front_abstract), section=("Abstract",))]

    # -- walking ------------------------------------------------------------
    def walk(self, nodes: list[latexwalker.LatexNode]) -> None:
        for node in nodes:
            if isinstance(node, latexwalker.LatexCharsNode):
                self.chars(node)
            elif isinstance(node, latexwalker.LatexCommentNode):
                continue
            elif isinstance(node, latexwalker.LatexGroupNode):
                self.walk(node.nodelist)
            elif isinstance(node, latexwalker.LatexMathNode):
                if node.displaytype == "inline":
                    self.add(node, node.pos)
                else:
                    self.block(EQUATION, ParagraphKind.EQUATION, node.pos)
            elif isinstance(node, latexwalker.LatexMacroNode):
                self.macro(node)
            elif isinstance(node, latexwalker.LatexEnvironmentNode):
                self.environment(node)
            else:
                self.add(node, node.pos)

    def chars(self, node: latexwalker.LatexCharsNode) -> None:
        parts = re.split(r"(\n[ \t]*\n\s*)", node.chars)
        offset = node.pos
        for i, part in enumerate(parts):
            if i % 2:
                self.flush()
            elif part:
                self.add(part, offset)
            offset += len(part)

    def block(self, text: str, kind: ParagraphKind, pos: int) -> None:
        self.flush()
        self.emit(text, kind, pos)

    def macro(self, node: latexwalker.LatexMacroNode) -> None:
        name = node.macroname
        if name in HEADINGS:
            self.heading(node)
        elif name in ("par", "appendix"):
            self.flush()
        elif name in ("\\", "newline") and self.bold_line():
            pass
        elif name in ("caption", "captionof"):  # \captionof{table}{...}: a caption set outside a float
            self.flush()
            self.caption(node, None)
        elif name == "bibitem":
            self.flush()
        elif name == "redraftverbatim":
            index = int(node.nodeargd.argnlist[-1].latex_verbatim().strip("{}"))
            self.block(self.conv.verbatim[index], ParagraphKind.OTHER, node.pos)
        elif name in ("item",):
            self.flush()
            opt = node.nodeargd.argnlist[0] if node.nodeargd and node.nodeargd.argnlist else None
            if opt is not None:  # the label is text like any other (``\\item[\\autoref{sec:a}]`` prints "Section 5.1")
                for piece in getattr(opt, "nodelist", None) or []:
                    self.add(piece, piece.pos)
                self.add(" ", node.pos)
        else:
            self.add(node, node.pos)

    def bold_line(self) -> bool:
        """A paragraph that opens with a bold phrase alone on its line (``\\textbf{Glycolysis} \\\\``) opens with a
        run-in heading set on a line of its own, as the PDF shows it: a heading at ``\\paragraph``'s level."""
        inked = [p for p in self.pieces if not (isinstance(p, str) and not p.strip())
                 and not isinstance(p, latexwalker.LatexCommentNode)]
        if len(inked) != 1 or not isinstance(inked[0], latexwalker.LatexMacroNode) or inked[0].macroname != "textbf":
            return False
        title = normalize_text(self.conv.text(inked))
        if not title or len(title.split()) > 12:
            return False
        self.pieces, self.start, self.end = [], None, 0
        level = max(HEADINGS["paragraph"] - self.top + 1, 1)
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.stack.append((level, title))
        self.sections.append(Section(title, level, None))
        self.emit(title, ParagraphKind.HEADING, inked[0].pos)
        return True

    def heading(self, node: latexwalker.LatexMacroNode) -> None:
        self.flush()
        self.in_abstract = False
        args = node.nodeargd.argnlist if node.nodeargd else []
        title = self.conv.text([args[-1]]) if args and args[-1] is not None else ""
        self.conv.footnotes = []
        if not title:
            return
        level = max(HEADINGS[node.macroname] - self.top + 1, 1)
        while self.stack and self.stack[-1][0] >= level:
            self.stack.pop()
        self.stack.append((level, title))
        self.sections.append(Section(title, level, self.numbering.numbers.get(id(node))))
        self.emit(title, ParagraphKind.HEADING, node.pos)

    def caption(self, node: latexwalker.LatexMacroNode, kind: str | None) -> None:  # its source: the argument
        arg = node.nodeargd.argnlist[-1] if node.nodeargd and node.nodeargd.argnlist else None
        span = (arg.pos + 1, arg.pos + arg.len - 1) if arg is not None and arg.pos is not None and arg.len else None
        self.emit(self.caption_text(node, kind), ParagraphKind.CAPTION, node.pos, [arg] if span else None, span)

    def caption_text(self, node: latexwalker.LatexMacroNode, kind: str | None) -> str:
        args = node.nodeargd.argnlist if node.nodeargd else []
        text = self.conv.text([args[-1]]) if args and args[-1] is not None else ""
        self.conv.footnotes = []
        number = self.numbering.numbers.get(id(node))
        if kind and number:
            return f"{kind.capitalize()} {number}: {text}"
        return text

    def environment(self, node: latexwalker.LatexEnvironmentNode) -> None:
        name = node.environmentname
        if name in _INLINE_ENVS:
            self.add(node, node.pos)
        elif name == "abstract":
            self.flush()
            self.in_abstract = True
            self.walk(node.nodelist)
            self.flush()
            self.in_abstract = False
        elif name in MATH_ENVS:
            self.block(EQUATION, ParagraphKind.EQUATION, node.pos)
        elif name in FLOATS:
            self.flush()
            captions = float_captions(node.nodelist, FLOATS[name])
            for caption in captions:
                self.caption(*caption)
            if not captions and node.nodelist:  # no \\caption (Frontiers' class sets its own): its text is its unit
                first, last = node.nodelist[0], node.nodelist[-1]
                span = (first.pos, last.pos + last.len)
                self.emit(self.conv.text(node.nodelist), ParagraphKind.CAPTION, first.pos, list(node.nodelist), span)
                self.conv.footnotes = []
        elif name in _DROPPED_ENVS:
            self.flush()
        elif name in ("flushleft", "center") and not (self.sections or self.paragraphs or self.abstract):
            # a title block set by hand before any heading or text (PLOS's template: title, authors,
            # affiliations and author notes in a flushleft): front matter, not body
            self.flush()
            kind, self.kind = self.kind, ParagraphKind.OTHER
            self.walk(node.nodelist)
            self.flush()
            self.kind = kind
        elif name in KIND_ENVS:
            self.flush()
            kind, self.kind = self.kind, KIND_ENVS[name]
            self.walk(node.nodelist)
            self.flush()
            self.kind = kind
        elif name in ("acks", "ack", "acknowledgments", "acknowledgements"):
            self.flush()
            self.sections.append(Section("Acknowledgments", 1, None))
            self.stack = [(1, "Acknowledgments")]
            self.emit("Acknowledgments", ParagraphKind.HEADING, node.pos)
            self.walk(node.nodelist)
            self.flush()
        else:
            # lists, theorem-like, center, quote, minipage, unknown: block-level containers
            self.flush()
            self.walk(node.nodelist)
            self.flush()


def _relative(name: str, root: Path) -> str:
    try:
        return Path(name).relative_to(root).as_posix()
    except ValueError:
        return name
