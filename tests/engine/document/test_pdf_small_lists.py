"""A bulleted list set in small type that runs to the foot of a page is body text, not footnotes (an API
reference list of the layouts corpus, issue 31, read as footnotes item by item)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind, load_document
from tests.pdf_factory import PaperLayout, _Style, _Typesetter, sample_paragraph

ITEMS = [f"• M.method_{i}(X) return a scalar value representing the log-likelihood of the column vectors in "
         f"matrix X, according to the Gaussian with the index given as its second argument." for i in range(12)]


def test_small_bulleted_list_at_the_foot_of_a_page_is_body(tmp_path: Path) -> None:
    path = tmp_path / "list.pdf"
    doc = pymupdf.open()
    ts = _Typesetter(doc, (612.0, 792.0), 72.0, 1, 20.0, _Style(10.0, 12.0, 17.0, 12.0, 12.0), PaperLayout(path),
                     None, False, False, {}, False, True)
    ts.new_page()
    ts.heading("1 Programming interface")
    for seed in (1, 2, 3, 4):
        ts.paragraph(sample_paragraph(seed, 150), 12.0)
    for item in ITEMS:
        ts.paragraph(item, 0, font="small", size=8.0)
        ts.y += 5
    ts.finish_page()
    doc.save(path)
    pdf = load_document(path)
    items = [p for p in pdf.paragraphs if p.text.startswith("• M.method_") and p.page == 1]
    assert len(items) >= 3 and items[-1].regions[-1].bbox[3] > 0.85 * 792  # the list ends page 1
    assert {p.kind for p in items} == {ParagraphKind.BODY}
