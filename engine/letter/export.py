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


def placeholder_note(found: list[str]) -> str:
    """One line saying what is left to fill, or "" when nothing is."""
    if not found:
        return ""
    shown = ", ".join(found[:2]) + (f" and {len(found) - 2} more" if len(found) > 2 else "")
    return f"the letter still holds {len(found)} placeholder(s) to fill before sending: {shown}"
