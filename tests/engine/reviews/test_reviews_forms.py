"""Review forms as conference systems send them (issue 33): EasyChair's banner lines and score lines are form
lines, never comments, and each of its REVIEW blocks is a reviewer of its own."""

from __future__ import annotations

import pytest

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.units import review_units

_FIELDS = """SUBMISSION: 187
TITLE: Sparse Planning with Learned Heuristics
AUTHORS: Ann Smith and Bo Chen
"""
_TEXT_1 = """The paper presents a planner that learns a heuristic from solved instances. The idea is sound.

The evaluation uses only the IPC 2014 domains. Please add results on the IPC 2018 domains, where learned heuristics \
are known to struggle.

How is the learning rate chosen? The paper does not say.
"""
_TEXT_2 = """The runtime of training is never reported. Please report the wall-clock time of training on each domain.
"""

#: EasyChair's review mail today: a numbered banner per review, a banner per form question, "----- TEXT:".
EASYCHAIR = f"""----------------------- REVIEW 1 ---------------------
{_FIELDS}
----------- Overall evaluation -----------
SCORE: 2 (accept)
----- TEXT:
{_TEXT_1}
----------- Reviewer's confidence -----------
SCORE: 4 ((high))

----------------------- REVIEW 2 ---------------------
{_FIELDS}
----------- Overall evaluation -----------
SCORE: -1 (weak reject)
----- TEXT:
{_TEXT_2}
----------- Reviewer's confidence -----------
SCORE: 3 ((medium))
"""

#: The older mail: the scores in capitals, then "----------- REVIEW -----------" over the text.
EASYCHAIR_OLD = f"""----------------------- REVIEW 1 ---------------------
{_FIELDS.replace("SUBMISSION", "PAPER")}
OVERALL EVALUATION: 2 (accept)
REVIEWER'S CONFIDENCE: 4 (expert)

----------- REVIEW -----------
{_TEXT_1}
----------------------- REVIEW 2 ---------------------
{_FIELDS.replace("SUBMISSION", "PAPER")}
OVERALL EVALUATION: -1 (weak reject)
REVIEWER'S CONFIDENCE: 3 (medium)

----------- REVIEW -----------
{_TEXT_2}"""

#: Pasted without the numbered banners: every "----------- REVIEW -----------" block starts a reviewer, the one
#: over the text joining the scores' block before it.
EASYCHAIR_UNNUMBERED = EASYCHAIR_OLD.replace("----------------------- REVIEW 1 ---------------------\n",
                                             "----------- REVIEW -----------\n").replace(
    "----------------------- REVIEW 2 ---------------------\n", "----------- REVIEW -----------\n")

_FORM_WORDS = ("-----", "SCORE", "SUBMISSION", "PAPER:", "TITLE", "AUTHORS", "Overall evaluation", "confidence",
               "TEXT:", "Sparse Planning")


@pytest.mark.parametrize("text", [EASYCHAIR, EASYCHAIR_OLD, EASYCHAIR_UNNUMBERED],
                         ids=["today", "older", "unnumbered"])
def test_easychair_banners_are_form_lines_and_each_review_a_reviewer(text: str) -> None:
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert [r.rating for r in reviews] == ["2 (accept)", "-1 (weak reject)"]
    assert reviews[0].confidence.startswith("4 (") and reviews[1].confidence.startswith("3 (")
    for review in reviews:  # no banner, field or score line is read as the reviewer's text
        read = " ".join(u.text for u in review_units(review) if not u.skip)
        assert not any(w in read for w in _FORM_WORDS), read
    comments = extract_comments(reviews, encoder="lexical")
    texts = {c.id: c.text for c in comments}
    assert any("IPC 2018" in t for i, t in texts.items() if i.startswith("R1.")), texts
    assert any("wall-clock" in t for i, t in texts.items() if i.startswith("R2.")), texts
    # the bare follow-up stays with its question
    assert any(t == "How is the learning rate chosen? The paper does not say." for t in texts.values()), texts
    assert not any(w in c.full_text for c in comments for w in _FORM_WORDS)


def test_a_review_titled_review_in_lower_case_stays_review_text() -> None:
    """Only EasyChair's capitals are its header fields: a reviewer's "Title:" line is what the reviewer wrote."""
    reviews = parse_reviews("# Reviewer 1\n\nTitle: Please change the title so that it names the planner and the "
                            "domains it was tested on.\n")
    assert [c.text[:23] for c in extract_comments(reviews, encoder="lexical")] == ["Title: Please change th"]


#: A journal's form pasted with each question on its own line and the reviewer's answer under it.
FORM_LINES = """# Reviewer 1

Is the paper relevant to the conference?
Yes.

Is the paper technically sound?
Mostly. The convergence proof in Section 3 assumes a bounded gradient, which the loss in Equation 4 does not have. \
Please state the assumption or prove the bound.

Please rate the clarity of the presentation.
Good

Does the paper discuss its limitations?
Partially. The cost of training is never reported, and it should be.

# Reviewer 2

How is the learning rate chosen?
The paper only says it was tuned. Please report the values tried and how the final one was picked.
"""


def test_form_questions_on_their_own_lines_are_metadata_and_the_answers_text() -> None:
    first, second = parse_reviews(FORM_LINES)
    headings = [h for h, _ in first.sections]
    # a short answer is metadata with its question; a long one is review text under it
    assert headings == ["Review form", "Is the paper technically sound?", "Review form",
                        "Does the paper discuss its limitations?"]
    read = " ".join(u.text for u in review_units(first) if not u.skip)
    assert "relevant to the conference" not in read and "Good" not in read and "?" not in read
    assert "bounded gradient" in read and "cost of training" in read
    comments = extract_comments([first, second], encoder="lexical")
    assert not any(c.text.rstrip().endswith("?") and c.reviewer == "Reviewer 1" for c in comments)
    bound = next(c for c in comments if "prove the bound" in c.text)
    assert bound.section == "Is the paper technically sound?"  # the question is the answer's heading
    assert any("cost of training" in c.text for c in comments)
    # one question of the reviewer's own on its line is no form: it stays a comment
    assert [h for h, _ in second.sections] == [""]
    assert any("learning rate" in c.full_text for c in comments if c.reviewer == "Reviewer 2")
