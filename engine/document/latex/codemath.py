"""Dollar signs that open no maths: in code, and in an empty formula given as a mark.

TeX reads ``$`` as a math shift only where the category codes say so. Code is set with other codes: lhs2TeX's
``code`` and ``spec`` blocks (literate Haskell or Agda, where ``f $ x`` is an application) and a listings
environment (``\\lstnewenvironment``) print their ``$`` as typed; so does a short code macro wrapping
``\\lstinline`` or ``\\verb`` (``\\newcommand{\\il}[1]{\\lstinline;#1;}``), whose argument TeX reads before any
macro in it expands. Read as LaTeX, such a ``$`` opened maths that ran over the rest of the paper (session 33:
an lhs2TeX paper lost its conclusion; a code macro's argument, its inner macros expanded into the ``;`` that
ends ``\\lstinline``, swallowed the rest of a side). And a mark given as an empty formula, authblk's
``\\affil[$$]{..}``, is set in a superscript, where ``$$`` opens and closes an empty formula, never a display
(a submitted side read 2 paragraphs of 115).

Rules, applied before macros expand: in a code block each unescaped ``$`` is escaped (the block reads as before,
its dollars as characters); a use of a code-wrapping macro becomes ``\\texttt`` of its argument as typed, every
special character escaped; ``[$$]`` and ``{$$}`` are an empty formula and print nothing.
"""

from __future__ import annotations

import re

from engine.document.latex.macros import read_group
from engine.document.latex.source import SourceText

#: lhs2TeX's code environments, unless the paper defines an environment of that name itself.
_LITERATE = ("code", "spec")
_DEFINED_ENV = re.compile(r"\\(?:re)?newenvironment\*?\s*\{([A-Za-z*]+)\}")
_LISTINGS_ENV = re.compile(r"\\lstnewenvironment\s*\{([A-Za-z*]+)\}")
#: ``\\newcommand{\\il}[1]{\\lstinline[..];#1;}``, ``\\def\\il#1{\\verb|#1|}``: a macro whose whole body sets its one
#: argument as code.
_CODE_MACRO = re.compile(
    r"\\(?:(?:re|provide)?newcommand\*?\s*\{?\s*\\([A-Za-z]+)\s*\}?\s*\[1\]|\\def\s*\\([A-Za-z]+)\s*#1)\s*"
    r"\{\s*\\(?:lstinline|verb)\*?\s*(?:\[[^\]\n]*\])?\s*(?:\{#1\}|([^\sA-Za-z{])#1\3)\s*\}")
_EMPTY_FORMULA = re.compile(r"(?<=[\[{])\s*\$\$\s*(?=[\]}])")
_SPECIAL = {"\\": "\\textbackslash{}", "{": "\\{", "}": "\\}", "$": "\\$", "&": "\\&", "#": "\\#", "%": "\\%",
            "_": "\\_", "^": "\\^{}", "~": "\\~{}"}


def protect_code_and_marks(src: SourceText) -> SourceText:
    """The source with code's dollars and empty formulas made harmless (the module's rules)."""
    text = src.text
    edits: list[tuple[int, int, str]] = []
    defined = set(_DEFINED_ENV.findall(text))
    names = {n for n in _LITERATE if n not in defined} | set(_LISTINGS_ENV.findall(text))
    if names:
        alternatives = "|".join(re.escape(n) for n in sorted(names, key=len, reverse=True))
        block = re.compile(r"\\begin\s*\{(" + alternatives + r")\}(.*?)\\end\s*\{\1\}", re.S)
        for m in block.finditer(text):
            body = re.sub(r"(?<!\\)((?:\\\\)*)\$", r"\1\\$", m.group(2))
            if body != m.group(2):
                edits.append((m.start(2), m.end(2), body))
    taken = [(s, e) for s, e, _ in edits]
    wrappers = {a or b for a, b, _ in _CODE_MACRO.findall(text)}
    if wrappers:
        use = re.compile(r"\\(" + "|".join(sorted(wrappers, key=len, reverse=True)) + r")(?![A-Za-z@])")
        for m in use.finditer(text):
            group = read_group(text, m.end())
            if group is None or any(s <= m.start() < e for s, e in taken) or _in_definition(text, m.start()):
                continue
            edits.append((m.start(), group[1], "\\texttt{" + "".join(_SPECIAL.get(c, c) for c in group[0]) + "}"))
    taken = [(s, e) for s, e, _ in edits]
    edits += [(m.start(), m.end(), "") for m in _EMPTY_FORMULA.finditer(text)
              if not any(s <= m.start() < e for s, e in taken)]
    return src.splice(sorted(edits)) if edits else src


def _in_definition(text: str, pos: int) -> bool:
    """Whether the macro name at ``pos`` is the one a definition on its line names (``\\newcommand{\\il}``)."""
    line = text[text.rfind("\n", 0, pos) + 1:pos]
    return bool(re.search(r"\\(?:(?:re|provide)?newcommand\*?\s*\{?\s*|def\s*)$", line))
