"""Code set in a verbatim environment that still reads commands: pandoc's and Quarto's highlighted code.

fancyvrb's ``\\DefineVerbatimEnvironment{Highlighting}{Verbatim}{commandchars=\\\\\\{\\}}`` (pandoc writes it for
every highlighted code block, inside ``Shaded``) makes an environment whose text is set as typed, except ``\\``,
``{`` and ``}``: pandoc wraps each token in a command that colours it (``\\SpecialCharTok{$}``,
``\\NormalTok{x }``) and writes the characters LaTeX would take as commands as escapes (``\\textless{}``, ``\\_``,
``{-}``). Read as LaTeX, such a ``$`` opened maths that swallowed the rest of the paper (session 32, a Quarto
paper). Rule: an environment declared with ``\\DefineVerbatimEnvironment`` (and ``Highlighting``, pandoc's, even
when its declaration is not read) is a verbatim block, the loader's OTHER paragraph; where it declares
``commandchars``, each command prints its last argument and each escape its character, as they typeset.
"""

from __future__ import annotations

import re

from engine.document.latex.source import SourceText

_DECLARED = re.compile(r"\\DefineVerbatimEnvironment\s*\{([A-Za-z*]+)\}\s*\{[A-Za-z*]+\}\s*\{([^\n]*)")
#: pandoc's escapes (skylighting's LaTeX writer) and fancyvrb's usual ones, as the characters they print.
ESCAPES = {
    "textless": "<", "textgreater": ">", "textbackslash": "\\", "textasciitilde": "~", "textasciicircum": "^",
    "textquotesingle": "'", "textasciigrave": "`", "textquotedbl": '"', "textbar": "|", "VerbBar": "|",
    "textunderscore": "_", "textdollar": "$", "textpercent": "%",
}
_TOKEN = re.compile(r"\\([A-Za-z@]+)\s*(\{\})?|\\(.)|([{}])|([^\\{}]+)", re.S)


def verbatim_environments(text: str) -> dict[str, bool]:
    """The environments ``text`` declares with ``\\DefineVerbatimEnvironment``, each with whether it reads
    commands (``commandchars``); ``Highlighting`` always, with commands."""
    found = {"Highlighting": True}
    for m in _DECLARED.finditer(text):
        found[m.group(1)] = "commandchars" in m.group(2)
    return found


def code_text(content: str) -> str:
    """The characters a ``commandchars`` verbatim block typesets: a command's braces dropped (its argument kept),
    an escape as its character, ``{-}`` as ``-``."""
    out: list[str] = []
    for m in _TOKEN.finditer(content):
        name, empty, char, brace, plain = m.groups()
        if plain is not None:
            out.append(plain)
        elif char is not None:
            out.append(char)
        elif name is not None:
            out.append(ESCAPES.get(name, ""))
    return "".join(out)


def protect_code_blocks(src: SourceText) -> SourceText:
    """Each block of a declared verbatim environment swapped for a ``verbatim`` block of the text it typesets (read
    by the loader as any ``verbatim``), before macros are expanded inside it."""
    envs = verbatim_environments(src.text)
    names = "|".join(re.escape(n) for n in sorted(envs, key=len, reverse=True))
    block = re.compile(r"\\begin\s*\{(" + names + r")\}(?:\[[^\]\n]*\])?(.*?)\\end\s*\{\1\}", re.S)
    edits: list[tuple[int, int, str]] = []
    for m in block.finditer(src.text):
        code = code_text(m.group(2)) if envs[m.group(1)] else m.group(2)
        code = code.replace("\\end{verbatim}", "\\end {verbatim}")
        edits.append((m.start(), m.end(), "\\begin{verbatim}" + code + "\\end{verbatim}"))
    return src.splice(edits) if edits else src
