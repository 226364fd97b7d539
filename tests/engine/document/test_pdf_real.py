"""The PDF loader on real papers from ../shared/data (titles and abstracts read off the PDFs)."""

from __future__ import annotations

import re
from collections import defaultdict
from pathlib import Path

import pytest

from engine.document import Document, ParagraphKind
from engine.document.pdf.load import load_pdf

pytestmark = pytest.mark.shared_data

PAPERS = {
    "pdfs/2020.acl-main.447.pdf": (
        "S2ORC: The Semantic Scholar Open Research Corpus",
        "We introduce S2ORC, a large corpus of 81.1M English-language academic papers",
    ),
    "pdfs/2203.00130v1.pdf": (
        "Paper Plain: Making Medical Research Papers Approachable to Healthcare Consumers "
        "with Natural Language Processing",
        "When seeking information not covered in patient-friendly documents",
    ),
    "pdfs/2206.10883v3.pdf": (
        "Multi-LexSum: Real-World Summaries of Civil Rights Lawsuits at Multiple Granularities",
        "With the advent of large language models, methods for abstractive summarization",
    ),
    "pdfs/2304.02623v1.pdf": (
        "Beyond Summarization: Designing AI Support for Real-World Expository Writing Tasks",
        "Large language models have introduced exciting new opportunities",
    ),
    "revision/cgo18/submission.pdf": (
        "Online Iterative Compilation",
        "Iterative compilation can dramatically improve the performance of a program",
    ),
    "revision/cgo18/camera_ready.pdf": (
        "Online Iterative Compilation",
        "Iterative compilation can dramatically improve the performance of a program",
    ),
}

_cache: dict[str, Document] = {}


def _load(shared_data: Path, name: str) -> Document:
    if name not in _cache:
        _cache[name] = load_pdf(shared_data / name)
    return _cache[name]


def _plain(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", " ", re.sub(r"(?<=[A-Za-z,])\d(?= )", "", text).lower()).strip()


@pytest.mark.parametrize("name", sorted(PAPERS))
def test_title_and_abstract(shared_data: Path, name: str) -> None:
    title, abstract_start = PAPERS[name]
    doc = _load(shared_data, name)
    assert doc.title == title
    assert _plain(doc.abstract).startswith(_plain(abstract_start))
    assert 80 <= len(doc.abstract.split()) <= 400
    assert doc.page_count > 1


@pytest.mark.parametrize("name", sorted(PAPERS))
def test_no_headers_footers_page_or_line_numbers(shared_data: Path, name: str) -> None:
    doc = _load(shared_data, name)
    pages_by_text: dict[str, set[int]] = defaultdict(set)
    for p in doc.paragraphs:
        assert not re.fullmatch(r"[\d\s]+", p.text), f"bare number paragraph {p.id}: {p.text!r}"
        in_margin = p.bbox[3] < 80 or p.bbox[1] > 712  # top or bottom of a Letter/A4 page
        if p.kind is not ParagraphKind.HEADING and in_margin:
            pages_by_text[re.sub(r"\d+", "#", p.text.lower())].add(p.page or 0)
    repeated = {t: pages for t, pages in pages_by_text.items() if len(pages) >= 3 and len(t) > 12}
    assert not repeated, f"text repeated on many pages (a running header?): {sorted(repeated)[:3]}"
    for p in doc.body():
        # margin line numbers leak as runs of small integers inside the text
        assert not re.search(r"(?:\b\d{1,3}\b\s+){4,}", p.text), p.text[:200]


@pytest.mark.parametrize("name", sorted(PAPERS))
def test_outline_and_kinds(shared_data: Path, name: str) -> None:
    doc = _load(shared_data, name)
    titles = [s.title.lower() for s in doc.sections]
    assert any("introduction" in t for t in titles)
    assert any(t in ("references", "bibliography") for t in titles)
    assert len(doc.body()) >= 15
    refs = [p for p in doc.paragraphs if p.kind is ParagraphKind.REFERENCE]
    assert len(refs) >= 15
    assert all(p.section and p.section[0].lower() in ("references", "bibliography") for p in refs)
    assert any(p.kind is ParagraphKind.CAPTION for p in doc.paragraphs)
    for p in doc.paragraphs:
        assert p.regions and all(1 <= r.page <= doc.page_count for r in p.regions)
        assert p.text == p.text.strip() and "\ufb01" not in p.text


def test_acl_two_column_reading_order(shared_data: Path) -> None:
    doc = _load(shared_data, "pdfs/2020.acl-main.447.pdf")
    body = [p.text for p in doc.body()]
    intro = next(i for i, t in enumerate(body) if t.startswith("Academic papers are an increasingly"))
    # the second intro paragraph runs from the left column into the right one
    second = doc.body()[intro + 1]
    assert second.text.startswith("Different types of resources have been used")
    assert "are popular resources for deriving large text corpora" in second.text
    assert len(second.regions) == 2 and second.regions[0].bbox[0] < second.regions[1].bbox[0]
    assert [s.number for s in doc.sections if s.number and s.number.isdigit()] == [str(i) for i in range(1, 9)]
    assert ("Constructing the corpus", "Processing PDFs") in {p.section for p in doc.body()}
    levels = {s.title: s.level for s in doc.sections}
    assert levels["Constructing the corpus"] == 1 and levels["Processing PDFs"] == 2
    assert doc.authors[:2] == ["Kyle Lo", "Lucy Lu Wang"]


def test_camera_ready_line_numbers_do_not_change_the_text(shared_data: Path) -> None:
    """The camera-ready carries margin line numbers; its intro reads like the submission's."""
    ready = _load(shared_data, "revision/cgo18/camera_ready.pdf")
    first = next(p for p in ready.body() if p.section == ("Introduction",))
    assert first.text.startswith("Selecting good optimization settings is very hard in modern compilers")
    assert "Programs compiled with -O3 might be 50% slower or worse than those compiled" in first.text
    assert len(first.regions) == 2


def test_text_set_in_a_figure_is_not_spliced_into_a_paragraph(shared_data: Path) -> None:
    """The last paragraph of page 1 runs on below page 2's figure, whose frame holds small sentences of its own:
    they were joined to it ("… Many realistic expository writing Several studies have shown …", a new-user trial).
    Small text inside a drawn frame is figure text."""
    doc = _load(shared_data, "pdfs/2304.02623v1.pdf")
    para = next(p for p in doc.body() if p.text.startswith("Expository writing occurs frequently"))
    assert "Many realistic expository writing tasks require domain experts" in para.text
    assert [r.page for r in para.regions] == [1, 2]
    assert not [p.text for p in doc.body() if "Several studies have shown" in p.text or "3fixed" in p.text]
    assert any(p.kind is ParagraphKind.OTHER and "Several studies have shown" in p.text for p in doc.paragraphs)


def test_footnotes_lose_their_glued_number_and_a_bullet_is_no_heading(shared_data: Path) -> None:
    """From a new-user trial on Multi-LexSum: "4For LED training, …" and "3We compare …" kept their raised numbers
    glued to the first word, and a bold bulleted line ("● University of Michigan Law School") became a section
    that the next paragraphs were filed under."""
    doc = _load(shared_data, "pdfs/2206.10883v3.pdf")
    notes = [p.text for p in doc.paragraphs if p.kind is ParagraphKind.FOOTNOTE]
    assert any(t.startswith("For LED training, we use 3e-5") for t in notes), notes[:6]
    assert any(t.startswith("We compare with the full book summarization task") for t in notes)
    assert not [t for t in notes if re.match(r"\d{1,2}[A-Z][a-z]", t)]
    assert not [s.title for s in doc.sections if s.title.startswith("●")]
