"""Margin notes on a paper with narrow margins stay inside the page and off the text: the real icassp20
camera-ready cut to narrow margins with PyMuPDF (the same pages, the text 12 pt from both edges, or 10 pt
from the left and 60 pt from the right), built as the revised version of its submission. With both margins
narrow every note becomes a numbered mark that the summary page names; with one wide margin the notes go
there. A page of each is rendered to $REDRAFT_SCREENSHOTS (else tmp_path)."""

from __future__ import annotations

import os
import re
from pathlib import Path

import pymupdf
import pytest

from engine.jobs import run_job
from engine.project import Project, ProjectStore
from engine.project.coverage import comments_by_edit, coverage_rows
from engine.project.marked_pdf import write_marked_pdf
from engine.project.pipeline import build_project


def narrow(source: Path, out: Path, left: float, right: float) -> Path:
    """``source`` with each page cut to its words plus ``left`` and ``right`` points (its full height)."""
    src, doc = pymupdf.open(source), pymupdf.open()
    for page in src:
        words = page.get_text("words")
        clip = pymupdf.Rect(min(w[0] for w in words) - left, 0, max(w[2] for w in words) + right, page.rect.height)
        new = doc.new_page(width=clip.width, height=clip.height)
        new.show_pdf_page(new.rect, src, page.number, clip=clip)
    doc.save(out)
    return out


@pytest.fixture(scope="module", params=[(12, 12), (10, 60)], ids=["both-narrow", "one-wide"])
def icassp20(request, shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[Project, tuple]:
    base = shared_data / "revision" / "icassp20"
    folder = tmp_path_factory.mktemp("narrow")
    revised = narrow(base / "final.pdf", folder / "final_narrow.pdf", *request.param)
    store = ProjectStore.create(folder / "icassp20.redraft", "icassp20")
    run_job(build_project(store, base / "submission.pdf", revised, base / "reviews.md", aligner="bm25"))
    project = store.load()
    store.close()
    return project, request.param


@pytest.mark.shared_data
def test_notes_stay_inside_the_page_and_off_the_text(icassp20, tmp_path: Path) -> None:
    project, (left, right) = icassp20
    result = write_marked_pdf(project, tmp_path / "marked.pdf")
    expected = set(comments_by_edit(coverage_rows(project))) - set(result.not_located)
    assert result.notes == len(expected) >= 5
    marked, original = pymupdf.open(result.path), pymupdf.open(project.new_path)
    start = result.summary_pages
    placed = []
    for page in marked.pages(start):
        words = [pymupdf.Rect(w[:4]) for w in original[page.number - start].get_text("words")]
        for note in (a for a in page.annots() if a.type[1] == "FreeText"):
            box = note.rect + (0.25, 0.25, -0.25, -0.25)  # without the border's half width
            assert box in page.rect, (page.number, box)
            assert not any(box.intersects(w) for w in words), (page.number, box)
            placed.append((page.number, box, note.info["content"], note.info["subject"].split(" · ")[0]))
        for a, b in ((a, b) for i, a in enumerate(placed) for b in placed[i + 1:] if a[0] == b[0] == page.number):
            assert not a[1].intersects(b[1])  # notes do not cover each other
    assert len(placed) == result.notes
    if (left, right) == (12, 12):  # no margin holds "R1.10?": a numbered mark for each, named on the summary
        assert len(result.marks) == result.notes and all(re.fullmatch(r"\d", c) for _, _, c, _ in placed)
        summary = " ".join(marked[i].get_text() for i in range(start))
        assert "small numbered mark" in summary
        for page_no, _, mark, edit_id in placed:  # "p. 3, mark 2" under each comment the change answers
            assert result.marks[edit_id] == mark and f"p. {page_no - start + 1}, mark {mark}:" in summary
        assert "numbered marks" in result.summary()
    else:  # the notes move to the wide right margin, with their comment ids
        assert not result.marks
        for page_no, box, content, _ in placed:
            assert box.x0 > marked[page_no].rect.width - right and re.fullmatch(r"(R\d+\.\d+\??\s?)+", content)
    folder = Path(os.environ.get("REDRAFT_SCREENSHOTS") or tmp_path)
    folder.mkdir(parents=True, exist_ok=True)
    busiest = max({p for p, *_ in placed}, key=lambda p: sum(q == p for q, *_ in placed))
    marked[busiest].get_pixmap(dpi=80).save(folder / f"marked-narrow-{left}-{right}.png")
