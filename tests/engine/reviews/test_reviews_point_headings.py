"""Reviews kept with a heading over each point that names its reviewer ("Reviewer 2 comment 1", "Reviewer 2 minor
comment 3"), as authors keep them beside a Markdown paper (session 25, trial23): the whole file was one review,
"Reviewer 1", the second referee's points sections of it (R1.8 to R1.19). Reviews written in the test."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.reviews import load_reviews, parse_reviews
from engine.reviews.headings import point_reviewer

SETEXT = """Reviewer 1 comment 1
==================================

The model section never states how the birth rate is estimated. Please give the estimator and its variance.


Reviewer 1 comment 2
==================================

The discussion overstates the reach of the equation. Please temper the claims in the last paragraph.


Reviewer 2 comment 1
==================================

The simulation uses a single seed. Please repeat it with several seeds and report the spread.


Reviewer 2 minor comment 1
==================================

Line 12 - the word "recieve" is misspelt.
"""


def test_a_new_reviewer_starts_at_the_first_point_that_names_them() -> None:
    reviews = parse_reviews(SETEXT)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert [name for name, _ in reviews[0].sections] == ["Reviewer 1 comment 1", "Reviewer 1 comment 2"]
    assert [name for name, _ in reviews[1].sections] == ["Reviewer 2 comment 1", "Reviewer 2 minor comment 1"]
    assert "single seed" in reviews[1].text and "single seed" not in reviews[0].text
    assert "birth rate" in reviews[0].text and "recieve" in reviews[1].text


def test_markdown_headings_and_bold_lines_name_the_reviewer_too(tmp_path: Path) -> None:
    text = ("## Reviewer #1, point 1\n\nThe sample is small. Please add the two missing sites.\n\n"
            "## Reviewer #1, point 2\n\nPlease define the index before its first use.\n\n"
            "**Referee 2 - Comment 1:**\n\nThe map lacks a scale bar. Please add one.\n")
    path = tmp_path / "reviews.md"
    path.write_text(text, encoding="utf-8")
    reviews = load_reviews(path)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Referee 2"]
    assert "scale bar" in reviews[1].text and "scale bar" not in reviews[0].text


@pytest.mark.parametrize("line, who", [
    ("Reviewer 2 comment 1", "Reviewer 2"),
    ("Reviewer 2 minor comment 5", "Reviewer 2"),
    ("### Referee #3, Point 12:", "Referee 3"),
    ("**Reviewer 1 - Remark 4**", "Reviewer 1"),
    ("Reviewer 2", None),  # a reviewer's own heading is reviewer_name's
    ("Reviewer 2 comment 1 asks for more seeds, and we added them.", None),  # a sentence, not a heading
    ("Comment 3", None),
])
def test_point_headings(line: str, who: str | None) -> None:
    assert point_reviewer(line) == who


@pytest.mark.parametrize("heading, point", [
    ("Reviewer 1 comment 1", True), ("Comment 3", True), ("**Minor point 2:**", True), ("## Question 4", True),
    ("Weaknesses", False), ("Minor comments", False), ("Reviewer 2", False), ("Summary", False),
])
def test_a_points_own_heading(heading: str, point: bool) -> None:
    from engine.reviews.headings import is_point_heading

    assert is_point_heading(heading) is point


def _with_answers(text: str) -> str:
    """SETEXT with the authors' answer under its own heading after each point, as authors keep a response file."""
    out = []
    for block in text.split("\n\n\n"):
        heading = block.splitlines()[0]
        out.append(f"{block.strip()}\n\n\nAuthor response to {heading}\n{'=' * 30}\n\nWe changed it as asked.\n")
    return "\n\n".join(out)


def test_answers_under_headings_of_their_own_make_a_response_file(tmp_path: Path, capsys) -> None:
    from engine.cli.main import main
    from engine.reviews.guard import author_response

    assert author_response(SETEXT) is None  # the points alone are reviews
    why = author_response(_with_answers(SETEXT))
    assert why is not None and "Response to Reviewer 1 comment 1" in why
    path = tmp_path / "response.md"
    path.write_text(_with_answers(SETEXT), encoding="utf-8")
    assert main(["comments", str(path)]) == 2
    assert "author response" in capsys.readouterr().err
    # a reviewer who names the authors' answer to a point in a sentence writes no reply heading
    quoted = SETEXT + "\nThe author response to reviewer 1 comment 2 in the last round was convincing.\n"
    assert author_response(quoted) is None
