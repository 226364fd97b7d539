"""Text normalisation for comparing two versions of a paper.

All the rules that decide which differences are *not* edits live here:
case and a hyphen inside a word (shown in a word diff, and an edit when nothing else changed:
``diff.restyled_words``; a hyphen only where no PDF's line break can have made it), punctuation, citation markers and placeholders, figure/table numbers,
a list item's marker, hyphenation at line ends. A LaTeX source writes ``[CITATION]`` or
``Figure [REF]`` where its PDF prints ``[12]`` or ``Figure 3``; both compare equal.
"""

from __future__ import annotations

import re

from engine.document.text import normalize_text

# Citation markers and loader placeholders, removed before comparing.
_CITATION = re.compile(
    r"\[\s*[\w:./+\u2013\u2014-]+(?:\s*[,;]\s*[\w:./+\u2013\u2014-]+)*\s*\]"  # [12], [3, 4], [smith20, doe19], [CITATION]
    r"|\[\?+\]"  # an unresolved reference printed as [?]
    r"|\([A-Z][^()]{0,120}?(?:19|20)\d{2}[a-z]?\)"  # (Smith et al., 2020)
)
# A number after Figure/Table/Section/... (rendered in a PDF, a placeholder in LaTeX).
_FLOAT_NUMBER = re.compile(
    r"\b(fig(?:ure)?s?\.?|tables?|tab\.|sections?|sec\.|eqs?\.|equations?|algorithms?|"
    r"alg\.|listings?|appendix|appendices|theorems?|lemmas?|definitions?|chapters?)"
    r"\s*(?:\(?\d+(?:\.\d+)*[a-z]?\)?|(?-i:[IVX]+\b|[A-Z]\b))(?:\s*(?:and|,|\u2013|-)\s*\d+(?:\.\d+)*)*",
    re.IGNORECASE,
)
# A footnote's own mark glued to its first word: "1Download" (the number changes with the numbering).
_FOOTNOTE_MARK = re.compile(r"^\s*(?:\d{1,2}|[*\u2020\u2021\u00a7\u00b6])\s*(?=[A-Z][a-z])")
# A list item's marker ("1.", "(b)", "iii)", "•"): a PDF prints it, a Markdown or LaTeX source makes it (a new-user
# trial saw "[-1.-]" as an edit of every numbered item of a PDF compared with its Markdown).
_LIST_MARK = re.compile(r"^\s*(?:\(?(?:\d{1,2}|[a-z]|[ivx]{1,4})[.)]|[\u2022\u25cf\u25aa\u25e6\u2023\u00b7\u2219*\u2013-])\s+")
_FLOAT_WORDS = ("fig", "tab", "sec", "eq", "alg", "list", "append", "theor", "lemm", "defin", "chap")
# A hyphen inside a word, or at a line end before a lowercase word: joined, since
# a PDF may keep or drop the hyphen of a word broken across lines.
_BROKEN_HYPHEN = re.compile(r"(\w)[-\u2010\u00ad](?:\s+(?=[a-z])|(?=\w))")
_WORD = re.compile(r"\w+", re.UNICODE)
# Display tokens: a bracketed marker, a word or a symbol, each with the white space after it.
_DISPLAY_TOKEN = re.compile(r"\s+|(?:\[[^\[\]\n]{1,40}\]|\w+|[^\w\s])\s*", re.UNICODE)
_SPACE_RUN = re.compile(r"\s+")


def comparable_text(text: str) -> str:
    """``text`` reduced to what counts for an edit: lowercase words, single-spaced."""
    return " ".join(comparable_tokens(text))


def comparable_tokens(text: str) -> list[str]:
    """Lowercase word tokens of ``text`` with markers, numbers of floats and punctuation removed."""
    if not text.isascii():
        text = normalize_text(text)
    if "[" in text or "(" in text:
        text = _CITATION.sub(" ", text)
    text = _LIST_MARK.sub("", _FOOTNOTE_MARK.sub("", text), count=1)
    lower = text.lower()
    if any(k in lower for k in _FLOAT_WORDS):
        text = _FLOAT_NUMBER.sub(lambda m: " " + m.group(1) + " ", text)
        lower = text.lower()
    if "-" in lower or not lower.isascii():
        lower = _BROKEN_HYPHEN.sub(r"\1", lower)
    return _WORD.findall(lower)


def display_tokens(text: str) -> list[str]:
    """Tokens for a readable word diff: each word or symbol with one following space.

    Joining the tokens gives back ``text`` stripped, with runs of white space collapsed.
    """
    text = normalize_text(text) if not text.isascii() else text.strip()
    return _DISPLAY_TOKEN.findall(_SPACE_RUN.sub(" ", text))


def token_key(token: str) -> str:
    """Key under which two display tokens count as the same word in a word diff (spacing aside): any citation
    marker is the same as any other ("[12]" renumbered "[13]", "[CITATION]"); a change of case is a change a
    reader sees ("Dev" -> "dev"), though comparison ignores it (``comparable_tokens``)."""
    core = token.rstrip()
    if core.startswith("[") and _CITATION.fullmatch(core):
        return "\x00cite"
    return core
