"""Invented facts in suggested edits, counted independently of the checks that gate validity (issue 34).

Written apart from ``engine.generate.checks`` / ``facts`` / ``guard`` and importing none of them, so that a gap in
those checks is not repeated here. A suggestion's edit is compared with the paper (every paragraph and the
title) and the comment; text inside a ``[[KIND: ...]]`` placeholder is the author's to fill and is not counted.

- **numbers**: a number (digits, with a decimal part or a percent sign) that neither the paper nor the comment
  holds; years and one-digit list markers count too (a made-up "2019" is a made-up citation year);
- **references**: an object of the paper named with its number (Theorem, Lemma, Proposition, Corollary,
  Definition, Section, Figure, Table, Equation, Algorithm, Appendix N) that neither holds in any spelling
  ("Fig. 3", "Figure~3", "Eq. (3)", "§3");
- **entities**: a name (an acronym or mixed-case word such as ``ResNet``, ``BLEU``, ``GPT-4``, or a capitalised
  word inside a sentence, or a run of them) whose words the paper and the comment never use, case aside.

    .venv/bin/python -m bench.count_inventions SUGGESTIONS.json [--corpus corpus/revisions.json]

reads what ``bench.bench_suggest --corpus ... --out`` wrote (each row carries its paper's id) and prints the counts
per suggestion and in all, for suggestions shown as valid and for the rest.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

PLACEHOLDER = re.compile(r"\[\[[A-Z]+:[^\]]*\]\]")
NUMBER = re.compile(r"(?<![\w.])\d+(?:[.,]\d+)*%?(?![\w])")
OBJECTS = {
    "theorem": r"theorems?|thm\.?", "lemma": r"lemmas?|lem\.?", "proposition": r"propositions?|prop\.?",
    "corollary": r"corollar(?:y|ies)|cor\.?", "definition": r"definitions?|def\.?",
    "section": r"sections?|sec\.?|§", "figure": r"figures?|figs?\.?", "table": r"tables?|tab\.?",
    "equation": r"equations?|eqs?\.?", "algorithm": r"algorithms?|alg\.?", "appendix": r"appendi(?:x|ces)",
}
_OBJECT = re.compile(r"\b(" + "|".join(OBJECTS.values()) + r")\s*~?\s*\(?([A-Z]?\d+(?:\.\d+)*)\)?", re.I)
#: A name: an acronym, a mixed-case or digit-bearing word (ResNet, GPT-4, word2vec), or a capitalised word.
_NAME = re.compile(r"\b(?:[A-Z]{2,}[A-Za-z0-9]*|[A-Za-z]+[A-Z][A-Za-z0-9]*|[A-Za-z]+\d+[A-Za-z0-9]*|"
                   r"[A-Z][a-z]+(?:\s[A-Z][a-z]+)*)(?:-[A-Za-z0-9]+)*\b")
_SENTENCE_START = re.compile(r"(?:^|[.!?:;]\s+|\n)\s*[\"'(\[]?$")
#: Capitalised words that open clauses or name the paper's own parts: not entities.
COMMON = frozenset("""a an the this that these those we our it its in on of for to as at by with from and or but if
when while however moreover furthermore finally first second third also thus therefore hence here there
section figure table equation theorem lemma appendix algorithm definition proposition corollary
sec fig figs tab eq eqs thm lem prop cor def alg
i ii iii iv reviewer authors author response revision paper manuscript results result method methods""".split())


@dataclass
class Count:
    numbers: list[str] = field(default_factory=list)
    references: list[str] = field(default_factory=list)
    entities: list[str] = field(default_factory=list)

    @property
    def total(self) -> int:
        return len(self.numbers) + len(self.references) + len(self.entities)

    def to_dict(self) -> dict[str, list[str] | int]:
        return {"numbers": self.numbers, "references": self.references, "entities": self.entities,
                "total": self.total}


def _kind(word: str) -> str:
    w = word.lower().rstrip(".")
    for kind, pattern in OBJECTS.items():
        if re.fullmatch(pattern, w) or re.fullmatch(pattern, w + "."):
            return kind
    return w


def objects(text: str) -> set[tuple[str, str]]:
    """``(kind, number)`` of every numbered object ``text`` names."""
    return {(_kind(m.group(1)), m.group(2).upper()) for m in _OBJECT.finditer(text)}


def _numbers(text: str) -> set[str]:
    return {n.rstrip("%").replace(",", "") for n in NUMBER.findall(text)}


def count(edit: str, paper: str, comment: str) -> Count:
    """What ``edit`` states that neither ``paper`` nor ``comment`` does."""
    text = PLACEHOLDER.sub(" ", edit)
    source = paper + "\n" + comment
    out = Count()
    known_objects = objects(source)
    for kind, number in sorted(objects(text)):
        if (kind, number) not in known_objects:
            out.references.append(f"{kind} {number}")
    object_numbers = {m.group(2) for m in _OBJECT.finditer(text)}
    known = _numbers(source)
    for n in NUMBER.findall(text):
        value = n.rstrip("%").replace(",", "")
        if value not in known and n not in object_numbers and value not in out.numbers:
            out.numbers.append(value)
    words = {w.lower() for w in re.findall(r"[A-Za-z][A-Za-z0-9]*", source)}
    for m in _NAME.finditer(text):
        name = m.group(0)
        if _SENTENCE_START.search(text[: m.start()]) and " " not in name and not _odd_case(name):
            continue  # a capitalised word that opens a sentence is not a name by its case
        parts = [p for p in re.findall(r"[A-Za-z][A-Za-z0-9]*", name) if p.lower() not in COMMON]
        if parts and any(p.lower() not in words for p in parts) and name not in out.entities:
            out.entities.append(name)
    return out


def _odd_case(word: str) -> bool:
    """An acronym, a mixed-case word or one with digits: a name wherever it stands."""
    return any(c.isdigit() for c in word) or sum(c.isupper() for c in word) > 1


def main() -> int:
    import argparse
    import json
    from pathlib import Path

    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("suggestions", help="the JSON bench.bench_suggest --corpus wrote with --out")
    ap.add_argument("--corpus", default="corpus/revisions.json")
    ap.add_argument("--cache")
    args = ap.parse_args()
    from bench.suggest_corpus import load_papers

    data = json.loads(Path(args.suggestions).read_text())
    rows = data["suggestions"]
    papers = {p.id: p for p in load_papers(args.corpus, args.cache, data["summary"]["part"])}
    totals = {True: [], False: []}
    for r in rows:
        doc = papers[r["paper"]].diff.old
        paper = "\n".join([doc.title, *(p.text for p in doc.paragraphs)])
        c = count(r["edit"], paper, r["comment"])
        totals[bool(r["valid"])].append(c.total)
        print(f"{r['comment_id']:28} {'valid ' if r['valid'] else 'failed'} {c.total:2}  "
              f"numbers {c.numbers} references {c.references} entities {c.entities}")
    for valid, vals in totals.items():
        if vals:
            print(f"{'valid' if valid else 'failed'}: {len(vals)} suggestions, {sum(vals)} invented facts "
                  f"({sum(vals) / len(vals):.2f} each), {sum(v > 0 for v in vals)} with any")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
