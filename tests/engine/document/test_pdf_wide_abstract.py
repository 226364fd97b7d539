"""A paragraph set across both columns above a two-column page (REVTeX's abstract) is read whole: its short last
line, which does not reach the gutter, and a fragment a wide justified word space cut from its line stay with it,
not with the left column below."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import Document, Paragraph, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.pdf_columns import set_column
from tests.pdf_factory import sample_paragraph


def test_a_full_width_abstract_keeps_its_short_last_lines(tmp_path: Path) -> None:
    head = sample_paragraph(91, 45).rstrip(".") + " which resolves"
    cut, last = "both simultaneously.", "turning-point divergences."
    rest = "By construction the densities so obtained stay non-negative and avoid"
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((150, 70), "Resolving Negativity and Caustics by Capacity", fontname="tibo", fontsize=14)
    y = set_column(page, 76, 110, head, width=460) - 3
    page.insert_text((76, y), cut, fontname="tiro", fontsize=10)
    x = 76 + pymupdf.Font("tiro").text_length(cut, fontsize=10) + 9  # a justified sentence space, near an em wide
    page.insert_text((x, y), rest, fontname="tiro", fontsize=10)
    page.insert_text((76, y + 12), last, fontname="tiro", fontsize=10)
    page.insert_text((130, y + 44), "INTRODUCTION", fontname="tibo", fontsize=10)
    left = set_column(page, 54, y + 64, sample_paragraph(92, 160), width=240)
    set_column(page, 54, left, sample_paragraph(93, 60), width=240)
    set_column(page, 318, y + 64, sample_paragraph(94, 220), width=240, indent=0)
    doc.save(tmp_path / "prl.pdf")
    abstract = f"{head} {cut} {rest} {last}"
    read = load_document(tmp_path / "prl.pdf")
    match = paragraph_coverage(Document(paragraphs=[Paragraph(paragraph_id(0), abstract)]), read).matches
    assert match and match[0].how == "similar" and len(match[0].candidates) == 1
    assert match[0].candidates[0].text.endswith("avoid turning-point divergences.")


def test_text_set_in_the_columns_before_the_first_heading_is_body(tmp_path: Path) -> None:
    first, second = sample_paragraph(95, 60), sample_paragraph(96, 45)
    opening = sample_paragraph(97, 70).rstrip(".") + " in tracking ultra-relativistic"
    tail = "electrons. " + sample_paragraph(98, 30)
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((120, 70), "A Readout Chamber for Particle Tracking", fontname="tibo", fontsize=14)
    places = ["1)Dept. of Electrical Engineering, Example University, North Campus, Example Street, Sheffield, UK",
              "2)Institute of Thin Film Science, Sample University, Mustergasse 12, 10001 Musterstadt,",
              "Germany 3)Institute for Crystal Physics, Placeholder University, D-99999 Beispielort, Germany 4)now at:",
              "Richter Lighting Technologies, Example Road 34, Heubach, Germany 5)Center for Invented Matter Science,",
              "Fictional State University, Springfield XY 00000, USA 6)Physics Department, Another University, Str."]
    for row, place in enumerate(places):  # the affiliations, smaller than the abstract (AIP's)
        page.insert_text((90, 84 + 8 * row), place, fontname="tiro", fontsize=7)
    y = set_column(page, 90, 136, first, width=470)
    y = set_column(page, 90, y, second, width=470)
    left = set_column(page, 54, y + 30, sample_paragraph(99, 50), width=240)
    set_column(page, 54, left, opening, width=240)
    note = "a)Also at the Department of Physics, Example University, Rome, Italy"
    page.insert_text((54, 700), note, fontname="tiro", fontsize=6)
    right = set_column(page, 318, y + 30, tail, width=240, indent=0)
    page.insert_text((380, right + 20), "I. INTRODUCTION", fontname="tibo", fontsize=9)
    set_column(page, 318, right + 44, sample_paragraph(100, 60), width=240)
    doc.save(tmp_path / "aip.pdf")
    read = load_document(tmp_path / "aip.pdf")
    body = [p.text for p in read.body()]
    assert f"{opening} {tail}" in body  # joined across the column, past the affiliation note
    assert sample_paragraph(99, 50) in body
    assert first in body and second in body and read.abstract.split("\n\n") == [first, second]
