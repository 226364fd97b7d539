"""Front matter of a LaTeX paper: title, authors, and an abstract given outside the body."""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from engine.document.latex.macros import read_group
from engine.document.latex.text import LatexText

_TITLE = re.compile(r"\\(?:title|icmltitle)\s*(?:\[[^\]]*\])?\s*(?=\{)")
_AUTHOR = re.compile(r"\\(?:author|icmlauthor)\*?\s*(?:\[[^\]]*\])?\s*(?=\{)")
_ABSTRACT_MACRO = re.compile(r"\\abstract\s*(?=\{)")
_ABSTRACT_ENV = re.compile(r"\\begin\s*\{abstract\}(.*?)\\end\s*\{abstract\}", re.S)
_DOC_START = re.compile(r"\\begin\s*\{document\}")
_NOISE = re.compile(r"\\(?:thanks|IEEEmembership|inst|footnote|footnotemark|orcid|email|affiliation|IEEEauthorblockA)\b\s*(?:\[[^\]]*\])?")


@dataclass
class FrontMatter:
    title: str = ""
    authors: list[str] = field(default_factory=list)
    abstract: str = ""


def read_front_matter(text: str, conv: LatexText) -> FrontMatter:
    """Title (``\\title[short]{long}``), authors (best effort) and a preamble or ``\\abstract{}`` abstract."""
    front = FrontMatter()
    m = _TITLE.search(text)
    if m:
        group = read_group(text, m.end())
        if group:
            front.title = conv.convert(_drop_noise(group[0]))
    for m in _AUTHOR.finditer(text):
        group = read_group(text, m.end())
        if group:
            front.authors.extend(_authors(group[0], conv))
    m = _ABSTRACT_MACRO.search(text)
    if m:
        group = read_group(text, m.end())
        if group:
            front.abstract = conv.convert(group[0])
    start = _DOC_START.search(text)
    env = _ABSTRACT_ENV.search(text)
    if not front.abstract and env and start and env.start() < start.start():
        front.abstract = conv.convert(env.group(1))
    conv.footnotes = []
    return front


def _drop_noise(latex: str) -> str:
    """Remove ``\\thanks{..}``-like commands with their argument."""
    out = latex
    while True:
        m = _NOISE.search(out)
        if m is None:
            return out
        group = read_group(out, m.end())
        end = group[1] if group else m.end()
        out = out[: m.start()] + out[end:]


def _authors(latex: str, conv: LatexText) -> list[str]:
    names: list[str] = []
    blocks = re.findall(r"\\IEEEauthorblockN\s*\{([^{}]*)\}", latex)
    chunks = blocks or re.split(r"\\and\b|\\And\b|\\AND\b", latex)
    for chunk in chunks:
        first_line = re.split(r"\\\\", _drop_noise(chunk))[0]
        name = conv.convert(first_line)
        name = re.sub(r"[\d*†‡§,]+$", "", name).strip(" ,;")
        for part in re.split(r",\s*(?:and\s+)?|\s+and\s+", name) if "," in name or " and " in name else [name]:
            part = part.strip()
            if part and len(part) < 80:
                names.append(part)
    return names
