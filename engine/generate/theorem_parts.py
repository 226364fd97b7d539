"""The theorem, lemma, definition or proof a comment names ("Lemma 3", "the proof of Theorem 2.1"), mapped to the
draft's paragraphs (issue 34, round fourteen of docs/suggest.md).

A paragraph's part is what the LaTeX reader recorded (``Paragraph.part``: "Lemma 3", "Proof of Lemma 3", from the
source's ``\\newtheorem`` numbering, ``engine.document.latex.theorems.Parts``); a paper read otherwise (a PDF) prints
the head in the text, so a paragraph opening with "Lemma 3." is that statement and one opening with "Proof" the proof
of the statement before it. A comment that names a statement names it and its proof; one that names "the proof of"
it (or says "proof" beside it) names the proof alone when the draft has it.
"""

from __future__ import annotations

import re

import numpy as np

from engine.document.model import Paragraph

KINDS = {"theorem": "theorem", "thm": "theorem", "lemma": "lemma", "proposition": "proposition",
         "prop": "proposition", "corollary": "corollary", "cor": "corollary", "definition": "definition",
         "def": "definition", "defn": "definition", "remark": "remark", "conjecture": "conjecture", "claim": "claim",
         "assumption": "assumption"}
_NUMBER = r"([A-Z]?\d+(?:\.\d+)*)"
_NAMED = re.compile(rf"\b({'|'.join(sorted(KINDS, key=len, reverse=True))})s?\.?\s*~?\(?{_NUMBER}", re.I)
_HEAD = re.compile(rf"^\s*({'|'.join(sorted(KINDS, key=len, reverse=True))})\.?\s+{_NUMBER}\b", re.I)
_PROOF = re.compile(r"\bproofs?\b", re.I)
_PROOF_HEAD = re.compile(r"^\s*Proof\b")


def named_statements(text: str) -> set[str]:
    """The numbered statements ``text`` names, as "lemma 3" (lower case, the kind's full name)."""
    return {f"{KINDS[m.group(1).lower()]} {m.group(2)}" for m in _NAMED.finditer(text)}


def paragraph_parts(paragraphs: list[Paragraph]) -> list[str]:
    """Each paragraph's part in lower case ('' for none): ``Paragraph.part``, else read from a printed head."""
    out, statement = [], ""
    for p in paragraphs:
        part = p.part
        if not part:
            head = _HEAD.match(p.text)
            if head:
                part = f"{KINDS[head.group(1).lower()]} {head.group(2)}"
            elif _PROOF_HEAD.match(p.text):
                part = f"proof of {statement}" if statement else "proof"
        part = part.lower()
        if part and not part.startswith("proof"):
            statement = part
        out.append(part)
    return out


def part_scores(text: str, paragraphs: list[Paragraph], frame: list[Paragraph] | None = None,
                cites: bool = False) -> np.ndarray:
    """Per paragraph of ``paragraphs``: True where it is a statement ``text`` names, or its proof (the proof alone
    when ``text`` speaks of a proof and the draft has it); ``cites``: or a paragraph that names the statement in its
    text ("by Lemma 3"). ``frame``: the paragraphs read in order for a printed proof's statement (all of the
    document's; default ``paragraphs``)."""
    out = np.zeros(len(paragraphs), bool)
    names = named_statements(text)
    if not names:
        return out
    frame = frame or paragraphs
    parts = dict(zip((p.id for p in frame), paragraph_parts(frame)))
    mine = [parts.get(p.id, "") for p in paragraphs]
    statement = np.array([m in names for m in mine])
    proof = np.array([m.startswith("proof of ") and m[len("proof of "):] in names for m in mine])
    cited = np.array([bool(cites) and bool(named_statements(p.text) & names) and not statement[j] and not proof[j]
                      for j, p in enumerate(paragraphs)])
    if _PROOF.search(text) and proof.any():
        return proof | cited
    return statement | proof | cited
