"""Low-level TeX that prints nothing, found in the body after macro expansion, and taken out before parsing.

A paper's own macros often build a symbol from TeX primitives (``\\kern-0.25ex`` between two bars, ``\\mkern1mu``
after an imaginary unit, ``\\hbox to0ex{\\kern-7\\p@ ...}`` under a raised sign, ``\\futurelet\\@let@token``
behind ``\\etc``). The parser knows none of these: it drops the control word and prints its dimension or the
letters of an ``@``-name as text ("|-0.25ex|", "i1mu", "to0ex-7@", "etclet@tokenonedot"). TeX prints nothing for
them, so they are removed here:

- a spacing or shifting primitive (``\\kern``, ``\\mkern``, ``\\hskip``, ``\\vskip``, ``\\mskip``, ``\\raise``,
  ``\\lower``, ``\\moveleft``, ``\\moveright``) with its dimension or glue (the box a ``\\raise`` moves is kept);
- a box's size (``\\hbox to 0ex{``, ``\\vbox spread 2pt{``: the box is kept, its text read);
- a length or skip set without braces (``\\tabcolsep=3pt``, ``\\Urlmuskip=0mu plus 1mu``, ``\\parindent 0pt``);
- a control word with an ``@`` in its name (``\\@let@token``, ``\\p@``), a package's or class's internals;
- ``tabbing``'s tab commands (``\\=``, ``\\>``, ``\\kill``: ``tabbing.py``), which the parser took for accents.

A dimension is a number with one of TeX's units or a length register; a number alone is not one, so math such
as ``$\\Delta = 5$`` is never touched, and a register must be named like one (``...skip``, ``...sep``,
``...width``, an ``@``-name), so ``$\\lambda = 2\\mu$`` is not either.
"""

from __future__ import annotations

import re

from engine.document.latex.tabbing import tab_spans

_NUMBER = r"(?:\d+(?:[.,]\d*)?|[.,]\d+)"
#: Commands named like registers, that print or space and take no dimension.
_COMMANDS = r"(?!(?:no|big|med|small|h|v|m)(?:indent|skip)(?![A-Za-z@]))"
_REGISTER = (rf"\\{_COMMANDS}(?:[A-Za-z]*@[A-Za-z@]*|[A-Za-z]*(?:skip|sep|width|height|depth|indent|unitlength|size))"
             r"(?![A-Za-z@])")
_UNIT = r"(?:true)?(?:pt|pc|in|bp|cm|mm|dd|cc|sp|em|ex|mu|fil{1,3})(?![A-Za-z@])"
_SPACE = r"[ \t]*(?:\n[ \t]*)?"  # spaces, at most one line end: a blank line ends a paragraph, and any dimension
_DIMEN = rf"(?:[-+]{_SPACE})?(?:{_NUMBER}{_SPACE}{_UNIT}|(?:{_NUMBER}{_SPACE})?{_REGISTER})"
_GLUE = _DIMEN + rf"(?:{_SPACE}plus{_SPACE}{_DIMEN})?(?:{_SPACE}minus{_SPACE}{_DIMEN})?"
_PRIMITIVE = r"\\(?:kern|mkern|hskip|vskip|mskip|raise|lower|moveleft|moveright)(?![A-Za-z@])"
_NAMED_LENGTH = rf"\\{_COMMANDS}[A-Za-z]*(?:skip|sep|width|height|indent|margin|muskip)(?![A-Za-z@])"

#: Each pattern's match is removed, except the group ``keep`` (a box's own control word); a dimension takes one
#: space after it, as TeX's does.
PATTERNS = (
    re.compile(rf"{_PRIMITIVE}{_SPACE}=?{_SPACE}{_GLUE}[ \t]?"),
    re.compile(rf"(?P<keep>\\(?:hbox|vbox|vtop)){_SPACE}(?:to|spread){_SPACE}{_DIMEN}"),
    # a register set by name: after "=", or to a number with its unit ("\\parindent0pt"; "\\parindent\\z@" needs "=")
    re.compile(rf"{_NAMED_LENGTH}{_SPACE}(?:={_SPACE}{_GLUE}|(?:[-+]{_SPACE})?{_NUMBER}{_SPACE}{_UNIT}"
               rf"{_GLUE[len(_DIMEN):]})[ \t]?"),
    re.compile(r"\\(?:[A-Za-z]+@[A-Za-z@]*|@[A-Za-z@]+)"),
)


def low_level_spans(text: str) -> list[tuple[int, int, str]]:
    """(start, end, replacement) for each piece of low-level TeX in ``text``, in order, none overlapping."""
    found: list[tuple[int, int, str]] = []
    for pattern in PATTERNS:
        for m in pattern.finditer(text):
            keep = m.groupdict().get("keep")
            found.append((m.start(), m.end(), keep + " " if keep else ""))
    found += tab_spans(text)
    found.sort()
    out: list[tuple[int, int, str]] = []
    for start, end, repl in found:
        if out and start < out[-1][1]:
            continue  # inside a piece already taken (a register inside a \\kern's dimension)
        out.append((start, end, repl))
    return out
