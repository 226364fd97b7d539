"""How many paragraphs of one document are found in another (e.g. LaTeX source vs its PDF).

Similarity is token-based on normalised text: NFKC, lower case, bracketed groups
dropped (citations print as ``[3, 7]`` in a PDF and ``[key]`` from LaTeX), the
placeholders ``[EQUATION]``/``??`` dropped, then alphanumeric tokens. Two token
lists are compared with ``difflib.SequenceMatcher`` (no autojunk):

- ``similar``: ratio ``2M / (|a| + |b|)`` >= threshold;
- ``contained``: the candidate is longer (the PDF merged two paragraphs) and the
  reference's tokens are found in it in order, in runs of 3+ tokens, for at
  least ``threshold`` of the reference;
- ``joined``: the reference matches two consecutive candidates put together
  (the PDF split one paragraph, e.g. across a column or page break).
"""

from __future__ import annotations

import re
import unicodedata
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from engine.document.model import Document, Paragraph, ParagraphKind

_BRACKETS = re.compile(r"\[[^\[\]]{0,120}\]")
_TOKEN = re.compile(r"[^\W_]+")
_SHORTLIST = 6


def match_tokens(text: str) -> list[str]:
    """Normalised tokens used for paragraph matching."""
    text = unicodedata.normalize("NFKC", text).lower()
    text = _BRACKETS.sub(" ", text).replace("??", " ")
    return _TOKEN.findall(text)


@dataclass(frozen=True)
class ParagraphMatch:
    reference: Paragraph
    candidates: tuple[Paragraph, ...]
    score: float
    how: str  # "similar", "contained", "joined" or "" when nothing came close


@dataclass
class Coverage:
    found: int = 0
    total: int = 0
    matches: list[ParagraphMatch] = field(default_factory=list)
    misses: list[ParagraphMatch] = field(default_factory=list)

    @property
    def ratio(self) -> float:
        return self.found / self.total if self.total else 0.0

    def by_how(self) -> dict[str, int]:
        counts: dict[str, int] = {}
        for m in self.matches:
            counts[m.how] = counts.get(m.how, 0) + 1
        return counts


def paragraph_coverage(
    reference: Document,
    candidate: Document,
    threshold: float = 0.9,
    kinds: tuple[ParagraphKind, ...] = (ParagraphKind.BODY,),
) -> Coverage:
    """How many of ``reference``'s paragraphs (of ``kinds``) are found among all of ``candidate``'s."""
    cands = [p for p in candidate.paragraphs if match_tokens(p.text)]
    cand_tokens = [match_tokens(p.text) for p in cands]
    cand_sets = [set(t) for t in cand_tokens]
    result = Coverage()
    for ref in reference.paragraphs:
        if ref.kind not in kinds:
            continue
        tokens = match_tokens(ref.text)
        if not tokens:
            continue
        result.total += 1
        best = _best_match(ref, tokens, cands, cand_tokens, cand_sets)
        if best.score >= threshold:
            result.found += 1
            result.matches.append(best)
        else:
            result.misses.append(ParagraphMatch(ref, best.candidates, best.score, ""))
    return result


def _best_match(
    ref: Paragraph,
    tokens: list[str],
    cands: list[Paragraph],
    cand_tokens: list[list[str]],
    cand_sets: list[set[str]],
) -> ParagraphMatch:
    ref_set = set(tokens)
    overlap = sorted(range(len(cands)), key=lambda i: -len(ref_set & cand_sets[i]))[:_SHORTLIST]
    best = ParagraphMatch(ref, (), 0.0, "")
    for i in overlap:
        other = cand_tokens[i]
        sm = SequenceMatcher(None, tokens, other, autojunk=False)
        score = sm.ratio()
        if score > best.score:
            best = ParagraphMatch(ref, (cands[i],), score, "similar")
        if len(other) > len(tokens):
            runs = sum(b.size for b in sm.get_matching_blocks() if b.size >= min(3, len(tokens)))
            contained = runs / len(tokens)
            if contained > best.score:
                best = ParagraphMatch(ref, (cands[i],), contained, "contained")
        for j, k in ((i - 1, i), (i, i + 1)):
            if 0 <= j and k < len(cands):
                joined = SequenceMatcher(None, tokens, cand_tokens[j] + cand_tokens[k], autojunk=False).ratio()
                if joined > best.score:
                    best = ParagraphMatch(ref, (cands[j], cands[k]), joined, "joined")
    return best
