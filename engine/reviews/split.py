"""Cutting review sections into units: list items, sentences, inline
enumerations, each with its character span and the lead-in it depends on."""

from __future__ import annotations

import re
from dataclasses import dataclass
from engine.text import sentences

_ITEM = re.compile(r"^(\s*)(?:[-*+\u2022\u25cf\u25aa\u2013\u2014>]|\(?\d{1,2}[.)](?!\d)|\(?[a-h]\d{0,2}[.)]|\(?[ivx]{1,4}\)|\(?[j-z]\)|\[\d{1,2}\]|[A-Z]\d?\.\d{1,2}\.?|Q\d{1,2}[.:)]?|W\d{1,2}[.:)]?)\s+"
                   r"(?:[-*\u2022\u2013\u2014]\s+)?")  # "1. - The tables ...": a bullet typed after the number
# (a referee's "a1) ... a2) ... b1) ..." are items too: a new-user trial's ScholarOne review ran a1 and a2 together;
# and "j)" to "z)" with a bracket, never "p." (a page): trial33's referee lettered twenty points a) to t), and those
# past h) were read as paragraphs, cut into sentences, the last, "t) Figure 19. Perhaps include …", in no comment)
#: A point typed "---Relatedly, why ..." (three dashes, no space, a capital or a quote): an item (a new-user trial's
#: journal letter: each such point was read as a paragraph, and its sentences as up to four comments).
_DASH_ITEM = re.compile(r"^(\s*)-{3}(?=[A-Z\u201c\u2018\"(])")
#: A point that opens on the line it is about, "L32: Please ..." or "L122, L136: With ...": an item that keeps
#: its line numbers (trial18's referee typed eleven such points, each on its own line: four read as one comment).
_LINE_ITEM = re.compile(r"^(\s*)(?=L\d{1,4}(?:\s*[-\u2013,]\s*L?\d{1,4})*\s*:\s*\S)")
#: K1 (session 24, docs/comments.md): a note typed "–55 change X to Y" (a line number after a dash, two digits or
#: more) is an item that keeps its number, where the section holds ``KEY_LINES`` such lines or more; None: off.
_KEY_LINE = re.compile(r"^(\s*)(?=[-\u2013\u2014]\d{2,4}(?:\s*[-\u2013]\s*\d{1,4})?[:.,]?\s+\S)")
KEY_LINES: int | None = None
#: K4: a point typed "2 - L39: ..." (a number, a spaced dash) is a numbered item where at least ``NUM_DASH`` such
#: lines of the section are numbered in sequence (1, 2, ...); None: off.
_NUM_DASH = re.compile(r"^(\s*)(\d{1,2})\s+[-\u2013\u2014]\s+(?=\S)")
NUM_DASH: int | None = None


def _in_sequence(text: str) -> bool:
    """Whether the section's "N - " lines are numbered 1, 2, ... (``NUM_DASH`` of them or more)."""
    nums = [int(m.group(2)) for m in map(_NUM_DASH.match, text.split("\n")) if m]
    return NUM_DASH is not None and len(nums) >= NUM_DASH and nums == list(range(nums[0], nums[0] + len(nums)))
_INLINE_ENUM = re.compile(r"(?:(?<=\s)|^)(\((?:\d{1,2}|[a-h]|[ivx]{1,4})\)|(?<![\w.])(?:\d{1,2}|[a-h]|[ivx]{1,4})\))\s+")


@dataclass(frozen=True)
class Unit:
    text: str
    start: int
    end: int
    #: Text a unit needs before it to be understood (a "missing several things:" lead-in).
    lead_in: str = ""
    is_item: bool = False


def _blocks(text: str) -> list[tuple[str, int, bool]]:
    """Paragraphs and list items: ``(text, start, is_item)``; items run on until a blank line or the next item."""
    blocks: list[tuple[str, int, bool]] = []
    pos = 0
    cur_start, cur_end, cur_item = -1, -1, False

    def close() -> None:
        if cur_start >= 0:
            blocks.append((text[cur_start:cur_end], cur_start, cur_item))

    dashed = _in_sequence(text)
    keys = KEY_LINES is not None and sum(1 for ln in text.split("\n") if _KEY_LINE.match(ln)) >= KEY_LINES
    for line in text.split("\n"):
        end = pos + len(line)
        m = (_ITEM.match(line) or _DASH_ITEM.match(line) or _LINE_ITEM.match(line) or (keys and _KEY_LINE.match(line))
             or (dashed and _NUM_DASH.match(line)))
        if not line.strip():
            close()
            cur_start = -1
        elif m:
            close()
            cur_start, cur_end, cur_item = pos + m.end(), end, True
        elif cur_start >= 0:
            cur_end = end
        else:
            cur_start, cur_end, cur_item = pos, end, False
        pos = end + 1
    close()
    return blocks


def inline_items(sentence: str, start: int) -> tuple[str, list[tuple[str, int, int]]] | None:
    """Split "missing several things: (1) a definition of L, (2) ..." into its lead-in and items."""
    marks = list(_INLINE_ENUM.finditer(sentence))
    if len(marks) < 2:
        return None
    lead = sentence[: marks[0].start()].strip()
    items = []
    for k, m in enumerate(marks):
        a = m.end()
        b = marks[k + 1].start() if k + 1 < len(marks) else len(sentence)
        piece = sentence[a:b]
        stripped = piece.rstrip().rstrip(",;").rstrip()
        stripped = re.sub(r"\s*(?:,|;)?\s*(?:and|or)$", "", stripped)
        if stripped.strip():
            items.append((stripped.strip(), start + a, start + a + len(stripped.strip())))
    return (lead, items) if items else None


#: An item over a nested list is the nested items' lead-in whole when it has at most this many words, else its last
#: sentence.
NESTED_LEAD_WORDS = 40


def units(text: str, offset: int = 0) -> list[Unit]:
    """The units of a section's ``text``; spans are shifted by ``offset``. A list item's lead-in is the paragraph
    sentence ending on ":" over its list, or, for an item nested under one that ends on ":", that item."""
    out: list[Unit] = []
    lead = ""
    nested: tuple[str, int] | None = None  # an item that ends on "...:" and the indent of its line
    for block, start, is_item in _blocks(text):
        if is_item:
            line = text[text.rfind("\n", 0, start) + 1 : start]
            indent = len(line) - len(line.lstrip())
            if nested is not None and indent <= nested[1]:
                nested = None
            own = nested[0] if nested is not None else lead  # a nested item's lead-in is the item over it
            out.append(Unit(" ".join(block.split()), offset + start, offset + start + len(block.rstrip()), own, True))
            if nested is None and block.rstrip().endswith(":"):  # "There are a few typos. Not all of them, but:"
                said = " ".join(block.split())
                last = sentences(block, 0, review=True)
                nested = (said if len(said.split()) <= NESTED_LEAD_WORDS else " ".join(last[-1][0].split()), indent)
            continue
        lead, nested = "", None
        sents = sentences(block, offset + start, review=True)
        for k, (s, a, b) in enumerate(sents):
            enum = inline_items(s, a)
            if enum:
                head, items = enum
                out.extend(Unit(" ".join(t.split()), x, y, head, True) for t, x, y in items)
                continue
            if k == len(sents) - 1 and s.endswith(":"):
                lead = " ".join(s.split())  # introduces the list that follows
            out.append(Unit(" ".join(s.split()), a, b))
    return out
