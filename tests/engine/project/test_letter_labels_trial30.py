"""trial30: a Markdown rebuttal that labels each part, "**Comment**:" over the quoted point and "**Response**:" over
the answer. The answer's excerpt (the CSV, the marked-up PDF, the tooltips, ``project show``) read "Response**: We
…" and ended on the next point's "**Comment**:". The letter is written for the test."""

from __future__ import annotations

from types import SimpleNamespace

from engine.project.response import answer_excerpts, without_labels
from engine.reviews.model import Review, ReviewComment

POINTS = ["The glimmer pulse width is never given in the text of the setup section.",
          "The drift table of the third section has no units for the lattice constant.",
          "Does the stray entry in the key of the second figure stand for the background?"]
ANSWERS = ["We now give the pulse width in the setup section, with its spread over the runs.",
           "Units were added to every column of the drift table.",
           "Yes: the key now reads background, and the caption says how it was measured."]


def test_the_letters_labels_are_not_the_authors_answer() -> None:
    letter = "## Reviewer 1\n\n" + "".join(f"**Comment**:\n- {p}\n\n**Response**: {a}\n\n"
                                          for p, a in zip(POINTS, ANSWERS))
    comments = [ReviewComment(f"R1.{i + 1}", "Reviewer 1", p) for i, p in enumerate(POINTS)]
    project = SimpleNamespace(letter={"name": "rebuttal.md", "text": letter}, comments=comments,
                              reviews=[Review("Reviewer 1", "\n\n".join(POINTS))])
    said = answer_excerpts(project, words=40)
    assert [said[c.id] for c in comments] == ANSWERS


def test_only_a_label_goes() -> None:
    assert without_labels("Response: the width is now given. Comment 4:") == "the width is now given."
    assert without_labels("__Reply__ Units were added.") == "Units were added."
    kept = "Response times are now in the table, as the comment asked."
    assert without_labels(kept) == kept
    assert without_labels("We thank the referee for this comment.") == "We thank the referee for this comment."


def test_an_answer_stops_where_the_letters_next_quotation_opens() -> None:
    """trial32: a Markdown letter quoting the reviews with ">": the editor's point's answer ran on into the next
    quotation, a heading and reviewer's words that no comment holds."""
    answer = "The glimmer width is now in the table.\n\n> Referee's remarks:\n\n> The lattice study is sound but long."
    assert without_labels(answer) == "The glimmer width is now in the table."
    kept = "We now give the width.\nIt is 3 ns > the gate time, as the table says."
    assert without_labels(kept) == kept  # a ">" inside a line opens no quotation


def test_a_quotation_the_answer_introduces_stays() -> None:
    """review31: the authors' own quoted change ("… now reads:", then ">" lines) was cut from the answer shown, and
    an answer with nothing before its first ">" line showed ">" alone."""
    added = "We added the following text to Section 4:\n\n> The glimmer rate is now given per hour, with its spread."
    assert without_labels(added) == added
    inline = "> \n> The quoted point goes on here."
    assert without_labels(inline) != ">" and "goes on here" in without_labels(inline)
