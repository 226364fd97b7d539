"""People correct the comment list: edit, merge, split, delete or add a
comment, reassign its reviewer or type. Corrections are kept as a list of
plain dicts (the project stores them) and replayed on a fresh extraction with
``apply_corrections``, so they survive a new extraction.

A correction names the comments it touches by their text at the time
(``anchor``) and reviewer, not by id: ids move when extraction changes. On
replay each anchor is matched to the fresh comment of the same reviewer whose
words it shares most (at least ``MATCH`` of them); a correction whose anchor
is gone is reported, and an added comment is always kept.

Kinds: ``edit`` {anchor, reviewer, text}, ``delete`` {anchor, reviewer},
``add`` {reviewer, text, fine_type?, after?}, ``merge`` {anchors, reviewer},
``split`` {anchor, reviewer, parts}, ``reassign`` {anchor, reviewer, to},
``retype`` {anchor, reviewer, fine_type}.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Any

from engine.reviews.model import FINE_TYPES, ReviewComment

MATCH = 0.6
_WORD = re.compile(r"[a-z0-9]{2,}")


def _words(text: str) -> set[str]:
    return set(_WORD.findall(text.lower()))


def find(comments: list[ReviewComment], anchor: str, reviewer: str) -> int | None:
    """Index of the comment of ``reviewer`` that best matches ``anchor`` (None below ``MATCH``)."""
    want = _words(anchor)
    best, best_score = None, 0.0
    for i, c in enumerate(comments):
        if reviewer and c.reviewer != reviewer:
            continue
        have = _words(c.full_text)
        score = len(want & have) / max(1, len(want | have))
        if score > best_score:
            best, best_score = i, score
    return best if best_score >= MATCH else None


def apply_corrections(
    fresh: list[ReviewComment], corrections: list[dict[str, Any]],
) -> tuple[list[ReviewComment], list[str]]:
    """``fresh`` with ``corrections`` replayed in order, renumbered per reviewer; and notices for the lost ones."""
    out = list(fresh)
    notices: list[str] = []
    for k, cor in enumerate(corrections, 1):
        kind, reviewer = cor.get("kind"), cor.get("reviewer", "")
        if kind == "add":
            new = ReviewComment(id="", reviewer=reviewer, text=cor["text"], fine_type=_fine(cor.get("fine_type")),
                                confidence=1.0)
            at = find(out, cor["after"], reviewer) if cor.get("after") else None
            out.insert(at + 1 if at is not None else len(out), new)
            continue
        anchors = cor.get("anchors") or [cor.get("anchor", "")]
        found = [find(out, a, reviewer) for a in anchors]
        if any(i is None for i in found) or not found:
            notices.append(f"correction {k} ({kind}) no longer matches a comment: {anchors[0][:60]}")
            continue
        i = found[0]
        c = out[i]
        if kind == "edit":
            out[i] = replace(c, text=cor["text"], context="", confidence=1.0)
        elif kind == "delete":
            del out[i]
        elif kind == "reassign":
            out[i] = replace(c, reviewer=cor["to"])
        elif kind == "retype":
            out[i] = replace(c, fine_type=_fine(cor["fine_type"]), confidence=1.0)
        elif kind == "split":
            parts = [replace(c, text=t, context=c.context, confidence=1.0) for t in cor["parts"] if t.strip()]
            out[i : i + 1] = parts
        elif kind == "merge":
            picked = sorted(set(found))
            merged = replace(out[picked[0]], text=" ".join(out[j].full_text for j in picked), context="",
                             confidence=1.0)
            for j in reversed(picked[1:]):
                del out[j]
            out[picked[0]] = merged
        else:
            notices.append(f"correction {k}: unknown kind {kind!r}")
    return renumber(out), notices


def renumber(comments: list[ReviewComment]) -> list[ReviewComment]:
    """Ids ``R<n>.<k>`` (``E.<k>`` for the editor's letter): each reviewer keeps the prefix most of its comments
    had, comments numbered in order."""
    votes: dict[str, dict[str, int]] = {}
    for c in comments:
        m = re.match(r"^(R\d+|E)\.", c.id)
        box = votes.setdefault(c.reviewer, {})
        if m:
            box[m.group(1)] = box.get(m.group(1), 0) + 1
    prefixes: dict[str, str] = {}
    for reviewer, box in votes.items():
        for p in sorted(box, key=lambda p: -box[p]):
            if p not in prefixes.values():
                prefixes[reviewer] = p
                break
    n = 0
    for reviewer in votes:
        while reviewer not in prefixes:
            n += 1
            if f"R{n}" not in prefixes.values():
                prefixes[reviewer] = f"R{n}"
    counts: dict[str, int] = {}
    out = []
    for c in comments:
        p = prefixes[c.reviewer]
        counts[p] = counts.get(p, 0) + 1
        out.append(replace(c, id=f"{p}.{counts[p]}"))
    return out


def _fine(value: Any) -> str:
    return value if value in FINE_TYPES else ""
