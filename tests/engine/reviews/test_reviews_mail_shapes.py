"""Two review mails a new-user trial (session 20) pasted as they came: EDAS's, whose reviews sit under
"======= Review N =======" banners with the form's questions on "*** Label: prompt" lines, and Elsevier's (also
Editorial Manager's), whose reviews open on the line of their number ("Reviewer #2: This paper ..."). Before, all
of EDAS's reviews were one reviewer and each form prompt a comment; Elsevier's reviews were one reviewer when no
rule stood between them. Synthetic reviews, written for these tests."""

from __future__ import annotations

import pytest

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.headings import edas_question, inline_reviewer

_PROMPTS = {
    "Contributions": "Which problems does the paper take on, and do they matter? Say how new and how deep the "
                     "work is.",
    "Strengths": "Why should the paper be accepted? [Be brief.]",
    "Weaknesses": "Why should the paper be rejected? [Be brief.]",
    "Detailed Comments": "Please give the comments the TPC needs to judge the submission.",
    "Familiarity": "Rate how well you know this topic.",
    "Recommendation": "Your overall score (avoid the middle of the scale where you can).",
}


def _edas_review(answers: dict[str, str]) -> str:
    return "\n\n".join(f"*** {label}: {_PROMPTS[label]}\n{answers[label]}" for label in _PROMPTS)


_EDAS_1 = _edas_review({
    "Contributions": "The paper proposes a simulator for wireless sensor testbeds that replays recorded traffic.",
    "Strengths": "The replay engine is general enough for many kinds of experiments.",
    "Weaknesses": "The evaluation is too preliminary to support the claims.",
    "Detailed Comments": "The paper never measures how the simulator scales with the number of nodes. The authors "
                         "should add an experiment with at least a hundred nodes.",
    "Familiarity": "Familiar (I follow the research on this topic) (3)",
    "Recommendation": "lean to accept (3)",
})
_EDAS_2 = _edas_review({
    "Contributions": "A replay simulator for sensor testbeds, with a case study on a greenhouse deployment.",
    "Strengths": "The case study is convincing.",
    "Weaknesses": "It is unclear which research question the experiments answer.",
    "Detailed Comments": "Please state the research questions in the introduction and answer each of them in the "
                         "evaluation.",
    "Familiarity": "Expert (I do research on this topic) (4)",
    "Recommendation": "weak reject (2)",
})
#: EDAS's mail: the chairs' letter, then each review under its banner.
EDAS = f"""Dear Dr. Jane Doe:

Thanks for sending paper #1570000001, 'Replaying Sensor Traffic', to SNT 2024. Sadly, the program committee could \
not take it this year. You will find the reviews below.

Best regards,
The TPC Chairs

======= Workshop Reviews 1 =======

{_EDAS_1}

======= Workshop Reviews 2 =======

{_EDAS_2}
"""


def test_edas_banners_split_the_reviews_and_the_questions_are_sections() -> None:
    reviews = parse_reviews(EDAS)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    first = reviews[0]
    assert [h for h, _ in first.sections] == list(_PROMPTS)  # each label heads its answer; the letter is skipped
    assert dict(first.sections)["Detailed Comments"].startswith("The paper never measures")
    assert not any("Why should the paper" in body for _, body in first.sections)
    assert (first.rating, first.confidence) == ("lean to accept (3)",
                                                "Familiar (I follow the research on this topic) (3)")
    assert reviews[1].rating == "weak reject (2)"


def test_edas_prompts_are_never_comments() -> None:
    comments = extract_comments(parse_reviews(EDAS))
    texts = " ".join(c.text for c in comments)
    assert "Why should" not in texts and "Rate how well" not in texts and "TPC" not in texts
    assert {c.reviewer for c in comments} == {"Reviewer 1", "Reviewer 2"}
    assert any(c.reviewer == "Reviewer 1" and "hundred nodes" in c.text for c in comments)
    assert any(c.reviewer == "Reviewer 2" and "research questions" in c.text for c in comments)


@pytest.mark.parametrize("line, label", [
    ("*** Strengths: Why should the paper be accepted? [Be brief.]", "Strengths"),
    ("*** Detailed Comments: Please give your comments.", "Detailed Comments"),
    ("*** Familiarity:", "Familiarity"),
    ("*** Major issue: the baseline is never tuned on the validation set.", None),  # the reviewer's own text
    ("*** This is a bold claim and a long label: what supports it?", None),  # no form's label is 5 words long
    ("Strengths: the replay engine", None),
    ("***", None),
])
def test_an_edas_question_line_names_its_section(line: str, label: str | None) -> None:
    assert edas_question(line) == label


_ELSEVIER = """Reviewers' comments:

Reviewer #1: The manuscript studies helium diffusion in tungsten with a new interatomic potential. The work is solid.

(1) The authors should compare the migration barrier with the DFT value reported earlier.

(2) Please give the size of the simulation cell used for the diffusion runs.

Reviewer #2: This paper is well written and the results are interesting to the readers of the journal.

1. The convergence of the energy with the cutoff radius should be shown in a figure.

2. The discussion of the trapping energies is too short; please extend it.
"""


@pytest.mark.parametrize("rule", ["", "--------------------------------------------------\n"])
def test_elsevier_reviews_open_on_the_line_of_their_number(rule: str) -> None:
    text = _ELSEVIER.replace("Reviewer #", rule + "Reviewer #")
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert reviews[0].text.startswith("The manuscript studies") and "Reviewer #" not in reviews[1].text
    by_reviewer = {c.reviewer: [] for c in extract_comments(reviews)}
    for c in extract_comments(reviews):
        by_reviewer[c.reviewer].append(c.text)
    assert any("migration barrier" in t for t in by_reviewer["Reviewer 1"])
    assert any("cutoff radius" in t for t in by_reviewer["Reviewer 2"])
    assert not any("migration barrier" in t for t in by_reviewer["Reviewer 2"])


@pytest.mark.parametrize("line, found", [
    ("Reviewer #2: This paper is well written and the results are interesting.",
     ("Reviewer 2", "This paper is well written and the results are interesting.")),
    ("Referee 3: The authors propose a new estimator for the tail index.",
     ("Referee 3", "The authors propose a new estimator for the tail index.")),
    ("Reviewer #1: Accept", None),  # a score, not a review's text
    ("Reviewer #1:", None),
    ("As Reviewer #1: noted in the first round, the proof of Lemma 2 is incomplete.", None),
])
def test_an_inline_reviewer_needs_the_review_text_after_its_number(line: str, found) -> None:
    assert inline_reviewer(line) == found


#: ScholarOne's mail: "Reviewer: 1" over "Comments to the Author", the points lettered and numbered ("a1)").
_SCHOLARONE = """Reviewer: 1

Comments to the Author
The paper proposes a compensation method for mass cytometry. The idea is interesting.

a1) The simulation uses a single bead channel. Please increase the number of channels in the simulation.
a2) Figure 3 is not explained in the text; please describe what it shows.
b1) Page 9 claims a correlation disappears; please give the reason.

Reviewer: 2

Comments to the Author
The manuscript presents a new method.

Major:
- Spillover at medium intensities is not removed by the method. Please revise the algorithm.
"""


def test_scholarone_reviewer_lines_and_lettered_points() -> None:
    reviews = parse_reviews(_SCHOLARONE)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    comments = extract_comments(reviews)
    first = [c.text for c in comments if c.reviewer == "Reviewer 1"]
    # each lettered point is a comment of its own, never two run together
    assert any(t.startswith("Please increase the number of channels") or "single bead channel" in t for t in first)
    assert any("Figure 3 is not explained" in t for t in first)
    assert not any("channels" in t and "Figure 3" in t for t in first)
    assert any("medium intensities" in c.text for c in comments if c.reviewer == "Reviewer 2")


def _hotcrp_old(letter: str, merit: str, text: str) -> str:
    rule = "=" * 75
    return f"""{rule}
                           WXYZ 2017 Review #12{letter}
{"-" * 75}
    Paper #12: Streaming Joins Without Tears
{"-" * 75}

                      Overall merit: {merit}
                         Confidence: Y. Some knowledge of the field

                         ===== Paper summary =====

The paper presents a join operator for streams.

                      ===== Comments to authors =====

{text}
"""


def test_hotcrp_older_mail_is_one_review_per_name() -> None:
    """HotCRP's older text mail centres "<conference> Review #12A" between rules and rules off the paper's title
    under it: each named review is one review (it was four, two of them empty)."""
    text = (_hotcrp_old("A", "B. OK paper", "The evaluation uses only one dataset. Please add a second dataset with "
                        "skewed keys.\n\nHow is the window size chosen? The paper does not say.")
            + _hotcrp_old("B", "A. Good paper", "The proof of Lemma 3 skips the case of empty windows; please "
                          "complete it."))
    reviews = parse_reviews(text)
    assert [r.reviewer for r in reviews] == ["Review #12A", "Review #12B"]
    assert [r.rating for r in reviews] == ["B. OK paper", "A. Good paper"]
    comments = extract_comments(reviews)
    assert {c.reviewer for c in comments} == {"Review #12A", "Review #12B"}
    assert any("skewed keys" in c.text for c in comments if c.reviewer == "Review #12A")
    # a short review under a name, then a rule, still ends at the rule (its text ends a sentence)
    short = parse_reviews("## Reviewer 1\n\nWhy is the learning rate fixed?\n\n---\n\nThe tables lack units.\n")
    assert len(short) == 2


def test_the_editor_signing_the_letter_is_no_heading() -> None:
    """ScholarOne's decision letter signed "Sincerely, / The Editor" over the reviews: the signature opened an empty
    "Editor" review; a heading "## Editor" on its own still opens the editor's review."""
    letter = ("Dear Dr. Doe:\n\nManuscript ID X-2023-0001, which you submitted, was sent to referees. Their reports "
              "follow this letter.\n\nSincerely,\nThe Editor\n\n"
              "Reviewer(s)' Comments to Author:\n\n" + _SCHOLARONE)
    assert [r.reviewer for r in parse_reviews(letter)] == ["Reviewer 1", "Reviewer 2"]
    signed_by_name = letter.replace("Sincerely,\nThe Editor", "Sincerely,\nDr. Ann Lee\nEditor")
    assert [r.reviewer for r in parse_reviews(signed_by_name)] == ["Reviewer 1", "Reviewer 2"]
    heading = ("## Reviewer 1\n\nPlease report the variance over seeds. Thanks,\n\n## Editor\n\n"
               "Please shorten the introduction to one page and add a data availability statement.\n")
    assert [r.reviewer for r in parse_reviews(heading)] == ["Reviewer 1", "Editor"]


#: An Elsevier decision mail as Editorial Manager sends it: a header of short lines over the letter, the editor's form
#: sentences and one request of the editor's own, the reviews under "Reviewers' comments:" (invented wording).
_ELSEVIER_DECISION = """Ref.: Ms. No. JXYZ-D-25-01234
Title: Damping of flexural waves in a plate with attached oscillators
Journal of Invented Vibration Studies

Dear Dr. Doe,

Thank you for sending your paper to the Journal of Invented Vibration Studies.

Having weighed the two reports (below) with care, I decided that your paper should be revised before it goes further.

When you revise, answer each point of the reports and see that any revised text is shown in red. \
An incomplete reply to the reports means I cannot make a prompt decision on your paper when it returns.

Our Guide for Authors also covers electronic artwork and file formats; please consult it before you upload.

Please also state the plate's thickness in the abstract.

Kindly upload your revised manuscript to the submission site by 3 March 2026.

Yours sincerely,

Ann Lee
Editor
Journal of Invented Vibration Studies

Reviewers' comments:

""" + _ELSEVIER.split("\n", 2)[2] + "\nReviewer #3: This version of the paper can be accepted.\n"


def test_an_elsevier_decision_mail_is_the_editors_letter_over_the_reviews() -> None:
    """The letter under "Ref.:", "Title:" and the journal's name is the editor's (it was "Reviewer 1", and the first
    referee "Reviewer 1 (2)" with ids R2.x); its form sentences are no comments, the editor's own request is."""
    reviews = parse_reviews(_ELSEVIER_DECISION)
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer 1", "Reviewer 2", "Reviewer 3"]
    comments = extract_comments(reviews)
    editor = [c.text for c in comments if c.reviewer == "Editor"]
    assert editor == ["Please also state the plate's thickness in the abstract."]
    assert any("migration barrier" in c.text and c.id.startswith("R1.") for c in comments)
    assert any("cutoff radius" in c.text and c.id.startswith("R2.") for c in comments)
    # a review whose first line is long, or ends a sentence, is no letter for a "Dear Dr." below it
    review = "The paper is interesting and well written overall.\n\nDear Dr. Doe, please add error bars to Fig. 2.\n"
    assert [r.reviewer for r in parse_reviews("## Reviewer 1\n\nFine.\n\n---\n\n" + review)][1] == "Reviewer 2"
