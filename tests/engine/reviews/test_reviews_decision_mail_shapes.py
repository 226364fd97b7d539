"""A decision mail pasted whole, in two journals' shapes (a new-user trial, session 29): eLife greets the author by
first name and splits each referee's report under "Reviewer #n (<part> (<note>)):" headings, then ends with its
checklist and the editors' signatures after a rule; Elsevier's EES mail ends with a help-desk footer. Mails written
here in invented words around the short phrases the rules match (review30: the form paragraphs once
copied here were rewritten)."""

from __future__ import annotations

from engine.reviews import extract_comments, parse_reviews

ELIFE = """Dear Wren,

Thanks for sending us "A quilted lattice of marsh voles". Two referees read it, with a Reviewing Editor over
them. Please aim to submit the revised version within two months. The referees and the Reviewing Editor talked the
reports over and wrote this letter together as a guide to the next version. Marsh voles have long been counted by hand, and this paper takes a careful step towards counting
them from the burrows alone. Please respond to each point in your response to reviews. In our online discussions
with the reviewers two points came to the fore:

1) We would like the authors to add a figure of the burrow counts under the flooded scenario.

2) Please discuss the limits of the tussock model in the Discussion.

Reviewer #1 (General assessment and major comments (Required)):

The quilted lattice is described clearly. Please report the number of burrows sampled per marsh.

Reviewer #1 (Minor Comments):

The legend of Figure 2 should name the colour of the flooded plots.

Reviewer #2 (General assessment and major comments (Required)):

The tussock height is never defined. Please define it where it first appears.

-----

* Send the new version of the vole article with its answer to the referees as a file of its own.

* If your work involved field permits, please name them in the Methods.

Best wishes,

Ann Reed
Reviewing Editor, Marsh Letters

-----
Marsh Letters Ltd is a company registered in the county of Fenland, with company number 0042.
"""


def test_an_elife_letter_is_the_editors_then_one_review_per_referee() -> None:
    reviews = parse_reviews(ELIFE)
    assert [r.reviewer for r in reviews] == ["Editor", "Reviewer #1", "Reviewer #2"]
    assert "Figure 2" in reviews[1].text and "burrows sampled" in reviews[1].text  # the minor part joins the report
    assert not any("field permits" in r.text for r in reviews)  # the checklist after the last report is no review
    comments = extract_comments(reviews)
    ids = [c.id for c in comments]
    assert any(i.startswith("E.") for i in ids) and not any(i.startswith("R3.") for i in ids), ids
    assert not any("within two months" in c.text for c in comments)  # the deadline is the process, no comment
    assert not any("each point" in c.text for c in comments)


def test_a_review_greeting_the_authors_is_no_letter() -> None:
    text = "Dear Authors,\n\nPlease define the tussock height.\n\nReviewer 2\n\nPlease add the burrow counts.\n"
    assert [r.reviewer for r in parse_reviews(text)][0] != "Editor"


EES = """Ms. Ref. No.:  MARSH-D-26-00042
Title: A quilted lattice of marsh voles

Dear Dr. Reed,

The two referees have read your vole paper. Once you undertake the work required for the burrow counts, I shall be
pleased to reconsider my decision.

Reviewers' comments:

Reviewer #1: Please report the number of burrows sampled per marsh. The tussock height is never defined.

Reviewer #2: The legend of Figure 2 should name the colour of the flooded plots.

******************

Stuck on a step? Our customer support pages answer the common questions. Our interactive tutorials walk through
each form.
"""


def test_an_ees_mails_footer_is_no_reviewer() -> None:
    reviews = parse_reviews(EES)
    assert [r.reviewer for r in reviews if r.reviewer != "Editor"] == ["Reviewer 1", "Reviewer 2"]
    comments = extract_comments(reviews)
    assert not any("reconsider my decision" in c.text or "support" in c.text for c in comments), \
        [c.text for c in comments]


def _mail_pdf(path, paragraphs: list[list[str]], leading: float, gap: float):
    import fitz

    pdf = fitz.open()
    page = pdf.new_page()
    y = 72.0
    for lines in paragraphs:
        for line in lines:
            page.insert_text((72, y), line, fontsize=11)
            y += leading
        y += gap
    pdf.save(str(path))
    return path


POINTS = [["Reviewer #1:"],
          ["The burrow counts are never given per plot. Please give", "the number of burrows counted on each plot."],
          ["The tussock height is not defined anywhere in the paper.", "Please define it where it first appears."],
          ["Figure 2 should name the colour of the flooded plots in", "its legend, so that it reads without the text."]]


def test_a_printed_mails_points_read_as_its_text_does(tmp_path) -> None:
    """The mail printed to PDF sets its points apart by space alone; read as one run of lines, the trial's PDF gave 13
    comments where its text gave 25. Here its comments are the text's (a guard: these short points were read right
    before too; the test below, on the lines, is the one the earlier reader fails)."""
    from engine.reviews import load_reviews

    pdf = load_reviews(_mail_pdf(tmp_path / "mail.pdf", POINTS, leading=13, gap=9))
    text = tmp_path / "mail.txt"
    text.write_text("\n\n".join("\n".join(lines) for lines in POINTS) + "\n", encoding="utf-8")
    assert [c.text for c in extract_comments(pdf)] == [c.text for c in extract_comments(load_reviews(text))]


def test_double_spacing_alone_splits_no_paragraph(tmp_path) -> None:
    from engine.reviews.load import pdf_text

    text, _ = pdf_text(_mail_pdf(tmp_path / "double.pdf", POINTS, leading=26, gap=0))
    assert "\n\n" not in text.strip(), text
    text, _ = pdf_text(_mail_pdf(tmp_path / "apart.pdf", POINTS, leading=26, gap=14))
    assert text.count("\n\n") == 3, text
