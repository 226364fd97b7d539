"""The page and line a comment names ("p. 5, line 12"), on a real PDF (the cgo18 submission): read from the
comment, mapped to the paragraphs on that page and at that line, and used by the placement; a paper read from
its source (no pages) is left as it was."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import numpy as np
import pytest

from engine.document import load_document
from engine.generate.named import PagePointer, page_pointers, page_scores, without_pointers
from engine.generate.placement import place, rule_scores
from engine.reviews.model import ReviewComment

pytestmark = pytest.mark.shared_data


@pytest.fixture(scope="module")
def cgo18(shared_data: Path):
    return load_document(shared_data / "revision" / "cgo18" / "submission.pdf")


def _c(text: str) -> ReviewComment:
    return ReviewComment("R1.1", "Reviewer 1", text)


def test_pages_and_lines_as_reviewers_write_them() -> None:
    assert page_pointers("Page 4, line 32: typo") == [PagePointer(4, 32)]
    assert page_pointers("p5, l16: and p3, l33 too") == [PagePointer(5, 16), PagePointer(3, 33)]
    assert page_pointers("Page 3, lines 46-50 repeat") == [PagePointer(3, 46)]
    assert page_pointers("line 17 on page 4") == [PagePointer(4, 17)]
    assert page_pointers("P. 8: the definition") == [PagePointer(8)]
    # a line counted through the manuscript names only its page; a line with no page names nothing
    assert page_pointers("p19, line 470: unclear") == [PagePointer(19)]
    assert page_pointers("line 12 is unclear; p < 0.05 in Eq. 3") == []
    assert without_pointers("Page 4, line 32: the speedup") .strip(" ,:") == "the speedup"


def test_a_named_page_and_line_score_the_paragraphs_there(cgo18) -> None:
    body = [p for p in cgo18.paragraphs if p.kind.value in ("body", "caption")]
    top = page_scores([PagePointer(4, 5)], body, cgo18.paragraphs)
    low = page_scores([PagePointer(4, 55)], body, cgo18.paragraphs)
    assert {body[j].page for j in np.flatnonzero(top)} == {4} and {body[j].page for j in np.flatnonzero(low)} == {4}
    at_top, at_bottom = [body[j] for j in np.flatnonzero(top == 1.0)], [body[j] for j in np.flatnonzero(low == 1.0)]
    assert at_top and at_bottom and at_top != at_bottom
    # line 5 lies near the top of page 4's text, line 55 near its bottom (a paragraph may run across columns)
    assert all(any(r.page == 4 and r.bbox[1] < 150 for r in p.regions) for p in at_top)
    assert all(any(r.page == 4 and r.bbox[3] > 600 for r in p.regions) for p in at_bottom)
    assert set(np.unique(top)) == {0.0, 0.5, 1.0}  # the rest of the page keeps half
    whole = page_scores([PagePointer(6)], body, cgo18.paragraphs)
    assert all((whole[j] == 1.0) == (p.page == 6) for j, p in enumerate(body))
    source = [dataclasses.replace(p, regions=()) for p in body]  # as read from LaTeX: no page
    assert not page_scores([PagePointer(4, 5)], source).any()


def test_the_placement_goes_to_the_named_page(cgo18) -> None:
    # without a page, these words go to the results on page 9; the page the comment names moves them to page 7
    assert place(_c("The speedup over the baseline is unclear."), cgo18).paragraph.page == 9
    comment = _c("p. 7: the speedup over the baseline is unclear.")
    placed = place(comment, cgo18)
    assert placed.paragraph.page == 7 and "(Experimental Results)" in placed.reason
    parts = rule_scores(comment, cgo18)
    assert parts.pages.max() == 1.0  # every paragraph with a part on page 7, and no other
    assert all(any(r.page == 7 for r in parts.paragraphs[j].regions) for j in np.flatnonzero(parts.pages))


def test_the_benchmark_pages_a_latex_draft_from_its_pdf(shared_data: Path, cgo18) -> None:
    """``bench.draft_pages``: the cgo18 submission read from its LaTeX source takes the pages of its PDF."""
    from bench.draft_pages import with_pages

    tex = load_document(shared_data / "revision" / "cgo18" / "submission" / "cgo18mscr.tex")
    assert tex.source_format == "latex" and not any(p.regions for p in tex.paragraphs)
    paged = with_pages(tex, cgo18)
    body = paged.body()
    assert body and all(p.page is not None for p in body) and paged.page_count == 11
    pages = [p.page for p in body]
    assert pages == sorted(pages) and pages[0] == 1 and pages[-1] == 10  # in reading order, first page to last
    assert [p.id for p in paged.paragraphs] == [p.id for p in tex.paragraphs]  # the same paragraphs, paged
