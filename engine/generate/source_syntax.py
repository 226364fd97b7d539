"""A suggestion written back in the draft's own syntax: LaTeX, or Markdown (R Markdown, Quarto).

A suggestion quotes and rewrites a paragraph as it reads (``[a, b]``, ``Nt+1``, ``Section 3``). For a source
draft, the reader keeps each paragraph's source and its marks (``Paragraph.source``/``marks``: a citation,
reference or inline maths span as it reads and as it was written); ``write_back`` maps an edit back with them:

- a bracket group whose keys the draft cites becomes the paragraph's own citation when one has exactly those keys,
  else the first key's command with those keys (``\\citep{a,b}``, ``[@a; @b]``); a group with a key the draft never
  cites is left as it reads (no key is invented) and named in ``unknown``;
- every other mark: its rendered form, bounded by non-word characters, becomes its source when unambiguous (all
  its marks share one source and the form reads in the paragraph exactly as often as it was recorded), or by
  position when the edit holds it exactly as often as the paragraph does; otherwise it stays as it reads and is
  named in ``unmapped``;
- LaTeX: the text an author's own macro reads as (``Document.macros``: ``\\method`` -> "Redraft") becomes the macro
  when one macro reads so and every occurrence of that text in the draft came from it; otherwise it stays as it
  reads and is named in ``unmapped``;
- the rest of the text is escaped for the syntax (LaTeX ``% & # _ $ { } ~ ^ \\``; Markdown ``$`` and a
  citation-like ``@``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any

from engine.document.model import Document, Paragraph
from engine.generate.flags import Flag

SYNTAXES = ("latex", "markdown")
_NAMES = {"latex": "LaTeX", "markdown": "Markdown"}
#: Flags about how the copy is written, not about what the edit says: they never keep Enter from accepting.
COPY_FLAGS = frozenset({"no_source", "source_unmapped"})
_GROUP = re.compile(r"\[([^\[\]\n]{1,400})\]")
#: What reads like a citation key the model wrote (``Smith2020``, ``smith:gan``): a group of these with a key the
#: draft never cites is named, not mapped.
_KEYLIKE = re.compile(r"^[A-Za-z][\w:./+-]*(?:\d|[:_])[\w:./+-]*$")
_LATEX_SPECIAL = re.compile(r"[\\{}%&#_$~^]")
_LATEX_ESCAPE = {"\\": r"\textbackslash{}", "~": r"\textasciitilde{}", "^": r"\textasciicircum{}"}
_MD_SPECIAL = re.compile(r"\$|(?<![\w\\])@(?=\w)")
_COMMAND = re.compile(r"\\[A-Za-z]+\*?")
#: Maths that reads as an English word (``$a$``, ``$I$``): an edit's "a" is the article, never mapped.
_WORDS = frozenset({"a", "A", "I"})


@dataclass
class WrittenBack:
    """An edit in the draft's syntax; the paragraph's marks it still shows as they read, and unknown keys."""

    text: str
    syntax: str
    unmapped: list[str] = field(default_factory=list)
    unknown: list[str] = field(default_factory=list)


def syntax_of(document: Document) -> str | None:
    """"latex" or "markdown" for a source draft, None for a PDF, Word or plain-text one."""
    return document.source_format if document.source_format in SYNTAXES else None


def escape(text: str, syntax: str) -> str:
    """Plain text as the syntax writes it."""
    if syntax == "latex":
        return _LATEX_SPECIAL.sub(lambda m: _LATEX_ESCAPE.get(m.group(0), "\\" + m.group(0)), text)
    return _MD_SPECIAL.sub(lambda m: "\\" + m.group(0), text)


def write_back(edit: str, paragraph: Paragraph | None, document: Document) -> WrittenBack | None:
    """``edit`` in the draft's syntax, using ``paragraph``'s marks (and the draft's citations); None when the draft
    is no source or the paragraph has no record (a project read before the readers kept one)."""
    syntax = syntax_of(document)
    if paragraph is None:  # a new paragraph: the draft's citations, and the text escaped
        paragraph = Paragraph("", "", source="")
    if syntax is None or paragraph.source is None:
        return None
    out = WrittenBack("", syntax)
    left: list[tuple[int, int, str]] = []  # a mark's rendered form that stays as it reads
    found = _citations(edit, paragraph, document, syntax, out) + _marks(edit, paragraph, left)
    found += _author_macros(edit, document, left) if syntax == "latex" else []
    found.sort(key=lambda c: (c[0], -(c[1] - c[0])))
    pieces: list[str] = []
    chosen: list[tuple[int, int]] = []
    last = 0
    for start, end, repl in found:
        if start < last:
            continue
        pieces += [escape(edit[last:start], syntax), repl]
        chosen.append((start, end))
        last = end
    pieces.append(escape(edit[last:], syntax))
    out.text = "".join(pieces)
    for start, end, rendered in left:
        if not any(s <= start and end <= e for s, e in chosen) and rendered not in out.unmapped:
            out.unmapped.append(rendered)
    return out


def _citations(edit: str, paragraph: Paragraph, document: Document, syntax: str,
               out: WrittenBack) -> list[tuple[int, int, str]]:
    groups: dict[str, str] = {}
    keys: dict[str, str] = {}
    for p in (paragraph, *document.paragraphs):
        for kind, rendered, source in p.marks:
            if kind == "cite" and rendered.startswith("["):
                groups.setdefault(rendered, source)
                for key in rendered[1:-1].split(", "):
                    keys.setdefault(key, source)
            elif kind == "cite" and source == f"@{rendered}":  # pandoc's narrative @key
                keys.setdefault(rendered, source)
    own = {r for kind, r, _ in paragraph.marks if kind == "cite"}  # the paragraph's own: mapped with its marks
    found = []
    for m in _GROUP.finditer(edit):
        parts = [k.strip() for k in m.group(1).split(",")]
        if m.group(0) in own:
            continue
        if all(k in keys for k in parts):
            rendered = "[" + ", ".join(parts) + "]"
            found.append((m.start(), m.end(), groups.get(rendered) or _cite(parts, keys[parts[0]], syntax)))
        elif all(_KEYLIKE.match(k) for k in parts):
            out.unknown += [k for k in parts if k not in keys and k not in out.unknown]
    return found


def _cite(keys: list[str], like: str, syntax: str) -> str:
    """A citation of ``keys`` in the form of the draft's citation ``like``."""
    command = _COMMAND.match(like)
    if command:
        return f"{command.group(0)}{{{','.join(keys)}}}"
    return "[" + "; ".join(f"@{k}" for k in keys) + "]"


def _bounded(rendered: str, kind: str, source: str) -> re.Pattern[str]:
    """The rendered form between non-word characters; a sub- or superscript alone (``CO$_2$``) may follow a word,
    a reference's number may be followed by a panel letter (``Fig. 3A``)."""
    head = r"(?<!\w)" if re.match(r"\w", rendered) and not re.match(r"\$\s*[_^]", source) else ""
    tail = r"(?!\w)" if re.search(r"\w$", rendered) else ""
    if kind == "ref" and rendered[-1:].isdigit():
        tail = r"(?!\d)(?![A-Za-z]{2})"
    return re.compile(head + re.escape(rendered) + tail)


def _forms(paragraph: Paragraph) -> dict[str, list[str]]:
    """Rendered form -> its sources in order: every mark, and a reference recorded with the word before it that
    reads with no number (``Figure ??``) also bare (``??``), for an edit that drops or changes the word."""
    forms: dict[str, list[str]] = {}
    bare: dict[str, list[str]] = {}
    for kind, rendered, source in paragraph.marks:
        forms.setdefault(rendered, []).append(source)
        word = rendered.split(" ", 1)[0]
        if kind == "ref" and " " in rendered and source.startswith(word) and source[len(word):][:1] in (" ", "~") \
                and not any(c.isdigit() for c in rendered):  # "??", never a number another "2" of the edit may be
            bare.setdefault(rendered[len(word) + 1:], []).append(source[len(word) + 1:])
    for rendered, sources in bare.items():
        forms.setdefault(rendered, sources)
    return forms


def _masked(text: str, forms: list[str]) -> str:
    """``text`` with each of ``forms`` blanked out (same length, so positions hold)."""
    for form in sorted(forms, key=len, reverse=True):
        text = text.replace(form, "\0" * len(form))
    return text


def _marks(edit: str, paragraph: Paragraph, left: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    found = []
    forms = _forms(paragraph)
    kinds = {rendered: kind for kind, rendered, _ in paragraph.marks}
    for rendered, sources in forms.items():
        if rendered in _WORDS:
            continue
        pattern = _bounded(rendered, kinds.get(rendered, "ref"), sources[0])
        # "Figure" inside "Figure ??", a narrative key inside a group "[Smith2020, ...]": not this one
        longer = [f for f in forms if rendered in f and f != rendered]
        in_edit = list(pattern.finditer(_masked(edit, longer)))
        if not in_edit:
            continue
        recorded = len(pattern.findall(_masked(paragraph.text, longer))) == len(sources)
        if recorded and len(set(sources)) == 1:
            found += [(m.start(), m.end(), sources[0]) for m in in_edit]
        elif recorded and len(in_edit) == len(sources):
            found += [(m.start(), m.end(), s) for m, s in zip(in_edit, sources)]
        else:
            left += [(m.start(), m.end(), rendered) for m in in_edit]
    return found


def _author_macros(edit: str, document: Document, left: list[tuple[int, int, str]]) -> list[tuple[int, int, str]]:
    """The text an author's own macro reads as (``Document.macros``: ``\\method`` -> "Redraft") written back as the
    macro, when unambiguous: one macro reads so, and the draft's paragraphs hold that text exactly as often as the
    body uses the macro (an author who also types "Redraft" makes it ambiguous: left as it reads, and named)."""
    readers: dict[str, list[tuple[str, int, bool]]] = {}
    for name, rendered, uses, xspace in document.macros:
        readers.setdefault(rendered, []).append((name, uses, xspace))
    text = "\n\n".join(p.text for p in document.paragraphs)
    found = []
    for rendered, macros in readers.items():
        if rendered in _WORDS:
            continue
        pattern = _bounded(rendered, "macro", "")
        in_edit = list(pattern.finditer(edit))
        if not in_edit:
            continue
        if len(macros) > 1 or len(pattern.findall(text)) != macros[0][1]:
            left += [(m.start(), m.end(), rendered) for m in in_edit]
            continue
        name, _, xspace = macros[0]
        for m in in_edit:  # "\\method{} is", "\\method." ; \\xspace sets its own space
            after = edit[m.end():m.end() + 1]
            found.append((m.start(), m.end(), f"\\{name}" + ("{}" if not xspace and (after.isalnum() or after == " ")
                                                               else "")))
    return found


def in_source(suggestion: Any, document: Document) -> None:
    """Give a suggestion (``engine.generate.suggest.Suggestion``) of a LaTeX or Markdown draft its forms in the
    draft's syntax (``syntax``, ``source_edit``, ``source_original``, its scaffold's ``source_quote``), with an info
    flag for what is left as it reads; a PDF or Word draft's suggestion is left as it is."""
    syntax = syntax_of(document)
    if syntax is None:
        return
    suggestion.syntax = syntax
    para = _paragraph(document, suggestion.paragraph_id)
    if para is not None and para.source is None:
        suggestion.flags.append(Flag("no_source", f"the placed paragraph's {_NAMES[syntax]} source is not known (a "
                                     "project read before Redraft kept it, or not body text): the edit is offered "
                                     "as it reads", "info"))
        return
    written = write_back(suggestion.edit, para, document)
    if written is None:
        return
    suggestion.source_edit = written.text
    suggestion.source_original = para.source if para is not None else ""
    if suggestion.scaffold is not None:
        quoted = write_back(suggestion.scaffold.quote, para, document)
        suggestion.scaffold.source_quote = quoted.text if quoted else ""
    flag = unmapped_flag(written)
    if flag is not None:
        suggestion.flags.append(flag)


def unmapped_flag(written: WrittenBack) -> Flag | None:
    """The info flag for what an edit in the draft's syntax still shows as it reads, or None."""
    said = []
    if written.unmapped:
        said.append("left as they read (more than one source reads so): " + ", ".join(f"“{u}”" for u in written.unmapped))
    if written.unknown:
        said.append("not cited in the draft, left as written: " + ", ".join(written.unknown))
    if not said:
        return None
    return Flag("source_unmapped", f"in the {_NAMES[written.syntax]} copy, " + "; ".join(said), "info")


def _paragraph(document: Document, paragraph_id: str | None) -> Paragraph | None:
    if not paragraph_id:
        return None
    try:
        return document.paragraph(paragraph_id)
    except KeyError:
        return None
