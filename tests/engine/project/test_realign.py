"""A comment the author adds or rewords after the build is aligned against the revision as the build aligns
every comment: its old scores are dropped with the correction, and ``align_unaligned`` (the CLI) or
``realign.align_comments`` + ``add_alignments`` (the app, on a worker) give it what a rebuild gives it."""

from __future__ import annotations

from pathlib import Path

from engine.align.config import DEFAULT_METHOD
from engine.align.status import Status
from engine.cli.main import main
from engine.project.realign import align_comments, scored_as, unaligned
from engine.project.session import ProjectSession
from tests.engine.project.test_session_locate import build as build_demo
ASK = "Report the wall-clock latency of the early exits on a phone CPU, not only the saved computation."


def build(path: Path) -> None:
    """The demo project (draft, revision, reviews) with the default aligner, built or built again."""
    build_demo(path, aligner=DEFAULT_METHOD)


def stored(path: Path) -> dict[str, dict]:
    with ProjectSession.open(path) as again:
        return {k: a.to_dict() for k, a in again.project.alignments.items()}


def test_added_and_reworded_comments_are_aligned_as_a_rebuild_aligns_them(tmp_path: Path) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session:
        p = session.project
        assert p.aligner == DEFAULT_METHOD and not unaligned(p)
        new_id = session.add_comment("Reviewer 1", ASK).comment_ids[0]
        session.edit_comment("R1.2", "How were the weights of the exit losses chosen, and how sensitive are they?")
        assert {c.id for c in unaligned(p)} == {new_id, "R1.2"}  # the old scores of R1.2 were for other words
        assert p.status(new_id) == Status.UNKNOWN and p.status("R1.2") == Status.UNKNOWN
        assert "R1.2" not in stored(path)  # dropped on disk with the correction

        todo = unaligned(p)
        stale = align_comments(p, todo, session.models.encoder())  # what a worker computes...
        session.edit_comment("R1.2", "How were the exit-loss weights chosen?")  # ...while the author rewords again
        kept = session.add_alignments(stale, {c.id: scored_as(c) for c in todo})
        assert kept.comment_ids == (new_id,) and "R1.2" not in p.alignments  # the stale one is left out

        changes = session.align_unaligned()
        assert changes.comment_ids == ("R1.2",) and not unaligned(p)
        assert p.status(new_id) != Status.UNKNOWN and p.alignments[new_id].calibrated
        aligned = {k: a.to_dict() for k, a in p.alignments.items()}
    assert stored(path) == aligned  # on disk, as in memory

    build(path)  # a new extraction replays the corrections and aligns every comment together: the same scores
    rebuilt = stored(path)
    for cid in (new_id, "R1.2"):
        assert rebuilt[cid]["edit_ids"] == aligned[cid]["edit_ids"]
        assert rebuilt[cid]["scores"].keys() == aligned[cid]["scores"].keys()
        assert all(abs(rebuilt[cid]["scores"][e] - s) < 1e-3 for e, s in aligned[cid]["scores"].items())


def test_a_comment_given_another_type_is_aligned_again(tmp_path: Path) -> None:
    """The evidence aligner links edits by the comment's type: new type, old scores dropped, scored again."""
    path = tmp_path / "demo.redraft"
    build(path)
    with ProjectSession.open(path) as session:
        p = session.project
        before = p.comment("R1.1").fine_type
        session.reassign_comment("R1.1", fine_type="typo" if before != "typo" else "experiment")
        assert [c.id for c in unaligned(p)] == ["R1.1"] and "R1.1" not in stored(path)
        session.align_unaligned()
        assert not unaligned(p) and "R1.1" in stored(path)
        session.reassign_comment("R1.1", reviewer=p.comment("R1.1").reviewer)  # nothing an aligner reads: kept
        assert not unaligned(p)


def test_a_correction_stands_when_the_encoder_cannot_load(tmp_path: Path, capsys) -> None:
    from engine.settings import Settings, save_settings

    path = tmp_path / "demo.redraft"
    build(path)
    save_settings(Settings(encoder_path=str(tmp_path / "no-such-encoder")))  # moved or deleted since the build
    assert main(["project", "comment", str(path), "add", "--reviewer", "Reviewer 2", "--text", ASK]) == 0
    captured = capsys.readouterr()
    assert "not aligned yet" in captured.err and "R2.h1" in captured.out  # stored, and said so in one line
    with ProjectSession.open(path) as session:
        assert [c.id for c in unaligned(session.project)] == ["R2.h1"]
        assert session.project.status("R2.h1") == Status.UNKNOWN


def test_the_cli_aligns_a_comment_it_adds(tmp_path: Path, capsys) -> None:
    path = tmp_path / "demo.redraft"
    build(path)
    assert main(["project", "comment", str(path), "add", "--reviewer", "Reviewer 2", "--text", ASK]) == 0
    out = capsys.readouterr().out
    assert "add" in out and "unknown" not in out.lower()  # the new comment's status line
    with ProjectSession.open(path) as session:
        assert not unaligned(session.project)
