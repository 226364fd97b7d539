"""The authors' response inside a reviews file, left out: HotCRP's text export puts "Response by <name>" between the
reviews, with the authors' answers under headings of their own ("# Reviewer A:"). Read as reviews, each of those
headings was one more reviewer, whose comments were the authors' answers (trial36: an ICSE chair's file read as six
reviewers, 53 comments, 6 of them the rebuttal's).

The response runs from its "Response by" line to the next reviewer heading written as the reviews before it were
("Review #12C" after "Review #12A" and "Review #12B"; "## Reviewer 3" after "## Reviewer 1"), or to the end of the
file; its lines are blanked, so the reviews keep their line numbers. The notice says where the response went.

HotCRP's stamp under each review's name, "* Updated: 24 Nov 2031 9:01am AoE", is blanked too (``without_stamps``): read
as a list item, every review's reading note named it as a point in no comment.
"""

from __future__ import annotations

import re

from engine.reviews.headings import reviewer_name

#: HotCRP's header over the authors' response: "Response by Ann Lee <ann@example.org>" on a line of its own.
_RESPONSE_BY = re.compile(r"^\s*(?:#{1,6}\s*)?[*_]*(?:Authors?'?s?'?\s+)?Response\s+by\s+(\S.{0,120}?)[*_]*\s*$")
#: HotCRP's stamp of when a review was last changed, a list item of its own under the review's name.
_STAMP = re.compile(r"^[*-] (?:Updated|Submitted): \d{1,2} [A-Z][a-z]{2} \d{4}\b[^\n]{0,40}$", re.M)
#: What HotCRP puts after "Response by": a name (capitalised words), with or without its address in angle brackets;
#: not a reviewer's own short paragraph ("Response by the authors to my first point is not convincing.", review33).
_NAME = re.compile(r"(?:[A-Z][\w.'\u2019-]*\s+){0,5}[A-Z][\w.'\u2019-]*(?:\s*<[^<>\s]+@[^<>\s]+>)?"
                   r"|.*<[^<>\s]+@[^<>\s]+>")
#: A reviewer's identifier in a heading: "#12A", "4", "A".
_IDENT = re.compile(r"(?:#\s*)?\d+[A-Za-z]?\b|\b[A-Z]\b")


def _form(line: str) -> str:
    """A reviewer heading as written, its identifier taken out: "Review #12A" and "Review #12C" have one form,
    "# Reviewer A:" another."""
    return _IDENT.sub("_", line.strip())


def drop_author_response(text: str, notices: list[str]) -> str:
    """``text`` with each authors' response between its reviews blanked, and a notice for each."""
    lines = text.split("\n")
    forms: set[str] = set()
    i = 0
    while i < len(lines):
        line = lines[i]
        by = _RESPONSE_BY.match(line) if forms else None
        by = by if by and _NAME.fullmatch(by.group(1).strip()) else None
        if not by:
            if line.strip() and reviewer_name(line):
                forms.add(_form(line))
            i += 1
            continue
        end = i + 1
        while end < len(lines) and not (reviewer_name(lines[end]) and _form(lines[end]) in forms):
            end += 1
        words = sum(len(rest.split()) for rest in lines[i + 1:end])
        name = re.sub(r"\s*<[^>]*>", "", by.group(1)).strip()
        notices.append(f"left out the authors' response in the reviews (“Response by {name}”, {words} words): "
                       "it answers the reviews and is no review; to have the statuses read it, give it as the "
                       "authors' response (File → Add Authors' Response…)")
        lines[i:end] = [""] * (end - i)
        i = end
    return "\n".join(lines)


def without_stamps(text: str) -> str:
    """``text`` with HotCRP's "* Updated: <date>" lines blanked (see the module's text)."""
    return _STAMP.sub("", text)
