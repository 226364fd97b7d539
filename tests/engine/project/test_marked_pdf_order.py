"""The marked-up PDF's first pages list each comment's changes by page, as a reader turns the pages (exports20: they
came in the aligner's order, best score first, so "p. 7, p. 2, p. 5" sent the reader back and forth)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.project.coverage import coverage_rows
from engine.project.marked_pdf import write_marked_pdf
from engine.project.marked_summary import by_page, summary_html

_COMMENT = re.compile(r'<p class="c"><b>([^<]+)</b>')
_PAGE = re.compile(r'<p class="e"><a href="#page=(\d+)">')


def _pages_by_comment(html: str) -> dict[str, list[int]]:
    out: dict[str, list[int]] = {}
    current = None
    for line in html.splitlines():
        if (m := _COMMENT.match(line)) is not None:
            current = out.setdefault(m.group(1), [])
        elif (m := _PAGE.match(line)) is not None and current is not None:
            current.append(int(m.group(1)))
    return out


@pytest.mark.shared_data
def test_each_comments_changes_are_listed_by_page(cgo18, tmp_path: Path) -> None:
    project = cgo18[0]
    result = write_marked_pdf(project, tmp_path / "marked.pdf")
    rows = coverage_rows(project)
    # the aligner's order is not the page order for some comment of this paper: the test would pass on nothing
    aligner = {r.comment_id: [result.pages[e.edit_id] for e in r.edits if e.edit_id in result.pages] for r in rows}
    assert any(pages != sorted(pages) for pages in aligner.values())
    listed = _pages_by_comment(summary_html(project, rows, result.pages, 0, result.marks))
    assert set(listed) == {r.comment_id for r in rows}
    for cid, pages in listed.items():
        assert pages == sorted(pages), cid
        assert sorted(pages) == sorted(aligner[cid]), cid  # the same changes, none lost or added
    # and within a page, in the paper's order (edits are numbered along the revised paper)
    order = {e.id: i for i, e in enumerate(project.diff.edits)}
    for r in rows:
        shown = [e.edit_id for e in by_page(project, r.edits, result.pages) if e.edit_id in result.pages]
        assert shown == sorted(shown, key=lambda i: (result.pages[i], order[i])), r.comment_id
