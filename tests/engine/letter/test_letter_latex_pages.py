"""A LaTeX revision's letter cites the pages of the PDF typeset beside its sources, as the marked-up PDF drawn on that
PDF does (session 26: on four training revisions the LaTeX project's letter named sections only while its marked-up
PDF and the PDF project's letter gave pages); a PDF older than its LaTeX is not trusted. The demo's drafts as LaTeX,
typeset here by latexmk."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pymupdf
import pytest

from engine.jobs import run_job
from engine.letter import build_letter
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from tests.engine.project.latex_pair import DEMO, needs_latexmk, typeset_demo

pytestmark = needs_latexmk
PAGE = re.compile(r", pp?\. (\d+)(?:–(\d+))?")


@pytest.fixture(scope="module")
def latex_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("latex-letter")
    old, new = typeset_demo(folder / "v1", "draft_v1"), typeset_demo(folder / "v2", "draft_v2")
    return run_job(build_project_file(folder / "demo.redraft", "demo", old, new, DEMO / "reviews.md",
                                      aligner="bm25"))


def _words(text: str) -> set[str]:
    return set(re.findall(r"[a-z]{4,}", text.lower()))


def test_the_letter_cites_the_typeset_pages(latex_project: Path) -> None:
    with ProjectSession.open(latex_project) as session:
        project = session.project
        assert project.new.source_format == "latex"
        changes = [c for part in build_letter(project).reviewers for a in part.answers for c in a.changes]
        revised = [c for c in changes if c.name in ("Revised", "Added")]
        assert revised
        pdf = pymupdf.open(Path(project.new_path).with_suffix(".pdf"))
        for c in revised:
            found = PAGE.search(c.where)
            assert found, c.where
            first, last = int(found.group(1)), int(found.group(2) or found.group(1))
            shown = " ".join(pdf[p - 1].get_text() for p in range(first, last + 1))
            added = " ".join(t for op, t in c.runs if op != "delete")  # the revised text as the letter quotes it
            assert len(_words(added) & _words(shown)) >= 0.8 * len(_words(added)), c.where


def test_a_pdf_older_than_its_latex_gives_no_pages(latex_project: Path) -> None:
    with ProjectSession.open(latex_project) as session:
        project = session.project
        pdf = Path(project.new_path).with_suffix(".pdf")
        stamp = Path(project.new_path).stat().st_mtime
        os.utime(pdf, (stamp - 60, stamp - 60))  # typeset before the last edit of the LaTeX
        try:
            changes = [c for part in build_letter(project).reviewers for a in part.answers for c in a.changes]
            assert changes and not any(PAGE.search(c.where) for c in changes if c.name != "Removed")
        finally:
            os.utime(pdf, (stamp + 1, stamp + 1))


def test_the_coverage_csv_and_report_cite_pages_not_tex_lines(latex_project: Path, tmp_path: Path) -> None:
    """The CSV goes to an editor, who has the PDF and not the ``.tex``: a LaTeX version's edits are placed on the
    pages of the PDF typeset beside it (session 26: "(1.1 Background, line 155)", a line of the ``.tex``)."""
    import csv

    from engine.project.coverage import coverage_view
    from engine.project.coverage_csv import write_coverage_csv

    with ProjectSession.open(latex_project) as session:
        project = session.project
        rows = list(csv.DictReader(open(write_coverage_csv(project, tmp_path / "c.csv"), encoding="utf-8-sig")))
        cells = [line for r in rows for line in r["edits"].splitlines() if line]
        assert cells and all(re.search(r"\bp\. \d+\)", c) for c in cells), cells
        assert not any(re.search(r"\bline \d+\)", c) for c in cells)
        from engine.project.report import revision_report_html

        report = revision_report_html(project)  # the report too
        assert re.search(r"\bp\. \d+\)", report) and not re.search(r"\bline \d+\)", report)
        view = coverage_view(project)  # the app's views keep the .tex line the author edits
        assert any(re.search(r"\bline \d+$", e.where) for r in view.rows for e in r.edits)
