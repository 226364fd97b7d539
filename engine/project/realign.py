"""Aligning the comments an author added or rewrote after the build, as the build aligned every comment.

A correction that changes a comment's words drops its alignment in the same transaction (the scores were for
the old words), so its status is "unknown" until ``align_comments`` has scored it against the revision with
the aligner the build used. A comment's scores do not depend on the other comments (each row is scaled on its
own, the edits' statistics are the edits'), so aligning it alone gives what a rebuild gives it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.align.config import NEEDS_GENERATOR
from engine.jobs import CancelToken, run_job

if TYPE_CHECKING:
    from engine.align.records import Alignment
    from engine.models.protocols import Encoder
    from engine.project.model import Project
    from engine.reviews.model import ReviewComment



def scored_as(comment: ReviewComment) -> tuple[str, str]:
    """What an aligner reads of a comment: its words (with their lead-in) and its type (the evidence aligner
    links edits by type). A correction that changes it makes the comment's alignment stale."""
    return comment.full_text, comment.fine_type


def unaligned(project: Project) -> list[ReviewComment]:
    """The comments with no alignment though the revision was compared and aligned (added or rewritten since)."""
    if project.diff is None or "alignments" not in project.stages or project.aligner in NEEDS_GENERATOR:
        return []
    return [c for c in project.comments if c.id not in project.alignments]


#: ``align_comments``' default letter: the one kept in the project.
KEPT_LETTER = object()


def align_comments(project: Project, comments: list[ReviewComment], encoder: Encoder | None,
                   cancel: CancelToken | None = None, letter: Any = KEPT_LETTER) -> list[Alignment]:
    """``comments`` aligned against the project's revision with the aligner that aligned the others, reading
    ``letter`` (an ``engine.align.letter.Letter``, or None for none; default: the project's kept letter)."""
    from engine.align import make_aligner
    from engine.align.config import DEFAULT_METHOD

    if not comments or project.diff is None:
        return []
    from engine.project.response import project_letter

    aligner = make_aligner(project.aligner or DEFAULT_METHOD, encoder=encoder)
    if hasattr(aligner, "letter"):
        aligner.letter = project_letter(project) if letter is KEPT_LETTER else letter
    return run_job(aligner.iter_align(comments, project.diff, cancel or CancelToken()))
