"""Review shapes a new-user trial (session 21, trial14) gave as they came: a NeurIPS-style form pasted from the
web, the same reviews forwarded in a mail (every line quoted with "> ", hard-wrapped, the scales' words cut over
several lines), and a reviewer's own "Correctness" heading over a paragraph of doubts. Before: the forwarded mail
gave no comment at all, its wrapped confidence scales gave comments, and the paragraph under "Correctness" was
dropped as if it were a score. Synthetic reviews, written for these tests."""

from __future__ import annotations

import textwrap

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.headings import aspect_prose
from engine.reviews.mail import unquote_mail
from engine.reviews.units import review_units

_CONFIDENCE = ("3: You are rather sure of this judgement, though a reader who did not understand some sections "
               "or who knows little of the nearby literature might differ, and the derivations were not "
               "carefully checked.")

_FORM = f"""## Official Review of Paper123 by Reviewer Ab12

Summary:

The paper proposes a sparse attention kernel for long documents and tests it on two retrieval benchmarks.

Main Review:

Strengths
The kernel is simple and the code is provided.

Weaknesses
The evaluation uses only two benchmarks. The authors should add a benchmark with documents longer than ten thousand tokens.

Correctness
The paper claims that the kernel is exact for banded inputs. This holds only when the band is narrower than the block size. Please state this condition next to the claim in Section 3. How does the error grow when the band is wider?

Needs Ethics Review: No
Time Spent Reviewing: 5
Rating: 5: Marginally below the acceptance threshold
Confidence: {_CONFIDENCE}

## Official Review of Paper123 by Reviewer Cd34

Summary:

A kernel for sparse attention with a proof of exactness.

Main Review:

The ablation in Table 2 removes two parts at once. Please ablate each part on its own.

Rating: 6: Marginally above the acceptance threshold
Confidence: {_CONFIDENCE}
"""


def _forwarded(text: str) -> str:
    """``text`` as a mail client forwards it: a header, then each paragraph wrapped at 60 columns and quoted."""
    out = ["From: program chairs", "Subject: Fwd: reviews of submission 123", "", "Dear authors,", ""]
    for para in text.split("\n\n"):
        for line in para.split("\n"):
            out += ["> " + w for w in textwrap.wrap(line, 60)] or [">"]
        out.append(">")
    return "\n".join(out)


def _texts(reviews) -> list[str]:
    return [c.text for c in extract_comments(reviews)]


def test_a_forwarded_mail_reads_as_the_reviews_it_quotes() -> None:
    mail = _forwarded(_FORM)
    assert sum(line.startswith(">") for line in mail.splitlines()) > 20
    plain, forwarded = parse_reviews(_FORM), parse_reviews(mail)
    assert [r.reviewer for r in forwarded] == [r.reviewer for r in plain] == ["Reviewer Ab12", "Reviewer Cd34"]
    assert [r.rating for r in forwarded] == [r.rating for r in plain]
    got = " ".join(_texts(forwarded))
    assert "longer than ten thousand tokens" in got and "ablate each part on its own" in got
    # the scale's words, cut over three lines by the wrapping, are the confidence's: never a comment
    assert "did not understand" not in got and "not carefully checked" not in got


def test_quote_marks_are_taken_off_only_when_nearly_every_line_has_them() -> None:
    mail = "From: a chair\n\n> > Reviewer 1\n> >\n> > The proof of Lemma 2 skips a case.\n> > Please add it.\n> > Thanks.\n"
    assert unquote_mail(mail) == "From: a chair\n\nReviewer 1\n\nThe proof of Lemma 2 skips a case.\nPlease add it.\nThanks.\n"
    # a reviewer quoting the paper in a few lines of a review keeps the quotation (never a comment of its own)
    review = ("Reviewer 1\n\nThe second paragraph says:\n> our method is always exact\n"
              "This is not shown. Please prove it or soften the claim.\nThe figures are too small.\n")
    assert unquote_mail(review) == review


def test_a_correctness_paragraph_is_review_text_and_a_correctness_score_is_not() -> None:
    got = _texts(parse_reviews(_FORM))
    assert any("state this condition next to the claim" in t for t in got)
    assert any("How does the error grow" in t for t in got)
    assert not any("Time Spent" in t or "Needs Ethics" in t for t in got)
    scored = _FORM.replace("Correctness\nThe paper claims", "Correctness\n3 good\n\nCorrectness note\nThe paper claims")
    assert aspect_prose("Correctness", "This holds only when the band is narrow.")
    assert not aspect_prose("Correctness", "3 good") and not aspect_prose("Soundness", "4: excellent")
    assert not aspect_prose("Presentation", "Good") and not aspect_prose("Rating", "The paper is fine overall.")
    units = [u for r in parse_reviews(scored) for u in review_units(r)]
    assert not any(u.text == "3 good" for u in units)


def test_a_wrapped_rating_never_takes_the_review_text_after_a_short_score() -> None:
    text = ("Reviewer 1\n\nRating: 4\nThe baseline is never tuned. Please tune it as carefully as the method.\n")
    assert any("Please tune it" in t for t in _texts(parse_reviews(text)))
