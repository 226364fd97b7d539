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
from tests.ieee_journal_tex import BIOS, FOOTNOTE, NOTES, ieee_journal
from tests.optional import has_tex, typeset
from tests.pdf_factory import sample_paragraph

pytestmark = pytest.mark.skipif(not has_tex("IEEEtran.cls"), reason="pdflatex or IEEEtran is not installed")

PARAGRAPHS = [sample_paragraph(i, 95) for i in range(1, 9)]
APPENDIX = "Proof of the Miss Bound"


@pytest.fixture(scope="module")
def short(tmp_path_factory: pytest.TempPathFactory) -> Document:
    return load_document(typeset(tmp_path_factory.mktemp("short"), ieee_journal(PARAGRAPHS, references=45, appendix=APPENDIX), runs=2))


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


def test_memberships_are_no_authors(short: Document) -> None:
    """"Member, IEEE" and "Senior Member, IEEE" beside the names: three authors, not four (the training part's
    faces-tpami read "Student Member" and "Senior Member" as authors, secplan-graphflow "Roberto Tron Member")."""
    assert short.authors == ["Maren Holtby", "Tomasz Wierzba", "Lucia Ferrandi"]


def test_the_appendix_title_is_a_section(short: Document) -> None:
    """IEEEtran's "APPENDIX" over its title in small capitals: a section of its own, not more of the conclusion."""
    titles = [s.title.upper() for s in short.sections]
    assert APPENDIX.upper() in titles
    assert titles.index(APPENDIX.upper()) == titles.index("CONCLUSION") + 1
    appendix_text = next(p for p in short.paragraphs if p.text.startswith(sample_paragraph(90, 70)[:40]))
    assert appendix_text.kind is ParagraphKind.BODY and appendix_text.section[-1].upper() == APPENDIX.upper()


def test_biographies_are_neither_body_nor_references(short: Document) -> None:
    for name, _ in BIOS:
        bio = [p for p in short.paragraphs if p.page > 1 and name in p.text]
        assert [p.kind for p in bio] == [ParagraphKind.OTHER], name
        assert bio[0].text.startswith(name)
    assert sum(p.kind is ParagraphKind.REFERENCE for p in short.paragraphs) == 45
    last = [p for p in short.paragraphs if p.kind is ParagraphKind.REFERENCE][-1]
    assert last.text.endswith("2004."), last.text[-60:]


def test_a_table_across_both_columns_is_no_reference_and_no_body(tmp_path: Path) -> None:
    """IEEEtran's ``table*`` above the references' columns: its rows' cells each stay on one side of the gutter, and
    read as two columns they ran into the references under the table ("[11] ... Delay B (min) Switches per day")."""
    doc = load_document(typeset(tmp_path, ieee_journal(PARAGRAPHS, references=45, floats=True), runs=2))
    refs = [p for p in doc.paragraphs if p.kind is ParagraphKind.REFERENCE]
    assert len(refs) == 45 and all(p.text.startswith(f"[{i + 1}] A. Author{i} ") for i, p in enumerate(refs))
    assert not any("Switches" in p.text or "Proposed" in p.text for p in doc.paragraphs
                   if p.kind in (ParagraphKind.REFERENCE, ParagraphKind.BODY))
    table = [p for p in doc.paragraphs if "Switches per day" in p.text]
    assert [p.kind for p in table] == [ParagraphKind.OTHER]
    source = Document(paragraphs=[Paragraph(paragraph_id(i), t) for i, t in enumerate(PARAGRAPHS[1:])])
    coverage = paragraph_coverage(source, doc)  # the columns' text under the floats stays the columns'
    assert (coverage.found, coverage.total) == (7, 7)
    assert all(c.kind is ParagraphKind.BODY for m in coverage.matches for c in m.candidates)
    # rows read across the gutter, in order (whole numbers alone on a line are dropped, as anywhere)
    assert "Threshold 19.7 3.5 11.2 2.1 Proposed 10.9 1.4 1.9 0.6" in table[0].text


def test_a_subsection_heading_right_under_its_section_heading(tmp_path: Path) -> None:
    """"III. METHOD" in small capitals (its capitals and small letters as many, so the line reads at the text's
    size) with the italic "A. Signal Model" a line pitch under it (a revised version's page fill put them that close;
    here 2 pt taken off): two headings, not the body paragraph "III. METHOD A. Signal Model"."""
    paragraphs = list(PARAGRAPHS[:8])
    paragraphs[2] = "\\section{Background}\n" + paragraphs[2]
    paragraphs[4] = "\\vspace{-2pt}\\subsection{Signal Model}\n" + paragraphs[4]
    doc = load_document(typeset(tmp_path, ieee_journal(paragraphs, references=10), runs=2))
    assert [(s.title, s.level) for s in doc.sections][:4] == [
        ("INTRODUCTION", 1), ("BACKGROUND", 1), ("METHOD", 1), ("Signal Model", 2)]
    assert not any("Signal Model" in p.text for p in doc.paragraphs if p.kind is ParagraphKind.BODY)
