"""The ``tabbing`` environment's own commands, read as LaTeX sets them rather than as accents.

Inside ``tabbing``, LaTeX redefines ``\\=`` (set a tab stop), ``\\>`` (go to the next stop), ``\\<``, ``\\+``,
``\\-``, ``\\'`` and ``\\``` (move between stops) and ``\\kill`` (the line only sets stops, and is not printed);
the accents they displace are written ``\\a=``, ``\\a'`` and ``\\a```. The parser knows only the meanings outside
``tabbing``: ``\\=`` is the macron accent and takes the next token as its argument, so ``\\=$x$`` takes the ``$``
and every math shift after it pairs with the wrong one. A paper with an odd number of them (crivero1/matlang's
Floyd-Warshall program, session 32) was read from that display to its end as one unit of math, its spaces lost.

``tab_spans`` gives the edits that put the tab commands out of the parser's way (a stop moved to prints a space,
one set prints nothing, a killed line is dropped, ``\\a=`` is the accent again), so each line reads as its words.
"""

from __future__ import annotations

import re

_TABBING = re.compile(r"\\begin\s*\{tabbing\}(.*?)\\end\s*\{tabbing\}", re.S)
_TOKEN = re.compile(r"\\a([='`])|\\(kill|pushtabs|poptabs)(?![A-Za-z@])|\\([=><+\-'`])|\\\\|\\[A-Za-z@]+|\\.", re.S)
#: A tab command's replacement: going to a stop is a space between columns; setting or shifting stops prints nothing.
_TABS = {"=": "", "+": "", "-": "", ">": " ", "<": " ", "'": " ", "`": " "}


def tab_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for each tab command inside a ``tabbing`` environment of ``text``, in order."""
    out: list[tuple[int, int, str]] = []
    for env in _TABBING.finditer(text):
        line_start = env.start(1)  # where the current tabbing line begins (after \\begin or a \\\\)
        for m in _TOKEN.finditer(text, env.start(1), env.end(1)):
            if m.group(1):  # \\a= : the accent \\= outside tabbing
                out.append((m.start(), m.end(), "\\" + m.group(1)))
            elif m.group(2) == "kill":  # the line sets tab stops only
                out = [e for e in out if e[0] < line_start]
                out.append((line_start, m.end(), ""))
                line_start = m.end()
            elif m.group(2):
                out.append((m.start(), m.end(), ""))
            elif m.group(3):
                out.append((m.start(), m.end(), _TABS[m.group(3)]))
            elif m.group(0) == "\\\\":
                line_start = m.end()
    return out
