"""A closest edit (linked too weakly to count) is not drawn like a counted one (a new-user trial, session 19: on the
PDF tab a comment Redraft called "not addressed" showed its closest edit filled green, as an answering edit is):
on the pages it is a dashed frame with no fill, in the diff its header says "closest edit, not counted"; once the
author confirms the link it is drawn as a counted edit."""

from __future__ import annotations

from pathlib import Path

import pytest

from desktop.app import Shell
from desktop.presenter import CLOSEST_MARK
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from tests.gui.app_helpers import light_shell as shell, shot  # noqa: F401 (the shell fixture)

pytestmark = [pytest.mark.slow, pytest.mark.shared_data]


def _regions(project, edits) -> list:
    return [r for e in edits for pid in e.target_ids for r in project.paragraph(pid, new=True).regions]


def _open_cgo18(shell: Shell, shared_data: Path, tmp_path: Path):
    """cgo18's two PDFs and reviews built as a project with the evidence aligner, opened in the shell."""
    cgo = shared_data / "revision" / "cgo18"
    reviews = Path(__file__).resolve().parents[1] / "data" / "cgo18_reviews.md"
    path = run_job(build_project_file(tmp_path / "cgo18.redraft", "cgo18", str(cgo / "submission.pdf"),
                                      str(cgo / "camera_ready.pdf"), str(reviews), aligner="evidence"))
    shell.controller.use_session(ProjectSession.open(path))
    return shell.controller, shell.window, shell.controller.project


def test_closest_edits_are_outlined_and_marked(qtbot, shell: Shell, shared_data: Path, tmp_path: Path) -> None:
    c, w, project = _open_cgo18(shell, shared_data, tmp_path)

    def closest(cid: str) -> set[str]:
        return {e.edit_id for e in project.assessment(cid).evidence if e.candidate}

    # a comment with a counted edit and a closest one, both with text on the revised pages
    cid = next(x.id for x in project.comments
               if closest(x.id) and len(closest(x.id)) < len(project.aligned_edits(x.id))
               and all(_regions(project, [e]) for e in project.aligned_edits(x.id)))
    c.select_comment(cid)
    edits = project.aligned_edits(cid)
    weak = [e for e in edits if e.id in closest(cid)]
    counted = [e for e in edits if e.id not in closest(cid)]
    assert w.pdf_new.highlights() == _regions(project, edits)  # every edit still shown, in order
    assert w.pdf_new.outlined() == _regions(project, weak)  # before: none, the closest filled like the others
    assert not set(w.pdf_new.outlined()) & set(_regions(project, counted))
    assert [w.diff._marks.get(e.id) for e in weak] == [CLOSEST_MARK] * len(weak)
    assert not any(w.diff._marks.get(e.id) for e in counted)
    w.show_tab("pdf")
    w.resize(1280, 800)
    qtbot.wait(300)
    shot(shell, "closest-outlined", tmp_path)

    # confirmed by the author, the link counts: filled, marked as confirmed
    c.session.confirm_link(cid, weak[0].id)
    c.select_comment(next(x.id for x in project.comments if x.id != cid))
    c.select_comment(cid)
    assert not set(w.pdf_new.outlined()) & set(_regions(project, [weak[0]]))
    assert w.diff._marks.get(weak[0].id) == "✓ confirmed"


def test_a_comment_with_closest_edits_only_shows_where_it_applies_in_the_draft(qtbot, shell: Shell, shared_data: Path,
                                                                                tmp_path: Path) -> None:
    # "not addressed", its edits all too weak to count: the draft pane shows, amber, where the comment applies (as
    # for a comment with no edit at all), beside the dashed frames; before, the draft pane showed nothing of it
    c, w, project = _open_cgo18(shell, shared_data, tmp_path)

    def located(cid: str) -> list:
        return [r for e in project.location_edits(cid) for pid in e.source_ids
                for r in project.paragraph(pid, new=False).regions]

    cid = next(x.id for x in project.comments if project.aligned_edits(x.id) and located(x.id)
               and {e.id for e in project.aligned_edits(x.id)}
               <= {e.edit_id for e in project.assessment(x.id).evidence if e.candidate})
    c.select_comment(cid)
    amber = located(cid)
    assert amber and w.pdf_old.highlights()[-len(amber):] == amber
    assert w.pdf_old.focus_region == amber[0]
    assert w.pdf_new.outlined() == _regions(project, project.aligned_edits(cid))  # the closest edits, framed
    assert [e.id for e in w.diff.edits] == [e.id for e in project.aligned_edits(cid)]  # the diff stays on them
