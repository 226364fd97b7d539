"""Where an edit's changed words are on a PDF page: the edit's revised text, word
by word with what the diff says of each word, aligned to the page's word boxes
inside the paragraph's regions (``page.get_text("words")``).

Extraction joins hyphenated line ends, unfolds ligatures and drops citation
brackets differently from the page, so words are compared normalised and runs
that do not match one to one are mapped in proportion.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Callable
from dataclasses import dataclass, field
from difflib import SequenceMatcher

from engine.revision.model import Edit, EditType, Flag

#: What the diff says of a word of the revised text.
EQUAL, INSERTED, MOVED = 0, 1, 2
_NON_WORD = re.compile(r"[\W_]+")


def norm(word: str) -> str:
    return _NON_WORD.sub("", unicodedata.normalize("NFKC", word).lower())


@dataclass
class RevisedText:
    """The revised text of an edit as words, each with a mark, and what was deleted before word ``k``."""

    words: list[str] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    #: Token index → deleted text that stood before it (``len(words)``: after the last word).
    deletions: dict[int, str] = field(default_factory=dict)


def revised_text(edit: Edit) -> RevisedText:
    out = RevisedText()
    whole = None
    if edit.type is EditType.ADDED:
        whole = INSERTED
    elif edit.type is EditType.MOVED and Flag.ALSO_CHANGED not in edit.flags:
        whole = MOVED
    if whole is not None or not edit.diff:
        words = edit.target_text.split()
        out.words, out.marks = words, [whole if whole is not None else INSERTED] * len(words)
        return out
    for span in edit.diff:
        if span.op == "delete":
            k = len(out.words)
            out.deletions[k] = (out.deletions.get(k, "") + " " + span.text).strip()
            continue
        words = span.text.split()
        out.words += words
        out.marks += [INSERTED if span.op == "insert" else EQUAL] * len(words)
    return out


@dataclass
class PlacedWords:
    """Page words (x0, y0, x1, y1, text, block, line, word, page) with the mark each takes."""

    boxes: list[tuple] = field(default_factory=list)
    marks: list[int] = field(default_factory=list)
    #: Token index → index into ``boxes`` of the word the token is (or would stand before).
    token_box: list[int] = field(default_factory=list)


def place(text: RevisedText, boxes: list[tuple]) -> PlacedWords:
    """Map the revised text's marks onto ``boxes`` (the page words of the paragraph, reading order)."""
    a = [norm(w) for w in text.words]
    b = [norm(str(w[4])) for w in boxes]
    marks = [EQUAL] * len(boxes)
    token_box = [len(boxes)] * (len(a) + 1)
    sm = SequenceMatcher(None, a, b, autojunk=False)
    for op, i1, i2, j1, j2 in sm.get_opcodes():
        if op == "equal":
            for k in range(i2 - i1):
                marks[j1 + k] = text.marks[i1 + k]
                token_box[i1 + k] = j1 + k
        elif op == "replace":
            for j in range(j1, j2):  # page words take the marks of the tokens at the same share of the run
                lo = i1 + (j - j1) * (i2 - i1) // (j2 - j1)
                hi = max(lo + 1, i1 + (j + 1 - j1) * (i2 - i1) // (j2 - j1))
                marks[j] = max(text.marks[lo:hi])
            for i in range(i1, i2):
                token_box[i] = j1 + (i - i1) * (j2 - j1) // (i2 - i1)
        elif op == "insert":  # page words the text lacks (a citation, a footnote mark): inside a change, changed
            before = text.marks[i1 - 1] if i1 > 0 else EQUAL
            after = text.marks[i1] if i1 < len(a) else EQUAL
            for j in range(j1, j2):
                marks[j] = before if before == after else EQUAL
        else:  # tokens the page lacks: they stand before the next page word
            for i in range(i1, i2):
                token_box[i] = j1
    token_box[len(a)] = len(boxes)
    # matched only by chance (a lone common word): a mark needs some matched text around it
    if a and sum(m.size for m in sm.get_matching_blocks()) < max(2, len(a) // 4):
        return PlacedWords(boxes, [EQUAL] * len(boxes), [len(boxes)] * (len(a) + 1))
    return PlacedWords(boxes, marks, token_box)


def line_rects(boxes: list[tuple], pad: float = 0.6) -> list[tuple[int, tuple[float, float, float, float]]]:
    """Consecutive word boxes on one line merged: (page, rect) per run."""
    out: list[tuple[int, list[float], tuple]] = []
    for w in boxes:
        key = (w[8], w[5], w[6])
        if out and out[-1][2] == key and w[0] >= out[-1][1][0] - 1:
            r = out[-1][1]
            r[0], r[1], r[2], r[3] = min(r[0], w[0]), min(r[1], w[1]), max(r[2], w[2]), max(r[3], w[3])
        else:
            out.append((w[8], [w[0], w[1], w[2], w[3]], key))
    return [(page, (r[0] - pad, r[1], r[2] + pad, r[3])) for page, r, _ in out]


def runs(placed: PlacedWords, mark: int) -> list[list[tuple]]:
    """Maximal runs of consecutive page words with ``mark``."""
    out: list[list[tuple]] = []
    prev = False
    for w, m in zip(placed.boxes, placed.marks):
        if m == mark:
            if prev:
                out[-1].append(w)
            else:
                out.append([w])
        prev = m == mark
    return out


#: The title is looked for on the first pages (a journal's cover page may come before the paper's) ...
TITLE_PAGES = 2
#: ... as the run of page words that holds most of its words in order: at least this share of them (and two), as a
#: fraction (numerator, denominator) so that the count decides exactly.
TITLE_MATCH = (3, 5)


def title_boxes(page_words: Callable[[int], list[tuple]], page_count: int, title: str) -> list[tuple]:
    """The page words (with their 0-based page last) of ``title`` as printed: on the first ``TITLE_PAGES`` pages, the
    run from a title word that matches most of the title's words in order (exact counts; the first page and the
    earliest run win ties); none when no run holds ``TITLE_MATCH`` of them. The paragraphs' regions do not hold the
    title, so a title edit is placed here."""
    want = [t for t in (norm(w) for w in title.split()) if t]
    wanted = set(want)
    best: list[tuple] = []
    best_matched = 0
    for page_no in range(min(page_count, TITLE_PAGES)):
        words = [(*w[:8], page_no) for w in page_words(page_no) if norm(str(w[4]))]
        tokens = [norm(str(w[4])) for w in words]
        span = len(want) + max(3, len(want) // 2)  # room for a footnote mark or a word broken at a line's end
        for i, tok in enumerate(tokens):
            if tok not in wanted:
                continue
            sm = SequenceMatcher(None, want, tokens[i:i + span], autojunk=False)
            blocks = [b for b in sm.get_matching_blocks() if b.size]
            matched = sum(b.size for b in blocks)
            if matched > best_matched:
                best_matched = matched
                best = words[i + blocks[0].b:i + blocks[-1].b + blocks[-1].size]
    enough = best_matched >= 2 and best_matched * TITLE_MATCH[1] >= len(want) * TITLE_MATCH[0]
    return best if enough else []
