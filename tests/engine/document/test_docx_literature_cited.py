"""An ecology journal's reference heading in a Word or Markdown paper (session 23, trial18): "Literature cited"
opened no reference list, so each entry was a body paragraph, compared and aligned (a revision that changed its
citation style showed every entry as an edit)."""

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
