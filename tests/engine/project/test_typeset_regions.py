"""Where a LaTeX version's paragraphs are on the PDF typeset from it (``engine.project.typeset``): found by a job
on a real pair (the demo's drafts as LaTeX, typeset here by latexmk), kept in the project file once per version,
not trusted when too little was found."""

from __future__ import annotations

import re
from pathlib import Path

import pymupdf
import pytest

from engine.errors import Cancelled
from engine.jobs import CancelToken, run_job
from engine.project.pipeline import build_project_file
from engine.project.rounds import file_modified
from engine.project.session import ProjectSession
from engine.project.typeset import cached_typeset, find_regions, typeset_key
from engine.project.work import typeset_job
from tests.engine.project.latex_pair import DEMO, needs_latexmk, typeset_demo

pytestmark = needs_latexmk


@pytest.fixture(scope="module")
def latex_project(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("latex")
    old, new = typeset_demo(folder / "v1", "draft_v1"), typeset_demo(folder / "v2", "draft_v2")
    return run_job(build_project_file(folder / "demo.redraft", "demo", old, new, DEMO / "reviews.md",
                                      aligner="bm25"))


def _share(text: str, of: str) -> float:
    """The share of ``of``'s words (3+ letters) that ``text`` holds."""
    want = {w for w in re.findall(r"[a-z]{3,}", of.lower())}
    return len(want & set(re.findall(r"[a-z]{3,}", text.lower()))) / max(len(want), 1)


def test_the_revision_s_paragraphs_are_found_on_its_pages(latex_project: Path) -> None:
    with ProjectSession.open(latex_project) as session:
        project = session.project
        assert project.new.source_format == "latex" and not any(p.regions for p in project.new.paragraphs)
        pdf = Path(project.new_path).with_suffix(".pdf")
        before = file_modified(session.path)
        job = typeset_job(session, "new", pdf)
        job.run()
        found = project.typeset["new"]
        assert found.enough and found.placed >= 0.9 * found.body and found.body >= 5
        # every changed paragraph of the revision is on the pages, where its words are
        doc = pymupdf.open(pdf)
        changed = [pid for e in project.diff.changed_edits() for pid in e.target_ids]
        assert changed
        for pid in changed:
            regions = found.of(pid)
            assert regions and all(1 <= r.page <= doc.page_count for r in regions)
            text = " ".join(doc[r.page - 1].get_textbox(pymupdf.Rect(r.bbox)) for r in regions)
            assert _share(text, project.paragraph(pid, new=True).text) >= 0.8, pid
        assert file_modified(session.path) == before  # derived data: a round built meanwhile is still taken
    with ProjectSession.open(latex_project) as again:  # kept in the file: read back, not found again
        key = typeset_key(again.project.new, pdf)
        cached = cached_typeset(again.project, "new", key)
        assert cached is not None and cached.regions == found.regions and again.project.typeset["new"] is cached
        assert cached_typeset(again.project, "old", typeset_key(again.project.old, pdf)) is None  # not yet


def test_another_pdf_or_too_little_found(latex_project: Path, tmp_path: Path) -> None:
    with ProjectSession.open(latex_project) as session:
        project = session.project
        other = tmp_path / "other.pdf"  # a PDF of other text: nothing of the draft on its pages
        doc = pymupdf.open()
        doc.new_page().insert_text((72, 72), "Entirely unrelated words about gardening and tomatoes.")
        doc.save(other)
        found = run_job(find_regions(project.old, other, "old", typeset_key(project.old, other)))
        assert not found.enough and found.placed < found.body
        assert all(found.of(p.id) == [] for p in project.old.paragraphs)
        assert "only" in found.note() and "not highlighted" in found.note()
        # a key names the version and the PDF: the draft's own PDF gives another one, so nothing cached is used
        draft_pdf = Path(project.old_path).with_suffix(".pdf")
        session.set_typeset(found)
        assert cached_typeset(session.project, "old", typeset_key(project.old, draft_pdf)) is None
        assert typeset_job(session, "old", draft_pdf) is not None
        cancel = CancelToken()
        cancel.cancel()
        with pytest.raises(Cancelled):
            run_job(find_regions(project.old, draft_pdf, "old", "k", cancel))


def test_an_empty_or_unfinished_pdf_is_refused_never_kept(latex_project: Path, tmp_path: Path) -> None:
    """shadowing-jcp's submitted PDF was written part way (its typesetting stopped at the time limit): the app showed
    an empty document. A PDF with pages but no text, or one cut short, is refused by the job; nothing is kept."""
    from engine.errors import InputError

    with ProjectSession.open(latex_project) as session:
        project = session.project
        blank = tmp_path / "blank.pdf"  # pages, but no text on them
        doc = pymupdf.open()
        doc.new_page()
        doc.new_page()
        doc.save(blank)
        with pytest.raises(InputError, match="blank.pdf has no text layer"):
            run_job(find_regions(project.old, blank, "old", typeset_key(project.old, blank)))
        draft_pdf = Path(project.old_path).with_suffix(".pdf")
        cut = tmp_path / "cut.pdf"
        data = draft_pdf.read_bytes()
        cut.write_bytes(data[: len(data) // 3])  # what a stopped pdflatex leaves
        with pytest.raises(InputError):
            run_job(find_regions(project.old, cut, "old", typeset_key(project.old, cut)))
        assert "old" not in session.project.typeset
        assert cached_typeset(session.project, "old", typeset_key(project.old, blank)) is None
