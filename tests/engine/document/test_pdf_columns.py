"""The text columns of a page, for the viewer's Fit Column zoom: two on a real two-column paper (cgo18's camera-ready,
ACM; an ACL paper), one on a one-column arXiv paper, none on a blank page."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.document.pdf.columns import text_columns


@pytest.mark.shared_data
@pytest.mark.parametrize("name", ["revision/cgo18/camera_ready.pdf", "pdfs/2020.acl-main.447.pdf"])
def test_two_column_pages_give_two_columns_either_side_of_the_gutter(shared_data: Path, name: str) -> None:
    with pymupdf.open(shared_data / name) as doc:
        for index in range(min(4, doc.page_count)):
            page = doc[index]
            columns = text_columns(page)
            assert len(columns) == 2, (index, columns)
            (l0, r0), (l1, r1) = columns
            width = page.rect.width
            assert 0.05 * width < l0 < r0 < 0.5 * width < l1 < r1 < 0.95 * width
            assert abs((r0 - l0) - (r1 - l1)) < 0.1 * width  # the columns of a paper are as wide as each other
            assert l1 - r0 < 0.06 * width  # a gutter, not a missing column


@pytest.mark.shared_data
def test_a_one_column_page_gives_its_text_width(shared_data: Path) -> None:
    with pymupdf.open(shared_data / "pdfs" / "2206.10883v3.pdf") as doc:
        columns, width = text_columns(doc[1]), doc[1].rect.width
    assert len(columns) == 1
    left, right = columns[0]
    assert 0.1 * width < left and right < 0.9 * width and right - left > 0.6 * width


def test_a_blank_page_has_no_column() -> None:
    with pymupdf.open() as doc:
        assert text_columns(doc.new_page()) == []
