"""The response letter of a project with no revised version yet (the real cgo18 submission and its
reviews): it answers the comments and promises no changes it cannot show, in every format."""

from __future__ import annotations

from pathlib import Path

import docx
import pymupdf
import pytest

from engine.jobs import run_job
from engine.letter import write_letter
from engine.letter.content import INTRO, INTRO_NO_REVISION
from engine.project import Project, ProjectStore
from engine.project.pipeline import build_project

REVIEWS = Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md"
ANSWER = "We now report the calibration set separately from the evaluation set."


@pytest.fixture(scope="module")
def draft_only(shared_data: Path, tmp_path_factory: pytest.TempPathFactory) -> Project:
    store = ProjectStore.create(tmp_path_factory.mktemp("draft_only") / "cgo18.redraft", "cgo18")
    run_job(build_project(store, shared_data / "revision" / "cgo18" / "submission.pdf", None, REVIEWS))
    store.set_response(store.load().comments[0].id, ANSWER)
    project = store.load()
    store.close()
    assert project.diff is None and project.comments
    return project


def _text(path: Path) -> str:
    if path.suffix == ".docx":
        return "\n".join(p.text for p in docx.Document(str(path)).paragraphs)
    if path.suffix == ".pdf":
        with pymupdf.open(path) as pdf:
            return "\n".join(page.get_text() for page in pdf)
    return path.read_text(encoding="utf-8")


@pytest.mark.shared_data
@pytest.mark.parametrize("suffix", [".md", ".tex", ".docx", ".pdf"])
def test_a_letter_without_a_revised_version_promises_no_changes(draft_only: Project, tmp_path: Path,
                                                                suffix: str) -> None:
    text = " ".join(_text(write_letter(draft_only, tmp_path / f"letter{suffix}")).split())
    assert "careful reading" in text and ANSWER in text
    assert "revised version changed" not in text and "struck through" not in text
    assert INTRO_NO_REVISION.split(". ")[1].rstrip(".") in text  # "Below we answer each comment in turn"
    assert INTRO.startswith(INTRO_NO_REVISION[:-1]) and "revised version changed" in INTRO


@pytest.mark.shared_data
def test_the_summary_says_plainly_the_letter_is_not_ready_while_comments_wait(draft_only: Project,
                                                                               tmp_path: Path) -> None:
    """A new-user trial read "Draft: 11 comments are still marked “to answer”" as a label of the draft paper."""
    text = " ".join(_text(write_letter(draft_only, tmp_path / "letter.md")).split())
    n = len(draft_only.comments)
    assert f"Not ready to send: {n - 1} of the {n} comments are still marked “to answer”." in text
    assert "Draft:" not in text
