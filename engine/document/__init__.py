"""Loading papers into the ``Document`` model: PDF, LaTeX, Word, Markdown, plain text."""

from __future__ import annotations

import os
from pathlib import Path

from engine.document.model import BBox, Document, Paragraph, ParagraphKind, Region, Section
from engine.errors import InputError
from engine.inputs import DRAFT_FORMATS

__all__ = [
    "BBox",
    "Document",
    "Paragraph",
    "ParagraphKind",
    "Region",
    "Section",
    "load_document",
    "detect_format",
]

_SUFFIXES = DRAFT_FORMATS


def detect_format(path: Path) -> str:
    """Guess a file's format from its first bytes, then its suffix."""
    if path.is_dir():
        return "latex"
    with path.open("rb") as fh:
        head = fh.read(1024)
    if head.lstrip().startswith(b"%PDF"):
        return "pdf"
    fmt = _SUFFIXES.get(path.suffix.lower())
    if fmt == "pdf":
        raise InputError(f"{path.name} is not a PDF (no %PDF header); " + _what_it_is(path, head))
    if fmt in ("markdown", "text", "latex") and head.startswith((b"PK\x03\x04", b"\xd0\xcf\x11\xe0")):
        raise InputError(f"{path.name} is not a text file; " + _what_it_is(path, head))  # a Word file named .md
    if fmt is not None:
        return fmt
    if head.startswith(b"\xd0\xcf\x11\xe0"):  # a .doc: Word 97-2003, or a password-protected .docx renamed
        from engine.document.docx import ole_document

        raise InputError(f"{path.name} {ole_document(path) or 'is an old Office document: save it as .docx or PDF'}")
    if b"\x00" in head:
        raise InputError(f"{path.name}: unsupported file type (expected PDF, .tex, .docx, .md or .txt)")
    if b"\\documentclass" in head or b"\\begin{document}" in head or b"\\section" in head:
        return "latex"
    return "text"


def _what_it_is(path: Path, head: bytes) -> str:
    """What a file named as a PDF is instead, when its first bytes say so (a Word document renamed ``.pdf``)."""
    if head.startswith(b"PK\x03\x04"):
        import zipfile

        try:
            with zipfile.ZipFile(path) as z:
                names = set(z.namelist())
        except (zipfile.BadZipFile, OSError):
            names = set()
        if "word/document.xml" in names:
            return "it is a Word document: give it with the suffix .docx, or export a PDF from Word"
    if head.startswith(b"\xd0\xcf\x11\xe0"):
        from engine.document.docx import ole_document

        what = ole_document(path)
        return f"it {what}" if what else "it is an old Office file: save it as .docx or export a PDF"
    return "it may be corrupt or mislabelled"


def load_document(
    path: str | os.PathLike[str],
    *,
    password: str | None = None,
    fmt: str | None = None,
) -> Document:
    """Load a paper from ``path``; a LaTeX project may be given as its folder.

    Raises ``InputError`` with a one-line message for anything unusable.
    """
    p = Path(path).expanduser()
    if not p.exists():
        raise InputError(f"file not found: {p}")
    try:
        if p.is_file() and p.stat().st_size == 0:
            raise InputError(f"{p.name} is empty")
        fmt = fmt or detect_format(p)
    except PermissionError:
        raise InputError(f"cannot read {p}: permission denied") from None
    from engine.document.forms import mark_appended_reply, mark_checklists

    # an author checklist is a form, not the paper; a reply to the reviewers appended after it is no part of it
    return mark_appended_reply(mark_checklists(_load(p, fmt, password)))  # (forms.py)


def _load(p: Path, fmt: str, password: str | None) -> Document:
    if fmt == "pdf":
        from engine.document.pdf.load import load_pdf

        return load_pdf(p, password=password)
    if fmt == "latex":
        from engine.document.latex.load import load_latex

        return load_latex(p)
    if fmt == "docx":
        from engine.document.docx import load_docx

        return load_docx(p)
    if fmt == "markdown":
        from engine.document.markdown import load_markdown

        return load_markdown(p)
    if fmt == "text":
        from engine.document.markdown import load_plain_text

        return load_plain_text(p)
    raise InputError(f"unknown document format: {fmt}")
