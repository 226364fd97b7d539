"""The last words of an indented list item, set back at the column's edge, stay out of the paragraph that
introduces the list: the look back past a float's text (round eight's fix 30) never takes a list item for a float
(a new-user reading of a revision PDF, session 17: an item "(iii) The limit ... " whose "exists and is finite."
went to the paragraph before the list)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind, load_document
from tests.pdf_factory import sample_paragraph


def _lines(page: pymupdf.Page, x: float, y: float, lines: list[str]) -> float:
    for line in lines:
        page.insert_text((x, y), line, fontname="tiro", fontsize=10)
        y += 12
    return y


def _pdf(tmp_path: Path) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = _lines(page, 72, 80, ["In this section we study the estimator under three assumptions on the noise and",
                              "on the sampling scheme, and for the analysis that follows we define"])
    y += 4
    y = _lines(page, 96, y, ["(i) The noise has a density that is bounded away from zero on the real line.",
                             "(ii) The samples are drawn independently of each other and of the noise.",
                             "(iii) The limit of the normalised risk L as the number of samples grows, lim L"])
    page.insert_text((440, y - 4), "n→∞", fontname="tiro", fontsize=6)  # the limit's subscript, under its line
    y = _lines(page, 72, y + 6, ["exists and is finite."])
    y += 8
    _lines(page, 72, y, [sample_paragraph(7, 90)[:88], sample_paragraph(8, 90)[:88]])
    path = tmp_path / "items.pdf"
    doc.save(path)
    return path


def test_an_items_last_line_does_not_join_the_paragraph_before_the_list(tmp_path: Path) -> None:
    doc = load_document(_pdf(tmp_path))
    intro = next(p for p in doc.paragraphs if p.text.startswith("In this section"))
    assert intro.kind is ParagraphKind.BODY
    assert "finite" not in intro.text
    assert any("exists and is finite" in p.text for p in doc.paragraphs)
