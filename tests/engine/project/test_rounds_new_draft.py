"""A round with a new draft and no revised version: the new draft is the submission being revised, so
the last round's revised version (the revision of the old draft) is dropped and named in the report,
in the engine and in ``redraft project round --draft``; with ``--revised`` too, both are taken."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.pipeline import build_project_file
from engine.project.rounds import build_round
from engine.project.session import ProjectSession
from tests.engine.project.test_session import same_as_disk

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"


@pytest.fixture()
def demo(tmp_path: Path) -> ProjectSession:
    """The demo paper, draft v1 revised as v2, with a response and a confirmed link."""
    path = run_job(build_project_file(tmp_path / "demo.redraft", "demo", DEMO / "draft_v1.md",
                                      DEMO / "draft_v2.md", DEMO / "reviews.md", aligner="bm25"))
    session = ProjectSession.open(path)
    p = session.project
    session.set_response(p.comments[0].id, "We added static layer skipping as a baseline.")
    linked = next(c.id for c in p.comments if p.linked_edit_ids(c.id))
    session.confirm_link(linked, p.linked_edit_ids(linked)[0])
    return session


def test_a_new_draft_drops_the_last_revised_version(demo: ProjectSession) -> None:
    session = demo
    assert session.project.new_path.endswith("draft_v2.md") and session.project.diff is not None
    report = run_job(build_round(session.path, draft=DEMO / "draft_v2.md"))
    assert report.changed == ["draft"]
    assert report.dropped[0].startswith("the revised version draft_v2.md (a new draft starts a round without one")
    assert any(line.endswith("to an edit of the dropped revised version") for line in report.dropped)
    assert report.kept[0] == "1 of 1 responses"
    changes = session.take_round(report)
    assert changes.label == "round 1: draft"  # the same reviews: their round (trial35)
    after = session.project
    assert after.old_path.endswith("draft_v2.md")
    assert after.new is None and after.new_path == "" and after.diff is None  # not v2 against itself
    assert not after.alignments and not after.links and "diff" not in after.stages
    assert list(after.notes.values()) == ["We added static layer skipping as a baseline."]
    same_as_disk(session)
    session.close()


def test_a_new_draft_with_its_revised_version(demo: ProjectSession, tmp_path: Path) -> None:
    session = demo
    v3 = tmp_path / "draft_v3.md"
    v3.write_text((DEMO / "draft_v2.md").read_text(encoding="utf-8") + "\n## Limitations\n\nOnly read speech.\n",
                  encoding="utf-8")
    report = run_job(build_round(session.path, draft=DEMO / "draft_v2.md", revised=v3))
    assert report.changed == ["draft", "revised version"]
    assert not any("the revised version" in line for line in report.dropped)
    session.take_round(report)
    after = session.project
    assert after.old_path.endswith("draft_v2.md") and after.new_path.endswith("draft_v3.md")
    assert [e.target_text.strip() for e in after.diff.edits if e.type.value != "unchanged"] == [  # v2 against v3
        "Only read speech."]
    session.close()


def test_cli_round_with_a_new_draft_says_the_revised_version_is_dropped(
        demo: ProjectSession, capsys: pytest.CaptureFixture[str]) -> None:
    path = demo.path
    demo.close()
    assert main(["project", "round", str(path), "--draft", str(DEMO / "draft_v2.md")]) == 0
    out = capsys.readouterr().out
    assert "round 1: draft" in out
    assert "dropped: the revised version draft_v2.md (a new draft starts a round without one" in out
    with ProjectSession.open(path) as session:
        assert session.project.new is None and session.project.old_path.endswith("draft_v2.md")


def test_new_reviews_of_a_new_revision_read_the_last_revised_version(demo: ProjectSession, tmp_path: Path) -> None:
    """A second round of review: the reviewers read the last revised version, so it is the round's draft (trial32:
    an MNRAS second round given its new revision and reviews kept the first submission as the draft, and round 1's
    edits read as answering round 2's comments)."""
    session = demo
    v3 = tmp_path / "draft_v3.md"
    v3.write_text((DEMO / "draft_v2.md").read_text(encoding="utf-8") + "\n## Limitations\n\nOnly read speech.\n",
                  encoding="utf-8")
    reviews = tmp_path / "round2.md"
    reviews.write_text("# Reviewer 1\n\nPlease add a limitations section on the speech-only evaluation.\n",
                       encoding="utf-8")
    report = run_job(build_round(session.path, revised=v3, reviews=reviews))
    assert report.changed == ["draft", "revised version", "reviews"]
    assert report.kept[0].startswith("the last revised version draft_v2.md as this round's draft")
    session.take_round(report)
    after = session.project
    assert after.old_path.endswith("draft_v2.md") and after.new_path.endswith("draft_v3.md")
    assert {e.target_text for e in after.diff.changed_edits()} <= {"Limitations", "Only read speech."}
    assert not any(e.source_text for e in after.diff.changed_edits())  # only what v3 added: v2 is the draft
    session.close()
