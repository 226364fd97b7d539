"""What a new-user trial (session 22, trial16) hit first with journals' decision letters given whole: the letter's
header lines over "Dear Dr." hid its greeting, so the mail was "Reviewer 1" with its submission checklist as
comments and the first referee became R2 or R3; the editors' signatures ("Associate Editor" over the journal's name)
were empty "Editor" reviews; a referee's points typed "---Point", with no space after the dashes, were read as
paragraphs, a point's sentences as up to four comments. Synthetic letters, written for these tests."""

from __future__ import annotations

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.comments import prefixes
from engine.reviews.letters import is_process, opens_letter
from engine.reviews.units import review_units

#: A decision letter as a journal mails it: header lines, the greeting, the checklist, two signatures, the referees.
LETTER = """# Decision on your manuscript

**Journal:** Journal of Simulated Studies
**Title:** A fast sampler for layered lattice models

March 3, 2026
RE: JSS-2026-1234

Dear Dr. Lind:

We are glad to ask for a revised version. Please plan to send it within 30 days.

Both referees value the sampler and its benchmarks. They point to several places where the text should be clearer,
and your revision should clarify each of them; they also suggest ways to extend the benchmarks, which we leave to
your judgement. As a rule the journal sends a revision back to the same referees, so please answer each of their
points in turn.

Before uploading the new files, set the text in the house layout. The author guidelines list what is needed.

With the revision, please send:
1. A clean copy of the revised manuscript
2. A tracked copy of the manuscript with the changes shown
3. A reply with a response to each of the points raised

Sincerely,

Ann Berg
Associate Editor
Journal of
Simulated Studies

Carl Dahl
Senior Editor
Journal of
Simulated Studies

---

## Reviewer #1

The sampler is new and the benchmarks are convincing.

1. The paper never states how the step size of the sampler is chosen. Please add this to the methods.

2. The runtime table should report the number of chains used for each model.

## Reviewer #2

---The convergence figure has no error bars. Please show the spread over the repeated runs.

---Relatedly, why is the lattice size fixed at 64? It would help to say what limits larger lattices.

Minor comments:
1)You cite only one study of layered lattices in the introduction; please add the classic ones.
2)What fraction of the runs failed to converge?
3)\u201dRapid mixing\u201d in the abstract needs a definition.
"""

#: ScholarOne's layout: the mail and its upload checklist, the associate editor's own comments, "Reviewer: 1".
SCHOLARONE = """19-May-2026

MS: SIM-26-0042
Title: Layered lattice sampling

Dear Dr. Lind:

The review of your manuscript is complete. Should you need more time, contact the editorial office by e-mail.
Accepted papers appear as open access, for which an article processing charge applies.

[#1]  Upload the text as a DOCX or LaTeX file. With LaTeX, also send the class and style files you used.

[#2]  Upload the figures as separate high-resolution files. Tell us which figures should be printed in colour.

We hope to read the revised paper soon.

Sincerely,

Board of Editors
Journal of Simulated Studies

Associate Editor
Editors' comments to the author:
Both referees found the sampler useful. In addition, please compare the sampler with the parallel tempering
baseline of the earlier study, since readers will ask how the two differ in runtime.

Reviewers' comments:
Reviewer: 1

Comments to the Author
The derivation of the acceptance rule in the second section skips a step. Please write out the step.

Reviewer: 2

Comments to the Author
The notation for the coupling constant changes between the second and third sections. Please use one symbol.
"""


def test_a_mailed_letter_is_the_editor_and_referees_keep_their_numbers() -> None:
    notices: list[str] = []
    reviews = parse_reviews(LETTER, "markdown", notices=notices)
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer #1", "Reviewer #2"]
    assert prefixes(reviews) == ["E", "R1", "R2"]
    assert any("skipped an editor's signature" in n and "Associate Editor" in n for n in reviews[0].notices)
    assert any("Senior Editor" in n for n in reviews[0].notices)


def test_the_letters_submission_checklist_is_never_a_comment() -> None:
    reviews = parse_reviews(LETTER, "markdown")
    comments = extract_comments(reviews)
    editor = [c for c in comments if c.id.startswith("E.")]
    assert not any(w in c.text for c in editor for w in ("uploading", "within 30 days", "clean copy", "tracked copy"))
    skipped = {u.text for u in review_units(reviews[0]) if u.skip}
    assert any("within 30 days" in s for s in skipped) and any("author guidelines" in s for s in skipped)
    # the referees' points are all there, under their own numbers
    assert any(c.id.startswith("R1.") and "step size" in c.text for c in comments)
    assert any(c.id.startswith("R2.") and "error bars" in c.text for c in comments)


def test_scholarones_checklist_goes_and_the_associate_editors_request_stays_the_editors() -> None:
    reviews = parse_reviews(SCHOLARONE, "text")
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer 1", "Reviewer 2"]
    assert prefixes(reviews) == ["E", "R1", "R2"]
    comments = extract_comments(reviews)
    editor = [c.text for c in comments if c.id.startswith("E.")]
    assert any("parallel tempering" in t for t in editor)
    for gone in ("more time", "open access", "style files", "colour", "high-resolution"):
        assert not any(gone in t for t in editor), gone
    units = review_units(reviews[0])
    # a checklist item that opens on the process goes whole, its second sentence with it
    assert all(u.skip for u in units if "style files" in u.text or "printed in colour" in u.text)


def test_points_typed_after_three_dashes_are_items() -> None:
    reviews = parse_reviews(LETTER, "markdown")
    units = [u for u in review_units(reviews[2]) if not u.skip]
    items = [u for u in units if u.is_item]
    assert any(u.text.startswith("The convergence figure has no error bars") and u.index == 0 for u in items)
    assert any(u.text.startswith("Please show the spread") and u.index == 1 for u in items)  # the same point
    assert any(u.text.startswith("Relatedly, why is the lattice size fixed") for u in items)
    assert not any(u.text.startswith("---") for u in units)
    comments = extract_comments(reviews)
    assert not any(c.text.startswith("---") for c in comments)


def test_what_stays_as_before() -> None:
    # a review's own first paragraph, long, is no letter; a dash or number inside a line is no item
    review = ("The paper studies layered lattices with a new sampler and reports runtimes on six models of growing "
              "size, with a comparison against two baselines.\nDear Dr. Lind, this line is not a greeting.")
    assert not opens_letter(review)
    assert opens_letter("March 3, 2026\nMS: X-1\n\nDear Prof. Lind,\n\nThe reviews follow.")
    # two dashes, or a dash inside a line, open no item (DISAPERE's reviews read as before)
    lines = parse_reviews("## Reviewer 1\n\n--In the second section the rate is fixed at---Two values. Why?\n")
    assert all(not u.is_item for u in review_units(lines[0]))
    # the process cues are read in the editor's letter only: a referee who asks for a file keeps the comment
    assert is_process("Upload the figures as separate files.")
    referee = parse_reviews("## Reviewer 1\n\nPlease upload the source files of the simulations to a public "
                            "repository and cite it in the paper.\n")
    assert not any(u.skip for u in review_units(referee[0]))
    # an editor's title under a closing that heads the editor's own sentences is a heading, not a signature
    text = ("Dear Dr. Lind,\n\nThe reports are below.\n\nBest regards,\n\nAssociate Editor\nPlease shorten the "
            "introduction to two pages.\n\n## Reviewer 1\n\nThe proof of the second lemma is missing a case.\n")
    got = parse_reviews(text)
    assert [r.reviewer for r in got] == ["Editor", "Reviewer 1"]
    assert "shorten the introduction" in got[0].text


def _word(tmp_path, rows: list[tuple[str, bool]], name: str = "reviews.docx"):
    import docx

    doc = docx.Document()
    for text, bold in rows:
        doc.add_paragraph().add_run(text).bold = bold
    path = tmp_path / name
    doc.save(str(path))
    return path


def test_the_authors_answers_set_in_bold_under_each_point_are_left_out(tmp_path) -> None:
    from engine.reviews.load import load_reviews

    rows = [("This is a careful study of layered lattices.", False),
            ("We thank the reviewer for the kind words.", True),
            ("The paper never states how the step size of the sampler is chosen. Please add it to the methods.", False),
            ("The step size rule has now been added to the methods.", True),
            ("The runtime table should report the number of chains used for each model.", False),
            ("This has been clarified in the table caption.", True),
            ("Please define rapid mixing where the abstract first uses it.", False),
            ("Amended as suggested.", True)]
    reviews = load_reviews(_word(tmp_path, rows))
    assert any("skipped 4 paragraphs set in bold" in n for n in reviews[0].notices)
    text = reviews[0].text
    assert "step size of the sampler" in text and "rapid mixing" in text
    assert not any(w in text for w in ("We thank", "has now been added", "has been clarified", "Amended"))
    comments = extract_comments(reviews)
    assert comments and not any("has been" in c.text or "Amended" in c.text for c in comments)


def test_a_reviewers_own_bold_lines_stay(tmp_path) -> None:
    from engine.reviews.load import load_reviews

    rows = [("Summary", True), ("The paper samples layered lattices with a new sampler.", False),
            ("Is the step size tuned by hand?", True), ("The methods do not say how it is chosen.", False),
            ("Are the runtimes comparable across models?", True), ("The table mixes chain counts.", False),
            ("Minor points", True), ("Please define rapid mixing in the abstract.", False)]
    reviews = load_reviews(_word(tmp_path, rows))
    assert not any("set in bold" in n for n in reviews[0].notices)
    assert "step size tuned by hand" in reviews[0].text and "runtimes comparable" in reviews[0].text


#: A reply kept as a table: the points in the comment column, the answers beside them (written for this test).
TABLE_REPLY = """# Our reply

## Reviewer 1

| Comment ID | Reviewer comment | Response | Where |
|---|---|---|---|
| R1.1 | The paper never states how the step size is chosen. Please add it to the methods. | We have added the rule. | Sec. 2 |
| R1.2 | The runtime table should report the number of chains for each model. | We have added the chain counts. | Table 3 |

## Reviewer 2

| # | Comment | Our response |
|---|---|---|
| 1 | The convergence figure has no error bars. | We have added error bars over ten runs. |
"""


def test_a_reply_kept_as_a_table_is_read_as_its_comment_column() -> None:
    from engine.reviews.guard import check_not_response

    notices: list[str] = []
    reviews = parse_reviews(TABLE_REPLY, "markdown", notices=notices)
    assert [r.reviewer for r in reviews] == ["Reviewer 1", "Reviewer 2"]
    assert any("“Reviewer comment” column of a response table (2 rows)" in n for n in reviews[0].notices)
    text = "\n".join(r.text for r in reviews)
    assert "step size is chosen" in text and "no error bars" in text
    assert "We have added" not in text and "R1.1" not in text and "Table 3" not in text
    assert check_not_response(reviews) is None  # was refused as an author response
    comments = extract_comments(reviews)
    assert any(c.id.startswith("R1.") and "step size" in c.text for c in comments)
    assert any(c.id.startswith("R2.") and "error bars" in c.text for c in comments)


def test_a_reviewers_own_table_stays() -> None:
    text = ("## Reviewer 1\n\nThe results disagree with the earlier study:\n\n| Model | Runtime | Change |\n|---|---|---|\n"
            "| small | 3 s | none |\n| large | 40 s | none |\n\nPlease explain the gap for the large model.\n")
    reviews = parse_reviews(text, "markdown")
    assert "| large | 40 s | none |" in reviews[0].text
    assert not any("response table" in n for n in reviews[0].notices)
    form = "## Reviewer 1\n\n| Question | Answer |\n|---|---|\n| Is the method new? | Partly: the step rule is known. |\n"
    assert "Partly: the step rule is known." in parse_reviews(form, "markdown")[0].text  # a form's answers stay
