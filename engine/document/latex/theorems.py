"""Theorem-like environments and the names cleveref and hyperref print for a reference.

``\\newtheorem{lemma}[theorem]{Lemma}`` makes an environment ``lemma`` numbered on the counter of ``theorem``;
``\\newtheorem{thm}{Theorem}[section]`` numbers ``thm`` within sections ("Theorem 2.3"). A ``\\label`` inside one
refers to its number, so ``\\ref`` prints "2.3" and ``\\cref`` "theorem 2.3", where the reader printed the number
of the section around it ("section 2"). A ``\\cref`` prints cleveref's English name for the environment
(``theorem``, ``lemma``, ... as cleveref.sty sets them; ``\\Cref`` capitalised), or the one the source sets with
``\\crefname``/``\\Crefname``, for a theorem-like environment as for a figure, table, section or equation; an
environment cleveref has no name for is named by its ``\\newtheorem`` title. ``\\autoref`` names the number by
its counter, as hyperref does (``autoref_name``): the ``\\<counter>autorefname`` the source defines, else hyperref's
English name ("section 2", "subsection 2.1", "Appendix A", "Figure 3"; "Theorem" for the counter ``theorem``, so a
lemma sharing it prints "Theorem 2.2"), and no name for a counter hyperref does not name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NEWTHEOREM = re.compile(
    r"\\newtheorem\s*(?P<star>\*)?\s*\{\s*(?P<env>[^{}\s]+)\s*\}\s*(?:\[\s*(?P<shared>[^\]\s]+)\s*\])?"
    r"\s*\{(?P<title>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}\s*(?:\[\s*(?P<within>[a-z]+)\s*\])?"
)
_CREFNAME = re.compile(
    r"\\(?P<macro>[cC]refname)\s*\{\s*(?P<kind>[^{}\s]+)\s*\}\s*\{(?P<name>[^{}]*(?:\{[^{}]*\}[^{}]*)*)\}")
_AUTOREFNAME = re.compile(
    r"\\(?:(?:renew|provide|new)command\*?\s*\{?\s*|def\s*)\\(?P<counter>[A-Za-z]+)autorefname\s*\}?\s*"
    r"\{(?P<name>[^{}]*)\}")
#: hyperref.sty's English names for ``\\autoref`` (``\\HyLang@english``, TeX Live's hyperref 7.00u, read from the file):
#: the name of the counter the label was set on. A section after ``\\appendix`` is on hyperref's "appendix" (its
#: ``\\Hy@chapapp``: the top level, section in article, chapter in book). A counter with no name here prints none
#: (hyperref falls back to ``\\<counter>name``, which the reader does not know), unless the source defines one.
HYPERREF_AUTOREF = {
    "equation": "Equation", "footnote": "footnote", "item": "item", "figure": "Figure", "table": "Table",
    "part": "Part", "appendix": "Appendix", "chapter": "chapter", "section": "section", "subsection": "subsection",
    "subsubsection": "subsubsection", "paragraph": "paragraph", "subparagraph": "subparagraph",
    "FancyVerbLine": "line", "theorem": "Theorem", "page": "page",
}
#: cleveref.sty's English names for the theorem-like types it knows (``\\cref``; ``\\Cref`` capitalises them).
CLEVEREF = frozenset("theorem lemma corollary proposition definition result example remark note algorithm".split())


@dataclass(frozen=True)
class Theorem:
    title: str  # "Lemma": what the environment's head prints
    counter: str  # the environment whose counter it steps (itself, or the one named in brackets)
    within: str | None  # "section": numbered within it, "2.3"


def read_theorems(text: str) -> dict[str, Theorem]:
    """The numbered theorem-like environments a source declares (starred ones print no number)."""
    found: dict[str, Theorem] = {}
    for m in _NEWTHEOREM.finditer(text):
        if m.group("star"):
            continue
        env, shared = m.group("env"), m.group("shared")
        counter = found[shared].counter if shared in found else (shared or env)
        within = found[shared].within if shared in found else m.group("within")
        found.setdefault(env, Theorem(m.group("title").strip(), counter, within))
    return found


def read_crefnames(text: str) -> dict[tuple[str, str], str]:
    """(``"cref"`` or ``"Cref"``, kind) -> the singular name the source sets with ``\\crefname``/``\\Crefname``;
    (``"autoref"``, counter) -> the name it defines as ``\\<counter>autorefname``."""
    names: dict[tuple[str, str], str] = {}
    for m in _CREFNAME.finditer(text):
        names[(m.group("macro")[:4], m.group("kind"))] = m.group("name").strip()
    for m in _AUTOREFNAME.finditer(text):
        names[("autoref", m.group("counter"))] = m.group("name").strip()
    return names


def theorem_ref_name(macro: str, env: str, theorem: Theorem, crefnames: dict[tuple[str, str], str]) -> str:
    """The name ``macro`` (cref, Cref, autoref, Autoref, fref, Fref) prints before a theorem-like number."""
    if macro in ("cref", "Cref"):
        own = crefnames.get((macro, env))
        if own is None and macro == "Cref" and ("cref", env) in crefnames:
            low = crefnames[("cref", env)]
            own = low[:1].upper() + low[1:]  # cleveref capitalises the \\crefname for \\Cref
        if own is not None:
            return own
        if env in CLEVEREF:
            return env if macro == "cref" else env.capitalize()
        return theorem.title if macro == "Cref" else theorem.title.lower()
    if macro in ("autoref", "Autoref"):
        return autoref_name(macro, theorem.counter, crefnames)
    return theorem.title.lower() if macro == "fref" else theorem.title


def autoref_name(macro: str, counter: str, crefnames: dict[tuple[str, str], str]) -> str:
    """The name ``\\autoref`` prints before a number set on ``counter``: the source's ``\\<counter>autorefname``, else
    hyperref's (``HYPERREF_AUTOREF``: "section 2", "Figure 3", "Equation 4", "Appendix A"), else none;
    ``\\Autoref`` capitalises it."""
    name = crefnames.get(("autoref", counter), HYPERREF_AUTOREF.get(counter, ""))
    return name[:1].upper() + name[1:] if macro == "Autoref" else name
