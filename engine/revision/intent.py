"""Edit intents: is an edit *surface* (form only) or *substantive*, and which
edits are no edit at all (*noise*).

Labels follow Re3-Sci's edit intents (Ruan et al., 2024: grammar, clarity,
fact/evidence, claim, other) and ARIES' edit types: surface labels are
``citation`` (a citation restyled: "Author et al. (2019)" → "(Author et al.,
2019)"), ``spelling`` (British → American, a misspelt word, an inflection),
``grammar`` (an article, preposition or auxiliary added, dropped or swapped: "the", "of", "is" → "are"),
``hyphenation``, ``capitalisation``, ``punctuation``, ``whitespace``;
substantive labels are ``claim``, ``fact`` (numbers, evidence), ``new content``,
``clarification``, ``restructuring``. Noise is extraction debris a PDF yields:
figure-internal labels ("20mm 40mm 60mm"), isolated numbers or glyphs, and a
heading or short line deleted in one place and added unchanged in another.

Surface edits never address a substantive comment (a request for baselines is
not met by restyling a citation); they can address a typo or edit comment.
"""

from __future__ import annotations

import difflib
import re
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache

from engine.revision.diff import hunks
from engine.revision.model import Edit, EditType, Flag
from engine.text import PROMISE, sentences

NOISE, SURFACE, SUBSTANTIVE = "noise", "surface", "substantive"


class EditLabel(str, Enum):
    """An edit's intent label: its words, equal to (and hashed as) the plain string, so stored and compared as one."""

    CITATION = "citation"
    SPELLING = "spelling"
    GRAMMAR = "grammar"
    HYPHENATION = "hyphenation"
    CAPITALISATION = "capitalisation"
    PUNCTUATION = "punctuation"
    WHITESPACE = "whitespace"
    CLAIM = "claim"
    FACT = "fact"
    NEW_CONTENT = "new content"
    CLARIFICATION = "clarification"
    RESTRUCTURING = "restructuring"
    PLAN = "plan"

    def __str__(self) -> str:
        return self.value

    def __hash__(self) -> int:  # as the string: {"citation"} and {EditLabel.CITATION} are one set
        return str.__hash__(self)

    __format__ = str.__format__


L = EditLabel
SURFACE_LABELS = (L.CITATION, L.SPELLING, L.GRAMMAR, L.HYPHENATION, L.CAPITALISATION, L.PUNCTUATION, L.WHITESPACE)
SUBSTANTIVE_LABELS = (L.CLAIM, L.FACT, L.NEW_CONTENT, L.CLARIFICATION, L.RESTRUCTURING, L.PLAN)
_WORD = re.compile(r"\w+", re.UNICODE)
#: A whole word (``\w+``) of three letters or more, no digit or underscore in it.
_LETTERS = re.compile(r"(?<!\w)[^\W\d_]{3,}(?!\w)", re.UNICODE)
_CITATION = re.compile(
    r"\b[A-Z][\w'\u2019-]+(?:\s+(?:and|&)\s+[A-Z][\w'\u2019-]+)?(?:\s+et\s+al\.?)?,?\s*\(\s*(?:19|20)\d{2}[a-z]?\s*\)"
    r"|\[[^\[\]]{0,60}\]"  # Smith et al. (2019); [12], [3, 4], [CITATION]
    r"|\([^()]{0,120}?(?:19|20)\d{2}[a-z]?\)"  # (Smith et al., 2020), (2020)
    r"|\bet\s+al\b\.?|\b(?:19|20)\d{2}[a-z]?\b"  # et al., a year
)
_DIGIT = re.compile(r"\d")
#: Words whose addition, removal or swap (at most ``GRAMMAR_WORDS`` of them in one change) is grammar, not content.
#: Negations and quantifiers ("not", "all", "only") are left out: they change a claim.
_FUNCTION = frozenset(
    "a an the of to in on at for by with from as into onto over under within is are was were be been being has have "
    "had do does did will would can could may might shall should it its this that these those which who whom whose "
    "and or but nor than then there their they them we our us he she his her".split())
GRAMMAR_WORDS = 2
_CLAIM = re.compile(r"\b(?:outperform\w*|state[- ]of[- ]the[- ]art|significant\w*|we (?:show|demonstrate|prove)|"
                    r"superior|better than|novel)\b", re.I)
#: Units a figure's axis or legend prints beside its numbers; not words.
_UNITS = frozenset("mm cm km hz khz mhz ghz db ms sec min kb mb gb tb fps dpi px pt".split())
#: British → American endings, tried on a word's end (longest first).
_BRITISH = (
    ("isations", "izations"), ("isation", "ization"), ("ising", "izing"), ("ised", "ized"), ("ises", "izes"),
    ("iser", "izer"), ("ise", "ize"), ("ysing", "yzing"), ("ysed", "yzed"), ("yse", "yze"),
    ("ours", "ors"), ("our", "or"), ("ourable", "orable"), ("ourite", "orite"), ("tres", "ters"), ("tre", "ter"),
    ("ogue", "og"), ("ogues", "ogs"), ("lling", "ling"), ("lled", "led"), ("ller", "ler"), ("ence", "ense"),
    ("amme", "am"), ("ey", "ay"),
)


@dataclass(frozen=True)
class Intent:
    """What an edit is: ``kind`` (noise, surface, substantive), its labels and why."""

    kind: str
    labels: tuple[EditLabel, ...]
    reason: str

    @property
    def surface(self) -> bool:
        return self.kind == SURFACE

    @property
    def substantive(self) -> bool:
        return self.kind == SUBSTANTIVE

    def to_dict(self) -> dict:
        return {"kind": self.kind, "labels": list(self.labels), "reason": self.reason}


_UNIT_LENGTH = max(map(len, _UNITS))


def real_words(text: str) -> list[str]:
    """Words of three letters or more (no digits), units left out (only a word as short as a unit can be one)."""
    return [w for w in _LETTERS.findall(text) if len(w) > _UNIT_LENGTH or w.lower() not in _UNITS]


def looks_like_noise(text: str) -> bool:
    """Figure-internal labels, isolated numbers or glyphs: too few real words to be prose."""
    head = text[:300].rsplit(None, 1)[0] if len(text) > 300 else text
    if len(real_words(head)) > 2:  # prose, whatever follows (the common case, decided on its start)
        return False
    tokens = text.split()
    if not tokens:
        return True
    words = real_words(text)
    if not words:
        return True
    return len(words) <= 2 and len(words) / len(tokens) < 0.5


@lru_cache(maxsize=65536)
def american(word: str) -> str:
    """``word`` lower-cased with a British ending turned American (colour → color, modelling → modeling)."""
    w = word.lower()
    for brit, amer in _BRITISH:
        if w.endswith(brit) and len(w) - len(brit) >= 2:
            return w[: len(w) - len(brit)] + amer
    return w


def _words(text: str) -> list[str]:
    text = text.replace("-", "").replace("\u2010", "").replace("\u00ad", "")
    if text.isascii():  # lower-casing ASCII keeps every character a word character or not: lower once
        return _WORD.findall(text.lower())
    return [w.lower() for w in _WORD.findall(text)]


def _near(a: str, b: str) -> bool:
    """Two words one is a misspelling or inflection of the other (letters only, long enough)."""
    if _DIGIT.search(a) or _DIGIT.search(b) or min(len(a), len(b)) < 4:
        return False
    if american(a) == american(b):
        return True
    common = 0
    while common < min(len(a), len(b)) and a[common] == b[common]:
        common += 1
    if common >= max(4, min(len(a), len(b)) - 5):  # control / controls, perceptively / perceptually
        return True
    return difflib.SequenceMatcher(None, a, b).ratio() >= 0.85


def _same_but_citations(old: str, new: str) -> bool:
    """The two texts say the same words once citations are taken out and spellings made American, or a textual
    citation became a parenthetical one behind a few words that name what it cites (``_subject_added``)."""
    a, b = _words(_CITATION.sub(" ", old)), _words(_CITATION.sub(" ", new))
    if len(a) == len(b) and (a == b or [american(w) for w in a] == [american(w) for w in b]):
        return True
    return _subject_added(old, new)


#: Words a textual citation made parenthetical may gain before it, as the subject the author's name was: "Following
#: Beltagy et al. (2019)" → "Following SciBERT (Beltagy et al., 2019)", "Saier and Färber (2019) convert" → "earlier
#: work (Saier and Färber, 2019) converts" (a new-user trial saw such a restyle read as a clarification).
SUBJECT_WORDS = 3
_TEXTUAL, _PARENTHETICAL = "zzcitetextual", "zzciteparen"


def _cited(text: str) -> list[str]:
    """The words of ``text``, each citation one token: textual ("Author (2019)") or parenthetical."""
    return _words(_CITATION.sub(lambda m: f" {_TEXTUAL if m.group()[0].isupper() else _PARENTHETICAL} ", text))


#: Words that change what a sentence claims; added before a citation, they are no name for what it cites ("agree with
#: no earlier study (Smith et al., 2019)").
_CLAIM_WORDS = frozenset("no not never none nothing only all every each few some any without neither nor".split())


def _subject_added(old: str, new: str) -> bool:
    """Every change is a textual citation turned parenthetical, citing the same authors, with one to
    ``SUBJECT_WORDS`` words before it that change no claim."""
    a, b = _cited(old), _cited(new)
    gained = len(b) - len(a)
    if _TEXTUAL not in a or _PARENTHETICAL not in b or not 0 < gained <= SUBJECT_WORDS * a.count(_TEXTUAL):
        return False  # the common case, decided without aligning the two
    changes = [op for op in difflib.SequenceMatcher(None, a, b, autojunk=False).get_opcodes() if op[0] != "equal"]
    if not changes or not all(
            tag == "replace" and a[i1:i2] == [_TEXTUAL] and b[j2 - 1] == _PARENTHETICAL
            and 1 < j2 - j1 <= SUBJECT_WORDS + 1 and not any(_DIGIT.search(w) or w in _CLAIM_WORDS for w in b[j1:j2 - 1])
            for tag, i1, i2, j1, j2 in changes):
        return False
    # the same authors: each textual citation's first name is in a parenthetical citation of the new text
    cited = " ".join(m.group() for m in _CITATION.finditer(new) if not m.group()[0].isupper())
    return all(m.group().split()[0] in cited for m in _CITATION.finditer(old) if m.group()[0].isupper())


def hunk_label(deleted: str, inserted: str) -> str | None:
    """The surface label of replacing ``deleted`` with ``inserted``, or None when the change is substantive."""
    if deleted.split() == inserted.split():
        return L.WHITESPACE
    if deleted.lower() == inserted.lower():
        return L.CAPITALISATION
    a, b = _words(deleted), _words(inserted)
    if a == b:
        plain_a, plain_b = re.sub(r"\W", "", deleted), re.sub(r"\W", "", inserted)
        if plain_a == plain_b and ("-" in deleted or "-" in inserted):
            return L.HYPHENATION
        return L.CAPITALISATION if plain_a.lower() == plain_b.lower() and plain_a != plain_b else L.PUNCTUATION
    if "".join(a) == "".join(b):
        return L.HYPHENATION
    ca, cb = _words(_CITATION.sub(" ", deleted)), _words(_CITATION.sub(" ", inserted))
    if sorted(ca) == sorted(cb) and (_CITATION.search(deleted) or _CITATION.search(inserted)):
        return L.CITATION
    if _grammar_only(a, b):
        return L.GRAMMAR
    if not a or not b:
        return None
    if len(a) == len(b) and all(x == y or _near(x, y) for x, y in zip(a, b)):
        return L.SPELLING
    return None


def _grammar_only(deleted: list[str], inserted: list[str]) -> bool:
    """At most ``GRAMMAR_WORDS`` function words added, dropped or swapped, and nothing else."""
    changed = (Counter(deleted) - Counter(inserted)) + (Counter(inserted) - Counter(deleted))
    return 0 < sum(changed.values()) <= GRAMMAR_WORDS and all(w in _FUNCTION for w in changed)


def change_runs(edit: Edit) -> list[tuple[str, str]]:
    """``(deleted, inserted)`` of each run of an edit's changes (the whole paragraph for a deletion or an addition)."""
    if edit.type is EditType.ADDED:
        return [("", edit.target_text)]
    if edit.type is EditType.DELETED:
        return [(edit.source_text, "")]
    return hunks(edit.diff)


def changed_sides(edit: Edit) -> tuple[str, str]:
    """The words an edit deleted and the words it inserted (whole paragraphs for deletions and additions)."""
    runs = change_runs(edit)
    return " ".join(d for d, _ in runs), " ".join(i for _, i in runs)


def classify_edit(edit: Edit) -> Intent:
    """The intent of one edit (see the module docstring)."""
    if Flag.NOISE in edit.flags:
        return Intent(NOISE, (), "extraction debris matched elsewhere")
    if edit.type in (EditType.ADDED, EditType.DELETED):
        text = edit.target_text or edit.source_text
        if looks_like_noise(text):
            return Intent(NOISE, (), "too few words to be prose (figure labels, numbers or glyphs)")
        verb = "added" if edit.type is EditType.ADDED else "deleted"
        label = L.NEW_CONTENT if edit.type is EditType.ADDED else L.RESTRUCTURING
        plan = (L.PLAN,) if edit.type is EditType.ADDED and promises(text) else ()
        return Intent(SUBSTANTIVE, (label, *plan), f"paragraph {verb}")
    if looks_like_noise(edit.source_text) and looks_like_noise(edit.target_text):
        return Intent(NOISE, (), "too few words to be prose on either side")
    surface: list[str] = []
    if (_CITATION.search(edit.source_text) or _CITATION.search(edit.target_text)) and _same_but_citations(
            edit.source_text, edit.target_text):
        surface.append(L.CITATION)  # a citation restyled, whatever the hunks look like
        if not (edit.type is EditType.MOVED or Flag.SPLIT in edit.flags or Flag.MERGED in edit.flags):
            return Intent(SURFACE, (L.CITATION,), "only the citation style changed")
    substantive: list[tuple[str, str]] = []
    for deleted, inserted in hunks(edit.diff):
        label = hunk_label(deleted, inserted)
        if label is None:
            substantive.append((deleted, inserted))
        elif label not in surface:
            surface.append(label)
    if not substantive:
        if edit.type is EditType.MOVED or Flag.SPLIT in edit.flags or Flag.MERGED in edit.flags:
            return Intent(SUBSTANTIVE, (L.RESTRUCTURING,), "paragraph moved, split or merged")
        what = ", ".join(surface) or "form"
        return Intent(SURFACE, tuple(surface), f"only {what} changed")
    return Intent(SUBSTANTIVE, _substantive_labels(edit, substantive), _reason(substantive))


def _substantive_labels(edit: Edit, changes: list[tuple[str, str]]) -> tuple[str, ...]:
    labels = []
    if edit.type is EditType.MOVED or Flag.SPLIT in edit.flags or Flag.MERGED in edit.flags:
        labels.append(L.RESTRUCTURING)
    deleted = " ".join(d for d, _ in changes)
    inserted = " ".join(i for _, i in changes)
    if _DIGIT.search(deleted + inserted):
        labels.append(L.FACT)
    if _CLAIM.search(inserted):
        labels.append(L.CLAIM)
    if len(real_words(inserted)) >= 15 and len(real_words(inserted)) >= 2 * len(real_words(deleted)):
        labels.append(L.NEW_CONTENT)
    if not labels or len(real_words(inserted)) > 0:
        labels.append(L.CLARIFICATION)
    if promises(inserted):
        labels.append(L.PLAN)
    return tuple(dict.fromkeys(labels))


def promises(text: str) -> bool:
    """True when most of ``text``'s sentences promise work rather than report it (``engine.text.PROMISE``): a
    ``plan`` answers a request for an experiment or a result only in part (a new-user trial saw "add a small
    formative study" addressed by "We will start with a formative interview study")."""
    flat = " ".join(text.split())
    if not PROMISE.search(flat):  # a sentence that promises is a match in the whole text: none, no sentence to read
        return False
    said = [s for s, _, _ in sentences(flat) if len(s.split()) >= 4]
    return bool(said) and 2 * sum(bool(PROMISE.search(s)) for s in said) >= len(said)


def _reason(changes: list[tuple[str, str]]) -> str:
    deleted, inserted = changes[0]
    n = len(changes)
    first = f"\u201c{_clip(deleted)}\u201d \u2192 \u201c{_clip(inserted)}\u201d" if deleted and inserted else (
        f"added \u201c{_clip(inserted)}\u201d" if inserted else f"removed \u201c{_clip(deleted)}\u201d")
    return first + (f" (+{n - 1} more change{'s' if n > 2 else ''})" if n > 1 else "")


def _clip(text: str, limit: int = 60) -> str:
    text = " ".join(text.split())
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def noise_pairs(edits: Sequence[Edit], max_words: int = 12) -> set[str]:
    """Ids of short added and deleted edits whose text reappears unchanged on the other side, and of
    short lines moved unchanged (a heading or a figure label the loader placed elsewhere): no edit at all."""
    def key(e: Edit) -> str:
        return " ".join(_words(e.target_text or e.source_text))

    added = {}
    for e in edits:
        if e.type is EditType.ADDED and len(e.target_text.split()) <= max_words:
            added.setdefault(key(e), []).append(e.id)
    out: set[str] = set()
    for e in edits:
        if (e.type is EditType.MOVED and len(e.target_text.split()) <= max_words
                and _words(e.source_text) == _words(e.target_text)):
            out.add(e.id)  # a heading or short line matched to itself somewhere else
        if e.type is EditType.DELETED and len(e.source_text.split()) <= max_words:
            ids = added.get(key(e))
            if ids:
                out.add(e.id)
                out.add(ids.pop(0))
    return out
