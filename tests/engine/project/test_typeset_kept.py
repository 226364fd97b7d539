"""The exports use where a version's paragraphs are on its PDF as the app found it once (trial35: a letter export
took 11 s instead of 3 s when a PDF lay beside the Word version, because the letter, and the coverage table for both
versions, read the whole PDF again on every export). The match kept on the project, or in its file, is used when it
is for the same paragraphs and the same PDF bytes; otherwise the PDF is read as before."""

from __future__ import annotations

from pathlib import Path

import pymupdf
import pytest

from engine.document.model import ParagraphKind
from engine.jobs import run_job
from engine.letter import build_letter
from engine.letter.places import revised_places
from engine.project import marked_source
from engine.project.coverage_csv import write_coverage_csv
from engine.project.marked_pdf import write_marked_pdf
from engine.project.session import ProjectSession
from engine.project.typeset import find_regions, kept_typeset, typeset_key, typeset_match
from tests.engine.project.saved_pdf import markdown_project


@pytest.fixture
def project_file(tmp_path: Path) -> Path:
    return markdown_project(tmp_path / "md")


def _reads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The PDFs ``typeset_matcher`` reads from now on."""
    reads: list[Path] = []
    real = marked_source.typeset_matcher
    monkeypatch.setattr(marked_source, "typeset_matcher", lambda pdf: reads.append(Path(pdf)) or real(pdf))
    return reads


def test_exports_use_the_match_found_once(project_file: Path, tmp_path: Path,
                                          monkeypatch: pytest.MonkeyPatch) -> None:
    with ProjectSession.open(project_file) as session:
        project = session.project
        pdfs = {role: Path(path).with_suffix(".pdf") for role, path in (("old", project.old_path),
                                                                        ("new", project.new_path))}
        read_now = marked_source.typeset_matcher(pdfs["new"])
        expected = {p.id: read_now(p) for p in project.new.paragraphs}
        assert sum(1 for found in expected.values() if found) >= 3
        for role, doc in (("old", project.old), ("new", project.new)):  # as the app's panes find them
            session.set_typeset(run_job(find_regions(doc, pdfs[role], role, typeset_key(doc, pdfs[role]))))
        reads = _reads(monkeypatch)
        match = typeset_match(project, "new", pdfs["new"])
        assert {p.id: match(p) for p in project.new.paragraphs} == expected  # the same places as reading the PDF
        body = next(p for p in project.new.paragraphs if p.kind is ParagraphKind.BODY and expected[p.id])
        assert "p. 1" in revised_places(project.new, project.new_path, project).paragraphs([body])
        build_letter(project)
        write_coverage_csv(project, tmp_path / "coverage.csv")
        assert write_marked_pdf(project, tmp_path / "marked.pdf").path.is_file()
        assert reads == []  # neither the letter, the coverage table nor the marked-up PDF read the PDF again
    with ProjectSession.open(project_file) as again:  # a new window: the match kept in the file
        assert again.project.typeset == {}
        found = kept_typeset(again.project, "new", pdfs["new"])
        assert found is not None and again.project.typeset == {}  # read, not taken: an export runs on a worker
        build_letter(again.project)
        assert reads == []


def test_another_pdf_is_read_again(project_file: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    with ProjectSession.open(project_file) as session:
        project = session.project
        pdf = Path(project.new_path).with_suffix(".pdf")
        session.set_typeset(run_job(find_regions(project.new, pdf, "new", typeset_key(project.new, pdf))))
        doc = pymupdf.open(pdf)  # saved again with a page more: other bytes, so the kept match is not used
        doc.new_page().insert_text((72, 72), "An appendix added after the match was found.")
        doc.save(pdf.with_name("again.pdf"))
        pdf.with_name("again.pdf").replace(pdf)
        reads = _reads(monkeypatch)
        assert kept_typeset(project, "new", pdf) is None
        typeset_match(project, "new", pdf)
        assert reads == [pdf]
        assert kept_typeset(project, "new", pdf.with_name("missing.pdf")) is None  # gone: nothing kept
