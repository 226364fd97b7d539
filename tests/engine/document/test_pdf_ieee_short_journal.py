"""A short IEEE journal paper with a long reference list (trial29): its references and biographies, set 2 pt under
the text, outnumber the text's characters, so the reader took their size for the text's. The title page's notes
(the received/revised dates, the affiliations) and the footnotes then read as body text, and the paragraph the
column break cut was read as two, one of them glued to an affiliation note. Papers typeset here with pdflatex."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import Document, Paragraph, ParagraphKind, load_document
from engine.document.model import paragraph_id
from engine.document.paragraph_recall import paragraph_coverage
from tests.ieee_journal_tex import FOOTNOTE, NOTES, ieee_journal
from tests.optional import has_tex, typeset
from tests.pdf_factory import sample_paragraph

pytestmark = pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="pdflatex or IEEEtran is not installed")

PARAGRAPHS = [sample_paragraph(i, 95) for i in range(1, 9)]


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Document:
    return load_document(typeset(tmp_path_factory.mktemp("short"), ieee_journal(PARAGRAPHS, references=45), runs=2))


def test_title_page_notes_and_footnotes_are_not_body(short: Document) -> None:
    kinds = {p.text[:40]: p.kind for p in short.paragraphs}
    for note in (*NOTES, FOOTNOTE):
        assert kinds.get(note[:40]) is ParagraphKind.FOOTNOTE, note[:40]
    body = " ".join(p.text for p in short.paragraphs if p.kind is ParagraphKind.BODY)
    assert "Fjordvik" not in body and "Manuscript received" not in body


def test_every_body_paragraph_is_one_body_paragraph(short: Document) -> None:
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(PARAGRAPHS[1:])])
    coverage = paragraph_coverage(source, short)
    assert (coverage.found, coverage.total) == (7, 7)
    assert all(len(m.candidates) == 1 and m.candidates[0].kind is ParagraphKind.BODY for m in coverage.matches)
