"""A ScholarOne decision mail (our own wording around its key phrases): the recommendation the editor tells back
("the reviewer has recommended that major revisions are required before it can be considered further") is the
process, not a point (trial32: an MNRAS mail's E.1, typed criticism, "partly addressed", that no letter quotes);
the assistant editor's own request stays a comment."""

from __future__ import annotations

from engine.reviews import extract_comments, parse_reviews

MAIL = """Subject: Journal of Invented Tides - Decision on Manuscript ID JIT-26-0412

Dear Dr Marrow,

Your manuscript entitled "Brackish eddies of the lantern estuary", which you submitted to the Journal of Invented
Tides, has been reviewed. The comments of the reviewer are included at the bottom of this letter.

The reviewer has recommended that major revisions are required before it can be considered further. When you
revise your manuscript, please highlight the changes you make and include a reply to the comments.

To revise your manuscript, log into the journal's site and enter your Author Centre, where you will find your
manuscript listed under "Manuscripts with Decisions".

Yours sincerely,

Assistant Editor
Journal of Invented Tides

Assistant Editor's Comments to Author:

Please shorten the title of the second figure to one line, and remove the citations from the abstract.

Reviewer(s)' Comments to Author:

Reviewer: 1

Comments to the Author
The eddy period is never stated for the winter runs. Please give it in the methods section, with the gauge
that measured it.
"""


def test_the_recommendation_told_back_is_no_comment() -> None:
    comments = extract_comments(parse_reviews(MAIL, "text"))
    texts = [c.text for c in comments]
    assert not any("recommended" in t or "considered further" in t for t in texts)
    assert any("second figure" in t for t in texts)
    assert any("gauge that measured it" in t for t in texts)


def test_the_plural_form_too() -> None:
    mail = MAIL.replace("The reviewer has recommended that major revisions are required",
                        "The reviewer(s) have recommended minor revisions to your manuscript")
    texts = [c.text for c in extract_comments(parse_reviews(mail, "text"))]
    assert not any("recommended" in t for t in texts)



def test_an_editors_request_that_ends_as_the_mail_does_stays_a_comment() -> None:
    """review31: "before it can be considered for publication" alone was a process pattern too, so an editor's own
    request ending so was dropped; only the recommendation told back is the process."""
    mail = MAIL.replace("remove the citations from the abstract.", "remove the citations from the abstract. The "
                        "calibration of the tide gauges must be given in full before it can be considered for "
                        "publication.")
    texts = [c.text for c in extract_comments(parse_reviews(mail, "text"))]
    assert any("calibration of the tide gauges" in t for t in texts)
    assert not any("recommended" in t for t in texts)

REPORT = """Reviewer 1

The paper maps brackish eddies in an invented estuary. I have several concerns, section by section.

1. Introduction

The second paragraph mixes the lantern tides with the river tides. Please keep them apart.

Section 2.1

The gauge spacing is never given. Please state it.

3. Section 3.2.1

The eddy counts in the winter table do not add up to the total. Please check them.

4. Add a control run

Without a run with the sluice closed the eddy counts cannot be read. Please add one.
"""


def test_a_numbered_heading_over_a_paragraph_labels_it_and_is_no_list_item() -> None:
    """trial32: an MNRAS referee numbered their section headings ("1. Introduction", "3. Section 3.1"): each read as
    a list item in no comment (the reading note asked the user to add seven headings as points), and the comments
    under them carried no heading; "Section 2.1" unnumbered was no heading either (its dot)."""
    from engine.reviews.units import review_units

    review = parse_reviews(REPORT, "text")[0]
    units = review_units(review)
    items = [u.text for u in units if u.is_item]
    assert "Introduction" not in items and "Section 3.2.1" not in items
    assert "Add a control run" in items  # a short request numbered over its reasons: still an item, no heading
    sections = {c.text: c.section for c in extract_comments([review])}
    assert any("keep them apart" in t and s.endswith("Introduction") for t, s in sections.items())
    assert any("state it" in t and s.endswith("Section 2.1") for t, s in sections.items())
    assert any("check them" in t and s.endswith("Section 3.2.1") for t, s in sections.items())


def _editor_texts(sentence: str) -> list[str]:
    mail = MAIL.replace("The reviewer has recommended that major revisions are required before it can be considered "
                        "further.", sentence)
    assert sentence in mail
    return [c.text for c in extract_comments(parse_reviews(mail, "text"))]


def test_an_editors_request_told_as_the_recommendation_stays_a_comment() -> None:
    """reviews32: the recommendation pattern dropped any sentence phrased "the reviewers have recommended ...
    revisions", so an editor's own request phrased so was lost; a sentence that names what to revise or asks for
    something of its own is kept, on either side of the recommendation."""
    named = ("The reviewers have recommended revisions to the sluice timing model: please give the gate openings "
             "for every winter run.")
    assert any("sluice timing model" in t for t in _editor_texts(named))
    asked = ("Both reviewers have recommended major revisions, and the eddy census should be repeated with the "
             "second gauge array.")
    assert any("eddy census" in t for t in _editor_texts(asked))


def test_the_recommendation_in_other_words_is_still_the_process() -> None:
    """The form's recommendation with nothing asked beyond revisions in general stays out, whatever its wording."""
    for form in ("The reviewers have recommended that your manuscript be accepted after some minor revisions.",
                 "The reviewer has recommended minor revisions to your paper before it can be considered further.",
                 "The reviewer(s) have recommended acceptance but also suggest some minor revisions to your article."):
        assert not any("recommended" in t for t in _editor_texts(form)), form
