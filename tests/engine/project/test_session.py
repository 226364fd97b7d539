"""ProjectSession without Qt: every operation is on disk when it returns, the
in-memory project matches a fresh load, and the change record says what changed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.project.pipeline import build_project
from engine.project.session import NOTHING, ProjectSession

REPO = Path(__file__).resolve().parents[3]
DEMO = REPO / "resources" / "demo"


def demo_session(path: Path, revised: bool = True) -> ProjectSession:
    store = ProjectStore.create(path, "demo")
    run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md" if revised else None,
                          DEMO / "reviews.md", aligner="bm25"))
    return ProjectSession(store)


def same_as_disk(session: ProjectSession) -> None:
    """The in-memory project is what a fresh load of the file gives."""
    fresh = ProjectStore.open(session.path)
    try:
        again = fresh.load()
    finally:
        fresh.close()
    p = session.project
    assert {k: v for k, v in p.links.items()} == again.links
    assert p.notes == again.notes and p.tldrs == again.tldrs
    assert [c.to_dict() for c in p.comments] == [c.to_dict() for c in again.comments]
    assert p.statuses() == again.statuses()
    assert {(s.id, s.status, s.edit) for recs in p.suggestions.values() for s in recs} == {
        (s.id, s.status, s.edit) for recs in again.suggestions.values() for s in recs}


def test_accept_edit_undo_redo(tmp_path: Path) -> None:
    session = demo_session(tmp_path / "demo.redraft")
    added = session.add_suggestion(SuggestionRecord("s1", "R1.1", "We added it.", "Static skipping.", "p0008"))
    assert added.suggestion_id == "s1" and added.comment_ids == ("R1.1",) and not added.history
    assert not session.can_undo()

    changes = session.accept("s1")
    assert changes.suggestion_id == "s1" and changes.comment_ids == ("R1.1",) and changes.history
    assert changes.statuses and not changes.everything and not changes.tldrs
    assert session.project.suggestion("s1").status == "accepted" and session.can_undo()
    same_as_disk(session)
    assert session.accept("s1") is NOTHING  # already so: nothing written, nothing to redraw

    session.edit("s1", "Static skipping, 12% fewer FLOPs.")
    assert session.project.suggestion("s1").edit == "Static skipping, 12% fewer FLOPs."
    undone = session.undo()
    assert undone.suggestion_id == "s1" and undone.label.startswith("undid")
    rec = session.project.suggestion("s1")
    assert (rec.status, rec.edit) == ("accepted", "Static skipping.")
    same_as_disk(session)
    session.undo()
    assert session.project.suggestion("s1").status == "pending" and not session.can_undo()
    empty = session.undo()
    assert not empty.suggestion_id and empty.history  # nothing left: only the buttons may change
    session.redo()
    session.redo()
    assert session.project.suggestion("s1").edit == "Static skipping, 12% fewer FLOPs." and not session.can_redo()
    same_as_disk(session)
    with pytest.raises(KeyError):
        session.accept("nope")
    with pytest.raises(ValueError):
        session.set_status("s1", "maybe")
    session.close()


def test_links_confirm_reject_add_with_undo(tmp_path: Path) -> None:
    session = demo_session(tmp_path / "demo.redraft")
    p = session.project
    cid = next(c.id for c in p.comments if p.alignments.get(c.id) and p.alignments[c.id].edit_ids)
    aligned = p.alignments[cid].edit_ids[0]
    assert p.status(cid) == "addressed"

    for eid in p.linked_edit_ids(cid):  # the author rejects every edit the aligner linked
        changes = session.reject_link(cid, eid)
        assert changes.comment_ids == (cid,) and changes.statuses and changes.history
    # the author's word stands: every suggested link rejected and none added (engine/align/status.py)
    assert p.status(cid) == "confirmed not addressed" and p.aligned_edits(cid) == []
    same_as_disk(session)

    other = next(e.id for e in p.diff.edits if e.changed and e.id not in p.alignments[cid].edit_ids)
    session.add_link(cid, other)  # ... and links one the aligner missed
    assert p.linked_edit_ids(cid) == [other] and p.status(cid) == "confirmed addressed"
    assert cid in p.comments_for_edit(other)
    same_as_disk(session)

    session.undo()  # the added link goes
    assert other not in p.linked_edit_ids(cid) and p.status(cid) == "confirmed not addressed"
    session.redo()
    assert p.linked_edit_ids(cid) == [other]
    session.clear_link(cid, aligned)  # the aligner's word stands again for this edit
    assert aligned in p.linked_edit_ids(cid)
    session.confirm_link(cid, aligned)
    assert p.links[cid][aligned] == "confirmed" and p.status(cid) == "confirmed addressed"
    assert p.assessment(cid).label() == "confirmed addressed"  # the author's word: no percentage
    same_as_disk(session)
    with pytest.raises(KeyError):
        session.add_link(cid, "no-such-edit")
    with pytest.raises(KeyError):
        session.add_link("R9.9", other)
    session.close()

    with ProjectSession.open(tmp_path / "demo.redraft") as again:  # undo survives a reopen
        again.undo()
        assert again.project.links[cid].get(aligned) is None and again.can_redo()


def test_responses_and_undo_across_kinds(tmp_path: Path) -> None:
    session = demo_session(tmp_path / "draft.redraft", revised=False)
    p = session.project
    assert p.status("R1.1") == "open"
    changes = session.set_response("R1.1", "We added the baseline.")
    assert changes.comment_ids == ("R1.1",) and changes.statuses and p.status("R1.1") == "answered"
    session.add_suggestion(SuggestionRecord("s1", "R1.2", "Clarified.", "New text.", "p0003"))
    session.reject("s1")
    session.set_response("R1.1", "")  # removing a response is a step too
    assert p.status("R1.1") == "open"
    same_as_disk(session)
    assert session.undo().comment_ids == ("R1.1",) and p.notes["R1.1"] == "We added the baseline."
    assert session.undo().suggestion_id == "s1" and p.suggestion("s1").status == "pending"
    assert session.undo().comment_ids == ("R1.1",) and "R1.1" not in p.notes
    assert not session.can_undo()
    same_as_disk(session)
    session.set_tldrs(["One line."])
    assert p.tldrs == ["One line."]
    same_as_disk(session)
    with pytest.raises(KeyError):
        session.set_response("R9.9", "no such comment")
    session.close()


def test_a_new_extraction_forgets_steps_of_comments_gone(tmp_path: Path) -> None:
    session = demo_session(tmp_path / "demo.redraft")
    session.set_response("R2.3", "Abstract updated.")
    session.reject_link("R2.3", session.project.diff.changed_edits()[0].id)
    session.store.save_comments([c for c in session.project.comments if c.id != "R2.3"])
    assert session.reload().everything
    assert "R2.3" not in session.project.links and not session.can_undo()
    session.close()


def test_cli_steps_go_through_the_session(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from engine.cli.main import main

    path = tmp_path / "demo.redraft"
    session = demo_session(path)
    session.add_suggestion(SuggestionRecord("s1", "R1.1", "We added it.", "Static skipping.", "p0008"))
    edit = session.project.diff.changed_edits()[0].id
    session.close()
    assert main(["project", "review", str(path), "s1", "accept"]) == 0
    assert main(["project", "link", str(path), "R1.1", edit, "add"]) == 0
    assert main(["project", "respond", str(path), "R1.2", "We clarified it."]) == 0
    out = capsys.readouterr().out
    assert "accepted s1" in out and f"added link R1.1–{edit}" in out and "R1.2: " in out
    assert main(["project", "undo", str(path)]) == 0 and "undid response to R1.2" in capsys.readouterr().out
    assert main(["project", "show", str(path), "--json"]) == 0
    shown = {c["id"]: c for c in json.loads(capsys.readouterr().out)["comments"]}
    assert edit in shown["R1.1"]["edit_ids"] and shown["R1.1"]["links"] == {edit: "added"}
    with ProjectSession.open(path) as again:
        p = again.project
        assert p.suggestion("s1").status == "accepted" and edit in p.linked_edit_ids("R1.1")
        assert "R1.2" not in p.notes and again.can_redo()
    assert main(["project", "link", str(path), "R9.9", edit, "add"]) == 2
    assert "not in this project: R9.9" in capsys.readouterr().err
    assert main(["project", "review", str(path), "s1", "edit"]) == 2
    assert main(["project", "comment", str(path), "edit", "R1.2", "--text", "Report the latency."]) == 0
    assert main(["project", "comment", str(path), "merge", "R2.1", "R2.2"]) == 0
    assert main(["project", "comment", str(path), "add", "--reviewer", "Reviewer 2", "--text", "Add a table."]) == 0
    assert "add R2.h1" in capsys.readouterr().out
    assert main(["project", "comment", str(path), "split", "R1.3"]) == 2
    assert "needs --at" in capsys.readouterr().err
    with ProjectSession.open(path) as again:
        p = again.project
        assert p.comment("R1.2").text == "Report the latency." and p.comment("R2.h1").reviewer == "Reviewer 2"
        assert "R2.2" not in {c.id for c in p.comments}


def test_comment_corrections_are_kept_and_replayed_on_a_new_extraction(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    session = demo_session(path)
    p = session.project
    session.set_response("R2.3", "Abstract updated.")
    changes = session.edit_comment("R1.2", "Report the wall-clock latency on a phone CPU.")
    assert changes.comment_list and changes.comment_ids == ("R1.2",) and p.comment("R1.2").confidence == 1.0
    session.delete_comment("R2.3")
    assert "R2.3" not in {c.id for c in p.comments} and "R2.3" not in p.notes and "R2.3" not in p.alignments
    added = session.add_comment("Reviewer 1", "Please release the code.", action="Experiment", after="R1.1")
    new_id = added.comment_ids[0]
    assert new_id == "R1.h1" and [c.id for c in p.comments][:2] == ["R1.1", new_id]
    # a reviewer with no comment yet: "Reviewer 3" gets R3.h1 (not C.h1), a name without a number C.h1
    assert session.add_comment("Reviewer 3", "Please add error bars.").comment_ids == ("R3.h1",)
    assert session.add_comment("Area chair", "Shorten the paper.").comment_ids == ("C.h1",)
    text = p.comment("R1.3").text
    at = text.index(" ", len(text) // 2)
    split = session.split_comment("R1.3", at)
    assert split.comment_ids == ("R1.3", "R1.h2") and p.comment("R1.h2").text == text[at:].strip()
    session.merge_comments(["R2.1", "R2.2"])
    merged = p.comment("R2.1").text
    assert "R2.2" not in {c.id for c in p.comments} and len(merged) > 40 and merged.count(".") >= 2
    session.reassign_comment("R1.4", reviewer="Reviewer 2", action="Clarify")
    assert (p.comment("R1.4").reviewer, p.comment("R1.4").action) == ("Reviewer 2", "Clarify")
    with pytest.raises(KeyError):
        session.edit_comment("R9.9", "no such comment")
    with pytest.raises(ValueError):
        session.reassign_comment("R1.4", text="not a field")
    corrected = [(c.id, c.reviewer, c.action, c.text) for c in p.comments]
    same_as_disk(session)
    with ProjectSession.open(path) as again:
        assert [(c.id, c.reviewer, c.action, c.text) for c in again.project.comments] == corrected
    session.close()

    # a new extraction over the same file: every correction is applied again
    store = ProjectStore.open(path)
    project = run_job(build_project(store, DEMO / "draft_v1.md", DEMO / "draft_v2.md", DEMO / "reviews.md",
                                    aligner="bm25"))
    store.close()
    assert [(c.id, c.reviewer, c.action, c.text) for c in project.comments] == corrected
    assert set(project.alignments) == {c.id for c in project.comments}  # aligned as corrected
