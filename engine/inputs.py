"""The input files Redraft reads, by suffix: one table for the loaders, the CLI and every file dialog.

A new reviews format is a row in ``REVIEW_FORMATS`` and its loader: the reviews loader, the CLI's help, the New
Project and New Round dialogs, drag and drop, the Open dialog and the help page all read the table.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

#: Suffix of a draft or revised version -> its loader's format (``engine.document.load_document``).
DRAFT_FORMATS = {
    ".pdf": "pdf",
    ".tex": "latex",
    ".latex": "latex",
    ".docx": "docx",
    ".md": "markdown",
    ".markdown": "markdown",
    ".rmd": "markdown",  # R Markdown, read as its Markdown (engine/document/rmarkdown.py)
    ".qmd": "markdown",  # Quarto
    ".rmarkdown": "markdown",
    ".txt": "text",
    ".text": "text",
}
DRAFT_SUFFIXES = tuple(DRAFT_FORMATS)
#: What each draft format is called in a message, a help text or a dialog.
DRAFT_FORMAT_NAMES = {"pdf": "PDF", "latex": "LaTeX", "docx": "Word (.docx)", "markdown": "Markdown", "text": "text"}


@dataclass(frozen=True)
class ReviewFormat:
    """A reviews file format: what a reader calls it, and its loader, ``(path, max_chars) -> list[Review]`` (a
    function, or ``"module:function"``, imported on first use)."""

    name: str
    loader: str | Callable[..., Any]
    #: Not text (a zip, say): the check that refuses images and programs read as text is skipped.
    binary: bool = False

    def read(self, path: Any, max_chars: int) -> Any:
        load = self.loader
        if isinstance(load, str):
            from importlib import import_module

            module, _, function = load.partition(":")
            load = getattr(import_module(module), function)
        return load(path, max_chars)


#: Suffix of a reviews file -> its format (``engine.reviews.load_reviews``), in the order the help lists them.
REVIEW_FORMATS: dict[str, ReviewFormat] = {
    ".md": ReviewFormat("Markdown", "engine.reviews.load:markdown_reviews"),
    ".markdown": ReviewFormat("Markdown", "engine.reviews.load:markdown_reviews"),
    ".rmd": ReviewFormat("Markdown", "engine.reviews.load:rmarkdown_reviews"),
    ".qmd": ReviewFormat("Markdown", "engine.reviews.load:rmarkdown_reviews"),
    ".txt": ReviewFormat("text", "engine.reviews.load:text_reviews"),
    ".docx": ReviewFormat("Word (.docx)", "engine.reviews.load:docx_reviews", binary=True),
    ".json": ReviewFormat("OpenReview JSON", "engine.reviews.load:openreview_reviews"),
    ".pdf": ReviewFormat("PDF", "engine.reviews.load:pdf_reviews"),
    ".tex": ReviewFormat("LaTeX", "engine.reviews.load:tex_reviews"),
    ".eml": ReviewFormat("mail (.eml)", "engine.reviews.load:eml_reviews"),  # a saved decision mail
}


def review_suffixes() -> tuple[str, ...]:
    """Suffixes of reviews files, as the table holds them now."""
    return tuple(REVIEW_FORMATS)


def input_suffixes() -> tuple[str, ...]:
    """Everything a file may be opened or dropped as (a project, a draft, reviews)."""
    return tuple(dict.fromkeys((".redraft", *DRAFT_SUFFIXES, *REVIEW_FORMATS)))


def review_format_names() -> str:
    """``"Markdown, text, Word (.docx), OpenReview JSON, PDF or LaTeX"``: each format once, in the table's order."""
    return _either(list(dict.fromkeys(f.name for f in REVIEW_FORMATS.values())))


def draft_format_names() -> str:
    """``"PDF, LaTeX, Word (.docx), Markdown or text"``: each draft format once, in ``DRAFT_FORMATS``' order."""
    return _either(list(dict.fromkeys(DRAFT_FORMAT_NAMES[f] for f in DRAFT_FORMATS.values())))


def _either(names: list[str]) -> str:
    return names[0] if len(names) == 1 else f"{', '.join(names[:-1])} or {names[-1]}"


def __getattr__(name: str) -> tuple[str, ...]:
    """``REVIEW_SUFFIXES`` and ``INPUT_SUFFIXES``, read from the table when asked (never a stale copy)."""
    if name == "REVIEW_SUFFIXES":
        return review_suffixes()
    if name == "INPUT_SUFFIXES":
        return input_suffixes()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def name_filter(label: str, suffixes: tuple[str, ...]) -> str:
    """A file dialog's filter: ``"Drafts (*.pdf *.tex ...)"``."""
    return f"{label} ({' '.join('*' + s for s in suffixes)})"
