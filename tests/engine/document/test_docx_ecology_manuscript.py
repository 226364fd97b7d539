"""An ecology journal's Word manuscript (session 23, trial18): "Literature cited" opened no reference list, so each
entry was a body paragraph, compared and aligned (a revision that changed its citation style showed every entry as an
edit); its title page, typed as "Title: ...", "Authors: ..." and "Key words: ..." in Heading 1, made three sections
and left the paper untitled."""

from __future__ import annotations

from pathlib import Path

import docx
import pytest

from engine.document import ParagraphKind, load_document


@pytest.mark.parametrize("heading", ["Literature cited", "LITERATURE CITED", "References cited", "Reference list"])
def test_literature_cited_opens_the_reference_list(tmp_path: Path, heading: str) -> None:
    d = docx.Document()
    d.add_heading("Beetles and shade", 0)
    d.add_heading("Results", 1)
    d.add_paragraph("Counts fell in the shade on every plot we visited.")
    d.add_heading(heading, 1)
    d.add_paragraph("Ng, A. 2018. Beetles in the shade. Journal of Plots 2:1-9.")
    path = tmp_path / "paper.docx"
    d.save(path)
    md = tmp_path / "paper.md"
    md.write_text(f"# Beetles and shade\n\n## Results\n\nCounts fell in the shade.\n\n## {heading}\n\n"
                  "Ng, A. 2018. Beetles in the shade. Journal of Plots 2:1-9.\n", encoding="utf-8")
    for doc in (load_document(path), load_document(md)):
        kinds = [(p.kind, p.text[:6]) for p in doc.paragraphs]
        assert kinds[-1] == (ParagraphKind.REFERENCE, "Ng, A."), kinds
        assert kinds[1][0] is ParagraphKind.BODY


def test_a_title_page_typed_as_headings_gives_the_title_and_authors(tmp_path: Path) -> None:
    d = docx.Document()
    d.add_heading("Title: Beetles and shade on desert plots", 1)
    d.add_heading("Authors: Ada Field1 and Ben Plot2", 1)
    d.add_paragraph("1. A university, a town.")
    d.add_heading("Abstract", 1)
    d.add_paragraph("We count beetles in the shade and in the sun on twelve plots.")
    d.add_heading("Key words: beetles, shade, plots", 1)
    d.add_heading("Introduction", 1)
    d.add_paragraph("Shade changes where beetles forage.")
    path = tmp_path / "paper.docx"
    d.save(path)
    doc = load_document(path)
    assert doc.title == "Beetles and shade on desert plots"
    assert doc.authors == ["Ada Field", "Ben Plot"]
    assert [s.title for s in doc.sections] == ["Introduction"]
    assert doc.abstract == "We count beetles in the shade and in the sun on twelve plots."
    keywords = [p for p in doc.paragraphs if p.text.startswith("Key words")]
    assert len(keywords) == 1 and keywords[0].kind is ParagraphKind.OTHER
    assert [p.text for p in doc.paragraphs if p.section == ("Introduction",) and p.kind is ParagraphKind.BODY] == [
        "Shade changes where beetles forage."]
