"""A response letter kept as a table: the reviewers' points in one column, the authors' answers in another.

Authors often keep their reply as a Markdown table ("| # | Reviewer comment | Response | Where |"), one row per point,
under a heading per reviewer. Given as the reviews, it was refused as an author response (its answers read as
"we have added ...": a new-user trial, session 22, on a table written for the trial), though the comment column is
the reviews. A pipe table whose header names a comment column and a response column is read as its comment column
only, each row a numbered point; the responses are left out, with a notice. Other tables stay as typed.
"""

from __future__ import annotations

import re

#: A pipe table's row, and the rule under its header ("|---|:--:|").
_ROW = re.compile(r"^\s*\|(.*)\|\s*$")
_RULE = re.compile(r"^\s*\|?\s*:?-{3,}:?\s*(?:\|\s*:?-{3,}:?\s*)*\|?\s*$")
#: A header cell over the reviewers' points ("Reviewer comment", "Comment", "Referee's point", "Concern"); a column
#: that only names the reviewer ("Reviewer") is not it.
#: ("Question" is left out: a review form's "| Question | Answer |" holds the reviewer's own answers.)
_COMMENT = re.compile(r"\b(?:comments?|concerns?|points?|remarks?|issues?)\b", re.I)
#: A header cell over an identifier, not text ("Comment ID", "Point #", "No.").
_ID = re.compile(r"(?:\bid|\bno\.?|\bnumber|#)\s*$", re.I)
#: A header cell over the authors' answers.
_RESPONSE = re.compile(r"\b(?:responses?|repl(?:y|ies)|answers?|rebuttal|actions?(?: taken)?|changes?)\b", re.I)


def _cells(line: str) -> list[str]:
    inner = _ROW.match(line).group(1)  # type: ignore[union-attr]
    return [" ".join(c.replace("\\|", "|").replace("<br>", " ").split()) for c in re.split(r"(?<!\\)\|", inner)]


def _columns(header: list[str]) -> int | None:
    """The comment column of a response table's header, else None (no comment column, or no response column)."""
    comment = next((k for k, h in enumerate(header)
                    if _COMMENT.search(h) and not _RESPONSE.search(h) and not _ID.search(h)), None)
    if comment is None or not any(_RESPONSE.search(h) for k, h in enumerate(header) if k != comment):
        return None
    return comment


def comment_tables(text: str, notices: list[str] | None = None) -> str:
    """``text`` with each response table replaced by its comment column, one numbered point per row."""
    if "|" not in text:
        return text
    lines = text.split("\n")
    out: list[str] = []
    i = 0
    while i < len(lines):
        col = (_columns(_cells(lines[i])) if _ROW.match(lines[i]) and i + 1 < len(lines) and _RULE.match(lines[i + 1])
               else None)
        if col is None:
            out.append(lines[i])
            i += 1
            continue
        j, points = i + 2, []
        while j < len(lines) and _ROW.match(lines[j]):
            row = _cells(lines[j])
            if col < len(row) and row[col]:
                points.append(row[col])
            j += 1
        out.extend(f"{k}. {p}\n" for k, p in enumerate(points, 1))
        if notices is not None:
            heading = _cells(lines[i])[col]
            notices.append(f"read the “{heading}” column of a response table ({len(points)} rows) as the reviewers' "
                           "points; its responses left out")
        i = j
    return "\n".join(out)
