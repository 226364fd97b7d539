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

Two of our referees have read the plover paper; what they wrote follows below.

We leave it to you to weigh their reports and send a new version as you see fit.

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


def _pdf(path, lines: list[str]) -> None:
    import pymupdf

    doc = pymupdf.open()
    page = doc.new_page()
    for i, line in enumerate(lines):
        page.insert_text((72, 72 + 14 * i), line, fontsize=11)
    doc.save(path)


def test_a_pdfs_line_end_hyphenation_is_undone_in_reviews_and_letters(tmp_path) -> None:
    from engine.align.letter import letter_text
    from engine.reviews.load import load_reviews

    lines = ["Reviewer 1", "", "The glimmer pulse width and the statis-", "tical model of the plover drift are never",
             "given. Please state both in the two-", "column table of the setup, and say how the well-",
             "known drift was measured.", "", "The fitting is unconvin-", "cing."]
    _pdf(tmp_path / "reports.pdf", lines)
    text = " ".join(" ".join(r.text for r in load_reviews(tmp_path / "reports.pdf")).split())
    assert "statistical model" in text and "two-column table" in text and "well-known drift" in text
    assert "statis" not in text.replace("statistical", "") and "unconvincing." in text
    assert "- " not in text
    letter = tmp_path / "letter.pdf"
    _pdf(letter, ["Reviewer 1", "", "> The glimmer pulse width is never given.", "",
                  "We have added the width and the statis-", "tical model in the setup."])
    assert "the statistical model in the setup." in " ".join(letter_text(letter).split())


def test_a_broken_word_leaves_no_blank_line_behind() -> None:
    from engine.reviews.load import unbreak_words

    assert unbreak_words("the defini-\ntive\n\nNext point.") == "the definitive\n\nNext point."
    assert unbreak_words("the defini-\ntive result") == "the definitive\nresult"
    assert unbreak_words("no hyphen at all\nhere") == "no hyphen at all\nhere"


def test_a_mail_printed_to_pdf_keeps_its_paragraphs_and_each_inline_reviewer(tmp_path) -> None:
    """Editorial Manager's mail as a PDF (paragraphs set apart by space, no blank lines in the text layer): the
    editor's letter, then "Reviewer #1: ..." and "Reviewer #2: ..." opening each report on its first paragraph."""
    import pymupdf

    from engine.reviews.load import load_reviews

    paragraphs = [
        "Ref.: Ms. No. QZ-D-26-00112", "Dear Dr. Fenwick,",
        "The referees have now read your plover paper, and both of them would like to see a new version of "
        "it.", "Yours sincerely,", "Handling Editor", "Reviewers' comments:",
        "Reviewer #1: - The glimmer pulse width is never given in the text, and the reader cannot repeat the run.",
        "- The plover lattice constant changes between the second and the third section.",
        "Reviewer #2: * p4. The key of the second figure names an entry called stray without saying what it is.",
        "* p7. The drift table is missing its units."]
    story = pymupdf.Story(html="".join(f"<p>{p}</p>" for p in paragraphs))
    writer = pymupdf.DocumentWriter(str(tmp_path / "mail.pdf"))
    more = 1
    while more:
        device = writer.begin_page(pymupdf.paper_rect("a4"))
        more, _ = story.place(pymupdf.paper_rect("a4") + (56, 56, -56, -56))
        story.draw(device)
        writer.end_page()
    writer.close()
    reviews = load_reviews(tmp_path / "mail.pdf")
    assert [r.reviewer for r in reviews][-2:] == ["Reviewer 1", "Reviewer 2"]
    assert "lattice constant" in reviews[-2].text and "drift table" in reviews[-1].text
    assert "drift table" not in reviews[-2].text


def test_the_revise_letters_offer_and_its_request_for_a_rebuttal_are_no_comments() -> None:
    """Editorial Manager's letter over the reports (our own wording around its key phrases): the editor's offer to
    reconsider and the request for a list of changes are the process, not points (trial30: two "experiment" comments
    E.1 and E.2, each "partly addressed")."""
    mail = """Ref.: Ms. No. QZ-D-26-00112
Slow drift of the plover lattice under pulsed glimmer
Journal of Invented Lattices

Dear Dr. Fenwick,

The referees have read your paper and advise a revision. If you are prepared to undertake the work required, I
would gladly reconsider my decision.

If you choose to revise, please submit a list of changes or a rebuttal against each point when you send the new
version.

Your revision is due by 1 March. To submit a revision, please log in as an author on the journal's site, where
the files of the first version are kept with the reports of the two referees and the editor's own notes on them.
For your guidance, the reports of the referees are appended below this letter, each under its own number.

Yours sincerely,

Handling Editor

Reviewer #1: The glimmer pulse width is never given in the text. Please state it in the setup section.
"""
    comments = extract_comments(parse_reviews(mail, "text"))
    assert [c.id for c in comments if c.id.startswith("E")] == []
    assert any("pulse width" in c.text for c in comments)
