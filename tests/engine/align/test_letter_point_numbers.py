"""A letter that numbers the points it quotes ("1. <point>", answer, "2. <point>", answer): each answer ended with
the next point's number ("… and explain it below the equation. 2."), shown so in the app's comment header, the
Coverage tab and the CSV (trial29's response letters). ``answers`` on synthetic letters."""

from __future__ import annotations

from engine.align.letter import Letter, answers
from engine.reviews.model import ReviewComment

POINTS = ("The introduction claims that the front end draws most of the power; please quantify this for the nodes.",
          "The statistic divides by the deviation of a band, which is zero when the band is silent for long.",
          "The threshold is given without a justification; a sensitivity analysis over its range is needed.")
ANSWERS = ("We measured it and added the figure to the third paragraph of the introduction.",
           "We added a small constant to the denominator of Eq. (2) and explain it below the equation.",
           "We added a new subsection with the analysis for thresholds between 2 and 5.")


def comments() -> list[ReviewComment]:
    return [ReviewComment(f"p/R1.{i}", "Reviewer 1", t) for i, t in enumerate(POINTS, 1)]


def test_the_next_points_number_is_not_the_answers():
    for label in ("{}.", "({})", "{})", "Comment {}."):
        text = "Reviewer 1\n\n" + "\n\n".join(f"{label.format(i)} {p}\n\n{a}" for i, (p, a) in
                                              enumerate(zip(POINTS, ANSWERS), 1))
        assert [a.text for a in answers(Letter(text), comments())] == list(ANSWERS), label


def test_a_number_that_ends_an_answers_sentence_stays():
    text = f"Reviewer 1\n\n{POINTS[0]}\n\nWe report it in Table 3.\n\n{POINTS[1]}\n\nDone as asked; see Eq. 2\n"
    found = answers(Letter(text), comments()[:2])
    assert [a.text for a in found] == ["We report it in Table 3.", "Done as asked; see Eq. 2"]


def test_a_reviewer_and_point_label_and_a_colon_heading_are_not_the_answers():
    """ScholarOne's "Referee: 1" over a reviewer's points, each quoted after its label "R1.1", "R1.2" (trial38's
    letter): the editor's answer ended "Referee: 1 R1.1" and every other answer with the next point's label."""
    editor = "Please add a statement on the permits for the field work."
    done = "The statement is now the last sentence of the methods."
    text = (f"Editor's comments\n\n{editor}\n\nResponse : {done}\n\nReferee: 1\n\n"
            + "\n\n".join(f"R1.{i} {p}\n\nResponse : {a}" for i, (p, a) in enumerate(zip(POINTS, ANSWERS), 1)))
    found = answers(Letter(text), [ReviewComment("p/E.1", "Editor", editor), *comments()])
    assert [a.text.removeprefix("Response : ") for a in found] == [done, *ANSWERS]  # (the prefix: each view drops it)
