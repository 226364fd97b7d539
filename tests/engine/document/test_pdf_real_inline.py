"""Inline fixes of the PDF loader checked on the real papers in ../shared/data:
math spacing, fractions, display equations, a continuation below a figure,
front matter, footnote marks and hyphenated compounds."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import Document, ParagraphKind
from engine.document.pdf.load import load_pdf

pytestmark = pytest.mark.shared_data

_cache: dict[str, Document] = {}


def _load(shared_data: Path, name: str) -> Document:
    if name not in _cache:
        _cache[name] = load_pdf(shared_data / name)
    return _cache[name]


def _para(doc: Document, start: str):
    return next(p for p in doc.paragraphs if p.text.startswith(start))


@pytest.mark.parametrize("version", ["submission", "camera_ready"])
def test_math_letters_are_plain_and_spaced(shared_data: Path, version: str) -> None:
    doc = _load(shared_data, f"revision/cgo18/{version}.pdf")
    text = " ".join(p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
    assert not any(0x1D400 <= ord(c) <= 0x1D7FF for c in text)
    assert "probe Pi and xi denotes" in text
    for glued in ("Piand", "ΔWis", "xidenotes", "Mis the"):
        assert glued not in text
    where = _para(doc, "where the set of probes in the region")
    assert "f(Pi) is the execution frequency" in where.text


def test_where_clause_after_the_work_formula(shared_data: Path) -> None:
    doc = _load(shared_data, "revision/cgo18/submission.pdf")
    assert _para(doc, "Where i is the instruction type; wi is the estimated runtime").kind is ParagraphKind.BODY


@pytest.mark.parametrize("version", ["submission", "camera_ready"])
def test_display_formula_is_an_equation(shared_data: Path, version: str) -> None:
    doc = _load(shared_data, f"revision/cgo18/{version}.pdf")
    assert _para(doc, "Work Efficiency =").kind is ParagraphKind.EQUATION
    after = "where ΔW is the amount of work performed" if version == "camera_ready" else "Where i is"
    assert _para(doc, after).kind is ParagraphKind.BODY


def test_inline_fraction_keeps_its_paragraph_whole(shared_data: Path) -> None:
    doc = _load(shared_data, "revision/cgo18/camera_ready.pdf")
    para = _para(doc, "Since there are no loops in the DAG")
    assert para.kind is ParagraphKind.BODY
    assert "ε(Pi) = ω(Pi) m. By repeating the same process" in para.text
    assert para.text.endswith("below the chosen threshold.")
    assert not [p for p in doc.paragraphs if p.text in ("ω(Pi)", "𝜔(𝑃𝑖)")]


def test_continuation_below_a_figure_skips_the_caption_tail(shared_data: Path) -> None:
    doc = _load(shared_data, "revision/cgo18/camera_ready.pdf")
    para = _para(doc, "Previous work on basic block profiling")
    assert "frequency estimates. This maximizes the number of high frequency edges" in para.text
    assert "for each benchmark" not in para.text
    assert [r.page for r in para.regions] == [4, 5]
    caption = _para(doc, "Figure 2. Correlation coefficients")
    assert caption.kind is ParagraphKind.CAPTION
    assert caption.text.endswith("unoptimized version for each benchmark.")
    assert not [p for p in doc.paragraphs if p.text.startswith("frequency estimates")]


@pytest.mark.parametrize("name", ["revision/cgo18/submission.pdf", "revision/cgo18/camera_ready.pdf",
                                  "pdfs/2304.02623v1.pdf", "pdfs/2203.00130v1.pdf"])
def test_front_matter_labels_are_other(shared_data: Path, name: str) -> None:
    doc = _load(shared_data, name)
    labelled = [p for p in doc.paragraphs if p.regions[0].page == 1
                and p.text.lower().startswith(("keywords", "ccs concepts", "acm reference format"))]
    assert labelled
    assert all(p.kind is ParagraphKind.OTHER for p in labelled)
    assert "Keywords" not in doc.abstract and "KEYWORDS" not in doc.abstract


def test_footnote_marks_and_ly_compounds_in_the_s2orc_abstract(shared_data: Path) -> None:
    doc = _load(shared_data, "pdfs/2020.acl-main.447.pdf")
    assert doc.abstract.startswith("We introduce S2ORC, a large corpus")
    assert "automatically-detected" in doc.abstract
    text = " ".join(p.text for p in doc.paragraphs)
    assert "S2ORC,1" not in text and "publicly-available" in text
    assert "automaticallydetected" not in text and "publiclyavailable" not in text
