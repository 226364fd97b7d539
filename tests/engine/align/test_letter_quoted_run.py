"""One reviewer's point that the letter quotes whole, cut by the extractor into several comments: every piece gets the
answer that follows the whole quoted run, shared, not split (``engine.align.letter.shared_runs``; session 27,
letter28). Before, every piece but the last got the reviewer's own words, stripped to "" (letter27's "empty answer").
Synthetic letters and reviews written here; the project test builds the demo paper with them and the real extractor."""

from __future__ import annotations

from pathlib import Path

from engine.align.letter import Letter, answers, letter_features
from engine.reviews.model import ReviewComment

A = "The abstract should state the latency gain, not only the computation saving."
B = "In Table 2 the second column has no unit and the reader cannot tell seconds from frames; please add it."
MIDDLE = "The paper is otherwise well written and easy to follow for a reader from speech recognition."
C = "Also report the wall-clock latency on a real device, because computation savings need not lower it."
OTHER = "How were the weights of the exit losses chosen when the paper trains the early heads?"
ANSWER = "We added the latency gain to the abstract and the unit (milliseconds) to Table 2."
ANSWER2 = "They were chosen on the development set; Section 3 now gives the values."


def _c(i: int, text: str, reviewer: str = "Reviewer 1") -> ReviewComment:
    return ReviewComment(f"R{reviewer[-1]}.{i}", reviewer, text)


def test_both_pieces_of_a_two_sentence_point_get_the_answer_after_it() -> None:
    review = f"{A} {B}\n\n{OTHER}"
    letter = f"Reviewer 1\n\n> {A} {B}\n\n{ANSWER}\n\n> {OTHER}\n\n{ANSWER2}\n"
    comments = [_c(1, A), _c(2, B), _c(3, OTHER)]
    for known in ([review], []):  # knowing the reviews or not: nothing lies between the two pieces' quotes
        found = answers(Letter(letter, known), comments)
        assert [a.text for a in found] == [ANSWER, ANSWER, ANSWER2]
        assert found[0].quote[1] <= found[1].quote[0]  # each piece keeps its own quote
        assert found[0].cover == found[1].cover == 1.0
        x = letter_features(found, [[], [], []])
        assert x[0].tolist() == x[1].tolist() and x[0, 1] == 1.0  # the same answer: "added" states a change


def test_a_reviewers_sentence_between_the_pieces_is_passed_over_and_a_run_of_three_shares_one_answer() -> None:
    review = f"{A} {MIDDLE} {B} {C}\n\n{OTHER}"
    letter = f"> {A} {MIDDLE} {B} {C}\n\n{ANSWER}\n\n> {OTHER}\n\n{ANSWER2}\n"
    found = answers(Letter(letter, [review]), [_c(1, A), _c(2, B), _c(3, C), _c(4, OTHER)])
    assert [a.text for a in found] == [ANSWER, ANSWER, ANSWER, ANSWER2]
    # without the reviews, the sentence between is the first piece's "answer" (session 26's defect, kept as it was)
    unknown = answers(Letter(letter), [_c(1, A), _c(2, B), _c(3, C), _c(4, OTHER)])
    assert unknown[0].text.startswith("The paper is otherwise") and unknown[1].text == ANSWER


def test_a_piece_with_its_own_answer_keeps_it() -> None:
    review = f"{A} {B}"
    letter = f"> {A}\n\nDone, the abstract now gives it.\n\n> {B}\n\n{ANSWER}\n"
    found = answers(Letter(letter, [review]), [_c(1, A), _c(2, B)])
    assert [a.text for a in found] == ["Done, the abstract now gives it.", ANSWER]


def test_a_heading_or_the_letters_end_after_a_quote_leaves_the_answer_empty() -> None:
    """A quote with nothing of the authors' before a reviewer heading is not given the next reviewer's answer; a
    quote at the letter's end has none either; a comment the letter does not quote stays without an answer."""
    review1, review2 = f"{A}", f"{OTHER}"
    letter = f"Reviewer 1\n\n> {A}\n\nReviewer 2\n\n> {OTHER}\n\n{ANSWER2}\n\n> {B}\n"
    found = answers(Letter(letter, [review1, review2, B]),
                    [_c(1, A), _c(1, OTHER, "Reviewer 2"), _c(2, B, "Reviewer 2"), _c(3, C)])
    assert [a.text if a is not None else None for a in found] == ["", ANSWER2, "", None]
    x = letter_features(found, [[], [], [], []])
    assert x[0].tolist() == [0.0] * 5 and x[3, 0] == 1.0  # quoted with nothing said; not quoted


def test_the_app_and_project_show_give_both_pieces_the_letters_answer(tmp_path: Path, capsys) -> None:
    """The demo paper built with reviews in which the extractor cuts one paragraph into two comments, and a letter
    that quotes the paragraph whole: the Coverage rows (the letter column's tooltip, the CSV) and ``project show``
    carry the answer for both pieces."""
    from engine.cli.main import main
    from engine.project import ProjectStore
    from engine.project.coverage import coverage_view
    from tests.engine.project.test_project_response import DEMO

    first = ("Please compare against static layer skipping at the same average depth, since it is the obvious "
             "alternative.")
    reviews = f"# Reviewer 1\n\n{first}\n\n{A} {B}\n\n# Reviewer 2\n\n{OTHER}\n"
    letter = (f"# Response\n\n## Reviewer 1\n\n> {first}\n\nA comparison is planned for the journal version.\n\n"
              f"> {A} {B}\n\n{ANSWER}\n\n## Reviewer 2\n\n> {OTHER}\n\n{ANSWER2}\n")
    (tmp_path / "reviews.md").write_text(reviews, encoding="utf-8")
    (tmp_path / "response.md").write_text(letter, encoding="utf-8")
    out = tmp_path / "p.redraft"
    assert main(["project", "new", "p", "--old", str(DEMO / "draft_v1.md"), "--new", str(DEMO / "draft_v2.md"),
                 "--reviews", str(tmp_path / "reviews.md"), "--response", str(tmp_path / "response.md"),
                 "--out", str(out)]) == 0
    store = ProjectStore.open(out)
    try:
        project = store.load()
    finally:
        store.close()
    pieces = [c.id for c in project.comments if c.text.strip() in (A, B)]
    assert len(pieces) == 2, "the extractor cuts the paragraph into its two sentences"
    rows = {r.comment_id: r for r in coverage_view(project).rows}
    for cid in pieces:
        assert rows[cid].letter_said == ANSWER
        assert rows[cid].letter.startswith("the response letter answers it: states a change")
    capsys.readouterr()
    assert main(["project", "show", str(out)]) == 0
    shown = capsys.readouterr().out
    assert "response letter: response.md (the statuses read it)" in shown
    assert shown.count(f": \u201c{ANSWER}\u201d\n") == 2  # each piece's "letter:" line ends on the answer
