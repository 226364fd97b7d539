"""A reviewer's list item that no comment holds is named in the reading notes (trial17: five of a second-round
referee's nine numbered points were no comment, and nothing said so): how many of how many, with its first words;
items under a summary or strengths are not counted, and a comment the author adds for it clears the note. Synthetic
reviews of the demo paper, written for this test; the comment is deleted by hand so the test does not depend on
what the classifier picks."""

from __future__ import annotations

from pathlib import Path

from engine.cli.main import main
from engine.jobs import run_job
from engine.project.notes import reading_notes, unpicked_items
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REVIEWS = """# Reviewer 1

## Strengths
- The idea is simple and clearly described.

## Weaknesses
1. Please compare against static layer skipping at the same average depth.
2. Could the authors report wall-clock latency on a real device?
"""


def test_an_item_in_no_comment_is_noted_until_one_holds_it(tmp_path: Path, capsys) -> None:
    reviews = tmp_path / "reviews.md"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        comments = session.project.comments
        assert len(comments) == 2 and unpicked_items(session.project) == []  # the strength is not counted
        latency = next(c for c in comments if "latency" in c.text)
        session.delete_comment(latency.id)
        (line,) = unpicked_items(session.project)
        assert line.startswith("Reviewer 1: 1 of 2 list items are in no comment (\u201cCould the authors report "
                               "wall-clock latency on a \u2026\u201d)")
        assert "Add Comment" in line
        assert [n.text for n in reading_notes(session.project) if n.source == "reviews"] == [line]
    assert main(["project", "show", str(path)]) == 0
    assert f"note: Reviews (reviews.md): {line}" in capsys.readouterr().out
    with ProjectSession.open(path) as session:
        session.add_comment("Reviewer 1", "Could the authors report wall-clock latency on a real device?")
        assert unpicked_items(session.project) == []  # typed by hand (no place in the text), it holds the item
