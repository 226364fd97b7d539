"""A reviewer's point under a heading of its own ("Reviewer 1 comment 1") that no comment holds is named in the
reading notes (trial23: a referee's first point, under its own heading, was in no comment and nothing said so).
Synthetic reviews of the demo paper, written for this test; the comment is deleted by hand so the test does not
depend on what the classifier picks."""

from __future__ import annotations

from pathlib import Path

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.notes import reading_notes, unpicked_points
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REVIEWS = """Reviewer 1 comment 1
====================

Please compare against static layer skipping at the same average depth.

Reviewer 1 comment 2
====================

Could the authors report wall-clock latency on a real device?

Reviewer 2 comment 1
====================

Please add the variance over five seeds to the main table.
"""


def test_a_point_under_its_own_heading_in_no_comment_is_noted_until_one_holds_it(tmp_path: Path, capsys) -> None:
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        comments = session.project.comments
        assert sorted({c.reviewer for c in comments}) == ["Reviewer 1", "Reviewer 2"]
        assert len(comments) == 3 and unpicked_points(session.project) == []
        latency = next(c for c in comments if "latency" in c.text)
        session.delete_comment(latency.id)
        (line,) = unpicked_points(session.project)
        assert line.startswith("Reviewer 1: 1 of 2 points under their own heading are in no comment (Reviewer 1 "
                               "comment 2: \u201cCould the authors report wall-clock latency on a \u2026\u201d)")
        assert "Add Comment" in line
        assert [n.text for n in reading_notes(session.project) if n.source == "reviews"] == [line]
    assert main(["project", "show", str(path)]) == 0
    assert f"note: Reviews (reviews.md): {line}" in capsys.readouterr().out
    with ProjectSession.open(path) as session:
        session.add_comment("Reviewer 1", "Could the authors report the wall-clock latency on a real device?")
        assert unpicked_points(session.project) == []  # typed by hand (no place in the text), it holds the point


def test_a_point_pasted_from_the_review_takes_its_place_and_section(tmp_path: Path) -> None:
    """trial23: the referee's first point, added by hand, was the letter's last comment of that referee, unnamed."""
    from engine.letter import write_letter

    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        first = next(c for c in session.project.comments if "static layer" in c.text)
        session.delete_comment(first.id)
        session.add_comment("Reviewer 1", "Please compare against static layer skipping\nat the same average depth.")
        mine = [c for c in session.project.comments if c.reviewer == "Reviewer 1"]
        assert "static layer" in mine[0].text and mine[0].id.endswith(".h1")  # first again, before the latency one
        assert mine[0].section == "Reviewer 1 comment 1" and mine[0].span[1] > mine[0].span[0]
        assert unpicked_points(session.project) == []
        session.add_comment("Reviewer 1", "A point of my own that the review does not hold.")
        own = [c for c in session.project.comments if c.reviewer == "Reviewer 1"][-1]
        assert own.text.startswith("A point of my own") and own.span == (0, 0) and own.section == ""
    with ProjectSession.open(path) as session:  # stored with its place
        again = [c for c in session.project.comments if c.reviewer == "Reviewer 1"]
        assert again[0].section == "Reviewer 1 comment 1"
        letter = write_letter(session.project, tmp_path / "letter.md").read_text(encoding="utf-8")
    assert "### Comment 1 (Reviewer 1 comment 1)" in letter


def test_a_points_key_sentences_pasted_take_its_place_but_not_sentences_of_two_points(tmp_path: Path) -> None:
    text = REVIEWS.replace("Could the authors report wall-clock latency on a real device?",
                           "The latency matters. Could the authors report wall-clock latency on a real device? "
                           "It decides whether the method is usable.")
    reviews = tmp_path / "reviews.md"
    reviews.write_text(text, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        for c in [c for c in session.project.comments if c.reviewer == "Reviewer 1"]:
            session.delete_comment(c.id)
        session.add_comment("Reviewer 1", "The latency matters. It decides whether the method is usable.")
        (kept,) = [c for c in session.project.comments if c.reviewer == "Reviewer 1"]
        assert kept.section == "Reviewer 1 comment 2" and kept.span[1] > kept.span[0]
        session.add_comment("Reviewer 1", "Please compare against static layer skipping at the same average depth. "
                                          "The latency matters.")  # sentences of two points: no one place
        two = [c for c in session.project.comments if c.reviewer == "Reviewer 1"][-1]
        assert two.section == "" and two.span == (0, 0)
