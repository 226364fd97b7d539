"""What an editor's letter and a review form hold besides points (issue 33, round eight): instructions for sending
the revision are never comments, while the editor's own requests about the paper are."""

from __future__ import annotations

import pytest

from engine.reviews.comments import extract_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

# An invented decision letter in the shape journals send (its instructions in our own words), over an invented review.
LETTER = """## Editor

Dear Dr. Varga,

The referees find the study of river sediment transport useful, but ask for changes. In particular, the authors
should compare the new transport law with the Meyer-Peter formula on the flume data of Section 5.

Please return it within 6 weeks, with a reply to the referees. The reply answers every comment, even if you are
not making any changes for it. Show the changes to the manuscript in color. Separate figure files are needed for
production purposes; acceptable source files are Word or LaTeX. To expedite the processing, be as specific as
possible in your response to the referees. Comments sent as a file attachment are in your Author Center.

## Reviewer 1

The grain-size distribution in the flume runs is never reported. Please give it in a table, since the transport
law depends on it.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_instructions_for_sending_the_revision_are_no_comments(encoder: str | None) -> None:
    reviews = parse_reviews(LETTER, "markdown")
    got = extract_comments(reviews, encoder=encoder)
    editor = [c.text for c in got if c.id.startswith("E.")]
    assert len(editor) == 1 and "Meyer-Peter formula" in editor[0], editor  # the editor's own request stays
    assert any("grain-size distribution" in c.text for c in got if c.id.startswith("R1."))
    skipped = [u.text for u in review_units(reviews[0]) if u.skip]
    for said in ("return it within 6 weeks", "even if you are not making", "in color", "production purposes",
                 "expedite", "Author Center"):
        assert any(said in s for s in skipped), said
    assert not any(s.startswith("In particular") for s in skipped)


def test_requests_that_name_files_or_colour_are_still_comments() -> None:
    """Only the journal's process is skipped: a reviewer asking for figures in colour or the source files of the
    experiments asks for a change to the paper."""
    text = ("## Reviewer 2\n\nFigure 3 should be printed in color, since the two curves cannot be told apart in grey.\n\n"
            "The source files of the experiments should be released with the paper so that the runs can be repeated.\n")
    units = review_units(parse_reviews(text, "markdown")[0])
    assert units and not any(u.skip for u in units)


#: A typo list under a sentence that announces it, nested in a numbered point (as a LaTeX ``enumerate`` in an
#: ``\item`` reads) and under a paragraph; and a list under a heading, whose items are points of their own.
TYPO_LISTS = """## Reviewer 2

1. The statistical model in Section 4 assumes independent sites, which the sampling design does not give. Please
   justify it or use a mixed model.
2. The paper has some spelling errors; a few of them, not all:
  1. p. 2, l. 14: "recieved" should be "received".
  2. p. 6, l. 3: "it's" should be "its".
  3. p. 9, l. 40: "seperate" should be "separate".
3. The code should be deposited in a public archive.

Last, there are some misprints in the supplementary PDF:

- Table S2: the header "mean" is spelled "maen"
- Figure S1: the axis label "Tempreature" should be "Temperature"

## Reviewer 3

Typos and minor comments:

- p. 3: "the the" should be "the"
- Table 1 lacks the units of the flow rate.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_list_of_typos_under_the_sentence_that_announces_it_is_one_point(encoder: str | None) -> None:
    got = extract_comments(parse_reviews(TYPO_LISTS, "markdown"), encoder=encoder)
    r2 = [f"{c.context} {c.text}" for c in got if c.reviewer == "Reviewer 2"]
    typos = [t for t in r2 if "recieved" in t]
    assert len(typos) == 1 and "seperate" in typos[0] and "spelling errors" in typos[0], r2
    misprints = [t for t in r2 if "maen" in t]
    assert len(misprints) == 1 and "Tempreature" in misprints[0] and "misprints" in misprints[0], r2
    assert any("mixed model" in t and "recieved" not in t for t in r2)  # the points around it stay apart
    assert any("public archive" in t and "seperate" not in t for t in r2)
    r3 = [c.text for c in got if c.reviewer == "Reviewer 3"]  # under a heading: a comment per item
    assert any("the the" in t and "flow rate" not in t for t in r3) and any("flow rate" in t for t in r3), r3


def test_a_rating_on_the_forms_scale_is_no_comment_unless_it_asks_for_something() -> None:
    text = ("## Reviewer 1\n\n1. Please evaluate the significance of the manuscript's contribution.: Fair - Even with "
            "the suggested changes, the contribution is unlikely to matter to most readers of the journal.\n\n"
            "2. Please evaluate the presentation of the manuscript.: Poor - the notation of Section 2 should be "
            "defined before it is used, and Figure 3 lacks axis labels.\n")
    got = [c.text for c in extract_comments(parse_reviews(text, "markdown"), encoder="lexical")]
    assert not any("unlikely to matter" in t for t in got), got
    assert any("axis labels" in t for t in got), got
