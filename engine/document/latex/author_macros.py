"""The author's own text macros (``\\newcommand{\\method}{\\textsc{Redraft}\\xspace}``, ``\\def\\eg{e.g.}``), recorded
so that a suggestion written back in the draft's own syntax uses the macro where the text it reads as came from it
(``engine.generate.source_syntax``): the reader expands them, so a paragraph's text and source read "Redraft".

Recorded: a macro the main files define with no argument, whose body, the paper's other macros expanded, is text (no ``$``,
sub- or superscript, ``@``, and no command but text styles and spacing: a maths macro lives inside a maths span, whose
source is kept whole) and reads as text with a letter, at least two characters; with the number
of its uses in the document body, counted before expansion, so the writer can tell whether every occurrence of
that text in the draft came from the macro."""

from __future__ import annotations

import re

from engine.document.latex.macros import Macro, expand_macros
from engine.document.latex.source import SourceText, document_body
from engine.document.latex.text import LatexText

_MATHS = re.compile(r"\$|\\\(|[_^@]")
#: The commands a text macro's body may hold, the paper's other macros expanded: text styles and spacing. Any other
#: (``\\partial``, ``\\vec``, ``\\mathbb``: maths used inside ``$..$``) keeps the macro out: written back into text it
#: would not typeset.
_TEXT_COMMANDS = frozenset("""textsc textbf textit textsl textup textrm textsf texttt textmd textnormal emph mbox
    text xspace relax ignorespaces scshape bfseries itshape slshape upshape rmfamily sffamily ttfamily normalfont
    sc bf it sl tt rm sf""".split())


def text_macros(macros: dict[str, Macro], src: SourceText) -> tuple[tuple[str, str, int, bool], ...]:
    """``(name, what it reads as, uses in the body, ends in \\xspace)`` of each text macro of ``macros`` (the main
    files' definitions, ``collect_macros``) used in ``src``'s body (not yet expanded)."""
    body = (document_body(src) or src).text
    out = []
    for name, macro in sorted(macros.items()):
        if macro.nargs or macro.default is not None:
            continue
        uses = len(re.findall(r"(?<!\\)\\" + re.escape(name) + r"(?![a-zA-Z@])", body))
        if not uses:
            continue
        expanded = expand_macros(SourceText("\\" + name), macros).text  # through the paper's other macros
        if _MATHS.search(expanded) or any(c not in _TEXT_COMMANDS for c in re.findall(r"\\([a-zA-Z]+)", expanded)):
            continue
        rendered = " ".join(LatexText().convert(expanded).split())
        if len(rendered) < 2 or not re.search(r"[A-Za-z]", rendered) or "\\" in rendered:
            continue
        out.append((name, rendered, uses, macro.body.rstrip().endswith("\\xspace")))
    return tuple(out)
