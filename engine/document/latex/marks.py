"""A LaTeX paragraph's source record: its source text, and each citation, cross-reference and inline maths span as
it reads and as it was written (``Paragraph.source`` and ``Paragraph.marks``).

``engine.generate.source_syntax`` uses the record to write a suggestion back in the author's syntax. The
paragraph's ``text`` is not touched: each mark is rendered on its own by the reader's converter, and kept only
when that rendering occurs in the paragraph's text. A reference whose rendering has no letter (``\\ref`` gives
``3``, ``\\eqref`` ``(3)``) or is two characters at most (an appendix ``A``) is recorded with the word set before
it by a tie or a space (``Section 3`` ↔
``Section~\\ref{sec:a}``), a bare number being no clue to which ``3`` of an edit it is.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator

from pylatexenc import latexwalker

from engine.document.text import normalize_text

CITES = frozenset(
    "cite citep citet citealp citealt citeauthor citeyear citeyearpar parencite textcite autocite footcite Cite "
    "Citep Citet citenum shortcite".split())
REFS = frozenset("ref eqref autoref Autoref cref Cref fref Fref pageref vref nameref cpageref".split())
#: A word, then a tie or spaces (one line break at most), right before a reference.
_WORD_BEFORE = re.compile(r"(?<![A-Za-z\\])([A-Za-z]+\.?)(~|[ \t]*\n?[ \t]*)$")
#: Macros whose text goes elsewhere (a footnote's own paragraph): their marks are not this paragraph's.
_ELSEWHERE = frozenset({"footnote", "footnotetext", "thanks", "label"})

Mark = tuple[str, str, str]


def record(text: str, body: str, start: int | None, end: int, pieces: list[object],
           render: Callable[[list[object]], str]) -> tuple[str | None, tuple[Mark, ...]]:
    """The paragraph's source (``body[start:end]``) and its marks, for a paragraph that reads ``text``."""
    if start is None or end <= start:
        return None, ()
    marks: list[Mark] = []
    for kind, node in _inline_nodes(pieces):
        verbatim = node.latex_verbatim()
        rendered = normalize_text(render([node]))
        if not rendered:
            continue
        if kind == "ref" and (len(rendered) <= 2 or not any(c.isalpha() for c in rendered)):  # "3", "A": no clue
            m = _WORD_BEFORE.search(body[max(0, node.pos - 40):node.pos])
            if m and m.group(2) and f"{m.group(1)} {rendered}" in text:
                marks.append((kind, f"{m.group(1)} {rendered}", f"{m.group(1)}{_space(m.group(2))}{verbatim}"))
                continue
        if rendered in text:
            marks.append((kind, rendered, verbatim))
    return body[start:end].strip(), tuple(marks)


def _space(sep: str) -> str:
    return "~" if sep == "~" else " "


def _inline_nodes(pieces: list[object]) -> Iterator[tuple[str, latexwalker.LatexNode]]:
    for piece in pieces:
        if isinstance(piece, latexwalker.LatexMathNode):
            if piece.displaytype == "inline":
                yield "math", piece
        elif isinstance(piece, latexwalker.LatexMacroNode):
            if piece.macroname in CITES:
                yield "cite", piece
            elif piece.macroname in REFS:
                yield "ref", piece
            elif piece.macroname not in _ELSEWHERE and piece.nodeargd:
                for arg in piece.nodeargd.argnlist:
                    if arg is not None:
                        yield from _inline_nodes(getattr(arg, "nodelist", None) or [arg])
        elif isinstance(piece, (latexwalker.LatexGroupNode, latexwalker.LatexEnvironmentNode)):
            yield from _inline_nodes(piece.nodelist or [])
