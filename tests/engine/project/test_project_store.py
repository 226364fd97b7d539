"""ProjectStore: round trips of real projects, undo/redo across reopen, autosave,
read-only opening, bad files, schema migration."""

from __future__ import annotations

import hashlib
import json
import sqlite3
import subprocess
import sys
from pathlib import Path

import pytest

from engine.align import make_aligner
from engine.align.localize import localize
from engine.document import load_document
from engine.errors import InputError
from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.project import store as store_module
from engine.project.pipeline import build_project
from engine.reviews import extract_comments, load_reviews
from engine.revision import diff_documents
from tests.engine.old_schema import downgrade

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


def build_demo(path: Path, aligner: str = "bm25") -> ProjectStore:
    store = ProjectStore.create(path, "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md", aligner=aligner))
    return store


def digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def test_demo_round_trip_matches_a_fresh_computation(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build_demo(path).close()
    with ProjectStore.open(path) as store:
        project = store.load()
    old, new = load_document(DEMO / "draft_v1.md"), load_document(DEMO / "draft_v2.md")
    reviews = load_reviews(DEMO / "reviews.md")
    comments = extract_comments(reviews)
    diff = diff_documents(old, new)
    alignments = make_aligner("bm25").align(comments, diff)

    assert project.name == "demo" and len(project.id) == 32
    assert project.stages == ["documents", "reviews", "comments", "locations", "diff", "alignments"]
    assert project.old.to_dict() == old.to_dict() and project.new.to_dict() == new.to_dict()
    located = localize(comments, old, lexical_only=True)  # a bm25 project locates by BM25 alone
    assert {loc.comment_id: loc.to_dict() for loc in located} == {
        k: loc.to_dict() for k, loc in project.locations.items()}
    assert "loss" in project.located_paragraphs("R1.3")[0].text
    assert project.old_path == str((DEMO / "draft_v1.md").resolve()) and project.old.source_path == project.old_path
    assert [r.text for r in project.reviews] == [r.text for r in reviews]
    assert project.reviews[0].sections == reviews[0].sections and project.reviews[0].offsets == reviews[0].offsets
    assert project.comments == comments and len(comments) == 7
    assert project.diff.to_dict(include_documents=False) == diff.to_dict(include_documents=False)
    assert project.diff.old is project.old
    assert {a.comment_id: a.to_dict() for a in alignments} == {k: a.to_dict() for k, a in project.alignments.items()}
    assert project.aligner == "bm25"
    assert project.status("R1.1") == "addressed" and "e0008" in project.alignments["R1.1"].edit_ids
    assert set(project.statuses().values()) <= {"addressed", "not addressed"}


@pytest.mark.shared_data
def test_cgo18_latex_round_trip(tmp_path: Path, shared_data: Path) -> None:
    cgo = shared_data / "revision" / "cgo18"
    path = tmp_path / "cgo18.redraft"
    store = ProjectStore.create(path, "cgo18")
    built = run_job(build_project(store, cgo / "submission" / "cgo18mscr.tex", cgo / "camera_ready" / "cgo18mscr.tex",
                                  Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md", aligner="bm25"))
    store.close()
    with ProjectStore.open(path) as again:
        project = again.load()
    assert [r.reviewer for r in project.reviews][:3] == ["Review#107A", "Review#107B", "Review#107C"]
    assert len(project.comments) >= 10 and project.comments == built.comments
    assert len(project.diff.changed_edits()) > 50 and project.diff.counts == built.diff.counts
    assert project.diff.to_dict(include_documents=False) == built.diff.to_dict(include_documents=False)
    assert project.new.to_dict() == built.new.to_dict()
    assert any(p.file for p in project.new.paragraphs)  # \input files kept
    assert sum(s == "addressed" for s in project.statuses().values()) >= 5


def test_undo_redo_persist_across_reopen(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    store = build_demo(path)
    store.add_suggestion(SuggestionRecord("s1", "R1.1", "We added the baseline.", "Static skipping [[RESULT: WER]].",
                                          "p0008", ["[[RESULT: WER]]"], ["placeholder"]))
    store.add_suggestion(SuggestionRecord("s2", "R1.3", "We give the weights.", "The weights are 0.1.", "Method"))
    store.set_suggestion_status("s1", "accepted")
    store.set_suggestion_status("s2", "edited", "The weights are 0.1, 0.2, 0.3 and 0.4.")
    store.close()

    store = ProjectStore.open(path)
    project = store.load()
    assert project.suggestion("s1").status == "accepted" and project.suggestion("s1").placeholders == ["[[RESULT: WER]]"]
    assert project.suggestion("s2").edit == "The weights are 0.1, 0.2, 0.3 and 0.4."
    assert project.response("R1.1") == "We added the baseline."
    assert store.undo() == "s2"
    store.close()

    store = ProjectStore.open(path)
    s2 = store.load().suggestion("s2")
    assert (s2.status, s2.edit) == ("pending", "The weights are 0.1.")
    assert store.undo() == "s1" and store.load().suggestion("s1").status == "pending"
    assert store.undo() is None and not store.can_undo()
    assert store.redo() == "s1" and store.can_redo()
    store.close()

    store = ProjectStore.open(path)
    assert store.redo() == "s2"
    assert store.load().suggestion("s2").status == "edited" and store.redo() is None
    assert store.undo() == "s2"
    store.set_suggestion_status("s1", "rejected")  # a new step clears what could be redone
    assert not store.can_redo() and store.redo() is None
    assert store.undo() == "s1" and store.load().suggestion("s1").status == "accepted"
    with pytest.raises(KeyError):
        store.set_suggestion_status("nope", "accepted")
    with pytest.raises(ValueError):
        store.set_suggestion_status("s1", "maybe")
    store.close()


def test_changes_are_saved_without_close(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build_demo(path).close()
    code = (
        "import os, sys\n"
        "from engine.project import ProjectStore\n"
        "s = ProjectStore.open(sys.argv[1])\n"
        "s.set_response('R2.2', 'We added a related-work paragraph.')\n"
        "s.set_tldrs(['Early exits cut ASR compute by 38%.'])\n"
        "os._exit(0)\n"  # no close, no cleanup
    )
    subprocess.run([sys.executable, "-c", code, str(path)], check=True, cwd=REPO, timeout=120)
    with ProjectStore.open(path) as store:
        project = store.load()
    assert project.notes == {"R2.2": "We added a related-work paragraph."}
    assert project.response("R2.2") == "We added a related-work paragraph."
    assert project.tldrs == ["Early exits cut ASR compute by 38%."]
    # A second connection sees every change as soon as the call returns.
    with ProjectStore.open(path) as a, ProjectStore.open(path) as b:
        a.set_response("R2.2", "")
        assert b.load().notes == {}


def test_opening_and_loading_never_write(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build_demo(path).close()
    before, mtime = digest(path), path.stat().st_mtime_ns
    with ProjectStore.open(path) as store:
        store.load()
        assert store.undo() is None and store.redo() is None
    assert digest(path) == before and path.stat().st_mtime_ns == mtime
    assert not Path(str(path) + "-wal").exists() or Path(str(path) + "-wal").stat().st_size == 0


def test_save_comments_keeps_work_on_surviving_comments(tmp_path: Path) -> None:
    store = build_demo(tmp_path / "demo.redraft")
    project = store.load()
    store.set_response("R1.1", "Added.")
    store.set_response("R2.3", "Abstract updated.")
    store.add_suggestion(SuggestionRecord("s1", "R2.3", "r", "e", "Abstract"))
    store.set_suggestion_status("s1", "accepted")
    store.save_comments([c for c in project.comments if c.id != "R2.3"])
    again = store.load()
    assert again.notes == {"R1.1": "Added."} and again.suggestions == {} and "R2.3" not in again.alignments
    assert store.undo() is None  # its history went with it
    with pytest.raises(KeyError):
        store.set_response("R9.9", "no such comment")
    store.close()


def test_not_a_project_is_a_clear_error(tmp_path: Path) -> None:
    text = tmp_path / "notes.redraft"
    text.write_text("hello", encoding="utf-8")
    with pytest.raises(InputError, match="not a Redraft project"):
        ProjectStore.open(text)
    other = tmp_path / "other.sqlite"
    with sqlite3.connect(other) as conn:
        conn.execute("CREATE TABLE t (x)")
    conn.close()
    before = digest(other)
    with pytest.raises(InputError, match="SQLite file but not a Redraft project"):
        ProjectStore.open(other)
    assert digest(other) == before
    with pytest.raises(InputError, match="no such project"):
        ProjectStore.open(tmp_path / "missing.redraft")
    with pytest.raises(InputError, match="already exists"):
        ProjectStore.create(text, "x")


def test_corrupt_file_is_a_clear_error(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build_demo(path).close()
    data = bytearray(path.read_bytes())
    page = 4096
    assert len(data) > 4 * page
    data[2 * page:len(data)] = bytes(range(256)) * ((len(data) - 2 * page) // 256) + b"\0" * ((len(data) - 2 * page) % 256)
    path.write_bytes(bytes(data))
    with pytest.raises(InputError, match="damaged"):
        ProjectStore.open(path).load()
    truncated = tmp_path / "cut.redraft"
    truncated.write_bytes(bytes(data[:100]))
    with pytest.raises(InputError):
        ProjectStore.open(truncated)


def test_newer_schema_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    ProjectStore.create(path, "demo").close()
    with sqlite3.connect(path) as conn:
        conn.execute(f"PRAGMA user_version = {store_module.SCHEMA_VERSION + 1}")
    conn.close()
    with pytest.raises(InputError, match="newer Redraft"):
        ProjectStore.open(path)


def test_schema_1_files_gain_the_locations_table(tmp_path: Path) -> None:
    """A project saved before comments were located opens, keeps its work, and can be located later."""
    path = tmp_path / "v1.redraft"
    store = build_demo(path)
    store.set_response("R1.1", "kept")
    store.close()
    downgrade(path, 1)  # what schema 1 wrote: no locations table, no stage
    with ProjectStore.open(path) as store:
        project = store.load()
        assert project.notes == {"R1.1": "kept"} and project.locations == {} and "locations" not in project.stages
        assert project.located_paragraphs("R1.1") == [] and project.status("R1.1") == "addressed"
        store.save_locations(localize(project.comments, project.old, lexical_only=True))
        assert set(store.load().locations) == {c.id for c in project.comments}
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == store_module.SCHEMA_VERSION
    conn.close()


def test_older_schema_is_migrated(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    path = tmp_path / "demo.redraft"
    store = build_demo(path)
    store.set_response("R1.1", "kept")
    store.close()

    def add_labels(conn: sqlite3.Connection) -> None:
        conn.execute("CREATE TABLE labels (comment_id TEXT REFERENCES comments(id), label TEXT)")

    newer = store_module.SCHEMA_VERSION + 1
    monkeypatch.setattr(store_module, "SCHEMA_VERSION", newer)
    monkeypatch.setitem(store_module.MIGRATIONS, newer - 1, add_labels)
    with ProjectStore.open(path) as store:
        assert store.load().notes == {"R1.1": "kept"}
    with sqlite3.connect(path) as conn:
        assert conn.execute("PRAGMA user_version").fetchone()[0] == newer
        assert conn.execute("SELECT COUNT(*) FROM labels").fetchone()[0] == 0
    conn.close()


def test_schema_2_undo_history_and_work_survive_the_upgrade(tmp_path: Path) -> None:
    """Schema 3 adds links and one undo stack for every kind of step; the old stack is kept."""
    path = tmp_path / "v2.redraft"
    store = build_demo(path)
    store.add_suggestion(SuggestionRecord("s1", "R1.1", "r", "first", "p0008"))
    store.set_suggestion_status("s1", "accepted")
    store.set_suggestion_status("s1", "edited", "second")
    store.undo()
    store.close()
    downgrade(path, 2)
    with ProjectStore.open(path) as store:
        assert "schema 2" in store.notices[0]
        s1 = store.load().suggestion("s1")
        assert (s1.status, s1.edit) == ("accepted", "first") and store.can_redo()
        assert store.redo() == "s1" and store.load().suggestion("s1").edit == "second"
        assert store.undo() == "s1" and store.undo() == "s1" and store.load().suggestion("s1").status == "pending"
        assert not store.can_undo()
        store.set_link("R1.1", "e0001", "rejected")
        assert store.load().links == {"R1.1": {"e0001": "rejected"}}
