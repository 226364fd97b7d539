"""Exports of a project: the response-to-reviewers letter (``engine.letter``: Markdown, LaTeX, Word,
PDF, the format following the file name) and the revision report (HTML, ``engine.project.report``)."""

from __future__ import annotations

from pathlib import Path

from engine.letter import (
    build_letter,
    letter_html,
    letter_latex,
    letter_markdown,
    write_letter,
)
from engine.project.model import Project
from engine.project.report import revision_report_html, write_revision_report

__all__ = [
    "response_letter_html",
    "response_letter_latex",
    "response_letter_markdown",
    "revision_report_html",
    "letter_placeholders",
    "placeholder_comments",
    "write_response_letter",
    "write_revision_report",
]


def response_letter_markdown(project: Project) -> str:
    return letter_markdown(build_letter(project))


def response_letter_latex(project: Project) -> str:
    return letter_latex(build_letter(project))


def response_letter_html(project: Project) -> str:
    """The letter as simple HTML (what the PDF is laid out from)."""
    return letter_html(build_letter(project))


def write_response_letter(project: Project, path: str | Path) -> Path:
    """Write the letter to ``path``: ``.md``, ``.tex``, ``.docx`` or ``.pdf`` (``InputError`` for another suffix)."""
    return write_letter(project, path)


def letter_placeholders(project: Project) -> list[str]:
    """The placeholders (``[[RESULT: …]]``, ``[[CITATION: …]]`` …) the letter still holds, in order: text accepted
    from a suggestion or scaffold that the author has to complete before sending (a new-user trial sent them)."""
    from engine.generate.placeholders import CANONICAL

    return [m.group(0) for m in CANONICAL.finditer(response_letter_markdown(project))]


def placeholder_comments(project: Project) -> list[str]:
    """The comments whose answer in the letter (the author's response, or a kept suggestion's response and edit)
    holds a placeholder, in the comments' order."""
    from engine.generate.placeholders import CANONICAL

    def texts(cid: str) -> list[str]:
        return [project.response(cid), *(s.edit for s in project.kept_suggestions(cid))]

    return [c.id for c in project.comments if any(CANONICAL.search(t or "") for t in texts(c.id))]


#: How to fill a placeholder, in the app's words; the command line passes its own (``engine/cli/export.py``).
FILL_IN_APP = "select the comment, then Edit the accepted suggestion or write your response"


def placeholder_note(found: list[str], where: list[str] | None = None, fill: str = FILL_IN_APP) -> str:
    """One line saying what is left to fill, in which comments' answers (``where``) and how (``fill``), or "" when
    nothing is (trial32: the note quoted the placeholder but not the comment to open)."""
    if not found:
        return ""
    shown = ", ".join(found[:2]) + (f" and {len(found) - 2} more" if len(found) > 2 else "")
    count = f"{len(found)} placeholder{'s' * (len(found) != 1)}"
    if not where:
        return f"the letter still holds {count} to fill before sending: {shown}"
    named = ", ".join(where[:4]) + (f" and {len(where) - 4} more" if len(where) > 4 else "")
    return f"the letter still holds {count} to fill before sending, in the answer to {named} ({fill}): {shown}"
