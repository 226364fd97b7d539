"""The letter quotes a reviewer's point to the end of its paragraph or list item (issue 33; session 23's author trial:
a numbered point was quoted up to its request, without the cited paper and the two reasons after it). Synthetic
reviews, parsed as the app parses them; comments placed by hand on the sentences an extractor keeps."""

from __future__ import annotations

from engine.letter.quotes import TRAIL_SENTENCES, whole_point
from engine.reviews.model import ReviewComment
from engine.reviews.parse import parse_reviews

REQUEST = "A harder benchmark would help, such as the clamped plate of Section 4.2 in Okafor and Lindqvist."
REASONS = ("Its title is: Mixed elements for nearly rigid solids. The steep stress gradients near the clamp make it a "
           "much stronger test than the membrane problem. It also has no corner singularity, which may explain the "
           "two slopes seen at the bottom of Figure 9.")
NEXT = "The notation of the strain matrices in Section 5 is not introduced."


def _comment(review, cid: str, sentence: str) -> ReviewComment:
    start = review.text.index(sentence)
    return ReviewComment(id=cid, reviewer=review.reviewer, text=sentence, span=(start, start + len(sentence)))


def _review(body: str):
    return parse_reviews(f"## Reviewer 1\n\n{body}\n", "markdown")[0]


def test_a_numbered_point_is_quoted_to_the_end_of_its_item() -> None:
    review = _review(f"The paper extends a local projection to constrained problems.\n\n1) {REQUEST} {REASONS}\n"
                     f"2) {NEXT} Please define them.")
    first, second = _comment(review, "R1.1", REQUEST), _comment(review, "R1.2", NEXT)
    quote = whole_point(first, review, [first, second])
    assert quote == f"{REQUEST} {REASONS}"  # the reasons, and nothing of the next item
    assert whole_point(second, review, [first, second]) == f"{NEXT} Please define them."


def test_a_paragraph_with_two_comments_gives_neither_a_tail() -> None:
    """The rest of a paragraph that holds another comment may be that comment's lead-in: never quoted twice."""
    body = f"{REQUEST} The stress plots are missing. {NEXT} It matters for readers who implement the method."
    review = _review(body)
    first, second = _comment(review, "R1.1", REQUEST), _comment(review, "R1.2", NEXT)
    assert whole_point(first, review, [first, second]) == REQUEST
    assert not whole_point(second, review, [first, second]).endswith("implement the method.")


def test_a_long_tail_is_cut_with_an_ellipsis_and_a_colon_lead_in_is_left_out() -> None:
    extra = " ".join(f"Reason number {i} is given here." for i in range(1, TRAIL_SENTENCES + 3))
    review = _review(f"- {REQUEST} {extra}\n- {NEXT}")
    first = _comment(review, "R1.1", REQUEST)
    quote = whole_point(first, review, [first])
    assert quote.endswith(f"Reason number {TRAIL_SENTENCES} is given here. …")
    assert f"Reason number {TRAIL_SENTENCES + 1}" not in quote and NEXT not in quote
    review = _review(f"- {REQUEST} For example:\n- {NEXT}")
    first = _comment(review, "R1.1", REQUEST)
    assert whole_point(first, review, [first]) == REQUEST


def test_a_corrected_comment_is_quoted_as_corrected_without_a_tail() -> None:
    import dataclasses

    review = _review(f"1) {REQUEST} {REASONS}")
    first = _comment(review, "R1.1", REQUEST)
    edited = dataclasses.replace(first, text="Please add the clamped plate benchmark.")
    assert whole_point(edited, review, [edited]) == edited.full_text
