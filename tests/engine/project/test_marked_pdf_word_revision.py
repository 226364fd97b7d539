"""The marked-up copy of a Word or Markdown revision (a new-user trial, session 29): it is drawn on the revised PDF, and
an author who writes in Word saves that PDF beside the .docx under its name (File → Save As → PDF). That PDF is taken;
without it the message says what to do, in words an author of a Word file can follow. Files written here."""

from __future__ import annotations

from pathlib import Path

import fitz
import pytest
from docx import Document as WordDocument

from engine.document import load_document
from engine.errors import InputError
from engine.project import Project
from engine.project.marked_pdf import write_marked_pdf
from engine.project.marked_source import revised_pdf
from engine.revision.model import RevisionDiff

OLD = "We count marsh voles from their burrows at dawn on the flooded plots."
NEW = "We count marsh voles from their burrows at dawn and at dusk on the flooded plots."


def _word(path: Path, text: str) -> Path:
    doc = WordDocument()
    doc.add_heading("Burrows", level=1)
    doc.add_paragraph(text)
    doc.save(str(path))
    return path


def _project(tmp_path: Path) -> Project:
    old, new = _word(tmp_path / "voles.docx", OLD), _word(tmp_path / "voles-revised.docx", NEW)
    a, b = load_document(old), load_document(new)
    return Project(id="p", name="voles", path=tmp_path / "voles.redraft", old_path=str(old), new_path=str(new),
                   old=a, new=b, diff=RevisionDiff(a, b))


def test_without_a_pdf_the_message_says_how_to_save_one(tmp_path: Path) -> None:
    with pytest.raises(InputError, match=r"a Word file \(voles-revised\.docx\), not a PDF: .* save it as PDF beside it "
                                         r"\(voles-revised\.pdf; in Word: File → Save As → PDF\)"):
        revised_pdf(_project(tmp_path))


def test_the_pdf_saved_beside_the_word_file_is_marked(tmp_path: Path) -> None:
    project = _project(tmp_path)
    pdf = fitz.open()
    page = pdf.new_page()
    page.insert_text((72, 72), "Burrows", fontsize=14)
    page.insert_textbox(fitz.Rect(72, 90, 520, 200), NEW, fontsize=11)
    pdf.save(str(tmp_path / "voles-revised.pdf"))
    assert revised_pdf(project) == tmp_path / "voles-revised.pdf"
    out = write_marked_pdf(project, tmp_path / "marked.pdf")
    assert out.path.is_file() and out.path.read_bytes()[:5] == b"%PDF-"
