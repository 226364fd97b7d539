"""The response-to-reviewers letter: built once from a project (``content``), written as Markdown,
LaTeX, Word or PDF; the format follows the file name's suffix, and an unknown suffix is refused."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Any

from engine.errors import InputError
from engine.letter.formats import LETTER_FORMATS, suffixes_text

if TYPE_CHECKING:
    from engine.project.model import Project

__all__ = ["LETTER_FORMATS", "Letter", "build_letter", "letter_format", "letter_html", "letter_latex",
           "letter_markdown", "write_letter"]

#: What loads on first use, so that reading the format table (the menu's tip, before the window's first paint)
#: costs no import of the project, the aligners or the writers.
_LAZY = {"Letter": "engine.letter.content", "build_letter": "engine.letter.content",
         "letter_html": "engine.letter.rich_formats", "letter_latex": "engine.letter.text_formats",
         "letter_markdown": "engine.letter.text_formats"}


def __getattr__(name: str) -> Any:
    if name in _LAZY:
        from importlib import import_module

        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'engine.letter' has no attribute {name!r}")


def letter_format(path: str | Path) -> str:
    """The format a file name asks for ("Markdown", "LaTeX", "Word", "PDF"); ``InputError`` for any other."""
    suffix = Path(path).suffix.lower()
    if suffix not in LETTER_FORMATS:
        what = f"“{suffix}”" if suffix else "a file name without a suffix"
        raise InputError(f"the letter is written as {suffixes_text()}, not {what}")
    return LETTER_FORMATS[suffix].name


def write_letter(project: Project, path: str | Path) -> Path:
    """Write the project's letter to ``path`` in the format its suffix names; nothing is left half-written."""
    path = Path(path).expanduser()
    letter_format(path)
    if not path.parent.is_dir():
        raise InputError(f"cannot write {path}: no such folder")
    from engine.letter.content import build_letter
    from engine.project.filesafe import whole_file

    letter = build_letter(project)
    with whole_file(path) as partial:
        LETTER_FORMATS[path.suffix.lower()].write(letter, partial)
    return path
