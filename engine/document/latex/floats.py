"""A float's units: its captions, outermost first (``float_captions``)."""

from __future__ import annotations

from pylatexenc import latexwalker

from engine.document.latex.numbers import FLOATS


def float_captions(nodes: list[latexwalker.LatexNode], kind: str | None) -> list[tuple[latexwalker.LatexMacroNode, str | None]]:
    """Caption macros inside a float, outermost first; subfigure captions carry no kind."""
    found: list[tuple[latexwalker.LatexMacroNode, str | None]] = []
    for node in nodes:
        if isinstance(node, latexwalker.LatexMacroNode) and node.macroname == "caption":
            found.append((node, kind))
        elif isinstance(node, latexwalker.LatexEnvironmentNode):
            name = node.environmentname
            inner = None if name in ("subfigure", "subtable") else FLOATS.get(name, kind)
            found.extend(float_captions(node.nodelist, inner))
        elif isinstance(node, latexwalker.LatexGroupNode):
            found.extend(float_captions(node.nodelist, kind))
        elif isinstance(node, latexwalker.LatexMacroNode) and node.nodeargd:
            for arg in node.nodeargd.argnlist:
                if arg is not None and getattr(arg, "nodelist", None):
                    found.extend(float_captions(arg.nodelist, kind))
    return found
