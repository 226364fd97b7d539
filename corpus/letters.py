"""Cutting a response letter (and a reviews file) into reviewer points, by patterns kept in the manifest.

A response spec holds regular expressions (multiline): ``reviewer`` starts a reviewer's part,
``point`` starts a quoted reviewer point (optional: without it a point is the text between the last
reply and the next), ``reply`` starts the authors' answer; ``reply_braced`` says the reply match
ends in an opening brace whose group closes the reply; ``reply_end`` closes a reply; ``reply_also`` starts a braced block that belongs to the last reply
(new text the authors quote); points before the first ``reviewer`` marker are the editor's (reviewer 0); ``start``/``end`` bound the letter's body;
``reviewer_letters`` lets a marker name its reviewer by a letter (A = 1), for letters that quote reviewers A, B, C
point by point under topic headings (a zero-width ``reviewer`` marker before each quote); ``editor`` marks the start of
the editor's part (reviewer 0) wherever it comes, for letters that answer the editor after the reviewers.
A reviews-file spec holds ``reviewer`` (a line that opens a review), optional ``lines`` ("a-b",
1-based) and ``drop`` (lines to leave out: scores, form headers). Text is kept verbatim. Reviews kept as one
file per reviewer (``file`` a list) are read one by one, as Reviewer 1, 2, ... in the list's order.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass, field
from difflib import SequenceMatcher


@dataclass
class Point:
    reviewer: int
    comment: str
    reply: str
    lines: tuple[int, int] | None = None  # 1-based, inclusive, in reviews.md
    located: str = ""  # "exact" (reviews.md built from the quotes), "matched" (found in a reviews file), ""


@dataclass
class Reviews:
    markdown: str
    points: list[Point] = field(default_factory=list)
    notices: list[str] = field(default_factory=list)


def span_hash(text: str) -> str:
    """A short hash of a span, whitespace-insensitive (labels carry it instead of the text)."""
    return hashlib.sha1(" ".join(text.split()).encode("utf-8")).hexdigest()[:10]


def _blank_comments(text: str) -> str:
    """LaTeX comment lines blanked (line numbers kept): commented-out drafts are not the letter."""
    return re.sub(r"(?m)^[ \t]*%.*$", "", text)


def _closing_brace(text: str, start: int) -> int:
    depth = 1
    i = start
    while i < len(text):
        c = text[i]
        if c == "\\":
            i += 2
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i
        i += 1
    return len(text)


def _tidy(text: str) -> str:
    text = re.sub(r"\\end\{(?:point|quote|itshape|em)\}\s*$", "", text.strip()).strip()
    while text.endswith("}") and text.count("}") > text.count("{"):
        text = text[:-1].rstrip()
    while text.startswith("{") and text.count("{") > text.count("}"):
        text = text[1:].lstrip()
    return text


def _number(m: re.Match | None, letters: bool = False) -> int | None:
    """The reviewer number a marker names in its first group, if it has one; with ``letters`` (the spec's
    ``reviewer_letters``), a single letter names one too: A is reviewer 1, B reviewer 2, ..."""
    if m is None or not m.groups() or m.group(1) is None:
        return None
    name = m.group(1)
    if letters and len(name) == 1 and name.isascii() and name.isalpha():
        return ord(name.upper()) - ord("A") + 1
    return int(name) if name.isdigit() else None


def _clean(comment: str, spec: dict) -> str:
    if spec.get("strip_quote"):
        comment = re.sub(r"(?m)^[ \t]*>[ \t]?", "", comment)
    return _tidy(comment)


def cut_response(text: str, spec: dict) -> list[Point]:
    """The letter's points in order: (reviewer number, quoted comment, reply)."""
    text = _blank_comments(text) if spec.get("latex", True) else text
    flags = re.M | re.S if spec.get("dotall") else re.M
    if spec.get("start"):
        m = re.search(spec["start"], text, flags)
        text = text[m.end():] if m else text
    if spec.get("end"):
        m = re.search(spec["end"], text, flags)
        text = text[:m.start()] if m else text
    events = []
    for kind in ("reviewer", "editor", "point", "reply", "reply_also"):
        if spec.get(kind):
            events += [(m.start(), m.end(), kind) for m in re.finditer(spec[kind], text, flags)]
    events.sort()
    points, reviewer, boundary, open_point, i = [], 0, 0, None, 0
    while i < len(events):
        start, end, kind = events[i]
        if start < boundary:  # inside a braced point or reply
            i += 1
            continue
        if kind == "reply_also":  # a braced block that belongs to the last answer (the new text it quotes)
            close = _closing_brace(text, end)
            if points:
                points[-1].reply += "\n" + text[start:close + 1]
            boundary, open_point = close + 1, None
        elif kind == "editor":  # the editor's part, here after the reviewers': reviewer 0 again
            reviewer, boundary, open_point = 0, end, None
        elif kind == "reviewer":
            number = _number(re.compile(spec["reviewer"], flags).match(text, start), spec.get("reviewer_letters", False))
            reviewer = number if number is not None else reviewer + 1
            boundary, open_point = end, None
        elif kind == "point" and (spec.get("point_braced") or not spec.get("reply")):
            # the point is the braced group (or the match itself); the reply runs to the next event
            if spec.get("point_braced"):
                close = _closing_brace(text, end)
                comment, after = text[end:close], close + 1
            else:
                comment, after = text[start:end], end
            nxt = [s for s, _, _k in events[i + 1:] if s >= after]
            stop = nxt[0] if nxt else len(text)
            if comment.strip():
                points.append(Point((reviewer if spec.get('reviewer') else 1), _clean(comment, spec), text[after:stop].strip()))
            boundary, open_point = after, None
        elif kind == "point":
            open_point = end
        else:
            comment = text[open_point if open_point is not None else boundary:start]
            if spec.get("reply_braced"):
                stop = _closing_brace(text, end) + 1
            elif spec.get("reply_end"):
                m = re.compile(spec["reply_end"], flags).search(text, end)
                stop = m.end() if m else len(text)
            else:
                nxt = [s for s, _, k in events[i + 1:] if k in ("reviewer", "editor", "point") or not spec.get("point")]
                stop = nxt[0] if nxt else len(text)
            if spec.get("point") and open_point is None:  # a second reply block continues the last answer
                if points:
                    points[-1].reply += "\n" + text[end:stop]
            elif comment.strip():
                points.append(Point((reviewer if spec.get('reviewer') else 1), _clean(comment, spec), text[end:stop].strip()))
            boundary, open_point = stop, None
        i += 1
    return [p for p in points if p.comment]


def reviews_from_points(points: list[Point]) -> Reviews:
    """reviews.md made of the quoted points, in order, one ``## Reviewer N`` per reviewer."""
    lines, current = [], None
    for p in points:
        if p.reviewer != current:
            name = f"Reviewer {p.reviewer}" if p.reviewer else "Editor"
            lines += ([""] if lines else []) + [f"## {name}", ""]
            current = p.reviewer
        elif lines and lines[-1] != "":
            lines.append("")
        first = len(lines) + 1
        lines += p.comment.splitlines()
        p.lines, p.located = (first, len(lines)), "exact"
    notes = ["review text the authors did not quote is missing"]
    return Reviews("\n".join(lines) + "\n", points, notes)


def _line_range(spec: str | None, n: int) -> tuple[int, int]:
    if not spec:
        return 1, n
    a, _, b = str(spec).partition("-")
    return int(a), int(b or n)


def reviews_from_file(text: str, spec: dict) -> Reviews:
    """reviews.md from a reviews file: split at the ``reviewer`` lines, ``drop`` lines left out."""
    raw = text.replace("\r\n", "\n").replace("\r", "\n").split("\n")
    a, b = _line_range(spec.get("lines"), len(raw))
    raw = raw[a - 1:b]
    head = re.compile(spec["reviewer"]) if spec.get("reviewer") else None
    drop = re.compile(spec["drop"]) if spec.get("drop") else None
    parts: list[tuple[str, list[str]]] = [("Editor", [])]
    for line in raw:
        m = head.search(line) if head else None
        if m:
            number = _number(m)
            parts.append((f"Reviewer {number if number is not None else len(parts)}", []))
        elif not (drop and drop.search(line)):
            parts[-1][1].append(line)
    out = []
    for name, body in parts:
        while body and not body[0].strip():
            body.pop(0)
        while body and not body[-1].strip():
            body.pop()
        if body:
            out += ([""] if out else []) + [f"## {name}", ""] + body
    return Reviews("\n".join(out) + "\n")


def reviews_from_files(texts: list[str], spec: dict) -> Reviews:
    """reviews.md from one file per reviewer, in order: each read as a whole review (``drop``, ``lines`` apply)."""
    out: list[str] = []
    for number, text in enumerate(texts, 1):
        body = reviews_from_file(text, {**spec, "reviewer": None}).markdown.rstrip("\n").split("\n")[2:]
        if body:
            out += ([""] if out else []) + [f"## Reviewer {number}", ""] + body
    return Reviews("\n".join(out) + "\n")


_WORD = re.compile(r"[a-z0-9]+")


def _words(text: str) -> list[str]:
    text = re.sub(r"\\[a-zA-Z]+\*?", " ", text)  # LaTeX commands in a quote are not the reviewer's words
    return _WORD.findall(text.lower())


def locate_points(reviews: Reviews, points: list[Point], min_words: int = 6) -> None:
    """Find each quoted point in a reviews.md built from a file (its line range), in place."""
    md_lines = reviews.markdown.split("\n")
    words, where = [], []
    for n, line in enumerate(md_lines, 1):
        w = _words(line)
        words += w
        where += [n] * len(w)
    for p in points:
        pw = _words(p.comment)
        if len(pw) < 3:
            continue
        m = SequenceMatcher(None, words, pw, autojunk=False).find_longest_match(0, len(words), 0, len(pw))
        if m.size < min(min_words, len(pw)):
            continue
        first = max(0, m.a - m.b)
        last = min(len(words) - 1, first + len(pw) - 1)
        p.lines, p.located = (where[first], where[last]), "matched"


def span(markdown: str, lines: tuple[int, int]) -> str:
    return "\n".join(markdown.split("\n")[lines[0] - 1:lines[1]])
