"""The paper in a tree of files (a commit, or a working copy): its main file, and every file that file needs.

The main file is found as the corpus and the LaTeX reader find it (``engine.document.latex.includes.find_main_file``):
a ``.tex`` with ``\\documentclass`` and ``\\begin{document}`` (a ``subfiles`` part is not one). Where several are,
the user names one; where none is, a single Word or Markdown paper is taken. What it needs, for the reader and
for typesetting: the files it ``\\input``s or ``\\include``s (and theirs), its bibliography and its style, the
figures it includes (with ``\\graphicspath``), its own classes and packages, the ``.bbl`` BibTeX wrote beside it,
and the support files (``.cls``, ``.sty``, ``.bst``, ``.bib``, ...) in its folder. A Markdown paper needs the
images it shows and its ``bibliography:``. Nothing outside the repository is ever named.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Iterable
from pathlib import PurePosixPath
from typing import Protocol

from engine.document.latex.includes import INCLUDE_PATTERN
from engine.errors import InputError

LATEX = (".tex", ".latex")
#: A paper in one of these is taken when no ``.tex`` is a main file (one such file, not a README or a licence).
OTHER_PAPERS = (".docx", ".md", ".markdown", ".rmd", ".qmd")
_NOT_PAPERS = re.compile(r"^(readme|changelog|changes|license|licence|contributing|code_of_conduct|todo|notes)\b", re.I)
#: Files in the main file's folder that typesetting may read without naming them in a way read here.
SUPPORT = frozenset({".cls", ".sty", ".bst", ".bib", ".bbx", ".cbx", ".clo", ".cfg", ".def", ".ist", ".lbx"})
_GRAPHIC_EXTS = ("", ".pdf", ".png", ".jpg", ".jpeg", ".eps", ".ps", ".svg", ".pgf", ".tikz", ".mps", ".tif", ".tiff")
_COMMENT = re.compile(r"(?<!\\)%.*")
_ARG = r"(?:\[[^\]]*\])?\s*\{([^{}]*)\}"
_GRAPHICS = re.compile(r"\\(?:includegraphics|includesvg|includepdf|includemedia|epsfig|psfig)\*?\s*" + _ARG)
_LISTINGS = re.compile(r"\\(?:lstinputlisting|verbatiminput|VerbatimInput|inputminted\s*(?:\[[^\]]*\])?\s*\{[^{}]*\})"
                       + r"\*?\s*" + _ARG)
_BIB = re.compile(r"\\(?:bibliography|addbibresource|addglobalbib|nobibliography)\s*" + _ARG)
_BST = re.compile(r"\\bibliographystyle\s*\{([^{}]*)\}")
_PACKAGES = re.compile(r"\\(?:usepackage|RequirePackage|documentclass|LoadClass)\s*" + _ARG)
_GRAPHICSPATH = re.compile(r"\\graphicspath\s*\{((?:\s*\{[^{}]*\})+)\s*\}")
_MD_LINKS = re.compile(r"!\[[^\]]*\]\(\s*<?([^)\s>]+)>?|<img[^>]*\bsrc=[\"']([^\"']+)")
_MD_BIB = re.compile(r"^(?:bibliography|csl):\s*(.+)$", re.M)


class Tree(Protocol):
    """Files by POSIX path (``engine.project.git_history.RepoTree``)."""

    paths: frozenset[str]

    def read(self, path: str) -> bytes: ...

    def name(self) -> str: ...


def text_of(tree: Tree, path: str) -> str:
    """A source file's text, its comments dropped (for reading commands: a wrong byte decoded is no matter)."""
    try:
        raw = tree.read(path)
    except KeyError:  # an object the repository lacks (a partial clone): nothing to read in it
        return ""
    return "\n".join(_COMMENT.sub("", line) for line in raw.decode("utf-8", "replace").splitlines())


def main_candidates(tree: Tree) -> list[str]:
    """The ``.tex`` files with ``\\documentclass`` and ``\\begin{document}`` (subfiles parts left out), sorted."""
    found = []
    for path in sorted(p for p in tree.paths if PurePosixPath(p).suffix.lower() in LATEX):
        text = text_of(tree, path)
        if "\\documentclass" in text and re.search(r"\\begin\s*\{document\}", text) and "{subfiles}" not in text:
            found.append(path)
    return found


#: Words of a path that name another document than the paper (the corpus's round files, then a diff, a supplement,
#: slides, a cover letter, an old copy, a template): such a main file is the likely paper only when nothing else is.
#: Chosen on the corpus's training part (3.5 candidates a revised commit, median), session 28.
_NOT_THE_PAPER = re.compile(r"respon|reply|rebut|review|referee|decision|cover|letter|answer|diff|supp|\bsi\b|_si\b"
                            r"|slides|present|poster|talk|seminar|highlight|guide|old|backup|archiv|draft"
                            r"|outline|abstract|plan|extended|proposal|report|submitted|arxiv|test", re.I)


def likely_main(tree: Tree, candidates: list[str], also_in: frozenset[str] = frozenset()) -> str | None:
    """The candidate most likely the paper, for a default the user sees (never chosen silently): one whose path
    names no other document (``_NOT_THE_PAPER``), then one the other version has too (``also_in``), then the
    shallowest path, then the longest file; None when there is no candidate."""
    def rank(path: str) -> tuple[int, int, int, int]:
        return (int(bool(_NOT_THE_PAPER.search(path))), int(bool(also_in) and path not in also_in), path.count("/"),
                -len(text_of(tree, path)))

    return min(candidates, key=lambda p: (rank(p), p)) if candidates else None


def choose_main(tree: Tree, main: str | None = None) -> str:
    """The paper's main file in ``tree``: ``main`` when given (refused when the tree lacks it), else the one main
    ``.tex`` (``main_candidates``), else the one Word or Markdown paper; ``InputError`` listing the candidates when
    several are, or saying none is."""
    if main:
        wanted = posixpath.normpath(main.replace("\\", "/")).lstrip("/")
        if wanted not in tree.paths:
            raise InputError(f"{main} is not in {tree.name()} (the main file must be there; give its path from the "
                             "repository's top folder)")
        return wanted
    candidates = main_candidates(tree)
    if len(candidates) == 1:
        return candidates[0]
    if len(candidates) > 1:
        likely = likely_main(tree, candidates)
        listed = [likely] + [c for c in candidates if c != likely]
        raise InputError(f"{len(candidates)} main files in {tree.name()}: {', '.join(listed[:8])}"
                         f"{' …' if len(listed) > 8 else ''}; name one (--main), likely --main {likely}")
    others = sorted(p for p in tree.paths if PurePosixPath(p).suffix.lower() in OTHER_PAPERS
                    and not _NOT_PAPERS.match(PurePosixPath(p).name))
    if len(others) == 1:
        return others[0]
    if others:
        raise InputError(f"no .tex main file in {tree.name()} and {len(others)} Word or Markdown files: "
                         f"{', '.join(others[:8])}{' …' if len(others) > 8 else ''}; name the paper (--main)")
    raise InputError(f"no main file in {tree.name()}: no .tex file has \\documentclass and \\begin{{document}}, "
                     "and there is no Word or Markdown paper")


def needed_files(tree: Tree, main: str) -> list[str]:
    """``main`` and every file of ``tree`` it needs, sorted (see the module's note)."""
    suffix = PurePosixPath(main).suffix.lower()
    if suffix in LATEX:
        return sorted(_latex_needs(tree, main))
    if suffix == ".docx":
        return [main]
    return sorted(_markdown_needs(tree, main))


def _latex_needs(tree: Tree, main: str) -> set[str]:
    root = posixpath.dirname(main)
    needed, queue, read = {main}, [main], set()
    graphics_dirs = [""]
    while queue:
        path = queue.pop()
        if path in read:
            continue
        read.add(path)
        text = text_of(tree, path)
        here = posixpath.dirname(path)
        for m in INCLUDE_PATTERN.finditer(text):
            cmd = m.group("cmd") or "input"
            name = (m.group("name") if m.group("bare") is None else m.group("bare")).strip()
            folder = (m.group("dir") or "").strip()
            bases = [here, root] if cmd.startswith("sub") else [root, here]
            found = _first(tree, (posixpath.join(b, folder, name + ext) for b in bases for ext in ("", ".tex")))
            if found:
                needed.add(found)
                queue.append(found)
        for m in _GRAPHICSPATH.finditer(text):
            graphics_dirs += re.findall(r"\{([^{}]*)\}", m.group(1))
        for m in _GRAPHICS.finditer(text):
            for base in graphics_dirs:
                found = _first(tree, (posixpath.join(root, base, m.group(1).strip() + ext) for ext in _GRAPHIC_EXTS))
                if found:
                    needed.add(found)
                    break
        for m in _LISTINGS.finditer(text):
            needed.update(_found(tree, [posixpath.join(root, m.group(1).strip())]))
        for m in _BIB.finditer(text):
            for name in m.group(1).split(","):
                needed.update(_found(tree, [posixpath.join(root, name.strip() + ext) for ext in ("", ".bib")]))
        for m in _BST.finditer(text):
            needed.update(_found(tree, [posixpath.join(root, m.group(1).strip() + ".bst")]))
        for m in _PACKAGES.finditer(text):
            for name in m.group(1).split(","):
                needed.update(_found(tree, [posixpath.join(root, name.strip() + ext) for ext in (".cls", ".sty")]))
    stem = posixpath.splitext(main)[0]
    needed.update(_found(tree, [stem + ".bbl", posixpath.join(root, "latexmkrc"), posixpath.join(root, ".latexmkrc")]))
    needed.update(p for p in tree.paths if posixpath.dirname(p) == root and PurePosixPath(p).suffix.lower() in SUPPORT)
    return needed


def _markdown_needs(tree: Tree, main: str) -> set[str]:
    root, text = posixpath.dirname(main), text_of(tree, main)
    names = [a or b for a, b in _MD_LINKS.findall(text) if "://" not in (a or b)]
    for m in _MD_BIB.finditer(text):
        names += [n.strip(" '\"[]") for n in m.group(1).split(",")]
    return {main, *_found(tree, [posixpath.join(root, n) for n in names if n])}


def _clean(path: str) -> str | None:
    """``path`` normalised inside the repository, or None for one that leaves it (``../..``, absolute)."""
    if not path or path.startswith("/"):
        return None
    norm = posixpath.normpath(path)
    return None if norm == ".." or norm.startswith("../") else norm


def _first(tree: Tree, candidates: Iterable[str]) -> str | None:
    for candidate in candidates:
        path = _clean(candidate)
        if path is not None and path in tree.paths:
            return path
    return None


def _found(tree: Tree, candidates: list[str]) -> list[str]:
    return [p for c in candidates if (p := _clean(c)) is not None and p in tree.paths]
