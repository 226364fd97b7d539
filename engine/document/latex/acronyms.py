"""Acronyms as the ``glossaries`` and ``acronym`` packages print them.

Definitions are read from the whole source (preamble included): ``\\newacronym[..]{key}{short}{long}``
and ``\\newabbreviation`` (glossaries), ``\\acro{key}[short]{long}`` (acronym). A use prints what the
package prints: the first ``\\gls{key}`` or ``\\ac{key}`` gives "long (short)" and later ones "short";
``\\acrshort``/``\\acs`` the short form, ``\\acrlong``/``\\acl`` the long one, ``\\acrfull``/``\\acf`` both;
plural forms add an "s", capitalised forms capitalise the first letter. An unknown key prints as itself.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.document.latex.macros import read_group

_DEFINITION = re.compile(r"\\(newacronym|newabbreviation|acro)\b\s*")
#: macro name -> (form, plural); form is "first" (long (short) the first time, short after), "short",
#: "long" or "full"; "first" marks the acronym used, as \gls and \ac do.
USES: dict[str, tuple[str, bool]] = {
    "gls": ("first", False), "Gls": ("first", False), "glspl": ("first", True),
    "Glspl": ("first", True), "ac": ("first", False), "Ac": ("first", False), "acp": ("first", True),
    "Acp": ("first", True), "acrshort": ("short", False), "Acrshort": ("short", False), "acrshortpl": ("short", True),
    "acs": ("short", False), "acsp": ("short", True), "acrlong": ("long", False), "Acrlong": ("long", False),
    "acrlongpl": ("long", True), "acl": ("long", False), "Acl": ("long", False), "aclp": ("long", True),
    "acrfull": ("full", False), "Acrfull": ("full", False), "acrfullpl": ("full", True), "acf": ("full", False),
    "Acf": ("full", False), "acfp": ("full", True),
}


@dataclass
class Acronyms:
    """The defined acronyms (key -> (short, long), as LaTeX) and those used once already."""

    defined: dict[str, tuple[str, str]] = field(default_factory=dict)
    used: set[str] = field(default_factory=set)

    def text(self, macro: str, key: str, mark: bool = True) -> str | None:
        """The LaTeX a use prints, or None for a key not defined. ``mark``: False for a starred use (``\\ac*{NN}``),
        which prints as the unstarred one but leaves the acronym unused, as the acronym package does."""
        if key not in self.defined or macro not in USES:
            return None
        short, long = self.defined[key]
        form, plural = USES[macro]
        if plural:
            short, long = short + "s", long + "s"
        if form == "first":
            form = "short" if key in self.used else "full"
            if mark:
                self.used.add(key)
        out = {"short": short, "long": long, "full": f"{long} ({short})"}[form]
        return _capitalise(out) if macro[0].isupper() else out


def read_acronyms(text: str) -> Acronyms:
    """The acronyms a source defines."""
    found = Acronyms()
    for m in _DEFINITION.finditer(text):
        i = m.end()
        if m.group(1) != "acro":
            opt = read_group(text, i, "[", "]")
            i = opt[1] if opt else i
        key = read_group(text, i)
        if key is None:
            continue
        i = key[1]
        short = read_group(text, i, "[", "]") if m.group(1) == "acro" else read_group(text, i)
        if short is not None:
            i = short[1]
        long = read_group(text, i)
        if long is None:
            continue
        found.defined.setdefault(key[0].strip(), ((short[0] if short else key[0]).strip(), long[0].strip()))
    return found


def _capitalise(text: str) -> str:
    for i, c in enumerate(text):
        if c.isalpha():
            return text[:i] + c.upper() + text[i + 1:]
        if c == "\\":
            return text
    return text
