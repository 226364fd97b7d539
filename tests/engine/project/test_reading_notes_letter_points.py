"""A passage of the reviews that the authors' letter quotes as a point and no comment holds is named in the reading
notes (trial36: a referee's "Number all mathematical equations" and three more one-line points drew no comment, the
letter quoted and answered all of them, and the app said only "letter: 6 of 6 points quoted"). Synthetic reviews of
the demo paper and a letter written for this test; the comment is deleted by hand so that the test does not depend on
what the classifier picks. A letter's notice given twice (two files with the same missing \\input) is listed once."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project.notes import letter_notes, letter_points, reading_notes
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REVIEWS = """# Reviewer 1

The paper studies early exits for layered models and is easy to follow.

Please compare against static layer skipping at the same average depth.

Could the authors report wall-clock latency on a real device?
"""
LETTER = """Dear editor,

We thank the reviewer for the careful reading.

> Please compare against static layer skipping at the same average depth.

We added the comparison to Section 4.

> Could the authors report wall-clock latency on a real device?

We now report the latency on a phone in Table 2.
"""


def _project(tmp_path: Path) -> Path:
    """The demo's drafts with ``REVIEWS`` and ``LETTER`` (BM25 links)."""
    reviews, letter = tmp_path / "reviews.md", tmp_path / "letter.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    letter.write_text(LETTER, encoding="utf-8")
    return run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25", response=letter))


def test_a_quoted_point_in_no_comment_is_noted_until_one_holds_it(tmp_path: Path) -> None:
    path = _project(tmp_path)
    with ProjectSession.open(path) as session:
        project = session.project
        assert letter_points(project) == []  # both quoted points are comments; the summary is quoted by no one
        latency = next(c for c in project.comments if "latency" in c.text)
        session.delete_comment(latency.id)
        (line,) = letter_points(session.project)
        assert line == ("Reviewer 1: the response letter quotes 1 passage of this review that is in no comment "
                        "(\u201cCould the authors report wall-clock latency on a \u2026\u201d); if one is a point, "
                        "add it (Edit \u2192 Comment \u2192 Add Comment\u2026)")
        assert line in [n.text for n in reading_notes(session.project) if n.source == "reviews"]
        session.add_comment("Reviewer 1", "Could the authors report wall-clock latency on a real device?")
        assert letter_points(session.project) == []  # typed by hand, it holds the passage


def test_a_letter_notice_given_twice_is_listed_once() -> None:
    class Project:
        letter = {"name": "response.tex", "notices": ["\\input{a.tex} in response.tex: no such file", "x",
                                                      "\\input{a.tex} in response.tex: no such file"]}
    assert [n.text for n in letter_notes(Project())][:2] == ["\\input{a.tex} in response.tex: no such file", "x"]
    assert len(letter_notes(Project())) == 2


def test_a_letter_quoting_few_points_is_not_called_the_wrong_letter() -> None:
    """trial36: an ICSE letter answered the meta-review's four themes and quoted 3 of 47 points; the note asked "is it
    this round's letter, to these reviews?", though it was: it names both reasons now."""
    from engine.project.response import letter_note

    class Project:
        letter = {"quoted": 3, "points": 47, "read": False}
    line = letter_note(Project())
    assert line.startswith("the response letter quotes only 3 of the 47 points: the statuses do not read it")
    assert "answers by theme" in line and "is it this round's letter" not in line


def test_the_report_names_the_points_in_no_comment(tmp_path: Path) -> None:
    """trial36: the revision report said "comments 6" with no word of the four points the letter answered that no
    comment held; its summary lists the reading notes on points in no comment now (a report a chair passes on)."""
    from engine.project.report import revision_report_html

    path = _project(tmp_path)
    with ProjectSession.open(path) as session:
        assert "points in no comment" not in revision_report_html(session.project)
        session.delete_comment(next(c for c in session.project.comments if "latency" in c.text).id)
        page = revision_report_html(session.project)
    assert "Reviewers' points in no comment, not counted above" in page
    assert ("<li>Reviewer 1: the response letter quotes 1 passage of this review that is in no comment "
            "(\u201cCould the authors report wall-clock latency on a \u2026\u201d)</li>") in page
