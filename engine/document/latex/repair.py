"""Parsing the document body so that one mis-read environment cannot swallow the rest of the paper.

pylatexenc reads an environment until the ``\\end`` that closes its last open group. When the text inside an
environment leaves a group open (an unbalanced brace written by hand, or one left by a macro expansion that
TeX would read differently), the environment runs on past its own ``\\end{name}`` to the end of the document,
and an environment whose content the reader does not walk (an equation, a table, a float) takes every
paragraph after it with it, silently.

``parse_body`` parses the body, finds an environment whose parse ends after the ``\\end{name}`` that closes
it in the text, balances that environment's content (unmatched ``}`` dropped, missing ``}`` added at its end,
and in a display-math environment every ``$`` dropped) and parses again; where that changes nothing or does not
suffice, the content of an environment the reader does not read as text (a display, a float, a table) is left out,
and any other environment is left as parsed (what it swallowed is read inside it, perhaps run together). Each
repair, and each environment left as parsed, gives a notice naming the file and line. What is lost is at most that
environment's own content; the paragraphs after it are read.
"""

from __future__ import annotations

import re
from pathlib import Path

from pylatexenc import latexwalker

from engine.document.latex.source import SourceText
from engine.document.latex.text import MATH_ENVS, LatexText

#: Repairs tried on one document before the reader gives up repairing (each one is a parse of the body).
MAX_REPAIRS = 50
_BRACE = re.compile(r"\\.|[{}]", re.S)
_DOLLAR = re.compile(r"\\.|\$", re.S)


def parse_body(body: SourceText, converter: LatexText, notices: list[str], unwalked: frozenset[str],
               ) -> tuple[list[latexwalker.LatexNode], SourceText]:
    """The body's nodes, after repairing each environment whose parse overran its own ``\\end``.

    ``unwalked``: the environments whose content the reader does not read as text (displays, floats, tables); only
    these are left out when balancing does not help. An environment whose content is read (a list, a bibliography)
    loses no text by overrunning, since what it swallowed is read inside it, and is left as parsed.
    """
    for _ in range(MAX_REPAIRS):
        nodes, _, _ = converter.walker(body.text).get_latex_nodes()
        left: list[latexwalker.LatexEnvironmentNode] = []
        bad = _overrun(nodes, body.text, unwalked, left)
        if bad is None:
            notices.extend(f"{_line(body, n.pos)}: \\begin{{{n.environmentname}}} does not close at its \\end as "
                           "parsed; the text after it is read inside it and may run together" for n in left)
            return nodes, body
        node, start, end = bad
        fixed = _balanced(body.text[start:end], node.environmentname in MATH_ENVS)
        line = _line(body, node.pos)
        if fixed != body.text[start:end]:
            notices.append(f"{line}: unbalanced braces or math shifts inside \\begin{{{node.environmentname}}} (as "
                           "written or after macro expansion); read as balanced, the text after it kept")
        else:
            fixed = ""
            notices.append(f"{line}: the content of \\begin{{{node.environmentname}}} could not be read and is left "
                           "out; the text after it kept")
        body = body.splice([(start, end, fixed)])
    notices.append(f"more than {MAX_REPAIRS} environments with unbalanced braces: the rest was read as parsed")
    return nodes, body


def _line(body: SourceText, pos: int) -> str:
    where = body.origin(pos)
    return f"{Path(where[0]).name} line {where[1]}" if where else "the LaTeX source"


def _overrun(nodes: list[latexwalker.LatexNode], text: str, unwalked: frozenset[str],
             left: list[latexwalker.LatexEnvironmentNode]) -> tuple[latexwalker.LatexEnvironmentNode, int, int] | None:
    """The first innermost environment whose parse ends after its closing ``\\end`` and that a repair can help:
    (node, content span); those no repair helps are added to ``left``."""
    for node in nodes:
        if node is None:
            continue
        inner: list[latexwalker.LatexNode] = []
        if isinstance(node, (latexwalker.LatexEnvironmentNode, latexwalker.LatexGroupNode, latexwalker.LatexMathNode)):
            inner.extend(node.nodelist or [])
        if isinstance(node, (latexwalker.LatexEnvironmentNode, latexwalker.LatexMacroNode)) and node.nodeargd:
            inner.extend(a for a in node.nodeargd.argnlist if a is not None)
        found = _overrun(inner, text, unwalked, left) if inner else None
        if found is not None:
            return found
        if isinstance(node, latexwalker.LatexEnvironmentNode):
            span = _content_span(text, node.pos, node.environmentname)
            if span is not None and node.pos + node.len > span[2]:
                name = node.environmentname
                content = text[span[0]:span[1]]
                if name in unwalked or _balanced(content, name in MATH_ENVS) != content:
                    return node, span[0], span[1]
                left.append(node)
    return None


def _content_span(text: str, pos: int, name: str) -> tuple[int, int, int] | None:
    """Where the content of the environment begun at ``pos`` starts and ends, and where its ``\\end`` ends."""
    token = re.compile(r"\\(begin|end)\s*\{" + re.escape(name) + r"\}")
    first = token.match(text, pos)
    if first is None or first.group(1) != "begin":
        return None
    depth = 0
    for m in token.finditer(text, pos):
        depth += 1 if m.group(1) == "begin" else -1
        if depth == 0:
            return first.end(), m.start(), m.end()
    return None


def _balanced(content: str, math: bool) -> str:
    """``content`` with unmatched ``}`` dropped and missing ``}`` added at its end (and, in math, every ``$``)."""
    out: list[str] = []
    open_ = 0
    last = 0
    for m in _BRACE.finditer(content):
        if m.group() == "}":
            if open_ == 0:
                out.append(content[last:m.start()])
                last = m.end()
                continue
            open_ -= 1
        elif m.group() == "{":
            open_ += 1
    out.append(content[last:])
    fixed = "".join(out) + "}" * open_
    if math:  # a display shows as [EQUATION]; a $ inside it (\\text{..$x$..}) only risks the parse
        fixed = _DOLLAR.sub(lambda m: "" if m.group() == "$" else m.group(), fixed)
    return fixed
