"""A Word paper's reference list as a reference manager writes it: pandoc, Zotero, Mendeley and Word's own citations
style each entry "Bibliography" (EndNote "EndNote Bibliography"), often with no "References" heading above it (an
author's trial, session 32: pandoc's entries after the appendix read as body paragraphs of the appendix, so a
suggestion was placed on an entry and the revision's new entries were linked to comments as new paragraphs). Word
files written here with python-docx, in invented words and invented references."""

from __future__ import annotations

from pathlib import Path

from docx import Document as WordDocument
from docx.enum.style import WD_STYLE_TYPE

from engine.document import load_document
from engine.document.model import ParagraphKind
from engine.revision import diff_documents

BODY = ("Marsh voles dig shallow burrows along the quilted levees of the northern fens.",
        "We count the burrows by hand on each levee and model their spacing as a lattice.")
ENTRIES = ("Quill, Bo, and Ann Reed. 2011. “Levee Burrows of the Northern Fens.” Fen Studies 4 (2): 11–19.",
           "Tarn, Cy. 2015. Lattices in Soft Ground. Mireford: Peat Press.")


def _paper(path: Path, entries: tuple[str, ...], style: str = "Bibliography", heading: str | None = None) -> Path:
    doc = WordDocument()
    doc.add_paragraph("Burrow lattices of marsh voles", style="Title")
    doc.add_heading("1 Counting burrows", level=1)
    for text in BODY:
        doc.add_paragraph(text)
    doc.add_heading("Appendix", level=1)
    doc.add_paragraph("The levee maps are drawn at one to five hundred.")
    if heading:
        doc.add_heading(heading, level=1)
    if style not in [s.name for s in doc.styles]:
        doc.styles.add_style(style, WD_STYLE_TYPE.PARAGRAPH)
    for text in entries:
        doc.add_paragraph(text, style=style)
    doc.save(str(path))
    return path


def test_bibliography_styled_entries_are_references_without_a_heading(tmp_path: Path) -> None:
    doc = load_document(_paper(tmp_path / "voles.docx", ENTRIES))
    kinds = {p.text: p.kind for p in doc.paragraphs}
    assert [kinds[e] for e in ENTRIES] == [ParagraphKind.REFERENCE] * 2
    assert [kinds[t] for t in BODY] == [ParagraphKind.BODY] * 2
    assert kinds["The levee maps are drawn at one to five hundred."] is ParagraphKind.BODY  # the appendix's own text


def test_endnote_style_and_a_references_heading_read_the_same(tmp_path: Path) -> None:
    doc = load_document(_paper(tmp_path / "voles.docx", ENTRIES, style="EndNote Bibliography", heading="References"))
    assert [p.kind for p in doc.paragraphs if p.text in ENTRIES] == [ParagraphKind.REFERENCE] * 2


def test_a_reference_added_in_the_revision_is_no_edit(tmp_path: Path) -> None:
    old = load_document(_paper(tmp_path / "old.docx", ENTRIES[:1]))
    new = load_document(_paper(tmp_path / "new.docx", ENTRIES))
    edits = diff_documents(old, new).edits
    assert edits and not [e for e in edits if e.changed and "Tarn" in e.target_text]
