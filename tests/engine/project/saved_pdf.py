"""The demo's Markdown drafts each "saved as PDF" beside itself under its name (``draft_v1.md`` →
``draft_v1.pdf``), written here with PyMuPDF, one body paragraph a block of text: a Word or Markdown version's PDF
for the tests of where its paragraphs are on those pages (engine and app)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pymupdf

from engine.document import load_document
from engine.document.model import ParagraphKind
from engine.jobs import run_job
from engine.project.pipeline import build_project_file

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


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


def markdown_project(folder: Path) -> Path:
    """A project of the demo's two Markdown drafts, each with its saved PDF beside it (BM25 links)."""
    paths = []
    for name in ("draft_v1", "draft_v2"):
        (folder / name).mkdir(parents=True)
        paths.append(shutil.copy(DEMO / f"{name}.md", folder / name / f"{name}.md"))
        saved_as_pdf(Path(paths[-1]))
    return run_job(build_project_file(folder / "demo.redraft", "demo", paths[0], paths[1], DEMO / "reviews.md",
                                      aligner="bm25"))
