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
