"""What a generated edit says about the paper's own parts and its citations (``checks.check_edit`` runs these).

- ``missing_objects``: a theorem, lemma, section, figure, table, equation, algorithm or appendix the edit names by
  number ("Theorem 4", "Sec. 3.2", "Eq. (7)") that neither the paper nor the comment has. A small model cites
  them fluently; the author would carry a reference to nothing into the paper.
- ``altered_citations``: an existing citation of the paper cut by the edit: a placeholder wrapped around part of
  it ("Greenwald and [[CITATION: Khanna, 2001?]]"). (A cited author with another year is a citation the paper does not
  have: ``checks.replace_invented_citations`` marks it to check, as real papers cite one author's several papers.)
"""

from __future__ import annotations

import re

from engine.generate import placeholders

_KINDS = {
    "theorem": "theorem", "thm": "theorem", "lemma": "lemma", "corollary": "corollary", "proposition": "proposition",
    "prop": "proposition", "definition": "definition", "def": "definition", "assumption": "assumption",
    "section": "section", "sec": "section", "§": "section", "figure": "figure", "fig": "figure", "table": "table",
    "tab": "table", "equation": "equation", "eq": "equation", "eqn": "equation", "algorithm": "algorithm",
    "alg": "algorithm", "appendix": "appendix", "app": "appendix", "remark": "remark", "example": "example",
}
_OBJECT = re.compile(
    r"(?<![\w])(theorems?|thms?|lemmas?|corollary|corollaries|propositions?|props?|definitions?|defs?|"
    r"assumptions?|sections?|secs?|§|figures?|figs?|tables?|tabs?|equations?|eqs?|eqns?|algorithms?|"
    r"algs?|appendix|appendices|app|remarks?|examples?)(?:\.\s*|\s*~\s*|\s+|(?<=§))\(?"
    r"((?-i:\d+(?:\.\d+)*|[IVX]+|[A-Z](?:\.\d+)*))\)?(?![\w]|\.\d)",
    re.IGNORECASE,
)
#: An equation number as a PDF or LaTeX sets it: "(3)" or "(2.1)" on its own.
_EQUATION_LABEL = re.compile(r"\((\d+(?:\.\d+)?)\)")
#: A leading section number in a heading ("3.2 Results", "A Proofs").
_HEADING_NUMBER = re.compile(r"^\s*((?:\d+|[IVX]+|[A-Z])(?:\.\d+)*)\.?\s")


def _kind(word: str) -> str:
    w = word.lower().rstrip(".")
    for k in (w, w.rstrip("s"), w[:-3] + "y" if w.endswith("ies") else w, w[:-2] if w.endswith("es") else w):
        if k in _KINDS:
            return _KINDS[k]
    return w


def objects(text: str) -> list[tuple[str, str, str]]:
    """(kind, number, as written) of every numbered part ``text`` names, in order."""
    return [(_kind(m.group(1)), m.group(2).upper(), m.group(0)) for m in _OBJECT.finditer(text)]


def known_objects(paper: str, sections: list[str] = ()) -> set[tuple[str, str]]:
    """The numbered parts ``paper`` names or sets (captions, headings, equation labels), plus ``sections``'
    numbers."""
    known = {(k, n) for k, n, _ in objects(paper)}
    known |= {("equation", m.group(1)) for m in _EQUATION_LABEL.finditer(paper)}
    for number in sections:
        if number:
            kind = "appendix" if number[:1].isalpha() else "section"
            known.add((kind, number.upper().rstrip(".")))
            known.add(("section", number.upper().rstrip(".")))
    for line in paper.splitlines():
        m = _HEADING_NUMBER.match(line)
        if m and len(line) < 80:
            known.add(("section", m.group(1).upper()))
    return known


def missing_objects(text: str, paper: str, sections: list[str] = ()) -> list[str]:
    """The numbered parts ``text`` names that ``paper`` (the paper and the comment) never has, as written."""
    known = known_objects(paper, sections)
    found: list[str] = []
    for kind, number, written in objects(placeholders.strip(text)):
        top = number.split(".")[0]
        if (kind, number) in known or (kind == "section" and ("appendix", number) in known):
            continue
        if kind == "appendix" and ("section", number) in known:
            continue
        if kind == "section" and number.count(".") != 1 and any(k == "section" and n.split(".")[0] == top
                                                                 for k, n in known):
            continue  # "Section 3" of a paper whose headings say "3.1"; "§3.0.1" under a known "3"
        if written.strip() not in found:
            found.append(written.strip())
    return found


_AUTHOR = r"[A-Z][A-Za-z\u00C0-\u017F'\-]+"
#: An author-year citation: "Greenwald and Khanna (2001)", "Smith et al., 2019", "(Lee & Park, 2020a)".
AUTHOR_YEAR = re.compile(
    rf"({_AUTHOR})(?:(?:,\s*{_AUTHOR})*,?\s+(?:and|&)\s+{_AUTHOR}|\s+et\s+al\.?)?"
    r"(?:\s*\(((?:19|20)\d{2})[a-z]?\)|,\s*((?:19|20)\d{2})[a-z]?(?=[);,.\s]))")
#: Capitalised words before a year that are not authors ("In 2019", "Since 2020").
_NOT_AUTHORS = frozenset("In On Since By At For From Until Before After The During Of And As See Table Figure "
                         "Section Appendix Until Through Between Also Then Now Today January February March April May "
                         "June July August September October November December".split())


def _citations(text: str) -> list[tuple[str, str, str]]:
    """(first author, year, as written) of the author-year citations in ``text``."""
    return [(m.group(1), m.group(2) or m.group(3), m.group(0)) for m in AUTHOR_YEAR.finditer(text)
            if m.group(1) not in _NOT_AUTHORS]


#: What stands next to a placeholder that was wrapped around part of a citation.
_CUT_BEFORE = re.compile(rf"(?:{_AUTHOR}\s+(?:et\s+al\.?|and|&)|{_AUTHOR},)\s*\(?\s*$")
_CUT_AFTER = re.compile(r"^\s*(?:\(?(?:19|20)\d{2}[a-z]?\)|,\s*(?:19|20)\d{2}\b|et\s+al\.)")


def altered_citations(text: str, paper: str) -> list[str]:
    """Citations of ``paper`` the edit cut with a placeholder (a cited author's name beside a CITATION placeholder
    that holds the rest)."""
    cited: dict[str, set[str]] = {}
    for author, year, _ in _citations(paper):
        cited.setdefault(author, set()).add(year)
    found: list[str] = []
    for p in placeholders.find(text):
        if p.kind != "CITATION":
            continue
        before, after = text[max(0, p.start - 40) : p.start], text[p.end : p.end + 20]
        cut = _CUT_BEFORE.search(before) or _CUT_AFTER.match(after)
        names = [n for n in cited if re.search(rf"\b{re.escape(n)}\b", f"{before[-30:]} {p.description}")]
        if cut and names:
            found.append(f"{names[0]} … [[CITATION: {p.description}]]")
    return found
