"""Word ``.docx`` papers and reviews, read with python-docx.

Rules, matching the Markdown loader's (the same ``_Outline`` collects them):

- a "Title" paragraph is the title; "Heading N" paragraphs are sections of
  level N, a leading number ("4.2 Training") kept in ``Section.number``;
  "Author" paragraphs (pandoc's style; "Authors" too) name the authors, an
  "Abstract" styled paragraph is the abstract;
- a reference manager's list (the "Bibliography" style of pandoc, Zotero, Mendeley and Word's own citations;
  EndNote's "EndNote Bibliography") is REFERENCE paragraphs, with or without a "References" heading above it;
- other paragraphs and list items are BODY paragraphs (a style with "Caption" in
  its name, Word's "Caption" or pandoc's "Image Caption" and "Table Caption", or
  "Figure 3:" / "Table 1." starts, are CAPTIONs); an "Abstract" heading or
  an "Abstract:" paragraph gives the abstract;
- Word's equations (OMML): an inline one reads as its text ("u2(χ)"), as the
  LaTeX reader reads an inline formula; a display one is an EQUATION paragraph
  ``[EQUATION]``, and the text after it in the same Word paragraph its own;
- a table is one OTHER paragraph, a row per line, cells joined by " | ";
- footnotes are FOOTNOTE paragraphs at the end.

``docx_text`` gives the same content as Markdown-like text (headings as
``#``), which the review parser reads as it reads a ``.md`` file.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from engine.document.archive import check_zip
from engine.document.markdown import EQUATION, _Outline
from engine.document.model import Document, Paragraph, ParagraphKind
from engine.errors import InputError

#: Namespace of WordprocessingML elements.
_W = "{http://schemas.openxmlformats.org/wordprocessingml/2006/main}"
#: Namespace of Office Math (OMML): Word's equations.
_M = "{http://schemas.openxmlformats.org/officeDocument/2006/math}"
_HEADING = re.compile(r"^heading\s*(\d)$", re.IGNORECASE)
#: Paragraph styles of a reference list as reference managers write it (an author's trial, session 32: pandoc's
#: "Bibliography" entries after an appendix, with no heading, read as 130 body paragraphs: a suggestion was placed
#: on a reference and new entries of the revision were linked as new paragraphs).
_BIBLIOGRAPHY = ("bibliography", "endnote bibliography")
#: "Reviewer 1: The paper ..." in one Word paragraph: the reviewer heading, then the text.
_INLINE_REVIEWER = re.compile(r"^((?:reviewer|referee)\s*#?\s*[\w-]{1,8})\s*[:.\u2013\u2014-]\s+(\S.*)$", 
                             re.IGNORECASE | re.DOTALL)


def open_docx(path: Path) -> Any:
    """The python-docx document of ``path``; ``InputError`` for anything that is not a readable .docx."""
    import docx

    path = Path(path)
    try:
        if path.stat().st_size == 0:
            raise InputError(f"{path.name} is empty")
        check_zip(path)  # a zip bomb is refused from its declared sizes, before any part is unpacked
        return docx.Document(str(path))
    except InputError:
        raise
    except OSError as err:
        raise InputError(f"cannot read {path}: {err.strerror or err}") from None
    except Exception as err:  # noqa: BLE001 - python-docx raises zip, XML and key errors for bad files
        ole = ole_document(path)
        if ole:
            raise OfficeFile(f"{path.name} {ole}") from None
        why = "not a Word document" if type(err).__name__ in ("PackageNotFoundError", "BadZipFile") else \
            f"{type(err).__name__}"
        raise InputError(f"{path.name} is not a readable .docx file ({why})") from None


class OfficeFile(InputError):
    """A file given as Word that is an OLE2 file (password-protected, or an old ``.doc``): its message says what to
    do, and stands alone."""


#: An OLE2 compound file's first bytes: Word 97-2003's ``.doc``, and the container Office wraps a password-protected
#: ``.docx`` in (its ``EncryptedPackage`` stream).
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"
_ENCRYPTED = "EncryptedPackage".encode("utf-16-le")
#: How much of an OLE file is searched for the encrypted stream's name (its directory lies near the start or the end).
_OLE_SCAN = 8 * 1024 * 1024


def ole_document(path: Path) -> str | None:
    """What an OLE2 file given as a Word file is, said for its user: a password-protected Word file (a new-user trial,
    session 29: "not a Word document" for a file Word opens), or an old Word 97-2003 ``.doc``; None for other files."""
    try:
        with Path(path).open("rb") as fh:
            if fh.read(8) != OLE_MAGIC:
                return None
            data = fh.read(_OLE_SCAN)
    except OSError:
        return None
    if _ENCRYPTED in data:
        return ("is password-protected: open it in Word, clear the password (File → Info → Protect Document → "
                "Encrypt with Password) and save it again")
    return ("is an old Word 97-2003 document (.doc): open it in Word and save it as .docx (File → Save As), "
            "or export a PDF")


def blocks(doc: Any) -> Iterator[tuple[str, str, int]]:
    """``(kind, text, level)`` in reading order: kind ``title``, ``heading``, ``author``, ``abstract``, ``body``,
    ``list``, ``caption``, ``equation``, ``table``, ``reference`` or ``footnote``; ``level`` is a heading's level (else 0)."""
    from docx.table import Table

    for block in doc.iter_inner_content():
        if isinstance(block, Table):
            rows = [" | ".join(_cells(row)) for row in block.rows]
            text = "\n".join(r for r in rows if r.strip(" |"))
            if text:
                yield "table", text, 0
            continue
        style = (block.style.name if block.style is not None else "") or ""
        for text, display in _parts(block):
            text = text.strip()
            if display:
                yield "equation", EQUATION, 0
            elif text:
                yield _kind(block, style), text, _level(style)
    for text in _footnotes(doc):
        yield "footnote", text, 0


def _kind(block: Any, style: str) -> str:
    name = style.lower()
    if name == "title":
        return "title"
    if _HEADING.match(style):
        return "heading"
    if "caption" in name:
        return "caption"
    if name in ("author", "authors"):
        return "author"
    if name == "abstract":
        return "abstract"
    if name in _BIBLIOGRAPHY:
        return "reference"
    if name.startswith("list") or block._p.pPr is not None and block._p.pPr.numPr is not None:
        return "list"
    return "body"


def _level(style: str) -> int:
    heading = _HEADING.match(style)
    return int(heading.group(1)) if heading else 0


def _cells(row: Any) -> list[str]:
    out: list[str] = []
    for cell in row.cells:
        text = " ".join(" ".join(paragraph_text(p) for p in cell.paragraphs).split())
        if not out or text != out[-1]:  # a merged cell repeats
            out.append(text)
    return out


#: Tracked changes: an insertion (or a move's new place) is read, a deletion (or a move's old place) is not.
_INSERTED = (f"{_W}ins", f"{_W}moveTo")
_DELETED = (f"{_W}del", f"{_W}moveFrom")
#: A text box's paragraphs, and a drawing's fallback copy of them: not the paragraph's own text.
_NOT_OWN = (f"{_W}txbxContent", "{http://schemas.openxmlformats.org/markup-compatibility/2006}Fallback") + _DELETED


def _parts(paragraph: Any) -> list[tuple[str, bool]]:
    """A paragraph as ``(text, is_display_equation)`` pieces in reading order. A paragraph with no equation reads
    as ``paragraph_text``; python-docx's text leaves out Word's equations, so a sentence read "for values  and ."
    and a display equation was no paragraph at all (a new-user trial, session 29: a paper saved from LaTeX by
    pandoc, 37 display equations)."""
    el = paragraph._p
    if not any(True for _ in el.iter(f"{_M}oMath")):
        return [(paragraph_text(paragraph), False)]
    pieces: list[tuple[str, bool]] = [("", False)]
    for node in el.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr", f"{_M}t", f"{_M}oMathPara"):
        ancestors = list(node.iterancestors())
        if any(a.tag in _NOT_OWN for a in ancestors):
            continue
        if node.tag == f"{_M}oMathPara" or (node.tag == f"{_M}t" and any(a.tag == f"{_M}oMathPara" for a in ancestors)):
            if node.tag == f"{_M}oMathPara":
                pieces += [("", True), ("", False)]
            continue
        text = (node.text or "") if node.tag in (f"{_W}t", f"{_M}t") else ("\t" if node.tag == f"{_W}tab" else "\n")
        pieces[-1] = (pieces[-1][0] + text, False)
    return [(t, d) for t, d in pieces if d or t.strip()]


def paragraph_text(paragraph: Any) -> str:
    """A paragraph's text with its tracked changes accepted. python-docx's ``Paragraph.text`` leaves out the runs of
    a tracked insertion (``w:ins``), so a revised version saved with its changes tracked lost every inserted word (a
    new-user trial, session 22: a journal's tracked revision read as deletions only). A paragraph with no tracked
    insertion is read as python-docx reads it."""
    el = paragraph._p
    if not any(True for _ in el.iter(*_INSERTED)):
        return paragraph.text
    out = []
    for node in el.iter(f"{_W}t", f"{_W}tab", f"{_W}br", f"{_W}cr"):
        if any(a.tag in _NOT_OWN for a in node.iterancestors()):
            continue
        out.append((node.text or "") if node.tag == f"{_W}t" else ("\t" if node.tag == f"{_W}tab" else "\n"))
    return "".join(out)


def tracked_changes(doc: Any) -> tuple[int, int]:
    """Tracked insertions and deletions in the document's body."""
    body = doc.element.body
    return sum(1 for _ in body.iter(*_INSERTED)), sum(1 for _ in body.iter(*_DELETED))


def _footnotes(doc: Any) -> list[str]:
    """The text of each footnote (python-docx has no footnote API: read the part's XML)."""
    from lxml import etree

    for part in doc.part.package.parts:
        if str(part.partname) == "/word/footnotes.xml":
            root = etree.fromstring(part.blob)
            notes = []
            for note in root.iter(f"{_W}footnote"):
                if note.get(f"{_W}type") in ("separator", "continuationSeparator", "continuationNotice"):
                    continue
                text = " ".join("".join(t.text or "" for t in note.iter(f"{_W}t")).split())
                if text:
                    notes.append(text)
            return notes
    return []


def _margin_comments(doc: Any) -> int:
    """How many comments (Word's Review → New Comment) the file holds: read from its comments part."""
    from lxml import etree

    for part in doc.part.package.parts:
        if str(part.partname) == "/word/comments.xml":
            return sum(1 for _ in etree.fromstring(part.blob).iter(f"{_W}comment"))
    return 0


def load_docx(path: Path) -> Document:
    """Load a Word paper."""
    path = Path(path)
    out = _Outline()
    kinds = {"body": ParagraphKind.BODY, "list": ParagraphKind.BODY, "caption": ParagraphKind.CAPTION,
             "table": ParagraphKind.OTHER, "footnote": ParagraphKind.FOOTNOTE, "equation": ParagraphKind.EQUATION,
             "reference": ParagraphKind.REFERENCE}
    doc = open_docx(path)
    for kind, text, level in blocks(doc):
        if kind == "title" and not out.title and not out.paragraphs:
            out.title = text
        elif kind in ("title", "heading"):
            out.heading(text, max(level, 1), None)
        elif kind == "author" and not out.sections:
            out.authors += [a.strip() for a in re.split(r",|;|\band\b|&", text) if a.strip()]
        elif kind == "abstract" and not out.sections:
            out.abstract.append(text)
            out.paragraphs.append(Paragraph("", text, ParagraphKind.BODY, ("Abstract",)))
        else:
            out.add(text, kinds.get(kind, ParagraphKind.BODY), None)
    inserted, deleted = tracked_changes(doc)
    counts = f"{inserted} insertion{'s' * (inserted != 1)}, {deleted} deletion{'s' * (deleted != 1)}"
    notices = [f"read with its tracked changes accepted ({counts})"] if inserted or deleted else []
    notes = _margin_comments(doc)
    if notes:  # a co-author's notes in the margin are no part of the paper (session 29's trial: not read, unsaid)
        were = "was" if notes == 1 else "were"
        notices.append(f"its {notes} margin comment{'s' * (notes != 1)} (Review → Comments) {were} left out of "
                       "the text")
    return out.document(path, "docx", notices)


def docx_text(path: Path) -> str:
    """The text of a Word file as Markdown-like text: ``#`` headings, ``-`` list items, blank lines between."""
    parts = []
    for kind, text, level in blocks(open_docx(path)):
        if kind == "equation":
            continue
        if kind in ("title", "heading"):
            parts.append(f"{'#' * max(level, 1)} {' '.join(text.split())}")
        elif kind == "list":
            parts.append(f"- {text}")
        elif (m := _INLINE_REVIEWER.match(text)) and kind == "body":
            parts.extend([f"# {m.group(1)}", m.group(2)])
        else:
            parts.append(text)
    text = "\n\n".join(parts)
    if not text.strip():
        raise InputError(f"{Path(path).name} has no text")
    return text
