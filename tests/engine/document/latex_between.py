"""A small LaTeX paper written for a test: a section with a paragraph, the construct under test, a paragraph after
it, and a closing section, read by the LaTeX loader (the construct must not run into the paragraphs around it)."""

from __future__ import annotations

from pathlib import Path

from engine.document import Document, ParagraphKind
from engine.document.latex.load import load_latex


def read_between(tmp_path: Path, middle: str, *, preamble: str, section: str, before: str, after: str,
                 last: str) -> Document:
    """``main.tex`` in ``tmp_path``: ``preamble`` (the class included), ``\\section{section}``, ``before``, ``middle``,
    ``after``, then ``\\section{End}`` and ``last``; read by ``load_latex``."""
    main = tmp_path / "main.tex"
    main.write_text(
        f"{preamble}\\begin{{document}}\n\\section{{{section}}}\n{before}\n\n{middle}\n\n{after}\n\n"
        f"\\section{{End}}\n{last}\n\\end{{document}}\n",
        encoding="utf-8",
    )
    return load_latex(main)


def body(doc: Document) -> list[str]:
    """The text of ``doc``'s BODY paragraphs."""
    return [p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY]
