"""The letter's formats, by suffix: one table that the writer, the refusal of an unknown suffix, the Export
dialog's file types and the menu's tip all read. It imports nothing heavy: the writer is named
(``"module:function"``, taking the ``Letter`` and the path) and imported when a letter is written."""

from __future__ import annotations

from dataclasses import dataclass
from importlib import import_module
from typing import Any


@dataclass(frozen=True)
class LetterFormat:
    name: str
    writer: str

    def write(self, letter: Any, path: Any) -> None:
        module, _, function = self.writer.partition(":")
        getattr(import_module(module), function)(letter, path)


#: Suffix -> format, in the order a refusal lists them.
LETTER_FORMATS: dict[str, LetterFormat] = {
    ".md": LetterFormat("Markdown", "engine.letter.text_formats:write_markdown"),
    ".markdown": LetterFormat("Markdown", "engine.letter.text_formats:write_markdown"),
    ".tex": LetterFormat("LaTeX", "engine.letter.text_formats:write_latex"),
    ".docx": LetterFormat("Word", "engine.letter.rich_formats:write_docx"),
    ".pdf": LetterFormat("PDF", "engine.letter.rich_formats:write_pdf"),
}


def _by_name() -> dict[str, list[str]]:
    names: dict[str, list[str]] = {}
    for suffix, fmt in LETTER_FORMATS.items():
        names.setdefault(fmt.name, []).append(suffix)
    return names


def suffixes_text() -> str:
    """``".md, .tex, .docx or .pdf"``: each format's first suffix."""
    firsts = [suffixes[0] for suffixes in _by_name().values()]
    return firsts[0] if len(firsts) == 1 else f"{', '.join(firsts[:-1])} or {firsts[-1]}"


def dialog_filters(first: str = ".docx") -> str:
    """A save dialog's file types, ``"Word (*.docx);;PDF (*.pdf);;Markdown (*.md *.markdown);;LaTeX (*.tex)"``,
    the format of ``first`` first."""
    groups = sorted(_by_name().items(), key=lambda item: first not in item[1])
    return ";;".join(f"{name} ({' '.join('*' + s for s in suffixes)})" for name, suffixes in groups)
