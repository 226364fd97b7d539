"""The paper's title on the letter's first line and the report's heading, as a PDF's text layer gives it (session 23's
author trial: a typeset title's acute accent and bar were set apart from their letters, "B\u00b4ezier", while the
paragraphs, which the PDF reader folds, read "Bézier"). A synthetic title on the demo project."""

from __future__ import annotations

import shutil
import subprocess
from pathlib import Path

import docx
import pymupdf
import pytest

from engine.letter import write_letter
from engine.project import Project
from engine.project.model import shown_title
from engine.project.report import revision_report_html
from tests.engine.letter.demo_reviews import demo_store_with_point

RAW = "Spline \u00afu fields on B\u00b4ezier patches of F\u00a8arber solids"
SHOWN = "Spline \u016b fields on B\u00e9zier patches of F\u00e4rber solids"


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory) -> Project:
    store = demo_store_with_point(tmp_path_factory.mktemp("pdf_title"), "- Please cite the plate benchmark.")
    project = store.load()
    store.close()
    project.new.title = RAW  # as the PDF reader's title finder returns it
    return project


def test_spacing_accents_are_folded_and_plain_titles_kept() -> None:
    assert shown_title(RAW) == SHOWN
    assert shown_title("  A plain title ") == "A plain title"
    assert shown_title("Rate \u00af of change") == "Rate \u00af of change"  # a macron over nothing stays


def test_every_letter_format_and_the_report_print_the_folded_title(project: Project, tmp_path: Path) -> None:
    md = write_letter(project, tmp_path / "letter.md").read_text(encoding="utf-8")
    assert f"**Paper:** {SHOWN}" in md and "\u00b4" not in md and "\u00af" not in md
    word = docx.Document(str(write_letter(project, tmp_path / "letter.docx")))
    assert any(p.text == f"Paper: {SHOWN}" for p in word.paragraphs) and SHOWN in word.core_properties.title
    text = "".join(page.get_text() for page in pymupdf.open(write_letter(project, tmp_path / "letter.pdf")))
    assert "Bézier" in " ".join(text.split()) and "B\u00b4ezier" not in text
    tex = write_letter(project, tmp_path / "letter.tex").read_text(encoding="utf-8")
    assert "textasciiacute" not in tex and "textasciimacron" not in tex and "\\={u}" in tex
    assert f"Revision report: {SHOWN}" in revision_report_html(project)
    if shutil.which("pdflatex"):
        subprocess.run(["pdflatex", "-interaction=nonstopmode", "-halt-on-error", "letter.tex"], cwd=tmp_path,
                       capture_output=True, timeout=120, check=True)
