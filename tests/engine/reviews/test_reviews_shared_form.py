"""A venue's form whose questions each reviewer's report repeats word for word (issue 33, forms34; trial37's
Frontiers mail): the questions are headings, never comments, and each ends the heading before it. Every review
below is invented."""

from __future__ import annotations

from engine.reviews.comments import extract_comments
from engine.reviews.forms import shared_lines
from engine.reviews.headings import EDITOR
from engine.reviews.parse import parse_reviews, split_reviews

QUESTIONS = ("What are the main findings reported in this manuscript?", "Other comments on the methods.",
             "Other comments on the results.", "Does the introduction frame the study well?",
             "Please add here any further comments on this manuscript.")

# Three reviewers answer the same form, a blank line under each question; the third one's form has a question more
# ("2. Does the introduction ...?"), so its numbers differ from the others'; the second reviewer's "Minor:" heading
# sits under the methods question and must end at the results question.
MAIL = """Dear Dr Okafor,

The reviewers have finished the review forum of your manuscript. Their reports follow.

Reviewer 1

1. What are the main findings reported in this manuscript?

The authors measure how fast lichens recolonise burnt granite on three mountain slopes over six years.

2. Other comments on the methods.

The plot sizes are not stated. Please give the area of each quadrant and how the quadrants were placed.

3. Other comments on the results.

The recolonisation rates in the second figure lack error bars. Please add them and state the number of plots.

4. Please add here any further comments on this manuscript.

The discussion should compare the rates with the earlier survey of basalt slopes.

Reviewer 2

1. What are the main findings reported in this manuscript?

A six-year survey of lichen cover on burnt granite, with a growth model fitted per slope.

2. Other comments on the methods.

The growth model assumes a constant spore supply, which needs a justification.

Minor:

- the legend of the map uses two shades of green that cannot be told apart

3. Other comments on the results.

The model's fit on the northern slope is poor; the authors must discuss why the residuals grow after year four.

4. Please add here any further comments on this manuscript.

The title should name the granite rather than rock in general.

Reviewer 3

1. What are the main findings reported in this manuscript?

The paper reports lichen recolonisation after fire on granite slopes.

2. Does the introduction frame the study well?

Partly. The introduction should cite the work on post-fire moss succession.

3. Other comments on the methods.

How were the species identified in the field? Please name the key used.

4. Other comments on the results.

The comparison between slopes needs a statistical test rather than the visual reading given now.

5. Please add here any further comments on this manuscript.

The abstract should report the six-year rates as numbers.
"""


def _sections(reviews):
    return [[(head, body) for head, body in r.sections] for r in reviews]


def test_the_forms_questions_are_headings_over_each_reviewers_answers() -> None:
    reviews = parse_reviews(MAIL)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    for review in reviews:
        heads = [head for head, _ in review.sections]
        bodies = " ".join(body for _, body in review.sections)
        for question in QUESTIONS:
            assert question not in bodies, (review.reviewer, question)
        assert "What are the main findings reported in this manuscript?" in heads  # the number left out
    r2 = {body.split()[1]: head for head, body in reviews[1].sections}
    assert r2["the"] == "Minor"  # the reviewer's own heading holds its list item ("- the legend ...") ...
    assert r2["model's"] == "Other comments on the results."  # ... and ends at the next question of the form
    # the third reviewer's question that no other form has, numbered between two shared ones, is the form's too
    assert "Does the introduction frame the study well?" in [head for head, _ in reviews[2].sections]


def test_no_comment_holds_a_question_of_the_form() -> None:
    comments = extract_comments(parse_reviews(MAIL), encoder="lexical")
    for c in comments:
        for question in QUESTIONS:
            assert question not in c.text, (c.id, question)
    residuals = [c for c in comments if "residuals grow" in c.text]
    assert len(residuals) == 1 and residuals[0].section != "Minor", residuals  # not labelled minor in the letter


# Two reviewers, each with points of its own; the first repeats one of its own lines twice.
REPEATS = """Reviewer 1

Please state the sampling rate of the loggers.

The calibration of the sensors is described only for the first site.

Please state the sampling rate of the loggers.

Typos:

- "recieve" in the caption of the third table

Reviewer 2

The loggers were moved in the second winter; the gap should be marked in the time series.

Typos:

- "seperate" in the methods
"""


def test_a_line_one_reviewer_repeats_and_a_short_shared_heading_read_as_before() -> None:
    text = REPEATS
    assert shared_lines(split_reviews(text), EDITOR) == set()  # repeated by one reviewer only; "Typos:" is short
    together = parse_reviews(text)
    alone = [parse_reviews(body)[0] for _, body in split_reviews(text)]
    assert _sections(together) == _sections(alone)  # each review reads as it reads with no other report beside it
    assert "Please state the sampling rate of the loggers." in together[0].sections[0][1]


# Two reviewers make the same one-line point word for word: one shared line is no form.
SAME_POINT = """Reviewer 1

The related work section omits the recent studies of urban heat islands.

The temperature maps need a common colour scale.

Reviewer 2

The related work section omits the recent studies of urban heat islands.

The regression in the fourth section should report its confidence intervals.
"""


def test_one_shared_line_alone_is_a_point_not_a_form() -> None:
    assert shared_lines(split_reviews(SAME_POINT), EDITOR) == set()
    for review in parse_reviews(SAME_POINT):
        assert [head for head, _ in review.sections] == [""]
        assert "omits the recent studies" in review.sections[0][1]


def test_the_editors_letter_quoting_the_reviewers_shares_nothing() -> None:
    letter = ("## Editor\n\nDear Dr Okafor,\n\nThe reviewers ask for the following.\n\n"
              "Please state the sampling rate of the loggers.\n\n"
              "The calibration of the sensors is described only for the first site.\n\n")
    text = letter + "## Reviewer 1\n\n" + REPEATS.split("Reviewer 1\n\n", 1)[1].split("Reviewer 2")[0]
    reports = split_reviews(text)
    assert [name for name, _ in reports][0] == EDITOR
    assert shared_lines(reports, EDITOR) == set()
