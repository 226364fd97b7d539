"""The PDF loader on synthetic papers typeset at test time: exactly the paragraphs back."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from engine.document.pdf.load import load_pdf
from engine.document.pdf.text import join_lines
from tests.pdf_factory import make_paper_pdf, sample_paragraph

ABSTRACT = sample_paragraph(0, 70)
HYPHENS = (
    "Our state-of-the-art system uses a two-column layout and a well-known self-attention "
    "encoder; the representation generalization experiments are reproducible."
)


def _sections(seed: int = 1, long: bool = False) -> list[tuple[str, list[str]]]:
    size = 140 if long else 70
    return [
        ("Introduction", [sample_paragraph(seed, size), sample_paragraph(seed + 1, 50), HYPHENS]),
        ("Related Work", [sample_paragraph(seed + 2, size + 40), sample_paragraph(seed + 3, 90)]),
        # long enough to run over a column and a page break in any layout
        ("Method", [sample_paragraph(seed + 4, 900 if long else size + 80), sample_paragraph(seed + 5, 60)]),
        ("Experiments", [sample_paragraph(seed + 6, size + 120), sample_paragraph(seed + 7, 110)]),
        ("Conclusion", [sample_paragraph(seed + 8, 80)]),
    ]


def _norm(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def _expected(sections: list[tuple[str, list[str]]]) -> list[str]:
    return [_norm(t) for _, paragraphs in sections for t in paragraphs]


def _body_after_abstract(doc) -> list[str]:
    return [_norm(p.text) for p in doc.body() if p.section[:1] != ("Abstract",)]


@pytest.mark.parametrize("columns", [1, 2])
def test_paragraphs_come_back_exactly(tmp_path: Path, columns: int) -> None:
    sections = _sections(long=True)
    layout = make_paper_pdf(
        tmp_path / "paper.pdf", title="Exact Paragraphs Survive Layout", abstract=ABSTRACT,
        sections=sections, columns=columns,
    )
    assert layout.page_count >= 2
    assert layout.hyphenated, "the factory should have broken some words"
    assert layout.split_across_pages(), "some paragraph should run over a page break"
    if columns == 2:
        assert layout.split_across_columns(), "some paragraph should run over a column break"
    doc = load_pdf(tmp_path / "paper.pdf")
    assert doc.source_format == "pdf"
    assert doc.page_count == layout.page_count
    assert doc.title == "Exact Paragraphs Survive Layout"
    assert doc.authors == ["Ada Lovelace", "Alan Turing"]
    assert _norm(doc.abstract) == _norm(ABSTRACT)
    assert _body_after_abstract(doc) == _expected(sections)


@pytest.mark.parametrize("columns", [1, 2])
def test_split_paragraphs_have_one_region_per_part(tmp_path: Path, columns: int) -> None:
    sections = _sections(seed=11, long=True)
    layout = make_paper_pdf(tmp_path / "p.pdf", abstract=ABSTRACT, sections=sections, columns=columns)
    doc = load_pdf(tmp_path / "p.pdf")
    by_text = {_norm(p.text): p for p in doc.body()}
    split = layout.split_across_pages() + layout.split_across_columns()
    assert split
    for text in split:
        para = by_text[_norm(text)]
        parts = sorted({(r.page, round(r.bbox[0])) for r in para.regions})
        placed = sorted(set(layout.placements[text]))
        assert len(para.regions) == len(placed)
        assert [r.page for r in para.regions] == [p for p, _ in placed]
        assert len(parts) == len(placed)


def test_sections_headings_and_paths(tmp_path: Path) -> None:
    sections = _sections(seed=21)
    make_paper_pdf(tmp_path / "p.pdf", abstract=ABSTRACT, sections=sections, columns=2)
    doc = load_pdf(tmp_path / "p.pdf")
    titles = [s.title for s in doc.sections]
    assert titles == ["Abstract"] + [h for h, _ in sections]
    assert [s.number for s in doc.sections[1:]] == [str(i) for i in range(1, len(sections) + 1)]
    headings = [p for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    assert [p.text for p in headings] == titles
    for (heading, paragraphs) in sections:
        body = [p for p in doc.body() if _norm(p.text) in {_norm(t) for t in paragraphs}]
        assert len(body) == len(paragraphs)
        assert all(p.section == (heading,) for p in body)
    assert [p.id for p in doc.paragraphs] == [f"p{i:04d}" for i in range(1, len(doc.paragraphs) + 1)]


def test_running_headers_page_numbers_and_line_numbers_are_dropped(tmp_path: Path) -> None:
    sections = _sections(seed=31, long=True)
    header = "Preprint. Under review as a conference paper"
    layout = make_paper_pdf(
        tmp_path / "p.pdf", abstract=ABSTRACT, sections=sections, columns=2,
        running_header=header, page_numbers=True, line_numbers=True,
    )
    assert layout.page_count >= 3
    doc = load_pdf(tmp_path / "p.pdf")
    texts = [p.text for p in doc.paragraphs]
    assert not any(header in t for t in texts)
    assert not any(re.fullmatch(r"[\d\s]+", t) for t in texts)
    assert not any(re.search(r"\b\d{2,3}\b", p.text) for p in doc.body())
    assert _body_after_abstract(doc) == _expected(sections)


def test_single_column_with_line_numbers(tmp_path: Path) -> None:
    sections = _sections(seed=41, long=True)
    make_paper_pdf(tmp_path / "p.pdf", abstract=ABSTRACT, sections=sections, columns=1,
                   line_numbers=True, running_header="Anonymous submission")
    doc = load_pdf(tmp_path / "p.pdf")
    assert _body_after_abstract(doc) == _expected(sections)


def test_footnotes_are_their_own_kind(tmp_path: Path) -> None:
    sections = _sections(seed=51, long=True)
    note = "Code and data are available from the authors on request."
    make_paper_pdf(tmp_path / "p.pdf", abstract=ABSTRACT, sections=sections, columns=2,
                   footnotes={1: note, 2: "A second footnote on the second page."})
    doc = load_pdf(tmp_path / "p.pdf")
    notes = [p for p in doc.paragraphs if p.kind is ParagraphKind.FOOTNOTE]
    assert [re.sub(r"^\d+\s*", "", p.text) for p in notes] == [note, "A second footnote on the second page."]
    assert [p.page for p in notes] == [1, 2]
    assert _body_after_abstract(doc) == _expected(sections)


def test_hyphenation_is_undone_but_real_hyphens_stay(tmp_path: Path) -> None:
    words = HYPHENS.split()
    text = " ".join(words * 3)
    sections = [("Hyphens", [text, sample_paragraph(61, 200)])]
    layout = make_paper_pdf(tmp_path / "p.pdf", sections=sections, columns=2)
    broken = {h.split("|")[0] for h in layout.hyphenated}
    assert any(h.endswith("-") and not h[:-1].count("-") for h in broken)
    doc = load_pdf(tmp_path / "p.pdf")
    assert _body_after_abstract(doc) == _expected(sections)


def test_join_lines_rules() -> None:
    vocab = {"example": 2}
    assert join_lines(["an exam-", "ple here"], vocab) == "an example here"
    assert join_lines(["a two-", "column page"], {}) == "a two-column page"
    assert join_lines(["the state-of-the-", "art model"], {}) == "the state-of-the-art model"
    assert join_lines(["task-", "specific heads"], {}) == "task-specific heads"
    assert join_lines(["classi-", "fication"], {}) == "classification"
    assert join_lines(["Sci-", "BERT"], {}) == "Sci-BERT"
    assert join_lines(["the ﬁrst", "line"], {}) == "the first line"
    assert join_lines(["F\u00a8arber"], {}) == "F\u00e4rber"
    assert join_lines(["contribu\u00b4\u0131ram no per\u00b4\u0131odo"], {}) == "contribu\u00edram no per\u00edodo"


def test_load_document_dispatches_pdf(tmp_path: Path) -> None:
    make_paper_pdf(tmp_path / "paper.pdf", sections=_sections(seed=71))
    doc = load_document(tmp_path / "paper.pdf")
    assert doc.source_format == "pdf"
    assert doc.source_path.endswith("paper.pdf")
    assert len(doc.body()) == sum(len(p) for _, p in _sections(seed=71))
