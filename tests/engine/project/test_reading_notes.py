"""Reading notes (``engine.project.notes``): the readers' notices kept in the project file with their source, so the
app can list them after a build and again later. Word files written here with a tracked insertion; real SQLite
project files, one turned into what an older Redraft wrote."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

from engine.document.model import Document
from engine.jobs import run_job
from engine.project.model import Project
from engine.project.notes import ReadingNote, reading_notes
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession
from engine.reviews.model import Review
from tests.engine.document.test_docx_tracked import word
from tests.engine.old_schema import downgrade

REVIEWS = "## Reviewer 1\n\nThe results should report how many chains were run for each lattice size.\n"
TRACKED = "read with its tracked changes accepted (2 insertions, 1 deletion)"


def _built(tmp_path: Path) -> Path:
    old, new = word(tmp_path, "draft.docx", tracked=False), word(tmp_path, "revised.docx", tracked=True)
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    out = tmp_path / "p.redraft"
    run_job(build_project_file(out, "p", old, new, reviews, aligner="bm25"))
    return out


def test_a_tracked_revision_is_noted_and_the_note_is_kept_in_the_file(tmp_path: Path) -> None:
    path = _built(tmp_path)
    with ProjectSession.open(path) as session:
        notes = reading_notes(session.project)
    assert notes == [ReadingNote("revised", "revised.docx", TRACKED)]
    assert notes[0].label() == "Revised (revised.docx)"
    with sqlite3.connect(path) as conn:  # in the revised version's own record, not worked out again on opening
        data = json.loads(conn.execute("SELECT data FROM documents WHERE role = 'new'").fetchone()[0])
    assert data["notices"] == [TRACKED]


def test_an_older_project_file_without_notices_still_opens(tmp_path: Path) -> None:
    path = _built(tmp_path)
    downgrade(path, 1)
    with sqlite3.connect(path) as conn:  # as a Redraft before the readers had notices wrote it
        data = json.loads(conn.execute("SELECT data FROM documents WHERE role = 'new'").fetchone()[0])
        del data["notices"]
        conn.execute("UPDATE documents SET data = ? WHERE role = 'new'", (json.dumps(data),))
    with ProjectSession.open(path) as session:
        assert reading_notes(session.project) == []
        assert any("upgraded" in note or "backup" in note for note in session.notices)


def test_notes_are_listed_draft_revised_reviews_each_once() -> None:
    draft = Document(notices=["pages 3-4 have no text layer"])
    revised = Document(notices=["read the reply to the reviewers after the paper", "pages 3-4 have no text layer"])
    reviews = [Review(reviewer="Reviewer 1", text="a", notices=["skipped the text before the first review"]),
               Review(reviewer="Reviewer 2", text="b", notices=["skipped the text before the first review"])]
    project = Project(id="x", name="x", path=Path("x.redraft"), old=draft, new=revised, old_path="/a/draft.pdf",
                      new_path="C:\\b\\revised.pdf", reviews=reviews, reviews_path="")
    assert [(n.source, n.file, n.text) for n in reading_notes(project)] == [
        ("draft", "draft.pdf", "pages 3-4 have no text layer"),
        ("revised", "revised.pdf", "read the reply to the reviewers after the paper"),
        ("revised", "revised.pdf", "pages 3-4 have no text layer"),
        ("reviews", "", "skipped the text before the first review")]
    assert reading_notes(project)[-1].label() == "Reviews"


def test_project_new_prints_the_same_notes_as_the_app_lists(tmp_path: Path, capsys) -> None:
    from engine.cli.main import main

    old, new = word(tmp_path, "draft.docx", tracked=False), word(tmp_path, "revised.docx", tracked=True)
    reviews = tmp_path / "reviews.md"
    reviews.write_text("Manuscript 1234: minor revision.\n\n" + REVIEWS, encoding="utf-8")
    assert main(["project", "new", "p", "--old", str(old), "--new", str(new), "--reviews", str(reviews),
                 "--out", str(tmp_path / "p.redraft"), "--aligner", "bm25"]) == 0
    err = capsys.readouterr().err
    assert f"redraft: note: revised.docx: {TRACKED}" in err
    assert "redraft: note: reviews.md: skipped the text before the first review (4 words)" in err
