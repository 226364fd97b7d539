"""Word-level diffs with diff-match-patch, and the minor/major classification.

diff-match-patch diffs characters; as its line mode does with
``diff_linesToChars``, each distinct word (or symbol, or space) is mapped to one
character, the character strings are diffed and cleaned up semantically, and
the result is mapped back to words.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Sequence

from diff_match_patch import diff_match_patch

from engine.revision.model import DiffSpan, EditType
from engine.revision.normalize import comparable_tokens, display_tokens, token_key

#: An edit changing fewer words than this is minor (ARIES: "less than 10 tokens").
MINOR_MAX_TOKENS = 10
#: A numbered citation marker ("[12]", "[3, 4]", "[5-7]") and an author-year one ("(Lin, 2004)", "Lin (2004)").
_NUMBERED_CITE = re.compile(r"\[\s*\d+(?:\s*[,;\u2013-]\s*\d+)*\s*\]")
#: A hyphen written between two letters or digits ("self-gated"; U+2010 and U+2011 as the ASCII one).
_HYPHEN = re.compile(r"(?<=\w)[-\u2010\u2011](?=\w)")
_AUTHOR_YEAR_CITE = re.compile(r"\([A-Z][^()]{0,120}?(?:19|20)\d{2}[a-z]?\)|\b[A-Z][\w'-]+(?: et al\.?)?,? \((?:19|20)\d{2}[a-z]?\)")

def _engine() -> diff_match_patch:
    dmp = diff_match_patch()
    dmp.Diff_Timeout = 2.0
    return dmp


def _code_point(index: int) -> str:
    """The ``index``-th usable character, skipping the surrogate block."""
    code = index + 1
    if code >= 0xD800:
        code += 0x800
    return chr(code)


def _encode(seqs: Sequence[Sequence[str]]) -> list[str]:
    """Each sequence of keys as a string with one character per key (words-to-chars)."""
    table: dict[str, str] = {}
    out = []
    for seq in seqs:
        chars = []
        for key in seq:
            ch = table.get(key)
            if ch is None:
                ch = table[key] = _code_point(len(table))
            chars.append(ch)
        out.append("".join(chars))
    return out


def _token_diff(a_keys: Sequence[str], b_keys: Sequence[str]) -> list[tuple[int, int]]:
    """(op, length in tokens) runs turning ``a_keys`` into ``b_keys``, semantically cleaned up."""
    ca, cb = _encode([a_keys, b_keys])
    dmp = _engine()
    diffs = dmp.diff_main(ca, cb, False)
    dmp.diff_cleanupSemantic(diffs)
    return [(op, len(chars)) for op, chars in diffs]


def word_diff(old: str, new: str) -> tuple[DiffSpan, ...]:
    """Spans turning ``old`` into ``new`` word by word.

    Words that compare equal (a citation marker ``[12]`` against ``[CITATION]``)
    are an ``equal`` span carrying the new text, with the old one in ``old``.
    """
    a, b = display_tokens(old), display_tokens(new)
    spans: list[DiffSpan] = []
    ia = ib = 0
    for op, n in _token_diff([token_key(t) for t in a], [token_key(t) for t in b], ):
        if op == diff_match_patch.DIFF_EQUAL:
            old_text, new_text = "".join(a[ia : ia + n]), "".join(b[ib : ib + n])
            _append(spans, "equal", new_text, old_text if old_text != new_text else None)
            ia, ib = ia + n, ib + n
        elif op == diff_match_patch.DIFF_DELETE:
            _append(spans, "delete", "".join(a[ia : ia + n]))
            ia += n
        else:
            _append(spans, "insert", "".join(b[ib : ib + n]))
            ib += n
    return tuple(spans)


def hunks(diff: Sequence[DiffSpan]) -> list[tuple[str, str]]:
    """``(deleted, inserted)`` text of each run of changes between equal spans."""
    out: list[tuple[str, str]] = []
    dele, ins = [], []
    for s in diff:
        if s.op == "equal":
            if dele or ins:
                out.append(("".join(dele), "".join(ins)))
                dele, ins = [], []
        elif s.op == "delete":
            dele.append(s.text)
        else:
            ins.append(s.text)
    if dele or ins:
        out.append(("".join(dele), "".join(ins)))
    return out


def restyled_words(spans: Sequence[DiffSpan], hyphens: bool = False) -> int:
    """Words whose case changed ("Dev" -> "dev") and citations restyled (a numbered marker for an author-year one,
    or back): changes that comparison ignores (``comparable_tokens``) but a reader sees and may have asked for.
    With ``hyphens`` (both versions written by their authors, no PDF: ``compare.iter_diff``), also words that only
    gained or lost a hyphen ("selfgated" -> "self-gated"), and punctuation added or removed with nothing else changed
    (a comma after a citation: ``_repunctuated``, session 33). A citation renumbered ("[12]" -> "[13]"), a float
    renumbered, a change of spacing or line breaks, or a hyphen a PDF line break left is none."""
    n = 0
    for old, new in hunks(spans):
        if old.strip() and old.strip().lower() == new.strip().lower():
            n += len(old.split())
            continue
        if hyphens and (words := _rehyphenated(old, new)):
            n += words
            continue
        if hyphens and (marks := _repunctuated(old, new)):
            n += marks
            continue
        numbered = [len(_NUMBERED_CITE.findall(t)) for t in (old, new)]
        author_year = [len(_AUTHOR_YEAR_CITE.findall(t)) for t in (old, new)]
        if (numbered[0] and author_year[1]) or (author_year[0] and numbered[1]):
            n += max(numbered + author_year)  # each citation restyled counts as a word
    return n


def _rehyphenated(old: str, new: str) -> int:
    """Words that gained or lost a hyphen inside them, case aside, when nothing else in the hunk changed; else 0.
    A hyphen with a space beside it ("self- gated": a source line broken after it) is no word's."""
    a, b = old.split(), new.split()
    if not a or len(a) != len(b):
        return 0
    pairs = [(x, y) for x, y in zip(a, b) if x != y]
    if not pairs or any(_HYPHEN.sub("", x).lower() != _HYPHEN.sub("", y).lower() for x, y in pairs):
        return 0
    return len(pairs)


def _append(spans: list[DiffSpan], op: str, text: str, old: str | None = None) -> None:
    if not text:
        return
    if spans and spans[-1].op == op:
        last = spans.pop()
        if op == "equal" and (old is not None or last.old is not None):
            old = (last.old if last.old is not None else last.text) + (old if old is not None else text)
        spans.append(DiffSpan(op, last.text + text, old))
        return
    spans.append(DiffSpan(op, text, old))


def whole_span(op: str, text: str) -> tuple[DiffSpan, ...]:
    """The diff of an added (``insert``), deleted (``delete``) or unchanged (``equal``) paragraph."""
    return (DiffSpan(op, text),) if text else ()


def changed_token_count(old_tokens: Sequence[str], new_tokens: Sequence[str]) -> int:
    """Words changed between two comparable token lists: max(words deleted, words inserted).

    Counted with difflib's matching blocks (several times faster here than
    diff-match-patch, and the same for the few-word edits the count decides on).
    """
    if list(old_tokens) == list(new_tokens):
        return 0
    deleted = inserted = 0
    matcher = difflib.SequenceMatcher(None, old_tokens, new_tokens, autojunk=False)
    for op, i1, i2, j1, j2 in matcher.get_opcodes():
        if op != "equal":
            deleted += i2 - i1
            inserted += j2 - j1
    return max(deleted, inserted)


def edit_type(changed_tokens: int) -> EditType:
    """Unchanged (no word changed), minor (fewer than 10) or major."""
    if changed_tokens == 0:
        return EditType.UNCHANGED
    return EditType.MINOR if changed_tokens < MINOR_MAX_TOKENS else EditType.MAJOR


def classify(old_text: str, new_text: str) -> tuple[EditType, int]:
    """The type of an edit from ``old_text`` to ``new_text``, with the number of words changed."""
    changed = changed_token_count(comparable_tokens(old_text), comparable_tokens(new_text))
    return edit_type(changed), changed


_PUNCT = re.compile(r"[,;:.!?]")


def _repunctuated(old: str, new: str) -> int:
    """Punctuation marks (``, ; : . ! ?``) added or removed when nothing else in the hunk changed, spacing aside;
    else 0. Comparison drops them (``comparable_tokens``), yet a reader asked for them ("add commas")."""
    a, b = "".join(old.split()), "".join(new.split())
    if a == b or _PUNCT.sub("", a) != _PUNCT.sub("", b):
        return 0
    return max(1, abs(len(_PUNCT.findall(a)) - len(_PUNCT.findall(b))))
