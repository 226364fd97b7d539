"""An authors' response inside the reviews file (HotCRP's text export puts "Response by <name>" between the reviews,
its answers under "# Reviewer A:" headings of its own): the response is no reviewer (trial36: an ICSE chair's file
read the rebuttal as three more reviewers, 23 phantom comments, and the letter then "quoted 3 of 53 points")."""

from engine.reviews.parse import parse_reviews

RULE = "=" * 75

HOTCRP = f"""Bluefen 2031 Paper #12 Reviews and Comments
{RULE}
Paper #12 Quillwork: Sorting Marrow Lanterns


Review #12A
{RULE}
* Updated: 24 Nov 2031 9:01:46am AoE

Overall merit
-------------
2. Weak reject

Comments for authors
--------------------
1. The sorting of lanterns is not explained for dented marrows. Please describe how a dented marrow is handled.

2. The evaluation uses only three orchards. Add the fourth orchard from the appendix.


Review #12B
{RULE}

Comments for authors
--------------------
The writing is unclear in Section 3. Please define the lantern weight before it is used.


Response by Pella Ostrand <pella@example.org>
---------------------------------------------------------------------------
Thanks for the reviews.

# Reviewer A:

We handle dented marrows by rolling them twice; we will add this to Section 4.

# Reviewer B:

We will define the lantern weight in Section 2.


Review #12C
{RULE}

Metareview
----------
The reviewers ask for the dented marrows to be described and for the fourth orchard to be added.
"""


def test_hotcrp_response_is_no_reviewer():
    notices: list[str] = []
    reviews = parse_reviews(HOTCRP, notices=notices)
    names = [r.reviewer for r in reviews]
    assert names == ["Review #12A", "Review #12B", "Review #12C"]
    text = "\n".join(r.text for r in reviews)
    assert "rolling them twice" not in text and "Thanks for the reviews" not in text
    assert "lantern weight before it is used" in reviews[1].text
    assert "fourth orchard to be added" in reviews[2].text
    note = next(n for n in reviews[0].notices if "response" in n)
    assert "Pella Ostrand" in note and "Add Authors' Response" in note


def test_markdown_reviewers_and_a_response_between():
    text = HOTCRP.replace("Review #12A", "## Reviewer 1").replace("Review #12B", "## Reviewer 2").replace(
        "Review #12C", "## Reviewer 3")
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2", "Reviewer 3"]
    assert "rolling them twice" not in "\n".join(r.text for r in reviews)


def test_a_response_at_the_end_runs_to_the_end():
    text = HOTCRP.split("\n\nReview #12C")[0]
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Review #12A", "Review #12B"]
    assert "lantern weight in Section 2" not in reviews[-1].text


def test_response_by_inside_a_review_sentence_is_kept():
    text = HOTCRP.split("\n\nResponse by")[0] + ("\n\nThe authors' response by mail was helpful; "
                                                 "please add its table to Section 5.\n")
    reviews = parse_reviews(text)
    assert "its table to Section 5" in reviews[-1].text
    assert not any("response" in n.lower() and "left out" in n for n in reviews[0].notices)


def test_hotcrp_update_stamp_is_no_text():
    reviews = parse_reviews(HOTCRP)
    assert "Updated" not in reviews[0].text and "9:01:46am" not in reviews[0].text
    assert "* Updated: the figures were redone" in parse_reviews(
        "# Reviewer 1\n\n* Updated: the figures were redone, but Figure 3 still has no axis labels.\n")[0].text


def test_a_reviewers_paragraph_opening_response_by_is_kept():
    # review33: a short paragraph of a review's own ("Response by the authors ...") on a line of its own is no
    # HotCRP header (a name, with or without its address): the review's later points stay
    text = ("## Reviewer 1\n\n1. Please define the lantern weight.\n\nResponse by the authors to the first round is "
            "not convincing.\n\n2. Please add the fourth orchard.\n\n## Reviewer 2\n\nThe paper is fine.\n")
    reviews = parse_reviews(text)
    assert "fourth orchard" in reviews[0].text and "not convincing" in reviews[0].text
    assert not any("left out the authors' response" in n for r in reviews for n in r.notices)
    named = text.replace("Response by the authors to the first round is not convincing.", "Response by Pella Ostrand")
    assert "fourth orchard" not in parse_reviews(named)[0].text  # a name alone: HotCRP's header, as before
