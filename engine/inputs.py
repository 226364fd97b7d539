"""The input files Redraft reads, by suffix: one table for the loaders, the CLI and every file dialog."""

from __future__ import annotations

#: Suffix of a draft or revised version -> its loader's format (``engine.document.load_document``).
DRAFT_FORMATS = {
    ".pdf": "pdf",
    ".tex": "latex",
    ".latex": "latex",
    ".docx": "docx",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "text",
    ".text": "text",
}
DRAFT_SUFFIXES = tuple(DRAFT_FORMATS)
#: Suffixes of review files (``engine.reviews.load_reviews``).
REVIEW_SUFFIXES = (".md", ".markdown", ".txt", ".docx", ".json", ".pdf")
#: Everything a file may be opened or dropped as (a project, a draft, reviews).
INPUT_SUFFIXES = tuple(dict.fromkeys((".redraft", *DRAFT_SUFFIXES, *REVIEW_SUFFIXES)))


def name_filter(label: str, suffixes: tuple[str, ...]) -> str:
    """A file dialog's filter: ``"Drafts (*.pdf *.tex ...)"``."""
    return f"{label} ({' '.join('*' + s for s in suffixes)})"
