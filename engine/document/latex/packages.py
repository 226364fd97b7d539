"""A paper's own packages and class in its source tree: the definitions there that override the reader's meaning.

A paper that loads a ``.sty`` (``\\usepackage``/``\\RequirePackage``) or a ``.cls`` (``\\documentclass``) kept
beside its main file may define a command the reader knows under another meaning (a robotics paper's package
defines ``\\so`` as so(3), where the reader knows the soul package's one-argument ``\\so``, which would take the
``$`` after it as its argument). Such a definition must win, as it does in TeX.

Many source trees also hold copies of standard packages and classes (IEEEtran.cls, acmart.cls, revtex's files),
whose commands are built from ``@`` internals; the reader's own meaning stands for those. So only definitions of
names the reader knows with another number of mandatory arguments than the reader's meaning (where they agree,
the text parses the same) and whose body uses no ``@`` name are taken; the paper's main files override them.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

from engine.document.latex.macros import Macro, collect_macros
from engine.document.latex.includes import inside
from engine.document.latex.source import strip_comments
from engine.document.textfile import read_text_file
from engine.errors import InputError

_LOADS = re.compile(r"\\(?P<cmd>usepackage|RequirePackage|documentclass)\s*(?:\[[^\]]*\])?\s*\{(?P<names>[^{}]*)\}")
#: A body that ends in a bare command (``\\newcommand\\shortcite{\\citeyearpar}``): an alias whose arguments
#: follow it in the text, which the expansion (in a group) would cut off; the reader's meaning is kept.
_ALIAS = re.compile(r"\\[a-zA-Z]+\s*\*?\s*$")
_EXPL3 = re.compile(r"\\(?:ExplSyntaxOn|ProvidesExplPackage|ProvidesExplClass)\b")
#: At most this many package and class files are read for one paper (a package may load others).
MAX_FILES = 30
#: A package or class file larger than this is not read (the paper's own packages are small).
MAX_FILE_BYTES = 1_000_000


def package_macros(text: str, root: Path, known: Callable[[str], int | None]) -> dict[str, Macro]:
    """The definitions, in the packages and class under ``root`` that ``text`` loads (and those load), of names the
    reader knows with another number of mandatory arguments (``known``: the reader's number, None for a name it
    does not know), whose bodies use no ``@`` name; a later file's definition wins."""
    root = root.resolve()
    out: dict[str, Macro] = {}
    queue = _loaded(text)
    seen: set[Path] = set()
    while queue and len(seen) < MAX_FILES:
        path = _local_file(*queue.pop(0), root)
        if path is None or path in seen:
            continue
        seen.add(path)
        try:
            body, _ = read_text_file(path)
        except (InputError, OSError, ValueError):
            continue
        if _EXPL3.search(body):  # expl3 code (\\cs_gset:Nn): its names are not the ones the reader tokenises
            continue
        src = strip_comments(body, path.name)
        macros, _ = collect_macros(src)
        for name, macro in macros.items():
            if _differs(macro, known(name)) and "@" not in macro.body and not _ALIAS.search(macro.body):
                out[name] = macro
        queue += _loaded(src.text)
    return out


def _differs(macro: Macro, reader_args: int | None) -> bool:
    """Whether the paper's ``macro`` takes another number of mandatory arguments than the reader's meaning of its
    name: where the two agree the text parses the same either way, and a standard class's own front-matter
    commands (``\\IEEEauthorblockN``, ``\\email``) keep the reader's meaning."""
    return reader_args is not None and macro.nargs - (macro.default is not None) != reader_args


def _loaded(text: str) -> list[tuple[str, str]]:
    """(name, extension) of each package and class ``text`` loads."""
    out = []
    for m in _LOADS.finditer(text):
        ext = ".cls" if m.group("cmd") == "documentclass" else ".sty"
        out += [(name.strip(), ext) for name in m.group("names").split(",") if name.strip()]
    return out


def _local_file(name: str, ext: str, root: Path) -> Path | None:
    candidate = root / (name if name.endswith(ext) else name + ext)
    try:
        if not candidate.is_file() or candidate.stat().st_size > MAX_FILE_BYTES or not inside(candidate, root):
            return None
    except OSError:
        return None
    return candidate.resolve()
