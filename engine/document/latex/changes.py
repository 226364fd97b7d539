"""Track-changes markup read as the final text: what was added is kept, what was deleted is dropped.

The macros of the packages authors mark a revision with are given as ``Macro`` definitions, expanded by
``macros.expand_macros`` like the paper's own ``\\newcommand``s (which win: a paper that defines
``\\added`` itself is read by its own definition):

- ``changes``: ``\\added[..]{new}``, ``\\deleted[..]{old}``, ``\\replaced[..]{new}{old}``,
  ``\\highlight[..]{text}`` (kept), ``\\comment[..]{note}`` (dropped);
- ``trackchanges``: ``\\add[..]{new}``, ``\\remove[..]{old}``, ``\\change[..]{old}{new}``,
  ``\\annote[..]{text}{note}`` (text kept), ``\\note[..]{note}`` (dropped); its ``finalold`` option
  prints the old text, and so is read;
- ``soul``'s ``\\st`` and ``ulem``'s ``\\sout``/``\\xout``: struck-out text is deleted text (``\\hl``,
  ``\\ul`` and ``\\uline`` stay as they were: their text is kept).

A package's macros are given only when the paper loads it (``\\add`` or ``\\change`` mean nothing
otherwise), and never one the paper defines or lets itself.
"""

from __future__ import annotations

import re

from engine.document.latex.macros import Macro

_USEPACKAGE = re.compile(r"\\(?:usepackage|RequirePackage)\s*(?:\[(?P<options>[^\]]*)\])?\s*\{(?P<names>[^}]*)\}")

_CHANGES = (
    Macro("added", 2, "", "#2"),
    Macro("deleted", 2, "", ""),
    Macro("replaced", 3, "", "#2"),
    Macro("highlight", 2, "", "#2"),
    Macro("comment", 2, "", ""),
)
_TRACKCHANGES = (
    Macro("add", 2, "", "#2"),
    Macro("remove", 2, "", ""),
    Macro("change", 3, "", "#3"),
    Macro("annote", 3, "", "#2"),
    Macro("note", 2, "", ""),
)
_TRACKCHANGES_OLD = (
    Macro("add", 2, "", ""),
    Macro("remove", 2, "", "#2"),
    Macro("change", 3, "", "#2"),
    Macro("annote", 3, "", "#2"),
    Macro("note", 2, "", ""),
)
_SOUL = (Macro("st", 1, None, ""),)
_ULEM = (Macro("sout", 1, None, ""), Macro("xout", 1, None, ""))


def track_changes_macros(source: str) -> dict[str, Macro]:
    """The track-changes macros of the packages ``source`` loads and does not redefine, to expand."""
    text = _without_comments(source)
    found: list[Macro] = []
    for m in _USEPACKAGE.finditer(text):
        names = {name.strip() for name in m.group("names").split(",")}
        options = {option.strip() for option in (m.group("options") or "").split(",")}
        if "changes" in names:
            found.extend(_CHANGES)
        if "trackchanges" in names:
            found.extend(_TRACKCHANGES_OLD if "finalold" in options else _TRACKCHANGES)
        if names & {"soul", "soulutf8"}:
            found.extend(_SOUL)
        if "ulem" in names:
            found.extend(_ULEM)
    return {macro.name: macro for macro in found if not _defined(text, macro.name)}


def _defined(text: str, name: str) -> bool:
    """Whether the paper defines ``\\name`` itself (``\\newcommand``, ``\\def``, ``\\let`` and their kin)."""
    return re.search(
        r"\\(?:(?:re)?newcommand|providecommand|DeclareRobustCommand|[gex]?def|let)\*?\s*\{?\s*\\" + name + r"(?![a-zA-Z@])",
        text,
    ) is not None


def _without_comments(text: str) -> str:
    return re.sub(r"(?<!\\)%[^\n]*", "", text)
