"""A LaTeX project's files read in: ``\\input``, ``\\include``, ``\\subfile``, ``\\import`` and kin inlined into one
``SourceText`` (``source.py``), and the main file of a folder found.

Includes stay inside the main file's folder; missing files, cycles and nesting past ``_MAX_DEPTH`` are notices.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

from engine.document.latex.macros import collect_macros, expand_macros
from engine.document.latex.project_root import from_top, project_tops
from engine.document.latex.source import SourceText, document_body, read_tex
from engine.errors import InputError

_MAX_DEPTH = 20
#: Files a figure ``\\input``s for its drawing (matplotlib's and TikZ's exports): pictures, whose labels the PDF
#: sets inside the figure, never running text; read as text they add junk and can nest deeper than ``MAX_NESTING``.
DRAWINGS = frozenset({".pgf", ".tikz"})

#: ``\\loadglsentries[type]{file}`` (glossaries) reads its file as ``\\input`` does: the acronyms it defines.
_INCLUDE = re.compile(
    r"\\(?P<cmd>input|include|subfile|import|subimport|inputfrom|subinputfrom|includefrom|subincludefrom"
    r"|loadglsentries)\*?(?:\[[^\]{}]*\])?"
    r"(?:\s*\{(?P<dir>[^{}]*)\}(?=\s*\{))?\s*\{(?P<name>[^{}]*)\}"
    r"|\\input\s+(?P<bare>[^\s{}\\%]+)"
)
#: ``\\input``, ``\\include``, ``\\subfile``, ``\\import`` and kin (groups ``cmd``, ``dir``, ``name``, ``bare``), for
#: whatever else follows a paper's includes (``engine.project.paper_files``).
INCLUDE_PATTERN = _INCLUDE


def load_project(main: Path) -> tuple[SourceText, list[str]]:
    """The main file with every ``\\input``/``\\include``/``\\subfile``/``\\import`` inlined.

    Missing files and cycles become notices, not errors. Includes stay inside the
    main file's folder (after resolving symlinks): a project someone sent you
    cannot pull in ``\\input{/home/u/.ssh/id_rsa}`` or ``\\input{../../secret}``;
    such an include is skipped with a notice naming it.
    """
    notices: list[str] = []
    root = main.parent.resolve()
    src = _expand_includes(main, root, [main.resolve()], notices)
    return src, notices


def _expand_includes(path: Path, root: Path, stack: list[Path], notices: list[str]) -> SourceText:
    src = read_tex(path, notices)
    edits = [edit for m in _INCLUDE.finditer(src.text) if (edit := _inline(m, path, root, stack, notices)) is not None]
    return src.splice(edits) if edits else src


def _inline(m: re.Match[str], path: Path, root: Path, stack: list[Path],
            notices: list[str]) -> tuple[int, int, SourceText | str] | None:
    """The splice for one include found in ``path``: the file read in, or nothing (with a notice); None for an
    include whose name is a macro's parameter (``\\def\\sec#1{\\input{#1}}``: read where the macro is used)."""
    cmd = m.group("cmd") or "input"
    name = (m.group("name") if m.group("bare") is None else m.group("bare")).strip()
    if not name or "#" in name:
        return None
    folder = (m.group("dir") or "").strip()
    found, outside = _resolve(name, folder, cmd, path.parent, root)
    shown = f"{folder}{name}" if folder else name
    if found is None:
        why = "outside the project folder" if outside else "file not found"
        notices.append(f"\\{cmd}{{{shown}}} in {path.name}: {why}, skipped")
        return m.start(), m.end(), ""
    if found.suffix.lower() in DRAWINGS:  # a figure's drawing (matplotlib's .pgf, a .tikz): no running text
        return m.start(), m.end(), ""
    resolved = found.resolve()
    if resolved in stack:
        notices.append(f"\\{cmd}{{{shown}}} in {path.name}: include cycle, skipped")
        return m.start(), m.end(), ""
    if len(stack) >= _MAX_DEPTH:
        notices.append(f"\\{cmd}{{{shown}}} in {path.name}: includes nested too deep, skipped")
        return m.start(), m.end(), ""
    try:
        inner = _expand_includes(found, root, [*stack, resolved], notices)
    except InputError as err:
        notices.append(f"\\{cmd}{{{shown}}} in {path.name}: {err}, skipped")
        return m.start(), m.end(), ""
    if cmd == "subfile" or "\\documentclass" in inner.text:
        inner = document_body(inner) or inner
    # \include starts a new page: keep it a paragraph break.
    pad = "\n\n" if cmd == "include" else ""
    return m.start(), m.end(), SourceText(pad + inner.text + pad, [(a + len(pad), f, ln) for a, f, ln in inner.anchors])


def macro_includes(src: SourceText, main: Path, notices: list[str]) -> tuple[SourceText, int]:
    """The includes that macro expansion wrote read in (``\\def\\sec#1#2{\\section{#2}\\input{#1}}`` used as
    ``\\sec{intro}{Intro}`` gives ``\\input{intro}``), each from the folder of the file its use came from, by
    ``load_project``'s rules (inside the project folder; the main file is not read again). Returns the text and how
    many files were read in; the caller bounds the rounds (a file that uses the macro that reads it)."""
    root = main.parent.resolve()
    edits = []
    for m in _INCLUDE.finditer(src.text):
        where = src.origin(m.start())
        edit = _inline(m, Path(where[0]) if where else main, root, [main.resolve()], notices)
        if edit is not None:
            edits.append(edit)
    return (src.splice(edits) if edits else src), sum(1 for e in edits if e[2] != "")


def _resolve(name: str, folder: str, cmd: str, here: Path, root: Path) -> tuple[Path | None, bool]:
    """The included file inside ``root``, or None; the flag says a file was found only outside ``root``."""
    bases = [here / folder, root / folder] if cmd.startswith("sub") or cmd == "subfile" else [root / folder, here / folder]
    outside = False
    tops: tuple[Path, ...] = ()
    for base in _bases(bases, folder, root):  # then the project's top (project_root.py), looked for only if needed
        for candidate in (base / name, base / f"{name}.tex"):
            try:
                if not candidate.is_file():
                    continue
            except OSError:  # a name too long, or a path the OS refuses
                continue
            if not inside(candidate, root):
                tops = tops or project_tops(root)
                if not from_top(candidate, tops):  # project_root.py: TeX run from the top
                    outside = True
                    continue
            return candidate, False
    return None, outside


def _bases(bases: list[Path], folder: str, root: Path) -> Iterator[Path]:
    """``bases``, then ``folder`` under each project top above ``root`` (the tops found only once they are reached)."""
    yield from bases
    for top in project_tops(root):
        yield top / folder


def inside(path: Path, root: Path) -> bool:
    """True when ``path``, symlinks resolved, lies in the folder ``root`` (itself resolved)."""
    try:
        return path.resolve().is_relative_to(root)
    except (OSError, RuntimeError):  # a symlink loop
        return False


def find_main_file(folder: Path) -> Path:
    """The main ``.tex`` file of a project folder.

    Candidates have ``\\documentclass`` and ``\\begin{document}``; prefer a name
    matching the folder, then the one that inputs the most files, then main/paper.
    """
    files = sorted(folder.glob("*.tex")) or sorted(folder.glob("*/*.tex"))
    if not files:
        raise InputError(f"{folder}: no .tex file in this folder")
    scored: list[tuple[tuple[int, int, int, int], Path]] = []
    for f in files:
        try:
            text = read_tex(f).text
        except InputError:
            continue
        if "\\documentclass" not in text or not re.search(r"\\begin\s*\{document\}", text):
            continue
        if "{subfiles}" in text:
            continue
        includes = len(_INCLUDE.findall(text))
        named = int(f.stem.lower() == folder.name.lower())
        usual = int(f.stem.lower() in ("main", "paper", "ms", "manuscript", "article"))
        scored.append(((named, includes, usual, f.stat().st_size), f))
    if not scored:
        raise InputError(f"{folder}: no main .tex file (none has \\documentclass and \\begin{{document}})")
    return max(scored, key=lambda s: s[0])[1]


#: Rounds of reading in the files that macros include: a file read in may define or use more such macros.
MACRO_INCLUDE_ROUNDS = 4


def read_macro_includes(src: SourceText, main: Path, notices: list[str], macros: dict) -> SourceText:
    """``src`` (its macros expanded) with the files its macros include read in, their own macros collected and
    expanded, for at most ``MACRO_INCLUDE_ROUNDS`` rounds (a notice when a round is still left to do)."""
    for _ in range(MACRO_INCLUDE_ROUNDS):
        src, count = macro_includes(src, main, notices)
        if not count:
            return src
        more, src = collect_macros(src)
        macros = {**macros, **more}
        src = expand_macros(src, macros)
    if any("#" not in (m.group("name") or m.group("bare") or "#") for m in _INCLUDE.finditer(src.text)):
        notices.append(f"{main.name}: macros include files more than {MACRO_INCLUDE_ROUNDS} levels deep; the rest skipped")
    return src
