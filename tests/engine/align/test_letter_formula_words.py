"""A reviewer's point quoted by the letter with its formula written another way (``$x_1$`` in the review, ``x1`` from
the LaTeX letter's reader, ``x₁`` in a PDF letter; ``\\alpha`` and ``α``) is found: every word the letter's matching
compares goes through ``engine.align.letter_words`` (session 30, thread31). Before, each formula word was two words
apart on the two sides, and a short point with two formulas fell under the quote's cover. Reviews and letters
written here, in invented words."""

from __future__ import annotations

from engine.align.letter import Letter, answers, quoted_count, word_grams
from engine.align.letter_words import letter_tokens, letter_words
from engine.reviews.latex import latex_review_text
from engine.reviews.model import ReviewComment

#: A short point with a formula in every four words, as a reviewer types it in plain text with TeX math.
POINT = r"Define $x_{1}$ before $\alpha$ and $x_2$ after the zorvan $\beta$ step."
ANSWER = "We now define both before the zorvan step and give the growth of the weight."


def _comment(text: str) -> ReviewComment:
    return ReviewComment("R1.1", "Reviewer 1", text)


def test_the_same_formula_written_three_ways_is_one_word() -> None:
    assert letter_words(r"x_1 x1 x₁ X_{1} x^1 x¹") == ["x1"] * 6
    assert letter_words(r"\alpha α Α \alpha_1 α₁") == ["alpha", "alpha", "alpha", "alpha1", "alpha1"]
    assert letter_words("ﬁne max_iter Zorvan") == ["fine", "maxiter", "zorvan"]
    text = r"see $x_{12}$, then"
    assert [(w, text[a:b]) for w, a, b in letter_tokens(text)] == [("see", "see"), ("x12", "x_{12}"),
                                                                   ("then", "then")]


def test_a_point_quoted_with_its_formulas_in_a_latex_letter_is_found() -> None:
    letter_source = (f"\\begin{{quote}}{POINT}\\end{{quote}}\n\n{ANSWER}\n\n"
                     "\\begin{quote}Please list the drelk values in one table.\\end{quote}\n\nDone.\n")
    text = latex_review_text(letter_source, tex_file=False)
    assert "x1" in text and "α" in text and "x_1" not in text  # the reader writes the formula another way
    other = ReviewComment("R1.2", "Reviewer 1", "Please list the drelk values in one table.")
    found = answers(Letter(text, [POINT, other.text]), [_comment(POINT), other])
    assert found[0] is not None and found[0].text == ANSWER and found[0].cover == 1.0
    assert found[1] is not None and found[1].text == "Done."


def test_a_point_quoted_from_a_pdf_letter_with_unicode_subscripts_is_found() -> None:
    text = f"> Define x₁ before α and x₂ after the zorvan β step.\n\n{ANSWER}\n"
    found = answers(Letter(text), [_comment(POINT)])
    assert found[0] is not None and found[0].text == ANSWER


def test_the_answers_words_in_an_edit_are_counted_the_same_way() -> None:
    answer = r"We renamed $\alpha_1$ to the zorvan rate $x_1$ in the step."
    inserted = "we renamed α₁ to the zorvan rate x1 in the step"
    assert word_grams(answer) == word_grams(inserted)
    assert quoted_count(answer, [inserted]) == len(word_grams(inserted))
