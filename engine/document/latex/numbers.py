"""Numbering a LaTeX document like LaTeX does: sections, figures, tables, equations, labels.

One pass over the node tree gives each numbered heading and caption its number
(keyed by ``id(node)``) and each ``\\label`` the (kind, number) that ``\\ref``
prints. Best effort: standard counters of article-like classes, no ``\\setcounter``;
the classes that print other numbers are told apart by ``number_style``: IEEEtran
("Section II-A", "Section II-A1" for a subsubsection, "Table IV"; with its ``compsoc`` option all arabic, as
the article class: "Section 2.1", "Table 4"; after its ``\\appendices`` the sections lettered, "A", "A-A", or in
roman with its ``romanappendices`` option) and REVTeX ("Section II A", and equations of appendix A numbered
"A1", "A2", ...).
"""

from __future__ import annotations

import re
import string
from dataclasses import dataclass, field

from pylatexenc import latexwalker

from engine.document.latex.text import MATH_ENVS
from engine.document.latex.theorems import Theorem

HEADINGS = {"part": 0, "chapter": 1, "section": 2, "subsection": 3, "subsubsection": 4, "paragraph": 5, "subparagraph": 6,
            "bmhead": 5}  # Springer Nature's (sn-jnl) run-in bold heading: "Acknowledgements", "Data Availability"
FLOATS = {
    "figure": "figure", "figure*": "figure", "wrapfigure": "figure", "SCfigure": "figure",
    "table": "table", "table*": "table", "wraptable": "table", "algorithm": "algorithm", "algorithm*": "algorithm",
    "listing": "listing",
}
_UNNUMBERED_MATH = {"equation*", "align*", "alignat*", "gather*", "multline*", "eqnarray*", "flalign*", "displaymath", "math", "dmath*", "split"}


_CLASS = re.compile(r"\\documentclass\s*(?:\[([^\]]*)\])?\s*\{\s*([\w-]+)\s*\}")
_ROMAN = ((1000, "M"), (900, "CM"), (500, "D"), (400, "CD"), (100, "C"), (90, "XC"), (50, "L"), (40, "XL"),
          (10, "X"), (9, "IX"), (5, "V"), (4, "IV"), (1, "I"))


def number_style(text: str) -> str:
    """How the document class numbers sections: ``"ieee"`` (IEEEtran), ``"revtex"`` (REVTeX) or ``"plain"``."""
    m = _CLASS.search(text)
    name = m.group(2).lower() if m else ""
    options = {o.strip().lower() for o in (m.group(1) or "").split(",")} if m else set()
    if name.startswith("ieeetran"):
        return "plain" if "compsoc" in options else "ieee"  # IEEEtran's compsoc numbers all in arabic, "2.1"
    return "revtex" if name.startswith("revtex") else "plain"


def roman_appendices(text: str) -> bool:
    """Whether the document class is given IEEEtran's ``romanappendices`` option."""
    m = _CLASS.search(text)
    return bool(m) and "romanappendices" in {o.strip().lower() for o in (m.group(1) or "").split(",")}


def roman(n: int) -> str:
    out = ""
    for value, digits in _ROMAN:
        while n >= value:
            out, n = out + digits, n - value
    return out


@dataclass
class Numbering:
    labels: dict[str, tuple[str, str]] = field(default_factory=dict)
    #: A heading's label -> the counter hyperref names it by for ``\\autoref`` ("subsection", "appendix": a label's
    #: kind is "section" for every heading, as cleveref names them).
    counters: dict[str, str] = field(default_factory=dict)
    numbers: dict[int, str] = field(default_factory=dict)
    has_chapters: bool = False


def number_document(nodes: list[latexwalker.LatexNode], style: str = "plain",
                    theorems: dict[str, Theorem] | None = None, roman_appendices: bool = False) -> Numbering:
    """Numbers for headings and captions, and the label table; ``style`` from ``number_style``; ``theorems`` (from
    ``theorems.read_theorems``) numbers theorem-like environments, whose labels get the environment as their kind."""
    state = _State(Numbering(), style, theorems or {}, roman_appendices)
    state.result.has_chapters = _has_macro(nodes, "chapter")
    state.walk(nodes, float_kind=None)
    return state.result


def _has_macro(nodes: list[latexwalker.LatexNode], name: str) -> bool:
    for node in nodes:
        if isinstance(node, latexwalker.LatexMacroNode) and node.macroname == name:
            return True
        if hasattr(node, "nodelist") and node.nodelist and _has_macro(node.nodelist, name):
            return True
    return False


class _State:
    def __init__(self, result: Numbering, style: str = "plain", theorems: dict[str, Theorem] | None = None,
                 roman_appendices: bool = False) -> None:
        self.result = result
        self.roman_appendices = roman_appendices
        self.style = style
        self.theorems = theorems or {}
        self.theorem_counts: dict[str, tuple[int, tuple[int, ...]]] = {}  # counter -> (count, the sections it is in)
        self.sections = [0] * 7
        self.appendix = False
        self.appendices = ""  # IEEEtran's \\appendices: "A" (lettered) or "I" (its romanappendices option)
        self.counters = {"figure": 0, "table": 0, "equation": 0, "algorithm": 0, "listing": 0}
        self.current: tuple[str, str] = ("", "")
        self.counter = ""  # the heading counter of ``current`` (``Numbering.counters``), "" for any other number
        self.hy_appendix = False  # after \\appendix, which hyperref wraps: the top level is its "appendix"
        self.captioned = False  # the float being walked has had its own caption
        self.subfloats = 0  # subfigures seen in the float being walked

    def walk(self, nodes: list[latexwalker.LatexNode], float_kind: str | None) -> None:
        for node in nodes:
            if isinstance(node, latexwalker.LatexMacroNode):
                self.macro(node, float_kind)
            elif isinstance(node, latexwalker.LatexEnvironmentNode):
                self.environment(node, float_kind)
            elif isinstance(node, latexwalker.LatexGroupNode):
                self.walk(node.nodelist, float_kind)

    def macro(self, node: latexwalker.LatexMacroNode, float_kind: str | None) -> None:
        name = node.macroname
        if name == "appendix" or (name == "appendices" and self.style == "ieee"):
            self.appendix = True
            self.hy_appendix = self.hy_appendix or name == "appendix"
            if name == "appendices":  # IEEEtran: "Appendix A", "A-A" under it, lemma "A.1", as before "II-A"
                self.appendices = "I" if self.roman_appendices else "A"
            top = 1 if self.result.has_chapters else 2
            self.sections[top:] = [0] * (7 - top)
        elif name in HEADINGS and not _starred(node):
            level = HEADINGS[name]
            top = 1 if self.result.has_chapters else 2
            if level < top or level > 4:
                return
            self.sections[level] += 1
            self.sections[level + 1 :] = [0] * (6 - level)
            number = self.heading_number(top, level)
            if self.style == "revtex" and self.appendix and level == top:
                self.counters["equation"] = 0  # REVTeX numbers an appendix's equations A1, A2, ...
            self.result.numbers[id(node)] = number
            self.current = ("section", number)
            self.counter = "appendix" if self.hy_appendix and level == top else name
        elif name == "caption" and float_kind:
            self.counters[float_kind] += 1
            self.captioned = True
            n = self.counters[float_kind]
            number = roman(n) if self.style == "ieee" and float_kind == "table" else str(n)  # IEEEtran: "TABLE IV"
            self.result.numbers[id(node)] = number
            self.current = (float_kind, number)
        elif name == "refstepcounter" and _arg(node) in self.counters:  # a float numbered by hand (Frontiers' class)
            kind = _arg(node)
            self.counters[kind] += 1
            self.captioned = self.captioned or kind == float_kind
            self.current = (kind, str(self.counters[kind]))
        elif (name == "arabic" and _arg(node) in self.counters) or name in ("thefigure", "thetable"):
            self.result.numbers[id(node)] = str(self.counters[_arg(node) if name == "arabic" else name[3:]])
        elif name == "label" and node.nodeargd and node.nodeargd.argnlist:
            arg = node.nodeargd.argnlist[-1]
            key = arg.latex_verbatim().strip("{} \n") if arg is not None else ""
            if key and self.current[1]:
                if key not in self.result.labels and self.current[0] == "section" and self.counter:
                    self.result.counters[key] = self.counter
                self.result.labels.setdefault(key, self.current)
        if node.nodeargd:
            for arg in node.nodeargd.argnlist:
                if arg is not None and hasattr(arg, "nodelist") and arg.nodelist:
                    self.walk(arg.nodelist, float_kind)

    def heading_number(self, top: int, level: int) -> str:
        """"2.1" (article), "II-A" (IEEEtran), "II A" (REVTeX); appendices lettered ("A.1", "A-1", "A 1";
        after IEEEtran's ``\\appendices`` "A-A", as before them "II-A")."""
        parts = []
        for i in range(top, level + 1):
            n = self.sections[i]
            if self.appendix and i == top:
                parts.append(roman(n) if self.appendices == "I" else string.ascii_uppercase[(n - 1) % 26])
            elif self.style != "plain" and i == top:
                parts.append(roman(n))
            elif self.style != "plain" and i == top + 1 and (not self.appendix or self.appendices):
                parts.append(string.ascii_uppercase[(n - 1) % 26])
            else:
                parts.append(str(n))
        if self.style == "ieee" and level == top + 2 and (not self.appendix or self.appendices):  # "II-A1"
            return "-".join(parts[:-1]) + parts[-1]
        return {"ieee": "-", "revtex": " "}.get(self.style, ".").join(parts)

    def environment(self, node: latexwalker.LatexEnvironmentNode, float_kind: str | None) -> None:
        name = node.environmentname
        if name in FLOATS:
            self.captioned, self.subfloats = False, 0
            self.walk(node.nodelist, FLOATS[name])
            return
        if name in ("subfigure", "subtable"):
            if float_kind:  # subcaption's \ref prints "11a": the float's number (its caption may come later), a letter
                self.subfloats += 1
                number = self.counters[float_kind] + (0 if self.captioned else 1)
                self.current = (float_kind, f"{number}{string.ascii_lowercase[(self.subfloats - 1) % 26]}")
            self.walk(node.nodelist, None)
            return
        if name in self.theorems:
            self.current = (name, self.theorem_number(self.theorems[name]))
            self.walk(node.nodelist, float_kind)
            return
        if name in MATH_ENVS:
            if name in _UNNUMBERED_MATH:
                self.walk(node.nodelist, float_kind)
                return
            self.math_rows(node.nodelist, multi=name.startswith(("align", "gather", "eqnarray", "flalign")))
            return
        self.walk(node.nodelist, float_kind)

    def theorem_number(self, theorem: Theorem) -> str:
        """The next number on ``theorem``'s counter: "3", or "2.3" within a section (reset when the section changes)."""
        top = 1 if self.result.has_chapters else 2
        level = HEADINGS.get(theorem.within or "", 0)
        within = tuple(self.sections[top : level + 1]) if level >= top else ()
        count, seen = self.theorem_counts.get(theorem.counter, (0, within))
        count = count + 1 if seen == within else 1
        self.theorem_counts[theorem.counter] = (count, within)
        if not within:
            return str(count)
        prefix = self.heading_number(top, level) if any(within) else ".".join(map(str, within))
        return f"{prefix}.{count}"

    def math_rows(self, nodes: list[latexwalker.LatexNode], multi: bool) -> None:
        rows: list[list[latexwalker.LatexNode]] = [[]]
        for node in nodes:
            if multi and isinstance(node, latexwalker.LatexMacroNode) and node.macroname == "\\":
                rows.append([])
            else:
                rows[-1].append(node)
        for row in rows:
            if multi and not any(_is_text(n) for n in row):
                continue
            if any(isinstance(n, latexwalker.LatexMacroNode) and n.macroname in ("nonumber", "notag") for n in row):
                continue
            self.counters["equation"] += 1
            prefix = string.ascii_uppercase[(self.sections[2] - 1) % 26] \
                if self.style == "revtex" and self.appendix and self.sections[2] else ""
            self.current = ("equation", prefix + str(self.counters["equation"]))
            self.walk(row, None)


def _is_text(node: latexwalker.LatexNode) -> bool:
    if isinstance(node, latexwalker.LatexCharsNode):
        return bool(node.chars.strip())
    return not isinstance(node, latexwalker.LatexCommentNode)


def _arg(node: latexwalker.LatexMacroNode) -> str:
    """A macro's last argument as written, braces and spaces stripped."""
    args = node.nodeargd.argnlist if node.nodeargd else []
    return args[-1].latex_verbatim().strip("{} \n") if args and args[-1] is not None else ""


def _starred(node: latexwalker.LatexMacroNode) -> bool:
    args = node.nodeargd.argnlist if node.nodeargd else []
    return bool(args) and args[0] is not None and getattr(args[0], "chars", "") == "*"
