"""A Word or Markdown author's PDFs (an author's trial, session 32: the PDF saved beside each `.docx` was used for
the marked-up copy only: the PDF tab was hidden, the letter and the coverage table gave no pages). The PDF saved
beside a Word or Markdown version under its name is that version's pages: the pane shows it, says so, and finds
the paragraphs on it; the letter cites its pages; a PDF older than its version is named so. The demo's Markdown
drafts, each "saved as PDF" here with PyMuPDF (one paragraph a block of text)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pymupdf
import pytest

from desktop.app import Shell
from engine.document import load_document
from engine.document.model import ParagraphKind
from engine.jobs import run_job
from engine.letter.places import revised_places
from engine.project.marked_source import pdf_beside
from engine.project.pipeline import build_project_file
from tests.gui.app_helpers import light_shell as shell  # noqa: F401 (the shell fixture)

DEMO = Path(__file__).resolve().parents[2] / "resources" / "demo"


def saved_as_pdf(source: Path) -> Path:
    """``source``'s body paragraphs written to ``NAME.pdf`` beside it, a few to a page."""
    doc, pdf = pymupdf.open(), source.with_suffix(".pdf")
    paragraphs = [p.text for p in load_document(source).paragraphs if p.kind is ParagraphKind.BODY]
    for i in range(0, len(paragraphs), 3):
        page, y = doc.new_page(), 72.0
        for text in paragraphs[i:i + 3]:
            rect = pymupdf.Rect(72, y, 540, y + 220)
            page.insert_textbox(rect, text, fontsize=10)
            y += 230
    doc.save(pdf)
    return pdf


@pytest.fixture
def markdown_project(tmp_path: Path) -> Path:
    paths = []
    for name in ("draft_v1", "draft_v2"):
        folder = tmp_path / name
        folder.mkdir()
        paths.append(shutil.copy(DEMO / f"{name}.md", folder / f"{name}.md"))
        saved_as_pdf(Path(paths[-1]))
    return run_job(build_project_file(tmp_path / "demo.redraft", "demo", paths[0], paths[1], DEMO / "reviews.md",
                                      aligner="bm25"))


def test_the_pdf_saved_beside_a_markdown_version_is_its_pages(qtbot, shell: Shell, markdown_project: Path) -> None:
    c, w = shell.controller, shell.window
    with qtbot.waitSignal(c.sig_project_loaded, timeout=60_000):
        c.open_project(markdown_project)
    project = c.session.project
    assert project.new.source_format == "markdown"
    assert w.commands.show_pdf.isEnabled()  # the PDF tab is there (View → PDF, Ctrl+2)
    assert w.pdf_old.path.endswith("draft_v1.pdf") and w.pdf_new.path.endswith("draft_v2.pdf")
    qtbot.waitUntil(lambda: set(project.typeset) == {"old", "new"} and not c.runner.active, timeout=60_000)
    assert "draft_v2.pdf, the PDF saved from draft_v2.md" in w.pdf_new.note.text()
    assert project.typeset["new"].enough and w.pdf_new.highlights()
    places = revised_places(project.new, project.new_path)  # the letter's places: pages of the saved PDF
    body = next(p for p in project.new.paragraphs if p.kind is ParagraphKind.BODY)
    assert "p. 1" in places.paragraphs([body])


def test_a_docx_pdf_older_than_the_file_is_named_so(tmp_path: Path) -> None:
    word, pdf = tmp_path / "paper.docx", tmp_path / "paper.pdf"
    word.write_bytes(b"x")
    assert pdf_beside(word) is None  # nothing saved beside it
    pdf.write_bytes(b"%PDF-1.4")
    os.utime(pdf, (1_000_000, 1_000_000))
    found = pdf_beside(word)
    assert found is not None and found.path == pdf and found.older
    assert found.note() == "paper.pdf, beside paper.docx, is older than it: save it as PDF again"
