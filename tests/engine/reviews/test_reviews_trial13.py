"""What a new-user trial (session 21) hit first in the comment list, on two journals' referee reports: a mail whose
rule-framed header ("REVIEWER REPORT:" over a one-line note) became a reviewer of its own, so that "Reviewer #1" was
R2; a citation in parentheses cut into sentences at "etal." or a journal's abbreviated name, which left a comment
ending in "(Doe etal."; and a report whose section titles were typed as bullets ("* Numerical setup") over numbered
points, all of which the letter then placed under the first title. Synthetic reviews, written for these tests."""

from __future__ import annotations

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.comments import prefixes
from engine.text import sentences

_RULE = "-" * 31
#: A journal's mail: a header between rules with the journal's note, then the referees under "Reviewer #n:".
MAIL = f"""{_RULE}
REVIEWER REPORT:
{_RULE}

Please note that referees keep the numbers the journal gave them.

Reviewer #1:

The authors compute the optical response of layered oxide films with a plane-wave code. The results are new.

The discussion would benefit if the computed spectra were related to the band structure of the films. The
authors should add a figure of the band structure and discuss the transitions behind the main peaks.

Reviewer #3:

This is careful work on a timely topic.

The authors rely on a single exchange-correlation functional. Please add a few sentences on how sensitive the
spectra are to that choice (see Roe etal. 2014, J. Chem. Phys. A, 2015, 12 (3), pp 101-109).
"""


def test_a_rule_framed_mail_header_is_a_preamble_and_referees_keep_their_numbers() -> None:
    notices: list[str] = []
    reviews = parse_reviews(MAIL, notices=notices)
    assert [r.reviewer for r in reviews] == ["Reviewer #1", "Reviewer #3"]
    assert prefixes(reviews) == ["R1", "R3"]
    assert any("skipped the text before the first review" in n for n in reviews[0].notices)
    comments = extract_comments(reviews)
    assert {c.id.split(".")[0] for c in comments} == {"R1", "R3"}
    assert not any("numbers the journal gave" in c.text for c in comments)


def test_a_long_first_block_between_rules_is_still_a_review() -> None:
    """The preamble rule reads length as before: a first block longer than a preamble stays a review."""
    long_block = " ".join(["The method section never states which solver was used for the linear systems."] * 12)
    text = f"{_RULE}\n{long_block}\n{_RULE}\n\nReviewer #2:\n\nPlease report the wall-clock time of each run.\n"
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer #2"]


def test_a_citation_in_parentheses_is_one_sentence_in_a_review() -> None:
    text = ("Cavities need not form in every case (Doe etal. 2011, Roe and Poe 2012) or in dense gas (Moe 2006). "
            "See the review (J. Chem. Phys. A, 2015, 12 (3), pp 101-109) for more. Next point.")
    got = [s for s, _, _ in sentences(text, review=True)]
    assert got == ["Cavities need not form in every case (Doe etal. 2011, Roe and Poe 2012) or in dense gas "
                   "(Moe 2006).", "See the review (J. Chem. Phys. A, 2015, 12 (3), pp 101-109) for more.",
                   "Next point."]
    # the paper's side keeps its splits (the fitted aligners read them)
    assert len(sentences(text)) > 3


def test_an_aside_in_parentheses_splits_as_before() -> None:
    """Parentheses with no year in them are no citation: their sentences split as they always did, so the reviews
    the comment models were fitted on read the same (DISAPERE train's 5,098 units)."""
    text = "An aside (stored separately.) However, the codes differ. (How many? Please add it.) Fine."
    assert sentences(text, review=True) == sentences(text)


#: A referee report whose section titles are typed as bullets, each over its numbered points.
REPORT = """Referee Report

This is a useful paper. I recommend publication after minor corrections.

*Introduction
1) In the second line there is a repeated word: "to to".

2) In the third paragraph it would be worth saying that a gap forms only under certain conditions (Doe etal. 2011,
Roe and Poe 2012). The authors should cite these works.

* Numerical setup

1) Please define the acronyms HLLE and CFL where they first appear.

* Model Runs

1) Please give the binary separation in physical units for each model.

* Discussion

1) The discussion should say whether the results change when the orbit shrinks.
"""


def test_bullet_titles_over_numbered_points_name_their_points() -> None:
    comments = extract_comments(parse_reviews(REPORT))
    def find(word: str):
        return next(c for c in comments if word in c.text)

    assert {k: find(k).section for k in ("second line", "third paragraph", "define", "give", "orbit")} == {
        "second line": "Introduction", "third paragraph": "Introduction", "define": "Numerical setup",
        "give": "Model Runs", "orbit": "Discussion"}
    whole = find("third paragraph").text
    assert "(Doe etal. 2011, Roe and Poe 2012)" in whole and whole.endswith("cite these works.")
    assert not any(c.text in ("Numerical setup", "Model Runs", "Discussion") for c in comments)


def test_a_bulleted_list_of_short_items_is_no_title() -> None:
    """A typo list's short bullets stay points: only a bullet over a blank line and a numbered point titles."""
    text = "Reviewer 1\n\nThere are typos in the text:\n- teh results\n- it were shown\n- a a figure\n"
    comments = extract_comments(parse_reviews(text))
    assert comments and all(not c.section for c in comments)
    assert "teh results" in " ".join(c.text for c in comments)
