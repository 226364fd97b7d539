"""Points typed as a dash touching the line number they are about ("–12 change X to Y", "-30 Sentence fragment")
are list items for the reading note, though the splitter reads each as a paragraph (trial20: ten of a referee's 33
such points were no comment, and the note counted none of them). A paragraph that opens on a negative number is no
such point. Synthetic reviews of the demo paper, written for this test; comments are deleted by hand so the test
does not depend on what the classifier picks."""

from __future__ import annotations

from pathlib import Path

from engine.jobs import run_job
from engine.project.notes import unpicked_items
from engine.project.pipeline import build_project_file
from engine.project.session import ProjectSession

DEMO = Path(__file__).resolve().parents[3] / "resources" / "demo"
REVIEWS = """Reviewer 1

The paper is clear, and the method is useful for long inputs.

\u201312 change "skipping layers" to "skipped layers"

-30 Sentence fragment

\u201341-3 Why is the exit threshold fixed for every layer? Please justify it.

-0.5 is a strange value for a margin, and the paper should say where it comes from.
"""


def test_points_at_a_dashed_line_number_are_counted_as_items(tmp_path: Path) -> None:
    reviews = tmp_path / "reviews.txt"
    reviews.write_text(REVIEWS, encoding="utf-8")
    path = run_job(build_project_file(tmp_path / "p.redraft", "p", DEMO / "draft_v1.md", DEMO / "draft_v2.md",
                                      reviews, aligner="bm25"))
    with ProjectSession.open(path) as session:
        for c in list(session.project.comments):
            session.delete_comment(c.id)
        (line,) = unpicked_items(session.project)
    assert line.startswith("Reviewer 1: 3 of 3 list items are in no comment (\u201c\u201312 change \"skipping "
                           "layers\" to \"skipped layers\"\u201d; \u201c-30 Sentence fragment\u201d; \u201c\u201341-3 "
                           "Why is the exit threshold fixed for \u2026\u201d)")
