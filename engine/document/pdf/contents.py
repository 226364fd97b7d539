"""A table of contents in a PDF's first pages: its lines are no headings and no paragraphs of the paper.

amsart and long journal papers print "Contents" under the abstract, its entries set like section titles ("1.
Introduction", "References"). Read as the paper, each entry was a heading, and the last, "References", opened the
reference list on page 1: every block after it, the whole paper to its bibliography, was read as one reference
entry. A new-user trial's 23-page amsart paper read as 5 body paragraphs, its 39 comments all "no evidence"
(session 24, trial21; in-sample for that paper). ``contents_blocks`` finds the table; ``classify`` reads its
blocks as ``OTHER`` (shown, never compared), and its "References" opens nothing.
"""

from __future__ import annotations

import re

from engine.document.model import ParagraphKind
from engine.document.pdf.blocks import Block

#: The table's title, alone on its line.
_TITLE = re.compile(r"^\s*(?:table of )?contents\s*$", re.I)
#: Pages a table of contents may open on.
FIRST_PAGES = 3
#: An entry's page number at its end, after dots or spaces ("Introduction . . . 2", "2.1 Model 14").
_PAGE_AT_END = re.compile(r"(?:\s|\.)\d{1,4}\s*$")
#: Share of a following page's lines that end in a page number for the table to go on over that page.
GO_ON_SHARE = 0.6
#: Font sizes an entry may differ from the table's first entry by (a footnote below the table is smaller).
SIZE_SLACK = 0.9


def _key(text: str) -> str:
    """An entry's or a heading's title without its number, page number or dots: "introduction"."""
    return re.sub(r"[^a-z ]", "", text.lower()).strip()


def contents_blocks(blocks: list[Block]) -> set[int]:
    """The ids of the blocks of a table of contents (its title among them), or none: from a block whose first line is
    "Contents" or "Table of contents" on one of the first ``FIRST_PAGES`` pages to the end of that page, ended
    earlier by a block set smaller than the entries (a footnote) or by the heading of the table's first entry (the
    paper's first section set right under the table); then over each next page of which ``GO_ON_SHARE`` of the
    lines end in a page number."""
    start = next((i for i, b in enumerate(blocks)
                  if b.first.page <= FIRST_PAGES and _TITLE.match(b.lines[0].text)), None)
    if start is None:
        return set()
    title = blocks[start]
    found = {id(title)}
    page = title.first.page
    first = next((_key(ln.text) for ln in title.lines[1:] if _key(ln.text)), None)  # the first entry's title
    size: float | None = title.lines[1].size if len(title.lines) > 1 else None
    for b in blocks[start + 1:]:
        if b.first.page != page:
            break
        size = b.size if size is None else size
        if b.size < size - SIZE_SLACK:
            return found
        key = _key(b.lines[0].text)
        if first is not None and key == first and not _PAGE_AT_END.search(b.lines[0].text):
            return found  # the first section's heading again: the paper goes on under the table
        first = first or next((_key(ln.text) for ln in b.lines if _key(ln.text)), None)
        found.add(id(b))
    rest = [b for b in blocks[start + 1:] if b.first.page > page]
    while rest:
        page = rest[0].first.page
        on_page = [b for b in rest if b.first.page == page]
        lines = [ln for b in on_page for ln in b.lines]
        if sum(1 for ln in lines if _PAGE_AT_END.search(ln.text)) < GO_ON_SHARE * len(lines):
            break
        found.update(id(b) for b in on_page)
        rest = rest[len(on_page):]
    return found


#: A table entry or a heading: its number, its title, and (an entry's) page number after dots or spaces.
_ENTRY = re.compile(r"^\s*(?P<num>(?:\d{1,2}|[A-Z])(?:\.\d{1,2})*)\.?\s+(?P<title>.*?[A-Za-z].*?)(?:[\s.]+\d{1,4})?\s*$")


def _entry(text: str) -> tuple[str, str] | None:
    m = _ENTRY.match(text)
    return (m["num"], _key(m["title"])) if m else None


def headings_from_contents(blocks: list[Block], toc: set[int]) -> None:
    """A one-line block after the table that reads as one of its numbered entries ("1. Introduction" under
    "1. Introduction" in the table), set as body text, is that section's heading: amsart sets section titles in
    small capitals at the text's size, which the PDF reader took for a paragraph, so every edit of the trial's paper
    was placed under its title. Its number gives its level ("2.1": 2). Entries the table runs together on a line
    ("1.1. Polytopes 1.2. Weak orders") are not split: only whole lines count."""
    entries = {e for b in blocks if id(b) in toc for ln in b.lines if (e := _entry(ln.text))}
    if not entries:
        return
    last = max(i for i, b in enumerate(blocks) if id(b) in toc)
    for b in blocks[last + 1:]:
        if b.kind is not ParagraphKind.BODY or len(b.lines) != 1 or not b.first.alone:
            continue
        found = _entry(b.text)
        if found and found in entries:
            m = _ENTRY.match(b.text)
            b.kind, b.heading_number, b.level = ParagraphKind.HEADING, found[0], found[0].count(".") + 1
            b.heading_title = " ".join(m["title"].split()).rstrip(".")
