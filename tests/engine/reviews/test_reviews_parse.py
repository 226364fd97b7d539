"""Reading reviews: Markdown/text pastes, OpenReview JSON (v1 and v2), PDFs, bad input."""

from __future__ import annotations

import json
from pathlib import Path

import pymupdf
import pytest

from engine.errors import InputError
from engine.resources import resource
from engine.reviews import load_reviews, parse_reviews

HOTCRP = """Review #107A
===========================================================================

Overall merit
-------------
2. Weak reject

Reviewer expertise
------------------
3. Knowledgeable

Paper summary
-------------
This paper presents a learned cache policy.

Comments for authors
--------------------
The traces come from a single provider.

Review #107B
===========================================================================

Overall merit
-------------
4. Accept

Comments for authors
--------------------
Why not compare with Belady's oracle?
"""


def test_demo_reviews_split_into_two_with_sections_and_scores() -> None:
    text = resource("demo", "reviews.md").read_text(encoding="utf-8")
    reviews = parse_reviews(text, source="markdown")
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert [h for h, _ in reviews[0].sections] == ["Summary", "Strengths", "Weaknesses", "Questions", "Rating", "Confidence"]
    assert (reviews[0].rating, reviews[0].confidence) == ("6", "4")
    assert (reviews[1].rating, reviews[1].confidence) == ("5", "3")
    for r in reviews:
        for (_, body), offset in zip(r.sections, r.offsets):
            assert r.text[offset : offset + len(body)] == body


def test_hotcrp_setext_headings_keep_reviewer_ids() -> None:
    reviews = parse_reviews(HOTCRP)
    assert [r.reviewer for r in reviews] == ["Review #107A", "Review #107B"]
    assert [h for h, _ in reviews[0].sections] == [
        "Overall merit", "Reviewer expertise", "Paper summary", "Comments for authors"]
    assert reviews[0].rating == "2. Weak reject"
    assert reviews[0].confidence == "3. Knowledgeable"


def test_openreview_reviewer_lines_and_rules() -> None:
    text = ("Reviewer xYz1\nSummary: A method.\nWeaknesses: No ablation.\nRating: 6: marginally above\n"
            "---\nSummary: Another view.\nQuestions: Why this loss?\n")
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Reviewer xYz1", "Reviewer 2"]
    assert reviews[0].sections[1] == ("Weaknesses", "No ablation.")
    assert reviews[0].rating == "6: marginally above"
    assert reviews[1].sections == [("Summary", "Another view."), ("Questions", "Why this loss?")]


def test_words_after_reviewer_are_not_ids() -> None:
    reviews = parse_reviews("Reviewer expertise: 3\n\nThe paper is fine. Please add error bars.\n")
    assert len(reviews) == 1 and reviews[0].confidence == "3"


def test_openreview_json_v1_and_v2_shapes(tmp_path: Path) -> None:
    v1 = [{"invitation": "ICLR.cc/2022/Conference/Paper9/-/Official_Review",
           "signatures": ["ICLR.cc/2022/Conference/Paper9/AnonReviewer2"],
           "content": {"title": "Review", "review": "Please report variance over seeds.", "rating": "6: accept",
                       "confidence": "3: fairly confident"}},
          {"invitation": "ICLR.cc/2022/Conference/-/Blind_Submission", "content": {"title": "T", "abstract": "A"}}]
    v2 = {"notes": [{"invitations": ["ICLR.cc/2024/Conference/Submission1/-/Official_Review"],
                     "signatures": ["ICLR.cc/2024/Conference/Submission1/Reviewer_hPdk"],
                     "content": {"summary": {"value": "A summary."}, "weaknesses": {"value": "1. No baseline.\n2. Unclear loss."},
                                 "rating": {"value": "8: accept"}, "confidence": {"value": "4"}}},
                    {"invitations": ["ICLR.cc/2024/Conference/Submission1/-/Official_Comment"],
                     "content": {"comment": {"value": "Thanks"}}}]}
    single = v2["notes"][0]
    for name, data in (("v1.json", v1), ("v2.json", v2), ("one.json", single)):
        path = tmp_path / name
        path.write_text(json.dumps(data))
        reviews = load_reviews(path)
        assert len(reviews) == 1
        assert reviews[0].source == "openreview"
    r1 = load_reviews(tmp_path / "v1.json")[0]
    assert r1.reviewer == "Reviewer 2" and r1.rating == "6: accept"
    r2 = load_reviews(tmp_path / "v2.json")[0]
    assert r2.reviewer == "Reviewer hPdk" and r2.rating == "8: accept" and r2.confidence == "4"
    assert ("Weaknesses", "1. No baseline.\n2. Unclear loss.") in r2.sections


def test_review_pdf_is_read_with_pymupdf(tmp_path: Path) -> None:
    path = tmp_path / "review.pdf"
    doc = pymupdf.open()
    page = doc.new_page()
    page.insert_text((72, 72), "Reviewer 1\nWeaknesses\n- The baseline is weak. Please compare with X.\nRating: 4")
    doc.save(path)
    reviews = load_reviews(path)
    assert reviews[0].reviewer == "Reviewer 1"
    assert reviews[0].source == "pdf"
    assert any(h == "Weaknesses" and "compare with X" in t for h, t in reviews[0].sections)
    assert reviews[0].rating == "4"


@pytest.mark.parametrize("text", ["", "   \n\n  "])
def test_empty_review_is_an_input_error(text: str, tmp_path: Path) -> None:
    with pytest.raises(InputError, match="no review text found"):
        parse_reviews(text)
    path = tmp_path / "empty.md"
    path.write_text(text)
    with pytest.raises(InputError, match="no review text found"):
        load_reviews(path)


def test_json_without_reviews_is_an_input_error(tmp_path: Path) -> None:
    path = tmp_path / "sub.json"
    path.write_text(json.dumps({"notes": [{"content": {"title": "T", "abstract": "A"}}]}))
    with pytest.raises(InputError, match="no review text found"):
        load_reviews(path)


def test_huge_dump_is_truncated_with_a_notice() -> None:
    text = "Weaknesses\n" + "The evaluation is limited to one dataset. " * 20_000
    reviews = parse_reviews(text, max_chars=50_000)
    assert sum(len(r.text) for r in reviews) <= 50_000
    assert any("truncated" in n for n in reviews[0].notices)


def test_non_english_review_gets_a_notice() -> None:
    text = ("Resumen: El artículo propone un método de compilación iterativa en línea. "
            "Debilidades: la evaluación se limita a un solo conjunto de datos y no se compara con los trabajos "
            "anteriores. Los autores deberían explicar mejor la métrica de trabajo y su coste.")
    reviews = parse_reviews(text)
    assert any("seem to be in Spanish, not English" in n for n in reviews[0].notices)
    assert not parse_reviews("Weaknesses: the evaluation is limited to one dataset and the authors should "
                             "compare their method with the prior work on this problem in a fair way.")[0].notices


def test_a_rating_written_as_a_sentence_drops_its_full_stop() -> None:
    """A new-user trial read "Reviewer 2 (rating minor revision.)"."""
    text = ("# Reviews\n\n## Reviewer 1\n\nPlease report variance over seeds.\n\nRecommendation: minor revision.\n\n"
            "Confidence: 3.\n")
    (review,) = parse_reviews(text, "markdown")
    assert (review.rating, review.confidence) == ("minor revision", "3.")


def test_points_after_a_score_heading_are_review_text() -> None:
    """A journal review opening "Presentation:" over a one-line assessment, then numbered points: only the first
    paragraph is the score section; the points are review text and become comments (a trial lost all of them)."""
    from engine.reviews.comments import extract_comments

    text = ("## Reviewer 1\n\nPresentation:\nThe paper is well written.\n\n"
            "2. The baselines are too weak. Please compare with kernel machines and neural networks.\n\n"
            "3. Why does the method need a gallery of several images per person?\n\n"
            "Rating: 4\n")
    [review] = parse_reviews(text)
    assert review.sections[0] == ("Presentation", "The paper is well written.")
    assert review.rating == "4"
    body = " ".join(b for h, b in review.sections if h == "")
    assert "Please compare with kernel machines" in body and "gallery of several images" in body
    for (_, section), offset in zip(review.sections, review.offsets):
        assert review.text[offset : offset + len(section)] == section
    comments = extract_comments([review])
    assert any("kernel machines" in c.text for c in comments) and any("gallery" in c.text for c in comments)


def test_an_editor_heading_and_a_reviewers_score_block_shift_no_numbers() -> None:
    """A journal's reviews as forwarded: "## Editor" over the office's letter, then per referee a score block
    ("Reviewer #1 Evaluations:") before "## Reviewer 1". The editor's section is the Editor (E.n, no number) and each
    referee is one review with its recommendation (a trial: the editor became Reviewer 1, referees 2 and 4)."""
    text = ("## Editor\n\nManuscript No.: A18\n\nPlease revise your manuscript and return it within 4 weeks.\n\n"
            "----------\n\nReviewer #1 Evaluations:\nRecommendation: Revision\n\n## Reviewer 1\n\n"
            "1. Please discuss the statistical error of the stochastic sampling.\n\n"
            "----------\n\nReviewer #2 Evaluations:\nRecommendation: Major revision\n\n## Reviewer 2\n\n"
            "The timing comparison is unclear. Please report wall-clock times for both codes.\n")
    reviews = parse_reviews(text)
    assert [(r.reviewer, r.rating) for r in reviews] == [
        ("Editor", None), ("Reviewer 1", "Revision"), ("Reviewer 2", "Major revision")]
    assert "statistical error" in reviews[1].text and "wall-clock" in reviews[2].text
    for r in reviews:
        for (_, body), offset in zip(r.sections, r.offsets):
            assert r.text[offset : offset + len(body)] == body


def test_a_heading_between_the_editor_and_the_first_referee_is_no_review() -> None:
    """ScholarOne's decision e-mail as pasted (faces-tpami, a training revision): the editor's letter, a row of
    stars, "Reviewer Comments", then "## Reviewer 1". The heading became a review named "Reviewer 1", so the first
    referee read "Reviewer 1 (2)" with ids R2.n, and the window said 5 reviewers for 4 (a new-user trial, round 8)."""
    text = ("## Editor\n\nEditor Comments\n\nComments to the Author:\nThe authors should better elaborate on the "
            "novelty of the method.\n\n********************\n\nReviewer Comments\n\n## Reviewer 1\n\n"
            "Recommendation: Revise and resubmit\n\nComments:\nPlease compare with a feature-based method.\n\n"
            "## Reviewer 2\n\nComments:\nHow often is an infinite loop encountered?\n")
    notices: list[str] = []
    reviews = parse_reviews(text, notices=notices)
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer 1", "Reviewer 2"]
    assert "feature-based" in reviews[1].text
    assert any("Reviewer Comments" in n for n in reviews[0].notices)
    from engine.reviews import extract_comments

    ids = [c.id for c in extract_comments(reviews)]
    assert any(i.startswith("R1.") for i in ids) and not any(i.startswith("R3.") for i in ids), ids
    # a short review of its own under a separator, where no review is named, stays a review
    assert [r.reviewer for r in parse_reviews("Accept as is.\n\n*****\n\nMinor revision\n")] == [
        "Reviewer 1", "Reviewer 2"]


_FORM_REVIEW = """## Reviewer 1

Comments:
The method is sound, but the evaluation uses a single data set. Please add a second one.

Additional Questions:
1. Which category describes this manuscript?: Research/Technology

2. How relevant is this manuscript to the readers of this journal? If you answer Not relevant please explain your rating under Public Comments below.: Very Relevant

1. Please explain how this manuscript advances this field of research. : The authors extend a known
sparse coding method to misaligned images. The ablation in Table 3 does not separate the two parts of
the method, so the gain of each is unclear.

2. Is the manuscript technically sound? In the Public Comments section, please provide detailed explanations to support your assessment: Partially

3. How thorough is the experimental validation? Please discuss any shortcomings in the Public Comments section.: Lacking in some respects; some cases of interest not tested

4. Does the manuscript contain sufficient and appropriate references? Please comment in the Public Comments section.: Important references are missing; more references are needed

5. Please rate the readability of the manuscript. Explain your rating under Public Comments below. : Readable - but requires some effort to understand

Please rate the manuscript overall. Explain your choice.: Good
"""


def test_review_form_answers_are_metadata_and_free_text_answers_are_review_text() -> None:
    """A journal's review form (IEEE/ScholarOne style, written after reading a train-part paper's reviews): each
    question with a scale answer became a comment."""
    from engine.reviews.units import review_units

    [review] = parse_reviews(_FORM_REVIEW)
    form = [body for head, body in review.sections if head == "Review form"]
    assert len(form) == 7
    assert form[1].endswith(": Very Relevant") and form[-1].startswith("Please rate the manuscript overall")
    answer = dict(review.sections)["Please explain how this manuscript advances this field of research."]
    assert answer.startswith("The authors extend a known\nsparse coding") and answer.endswith("unclear.")
    texts = [u.text for u in review_units(review)]
    assert not any("technically sound" in t or "Please rate" in t or "How relevant" in t for t in texts)
    assert any(t.startswith("The ablation in Table 3") for t in texts)
    assert any(t.startswith("Please add a second one") for t in texts)


def test_a_single_question_with_a_colon_in_a_review_stays_review_text() -> None:
    [review] = parse_reviews("The paper is clear.\n\nIs the proof of Lemma 2 correct in the paper?: I doubt it\n")
    assert "Review form" not in [head for head, _ in review.sections]


def test_latex_quotes_read_as_the_curly_quotes_they_typeset_as(tmp_path: Path) -> None:
    """A reviewer writing in LaTeX types ``...'' and `...': comments, the letter and the readers of quoted words see
    the quotes they stand for; a Markdown code span and inches are left as typed."""
    from engine.align.cues import replacements
    from engine.reviews import extract_comments
    from engine.reviews.parse import latex_quotes

    path = tmp_path / "reviews.md"
    path.write_text("# Reviewer 1\n\nThe method is sound and the paper reads well.\n\n"
                    "In the abstract, ``state of the art'' should be ``state-of-the-art''. "
                    "Please also define `robust' before using it.\n", encoding="utf-8")
    reviews = load_reviews(path)
    assert "``" not in reviews[0].text and "''" not in reviews[0].text
    comment = next(c for c in extract_comments(reviews) if "state of the art" in c.text)
    assert "\u201cstate of the art\u201d should be \u201cstate-of-the-art\u201d" in comment.text
    assert replacements(comment.text) == [("state of the art", "state-of-the-art")]
    assert "\u2018robust\u2019" in reviews[0].text
    assert latex_quotes("a ``code`` span, 5'' wide, don't") == "a ``code`` span, 5'' wide, don't"
    assert latex_quotes("``one\n\nparagraph later''") == "``one\n\nparagraph later''"
