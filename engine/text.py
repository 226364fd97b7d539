"""Plain-text helpers shared by the engine's packages: ``sentences()`` with character spans, and ``PROMISE``."""

from __future__ import annotations

import re


_ABBREV = re.compile(
    r"(?:\b(?:e\.g|i\.e|et al|etc|vs|cf|Fig|Figs|Eq|Eqs|Sec|Secs|Tab|Ref|Refs|No|resp|approx|Dr|Prof|Mr|Ms|al|w\.r\.t|"
    r"a\.k\.a|Thm|Def|Alg|Appx|App|Ch|pp|p|ca)\.|\b[A-Z]\.)$",
    re.I,
)
#: ``_ABBREV`` matches at most 7 characters at the end, and ``\b`` reads one more before them: a piece's last
#: ``_ABBREV_TAIL`` characters decide as the whole piece does, without scanning a long sentence from its start.
_ABBREV_TAIL = 16
_SENT_END = re.compile(r"(?<=[.!?])[\"')\]]*\s+(?=[\"'(\[]?[A-Z0-9])")
#: "etal.", typed for "et al." in a citation ("(Smith etal. 2011, ...)"): ends no sentence of a review.
_REVIEW_ABBREV = re.compile(r"\bet\.?\s?al\.$", re.I)
#: How far an open parenthesis holds a sentence together: its ")" at most this many characters after the full stop.
PAREN_REACH = 200
_YEAR = re.compile(r"\b(?:1[89]|20)\d\d[a-z]?\b")


def _in_citation(text: str, start: int, end: int) -> bool:
    """Whether a full stop at ``end`` falls inside a citation in parentheses opened since ``start`` (in its
    sentence so far): a parenthesis with a year in it, closed within ``PAREN_REACH`` characters in the same
    paragraph and not right after the stop. "(J. Chem. Res. B, 2015)" and "(Smith etal. 2011, Jones and Brown
    2012)" are one citation, not three sentences; "(Stored separately.) However, ..." and a reviewer's aside in
    parentheses ("(How many parameters? Please add the number.)") split as before, so the reviews the comment
    models were fitted on read the same."""
    opened = text.rfind("(", max(start, end - PAREN_REACH), end)
    if opened < 0 or ")" in text[opened:end]:
        return False
    depth = 1
    for k, ch in enumerate(text[end : end + PAREN_REACH]):  # to its own ")", past a nested "(21)"
        if ch == "\n" and text.startswith("\n", end + k + 1):
            return False
        depth += (ch == "(") - (ch == ")")
        if not depth:
            closed = end + k
            return bool(text[end:closed].strip(" .!?\"'")) and bool(_YEAR.search(text, opened, closed))
    return False


def sentences(text: str, offset: int = 0, *, review: bool = False) -> list[tuple[str, int, int]]:
    """``(sentence, start, end)`` with spans shifted by ``offset``; abbreviations do not end sentences. ``review``:
    a reviewer's text, where a citation in parentheses ("(J. Chem. Res. B, 2015)") and "etal." end none either
    (the paper's side keeps its splits, which the fitted aligners read)."""
    out: list[tuple[str, int, int]] = []
    start = 0
    for m in _SENT_END.finditer(text):
        piece = text[start : m.start()].rstrip()
        if _ABBREV.search(piece[-_ABBREV_TAIL:]) or len(piece.strip()) < 3:
            continue
        if review and (_REVIEW_ABBREV.search(piece[-_ABBREV_TAIL:]) or _in_citation(text, start, m.start())):
            continue
        out.append((piece, start, start + len(piece)))
        start = m.end()
    rest = text[start:].rstrip()
    if rest.strip():
        out.append((rest, start, start + len(rest)))
    return [(s.strip(), offset + a + (len(s) - len(s.lstrip())), offset + b) for s, a, b in out if s.strip()]


#: A phrase that promises work rather than reporting it: "we will start with an interview study", "we plan to
#: evaluate", "is left for future work", "in the final version", "beyond the scope". The one pattern for both of
#: its readers: an edit whose new sentences mostly promise is a ``plan`` (``engine.revision.intent.promises``: it
#: answers a request for an experiment or a result only in part), and a suggested edit that promises is flagged
#: (``engine.generate.checks.promises``).
PROMISE = re.compile(
    r"\b(?:(?:we|I)\s+(?:will|shall|plan|intend|aim|hope)|we'll"
    r"|will be (?:added|included|provided|addressed|discussed|reported|clarified|released|updated|evaluated|"
    r"studied|tested|explored|investigated|made)"
    r"|in (?:the )?future work|(?:is|are) left (?:as|for)(?: future)?|future (?:work|research|studies|directions?)"
    r"|in the (?:final|camera[- ]ready|revised|next) (?:version|draft|revision)|beyond the scope"
    r"|in a (?:future|later) (?:version|revision|work))\b",
    re.IGNORECASE,
)
