"""Synthetic papers and revisions with known edits, for tests and benchmarks.

``make_document`` writes a paper of pseudo-English paragraphs in sections;
``make_revision`` applies programmatic edits (insert, delete, minor and major
rewording, move, split, merge) and records the edits a perfect diff reports.
"""

from __future__ import annotations

import itertools
import random
from dataclasses import dataclass, field

from engine.document.model import Document, Paragraph, ParagraphKind, Section, paragraph_id

_FUNCTION_WORDS = (
    "the of and to in a is that for we on with as by this are be from our it an at which "
    "can these results method model each when than more not also have has"
).split()
_ONSETS = ["b", "c", "d", "f", "g", "l", "m", "n", "p", "r", "s", "t", "v", "st", "pr", "tr", "gr", "cl"]
_VOWELS = ["a", "e", "i", "o", "u", "ai", "ea", "io"]
_CODAS = ["", "n", "r", "s", "t", "l", "nd", "st", "ct", "x"]


def _vocabulary(size: int, rng: random.Random) -> list[str]:
    words: set[str] = set()
    while len(words) < size:
        n = rng.choice((2, 2, 3, 3, 4))
        words.add("".join(rng.choice(_ONSETS) + rng.choice(_VOWELS) for _ in range(n - 1)) + rng.choice(_CODAS))
    return sorted(words)


class TextMaker:
    """Pseudo-English: function words mixed with Zipf-distributed content words."""

    def __init__(self, seed: int = 0, vocabulary: int = 5000) -> None:
        self.rng = random.Random(seed)
        self.words = _vocabulary(vocabulary, random.Random(vocabulary))
        self.cum_weights = list(itertools.accumulate(1.0 / (rank + 10) for rank in range(len(self.words))))

    def word(self) -> str:
        if self.rng.random() < 0.3:
            return self.rng.choice(_FUNCTION_WORDS)
        return self.rng.choices(self.words, cum_weights=self.cum_weights)[0]

    def sentence(self) -> str:
        words = [self.word() for _ in range(self.rng.randint(10, 22))]
        if self.rng.random() < 0.2:
            words.insert(self.rng.randint(1, len(words) - 1), f"[{self.rng.randint(1, 60)}]")
        return " ".join(words).capitalize() + "."

    def paragraph(self) -> str:
        return " ".join(self.sentence() for _ in range(self.rng.randint(3, 6)))


@dataclass(frozen=True)
class ExpectedEdit:
    type: str
    source_ids: tuple[str, ...]
    target_ids: tuple[str, ...]
    flags: frozenset[str] = frozenset()


@dataclass
class SyntheticRevision:
    old: Document
    new: Document
    expected: list[ExpectedEdit] = field(default_factory=list)


def _build(title: str, sections: list[tuple[str, list[str]]]) -> tuple[Document, list[list[str]]]:
    """A Document from (section title, paragraph texts); also the ids of each section's paragraphs."""
    paras: list[Paragraph] = []
    ids: list[list[str]] = []
    for title_s, texts in sections:
        paras.append(Paragraph(paragraph_id(len(paras)), title_s, ParagraphKind.HEADING, (title_s,)))
        ids.append([])
        for text in texts:
            pid = paragraph_id(len(paras))
            paras.append(Paragraph(pid, text, ParagraphKind.BODY, (title_s,)))
            ids[-1].append(pid)
    doc = Document(title=title, sections=[Section(t) for t, _ in sections], paragraphs=paras, source_format="text")
    return doc, ids


#: Share of paragraphs per edit kind in a typical revision (ARIES, appendix A.2:
#: 40% unchanged, 14% minor, 14% major, 8% deleted, 23% new), plus a few moves, splits, merges.
TYPICAL_EDITS = {"minor": 0.14, "major": 0.14, "delete": 0.08, "insert": 0.23, "move": 0.02, "split": 0.02, "merge": 0.02}


def typical_edits(n_paragraphs: int) -> dict[str, int]:
    """Edit counts of a typical revision of a paper with ``n_paragraphs`` paragraphs."""
    return {op: max(1, round(share * n_paragraphs)) for op, share in TYPICAL_EDITS.items()}


def make_document(n_paragraphs: int, seed: int = 0, per_section: int = 8) -> Document:
    """A synthetic paper with ``n_paragraphs`` body paragraphs in sections of ``per_section``."""
    maker = TextMaker(seed)
    sections = []
    for k in range(0, n_paragraphs, per_section):
        count = min(per_section, n_paragraphs - k)
        sections.append((f"{len(sections) + 1} Section {len(sections) + 1}", [maker.paragraph() for _ in range(count)]))
    return _build("A synthetic paper", sections)[0]


@dataclass
class _Item:
    text: str
    src: tuple[str, ...]
    label: str = "unchanged"
    flags: set[str] = field(default_factory=set)


def make_revision(old: Document, edits: dict[str, int], seed: int = 1, *, spread: bool = True) -> SyntheticRevision:
    """Apply ``edits`` (counts of insert, delete, minor, major, move, move_edit, split, merge)
    to the body of ``old`` (as made by ``make_document``).

    With ``spread``, no two edits touch neighbouring paragraphs, so the expected
    edits are unambiguous; without it, edits may sit side by side (dense revisions).
    """
    rng = random.Random(seed)
    maker = TextMaker(seed + 1000)
    titles = [p.text for p in old.paragraphs if p.kind is ParagraphKind.HEADING]
    sections: list[list[_Item]] = [[] for _ in titles]
    for p in old.paragraphs:
        if p.kind is ParagraphKind.BODY:
            sections[titles.index(p.section[-1])].append(_Item(p.text, (p.id,)))
    touched: set[int] = set()
    order = {p.id: k for k, p in enumerate(old.body())}

    def pick(min_sentences: int = 1) -> tuple[int, int]:
        """An untouched item, away from other touched items."""
        for _ in range(10000):
            s = rng.randrange(len(sections))
            if not sections[s]:
                continue
            k = rng.randrange(len(sections[s]))
            item = sections[s][k]
            near = sections[s][max(k - 1, 0) : k + 2] if spread else [item]
            if item.text.count(". ") + 1 >= min_sentences and all(id(x) not in touched for x in near):
                touched.add(id(item))
                return s, k
        raise ValueError("document too small for these edits")

    for op, count in edits.items():
        for _ in range(count):
            if op == "minor":
                s, k = pick()
                item = sections[s][k]
                words = item.text.split(" ")
                for pos in rng.sample(range(1, len(words) - 1), rng.randint(1, 4)):
                    words[pos] = maker.rng.choice(maker.words[:500]) + "q"
                item.text, item.label = " ".join(words), "minor"
            elif op == "major":
                s, k = pick(2)
                item = sections[s][k]
                sentences = item.text.split(". ")
                sentences[rng.randrange(len(sentences))] = maker.sentence().rstrip(".")
                item.text = ". ".join(sentences) + " " + maker.sentence()
                item.label = "major"
            elif op == "delete":
                s, k = pick()
                gone = _Item("", sections[s][k].src, "deleted")  # kept in place until the end
                sections[s][k] = gone
                touched.add(id(gone))
            elif op == "insert":
                s = rng.randrange(len(sections))
                item = _Item(maker.paragraph(), (), "added")
                sections[s].insert(rng.randint(0, len(sections[s])), item)
                touched.add(id(item))
            elif op in ("move", "move_edit"):
                s, k = pick(2)
                item = sections[s].pop(k)
                if op == "move_edit":
                    sentences = item.text.split(". ")
                    sentences[0] = maker.sentence().rstrip(".")
                    item.text = ". ".join(sentences)
                    item.flags.add("also_changed")
                item.label = "moved"
                far = [x for x in range(len(sections)) if abs(x - s) >= 2] or [x for x in range(len(sections)) if x != s]
                dest = rng.choice(far)
                sections[dest].insert(rng.randint(0, len(sections[dest])), item)
            elif op == "split":
                s, k = pick(2)
                item = sections[s][k]
                sentences = item.text.split(". ")
                cut = rng.randint(1, len(sentences) - 1)
                first = _Item(". ".join(sentences[:cut]) + ".", item.src, "split")
                second = _Item(". ".join(sentences[cut:]), item.src, "split")
                touched.update((id(first), id(second)))
                sections[s][k : k + 1] = [first, second]
            elif op == "merge":
                s, k = pick()
                nxt = sections[s][k + 1] if k + 1 < len(sections[s]) else None
                if nxt is None or id(nxt) in touched or order[nxt.src[0]] != order[sections[s][k].src[-1]] + 1:
                    continue
                a, b = sections[s][k], sections[s].pop(k + 1)
                touched.add(id(b))
                a.text, a.src, a.label = a.text + " " + b.text, a.src + b.src, "merged"
            else:
                raise ValueError(f"unknown edit: {op}")

    deleted = [x for sec in sections for x in sec if x.label == "deleted"]
    for sec in sections:
        sec[:] = [x for x in sec if x.label != "deleted"]
    new, ids = _build(old.title, [(t, [x.text for x in sec]) for t, sec in zip(titles, sections)])
    expected = [ExpectedEdit("deleted", x.src, ()) for x in deleted]
    by_src: dict[tuple[str, ...], list[str]] = {}
    for sec, sec_ids in zip(sections, ids):
        for item, pid in zip(sec, sec_ids):
            if item.label == "split":
                by_src.setdefault(item.src, []).append(pid)
                continue
            kind = {"merged": "unchanged"}.get(item.label, item.label)
            flags = frozenset(item.flags | ({"merged"} if item.label == "merged" else set()))
            expected.append(ExpectedEdit(kind, item.src, (pid,), flags))
    expected += [ExpectedEdit("unchanged", src, tuple(t), frozenset({"split"})) for src, t in by_src.items()]
    return SyntheticRevision(old=old, new=new, expected=expected)
