"""A Word paper as pandoc or Word's own equation editor writes it (a new-user trial, session 29: two papers saved from
LaTeX as .docx): equations are Office Math (OMML), which python-docx's paragraph text leaves out, so a sentence read
"for values  and ." and no display equation was a paragraph; pandoc's "Author", "Abstract" and "Image Caption"
styles gave no authors, no abstract and no captions. Word files written here with python-docx, in invented words."""

from __future__ import annotations

from pathlib import Path

from docx import Document as WordDocument
from docx.enum.style import WD_STYLE_TYPE
from docx.oxml import parse_xml

from engine.document import load_document
from engine.document.docx import docx_text
from engine.document.model import ParagraphKind

_NS = ('xmlns:m="http://schemas.openxmlformats.org/officeDocument/2006/math" '
       'xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"')


def _math(text: str, display: bool):
    inner = f'<m:oMath {_NS}><m:r><m:t>{text}</m:t></m:r></m:oMath>'
    if display:
        return parse_xml(f'<m:oMathPara {_NS}>{inner.replace(f" {_NS}", "")}</m:oMathPara>')
    return parse_xml(inner)


def _style(doc, name: str) -> str:
    if name not in [s.name for s in doc.styles]:
        doc.styles.add_style(name, WD_STYLE_TYPE.PARAGRAPH)
    return name


def paper(tmp_path: Path) -> Path:
    doc = WordDocument()
    doc.add_paragraph("Quilted lattices of marsh voles", style="Title")
    doc.add_paragraph("Ann Reed, Bo Quill", style=_style(doc, "Author"))
    doc.add_paragraph("We count marsh voles from their burrows alone.", style=_style(doc, "Abstract"))
    doc.add_heading("1 Model", level=1)
    p = doc.add_paragraph("The burrow rate ")
    p._p.append(_math("ρ2", display=False))
    p.add_run(" grows with the tussock height.")
    doc.add_paragraph("The count is given by")
    doc.add_paragraph()._p.append(_math("N=ρh", display=True))
    mixed = doc.add_paragraph("so that")
    mixed._p.append(_math("h>0", display=True))
    mixed.add_run("where h is the tussock height in metres.")
    doc.add_paragraph("Burrow counts on the flooded plots.", style=_style(doc, "Image Caption"))
    path = tmp_path / "voles.docx"
    doc.save(str(path))
    return path


def test_equations_captions_authors_and_abstract_are_read(tmp_path: Path) -> None:
    doc = load_document(paper(tmp_path))
    assert doc.authors == ["Ann Reed", "Bo Quill"]
    assert doc.abstract == "We count marsh voles from their burrows alone."
    kinds = [(p.kind, p.text) for p in doc.paragraphs if p.section != ("Abstract",)]
    assert (ParagraphKind.BODY, "The burrow rate ρ2 grows with the tussock height.") in kinds
    assert [k for k, _ in kinds].count(ParagraphKind.EQUATION) == 2, kinds
    # the text after a display equation in the same Word paragraph is its own paragraph, after the equation
    texts = [t for _, t in kinds]
    assert texts.index("where h is the tussock height in metres.") == texts.index("so that") + 2
    assert (ParagraphKind.CAPTION, "Burrow counts on the flooded plots.") in kinds


def test_the_reviews_text_of_a_word_file_keeps_its_inline_maths(tmp_path: Path) -> None:
    text = docx_text(paper(tmp_path))
    assert "The burrow rate ρ2 grows" in text and "[EQUATION]" not in text


def test_a_paragraph_without_maths_reads_as_before(tmp_path: Path) -> None:
    doc = WordDocument()
    doc.add_heading("Method", level=1)
    doc.add_paragraph("We sample the layered lattice with the new sampler.")
    path = tmp_path / "plain.docx"
    doc.save(str(path))
    texts = [p.text for p in load_document(path).paragraphs]
    assert texts == ["Method", "We sample the layered lattice with the new sampler."]


def test_margin_comments_are_left_out_and_said(tmp_path: Path) -> None:
    doc = WordDocument()
    doc.add_heading("Method", level=1)
    p = doc.add_paragraph("We count the burrows at dawn.")
    doc.add_comment(p.runs, text="Bo: still true after the flood?", author="Bo Quill")
    doc.add_comment(p.runs, text="Ann: yes.", author="Ann Reed")
    path = tmp_path / "noted.docx"
    doc.save(str(path))
    loaded = load_document(path)
    assert [x.text for x in loaded.paragraphs] == ["Method", "We count the burrows at dawn."]
    assert "its 2 margin comments (Review → Comments) were left out of the text" in loaded.notices
