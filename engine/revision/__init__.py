"""Revisions: what changed between two versions of a paper, paragraph by paragraph.

The model and the word diff load with the package; the paragraph matcher (which
needs scipy) loads on first use, so showing a saved diff stays cheap at start-up.
"""

from __future__ import annotations

from typing import Any

from engine.document.model import Document
from engine.jobs import CancelToken, run_job
from engine.revision.diff import word_diff
from engine.revision.model import DiffSpan, Edit, EditType, Flag, RevisionDiff, SectionMove
from engine.revision.normalize import comparable_text

__all__ = [
    "DiffSpan",
    "Edit",
    "EditType",
    "Flag",
    "RevisionDiff",
    "SectionMove",
    "comparable_text",
    "compared_paragraphs",
    "diff_documents",
    "iter_diff",
    "word_diff",
]


def __getattr__(name: str) -> Any:
    if name in ("compared_paragraphs", "iter_diff"):
        from engine.revision import compare

        return getattr(compare, name)
    raise AttributeError(f"module 'engine.revision' has no attribute {name!r}")


def diff_documents(
    old: Document,
    new: Document,
    cancel: CancelToken | None = None,
    *,
    include_references: bool = False,
    check_related: bool = True,
) -> RevisionDiff:
    """Align ``old`` and ``new`` paragraph by paragraph and classify every edit.

    Raises ``InputError`` when either has no text, or (with ``check_related``)
    when they are too different to be versions of one paper.
    """
    from engine.revision.compare import iter_diff

    return run_job(
        iter_diff(old, new, include_references=include_references, check_related=check_related, cancel=cancel)
    )
