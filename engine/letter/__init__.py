"""The response-to-reviewers letter: built once from a project (``content``), written as Markdown,
LaTeX, Word or PDF; the format follows the file name's suffix, and an unknown suffix is refused."""

from __future__ import annotations

from pathlib import Path

from engine.errors import InputError
from engine.letter.content import Letter, build_letter
from engine.letter.formats import LETTER_FORMATS, suffixes_text
from engine.letter.rich_formats import letter_html
from engine.letter.text_formats import letter_latex, letter_markdown
from engine.project.model import Project

__all__ = ["LETTER_FORMATS", "Letter", "build_letter", "letter_format", "letter_html", "letter_latex",
           "letter_markdown", "write_letter"]



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
    letter = build_letter(project)
    partial = path.with_name(f".{path.stem}.partial{path.suffix}")
    try:
        LETTER_FORMATS[path.suffix.lower()].write(letter, partial)
        partial.replace(path)
    except OSError as err:
        raise InputError(f"cannot write {path}: {err.strerror or err}") from None
    finally:
        partial.unlink(missing_ok=True)
    return path
