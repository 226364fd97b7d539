"""A second round on the real cgo18 paper: a new revised version or new reviews keep the
author's responses, link verdicts and accepted edits where their comments, edits and
paragraphs still exist, and name what had to be dropped; a bad input changes nothing."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.cli.main import main
from engine.errors import InputError
from engine.jobs import run_job
from engine.project import ProjectStore, SuggestionRecord
from engine.project.pipeline import build_project_file
from engine.project.rounds import backup_path, build_round, match_comments, round_path
from engine.project.session import ProjectSession
from engine.revision.normalize import comparable_tokens
from tests.engine.project.test_session import same_as_disk

REVIEWS = Path(__file__).resolve().parents[2] / "data" / "cgo18_reviews.md"
#: Review#107A's third comment; the new round of reviews leaves it out.
GONE = "3. Will the cost model be made available? Please release it.\n"


@pytest.fixture()
def first_round(shared_data: Path, tmp_path: Path) -> ProjectSession:
    """cgo18 built from its PDFs, with the author's work on it: responses, a confirmed and an added link,
    an accepted suggestion."""
    base = shared_data / "revision" / "cgo18"
    path = run_job(build_project_file(tmp_path / "cgo18.redraft", "cgo18", base / "submission.pdf",
                                      base / "camera_ready.pdf", REVIEWS, aligner="bm25"))
    session = ProjectSession.open(path)
    p = session.project
    for c in p.comments[:4]:
        session.set_response(c.id, f"We answered {c.id}: see the revised text.")
    linked = next(c.id for c in p.comments if p.linked_edit_ids(c.id))
    session.confirm_link(linked, p.linked_edit_ids(linked)[0])
    changed = [e for e in p.diff.edits if e.type.value == "major"]
    session.add_link(p.comments[1].id, changed[0].id)
    para = p.old.body()[5]
    session.add_suggestion(SuggestionRecord("s1", p.comments[0].id, "We clarified it.", para.text + " More.", para.id))
    session.accept("s1")
    return session


@pytest.mark.shared_data
def test_new_revised_version_keeps_the_work(first_round: ProjectSession, shared_data: Path) -> None:
    """The camera-ready LaTeX in place of its PDF: other edit ids, the same edits by text."""
    session = first_round
    before = session.project
    old_edits = {e.id: e for e in before.diff.edits}
    notes, links = dict(before.notes), {c: dict(v) for c, v in before.links.items()}
    location = before.suggestion("s1").location
    session.set_tldrs(["Online iterative compilation tunes programs on their users' inputs."])
    report = run_job(build_round(session.path,
                                 revised=shared_data / "revision" / "cgo18" / "camera_ready" / "cgo18mscr.tex"))
    assert report.dropped == ["1 TLDR(s) of the previous revised version"]  # it summarised the old revision
    assert report.kept[:3] == ["4 of 4 responses", "2 of 2 link verdicts", "1 of 1 accepted edits"]
    changes = session.take_round(report)
    assert changes.everything and changes.label == "round 1: revised version"  # the same reviews (trial35)
    after = session.project
    assert after.notes == notes and after.new_path.endswith("cgo18mscr.tex")
    for cid, verdicts in links.items():
        (old_eid, verdict), = verdicts.items()
        (new_eid, kept_verdict), = after.links[cid].items()
        assert kept_verdict == verdict
        old_words = set(comparable_tokens(old_edits[old_eid].target_text))
        new_words = set(comparable_tokens(after.diff.edit(new_eid).target_text))
        assert len(old_words & new_words) / len(old_words | new_words) > 0.5  # the same edit, by its text
    assert after.suggestion("s1").status == "accepted" and after.suggestion("s1").location == location
    assert backup_path(session.path, 1).is_file() and not round_path(session.path).exists()
    same_as_disk(session)
    with ProjectStore.open(backup_path(session.path, 1)) as old:  # the first round, as it was
        assert old.load().notes == notes
    session.close()


@pytest.mark.shared_data
def test_new_reviews_drop_the_response_whose_comment_is_gone(first_round: ProjectSession, tmp_path: Path) -> None:
    session = first_round
    before = session.project
    gone = next(c for c in before.comments if "made available" in c.text)
    assert gone.id in before.notes  # answered in round 1
    text = REVIEWS.read_text(encoding="utf-8")
    assert GONE in text
    new = tmp_path / "round2.md"
    new.write_text(text.replace(GONE, "").replace("Please release it", "please release it"), encoding="utf-8")
    report = run_job(build_round(session.path, reviews=new))
    assert report.dropped == [f"the response to Review#107A: \u201c{' '.join(gone.text.split()[:12])}"
                              + (" \u2026" if len(gone.text.split()) > 12 else "") + "\u201d (the comment is gone)"]
    assert report.kept[0] == "3 of 4 responses"
    session.take_round(report)
    after = session.project
    assert len(after.comments) == len(before.comments) - 1
    assert not any("made available" in c.text for c in after.comments)
    assert sorted(after.notes.values()) == sorted(n for cid, n in before.notes.items() if cid != gone.id)
    for cid, note in after.notes.items():  # on the same comment, though extraction cut it differently this time
        was = next(before.comment(k).text for k, v in before.notes.items() if v == note)
        now = after.comment(cid).text.lower()
        assert was.lower() in now or now in was.lower()
    session.close()


@pytest.mark.shared_data
def test_new_draft_keeps_edits_on_paragraphs_still_there(first_round: ProjectSession, shared_data: Path) -> None:
    """Round 2 of a resubmission: the camera-ready PDF is the draft now, its LaTeX the revision. The
    accepted edit's paragraph is still there (another id); a paragraph the last round deleted is not,
    and last round's edits are in the draft now, so links to them go."""
    session = first_round
    before = session.project
    deleted = next(e for e in before.diff.edits if e.type.value == "deleted" and len(e.source_text.split()) > 12)
    session.add_suggestion(SuggestionRecord("s2", before.comments[2].id, "Removed.", "", deleted.source_ids[0]))
    session.accept("s2")
    kept_para = before.paragraph(before.suggestion("s1").location, new=False)
    base = shared_data / "revision" / "cgo18"
    report = run_job(build_round(session.path, draft=base / "camera_ready.pdf",
                                 revised=base / "camera_ready" / "cgo18mscr.tex"))
    assert report.changed == ["draft", "revised version"]
    assert f"an accepted edit for {before.comments[2].id} (its paragraph is no longer in the draft)" in report.dropped
    assert sum("link" in line for line in report.dropped) == 2  # both were on last round's changes
    assert report.kept[:3] == ["4 of 4 responses", "0 of 2 link verdicts", "1 of 2 accepted edits"]
    session.take_round(report)
    after = session.project
    moved = after.paragraph(after.suggestion("s1").location, new=False)
    assert after.old_path.endswith("camera_ready.pdf") and moved is not None
    overlap = set(comparable_tokens(moved.text)) & set(comparable_tokens(kept_para.text))
    assert len(overlap) / len(set(comparable_tokens(kept_para.text))) > 0.5
    assert "s2" not in {s.id for recs in after.suggestions.values() for s in recs} and not after.links
    session.close()


@pytest.mark.shared_data
def test_matching_comments_by_text_and_reviewer(first_round: ProjectSession) -> None:
    comments = first_round.project.comments
    shuffled = list(reversed(comments))
    assert match_comments(comments, shuffled) == {c.id: c.id for c in comments}
    first_round.close()


@pytest.mark.shared_data
def test_a_bad_round_changes_nothing(first_round: ProjectSession, tmp_path: Path) -> None:
    session = first_round
    png = tmp_path / "revised.pdf"
    png.write_bytes(b"\x89PNG\r\n\x1a\n" + b"\x00" * 64)
    with pytest.raises(InputError):
        run_job(build_round(session.path, revised=png))
    with pytest.raises(InputError, match="needs"):
        run_job(build_round(session.path))
    assert not round_path(session.path).exists() and not backup_path(session.path, 1).exists()
    stale = run_job(build_round(session.path, reviews=REVIEWS))
    session.set_response(session.project.comments[5].id, "Written while the round was being built.")
    with pytest.raises(InputError, match="changed while"):  # taking it would lose that response
        session.take_round(stale)
    assert not stale.path.exists() and not backup_path(session.path, 1).exists()
    assert len(session.project.notes) == 5 and session.can_undo()
    same_as_disk(session)
    session.close()


@pytest.mark.shared_data
def test_cli_round(first_round: ProjectSession, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = first_round.path
    first_round.close()
    new = tmp_path / "round2.md"
    new.write_text(REVIEWS.read_text(encoding="utf-8").replace(GONE, ""), encoding="utf-8")
    assert main(["project", "round", str(path), "--reviews", str(new)]) == 0
    out = capsys.readouterr().out
    assert "round 2: reviews" in out and "kept: 3 of 4 responses" in out
    assert "dropped: the response to Review#107A: \u201cWill the cost model" in out
    assert str(backup_path(path, 1)) in out
    assert main(["project", "round", str(path)]) == 2
    assert main(["project", "round", str(path), "--revised", str(tmp_path / "missing.pdf")]) == 2
    err = capsys.readouterr().err
    assert "Traceback" not in err and "missing.pdf" in err
