"""Session 29 new-user trial (trial30): reviews as the Physical Review journals (APS) mail them.

The mail is written for the test in invented words; its shape is APS's: the editor's letter signed "Associate
Editor" over the journal's name and address, then each report between rules, "Report of Referee A -- <code>/<name>".
"""

from __future__ import annotations

from engine.reviews import extract_comments, parse_reviews
from engine.reviews.comments import prefixes
from engine.reviews.letters import journal_report

RULE = "-" * 70


def aps_mail(*reports: tuple[str, str]) -> str:
    head = """Re: QZ40112
    Slow drift of the plover lattice under pulsed glimmer
    by A. Fenwick, B. Ostrander, et al.

Dear Dr. Fenwick,

The above manuscript has been reviewed by two of our referees. Comments from the reports are enclosed.

We ask you to consider these comments and revise your manuscript as appropriate.

Yours sincerely,

Associate Editor
Physical Review Letters
Email: prl@example.org
"""
    body = "".join(f"\n{RULE}\n{title}\n{RULE}\n\n{text}\n" for title, text in reports)
    return head + body


REFEREE_A = """The plover lattice result is interesting and should be published after a few changes.

The glimmer pulse width is never given in the text. Please state it in the section on the setup.

In Fig. 2 the key lists an entry called 'stray'. It would help to say what it is.
"""
REFEREE_B = """This letter reports the drift of the plover lattice under glimmer pulses.

The comparison with the older drift data should show both uncertainty bands in Fig. 3.
"""


def test_each_aps_report_is_its_referee_and_the_signature_is_no_review() -> None:
    notices: list[str] = []
    text = aps_mail(("Report of Referee A -- QZ40112/Fenwick", REFEREE_A),
                    ("Report of Referee B -- QZ40112/Fenwick", REFEREE_B))
    reviews = parse_reviews(text, "text", notices=notices)
    assert [r.reviewer for r in reviews] == ["Referee A", "Referee B"]
    assert prefixes(reviews) == ["R1", "R2"]
    assert "pulse width" in reviews[0].text and "pulse width" not in reviews[1].text
    assert "uncertainty bands" in reviews[1].text
    said = " ".join(notices + [n for r in reviews for n in r.notices])
    assert "Associate Editor" in said  # the editor's title was skipped as a signature, and the author is told so
    comments = extract_comments(reviews)
    assert any(c.id.startswith("R1.") and "pulse width" in c.text for c in comments)
    assert not any(c.id.startswith("E.") for c in comments)


def test_one_referee_and_a_second_round_are_read_too() -> None:
    reviews = parse_reviews(aps_mail(("Report of the Referee -- QZ40112/Fenwick", REFEREE_A)), "text")
    assert [r.reviewer for r in reviews] == ["Referee"]
    assert journal_report("Second Report of Referee B -- QZ40112/Fenwick") == "Referee B"
    assert journal_report("Report of the Second Referee -- QZ40112/Fenwick") == "Referee 2"


def test_a_sentence_about_a_report_is_no_heading() -> None:
    assert journal_report("The report of the referee was helpful.") is None
    assert journal_report("report of referee a") is None
