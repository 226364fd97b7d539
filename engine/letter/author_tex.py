"""The author's own LaTeX in a response, passed into the ``.tex`` letter.

The rule (docs/letter.md): a response holding a LaTeX command (``\\cite{x}``, ``\\emph{…}``, an escaped
special such as ``\\%``) or inline math (``$…$``, ``\\(…\\)``) is the author's LaTeX. Its commands with their
arguments, its math, groups and environments go into the letter as typed; the prose between them is still
escaped (``%``, ``&``, ``#``, ``_``, ``^``, non-ASCII letters), so "5% of runs" prints rather than starting a
comment. A response that does not parse as LaTeX (an unclosed brace or ``$``, an ``\\end`` with no
``\\begin``) and a response with no LaTeX in it are escaped whole, as plain text. Reviewers' text, the
paper's text and titles are never taken as LaTeX.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from pylatexenc.latexwalker import (
    LatexCharsNode,
    LatexGroupNode,
    LatexNode,
    LatexSpecialsNode,
    LatexWalker,
    LatexWalkerError,
)

#: A command (``\cite``), an escaped special (``\%``, ``\_``), ``\(``, ``\[``; or ``$…$`` math, whose
#: dollars touch its content and whose closing one is not followed by a digit ("costs $5 and $10" is prose).
_LATEX = re.compile(r"\\(?:[A-Za-z]+|[()\[\]%&_#${}])|\$(?=[^\s$])[^$]*(?<=[^\s$\\])\$(?!\d)")
#: A ``%`` that is not escaped (after an even number of backslashes): prose, not a LaTeX comment.
_BARE_PERCENT = re.compile(r"(?<!\\)((?:\\\\)*)%")


def is_author_latex(text: str) -> bool:
    """Whether a response is written in LaTeX (see the module's rule)."""
    return bool(_LATEX.search(text))


def latex_response(text: str, escape: Callable[[str], str]) -> str | None:
    """A response as LaTeX source: the author's LaTeX as typed, its prose escaped by ``escape`` (which
    keeps the text's spaces); None for a response that is not LaTeX or not well-formed (escape it whole)."""
    if not is_author_latex(text):
        return None
    source = _BARE_PERCENT.sub(lambda m: m.group(1) + "\\%", text)
    try:
        nodes, _, _ = LatexWalker(source, tolerant_parsing=False).get_latex_nodes()
    except LatexWalkerError:
        return None
    return "".join(_node_tex(n, escape) for n in nodes)


def _node_tex(node: LatexNode, escape: Callable[[str], str]) -> str:
    if isinstance(node, LatexCharsNode):
        return escape(node.chars)
    if isinstance(node, LatexGroupNode):  # a plain {…} group: its prose is still prose
        open_, close = node.delimiters
        return open_ + "".join(_node_tex(n, escape) for n in node.nodelist) + close
    if isinstance(node, LatexSpecialsNode) and node.specials_chars == "&":  # no alignment in a response
        return "\\&"
    return node.latex_verbatim()  # commands with their arguments, math, environments, ``~``, ``--``
