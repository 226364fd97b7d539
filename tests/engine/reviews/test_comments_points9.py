"""Round nine of keeping a reviewer's point together (issue 33): a request that follows on the sentence before it
carries that sentence as context, and a short note at a page or line is a point, not a heading; a statement that sums
up the review and pasted program output are no comments."""

from __future__ import annotations

import numpy as np
import pytest

from engine.reviews.comments import build_comments, extract_comments
from engine.reviews.cues import SUMS_UP, read_cues
from engine.reviews.parse import parse_reviews
from engine.reviews.segment import SETUP_FLOOR, setup_context
from engine.reviews.units import review_units

# Invented reviews of an invented paper (a memory-augmented classifier for sensor streams).
SETUP = """## Reviewer 1

The ablation in Table 4 removes the memory and the attention module at the same time. Which of the two explains the \
drop in accuracy?

The paper is about streams of sensor readings. Please report the memory footprint of the model.
"""


def _units(text: str):
    review = parse_reviews(text, "markdown")[0]
    return review, review_units(review)


def test_a_question_on_the_sentence_before_it_quotes_that_sentence() -> None:
    """With the default model: the question names no subject of its own ("the two"); the sentence before it, which
    the model finds half-way actionable, is its context, so the letter and the coverage row quote both."""
    comments = extract_comments(parse_reviews(SETUP, "markdown"))
    which = [c for c in comments if c.text.startswith("Which of the two")]
    assert len(which) == 1, [c.full_text for c in comments]
    assert which[0].context.startswith("The ablation in Table 4 removes the memory"), which[0].context
    assert "the memory and the attention module" in which[0].full_text


def test_what_a_comment_carries_from_the_sentence_before_it() -> None:
    """``setup_context`` on real units with stated probabilities: the sentence before is context when it scores
    ``SETUP_FLOOR`` or more, no comment holds it, and the paragraph is short; a neutral sentence stays out."""
    review, units = _units(SETUP)
    k = next(i for i, u in enumerate(units) if u.text.startswith("Which of the two"))
    prob = np.full(len(units), 0.1)
    assert setup_context(units, k, set(), prob) == ""  # a neutral sentence before it
    prob[k - 1] = SETUP_FLOOR
    assert setup_context(units, k, set(), prob).startswith("The ablation in Table 4")
    assert setup_context(units, k, {k - 1}, prob) == ""  # a comment holds it already
    first = next(i for i, u in enumerate(units) if u.text.startswith("The ablation"))
    assert setup_context(units, first, set(), prob) == ""  # nothing before it in its paragraph
    # in a comment built from the same scores, the request carries it; below the floor it does not
    prob[k] = 0.9
    mem = next(i for i, u in enumerate(units) if u.text.startswith("Please report the memory"))
    prob[mem] = 0.9  # "The paper is about streams ..." before it stays at 0.1: no context
    got = {c.text: c.context for c in build_comments(review, "R1", units, prob, ["criticism"] * len(units), 0.5)}
    assert got["Which of the two explains the drop in accuracy?"].startswith("The ablation in Table 4")
    assert got["Please report the memory footprint of the model."] == ""


def test_a_long_paragraph_keeps_its_sentences_apart() -> None:
    """Running text over ``segment.POINT_WORDS`` words holds several points: no sentence of it is another's
    context."""
    filler = " ".join(f"The sensor in room {n} reports its reading every minute." for n in range(15))
    review, units = _units(f"## Reviewer 1\n\n{filler} The window length is fixed. Why is it fixed?\n")
    k = next(i for i, u in enumerate(units) if u.text.startswith("Why is it fixed"))
    prob = np.full(len(units), 0.45)
    assert setup_context(units, k, set(), prob) == ""


NOTES = """## Reviewer 2

The sensor model is described clearly.

Typos and small things

Line 12: sesnor \u2192 sensor

p. 7, line 40: a word is missing

I suggest instead:

The memory is read once per window.
"""


def test_a_short_note_at_a_line_is_a_point_not_a_heading() -> None:
    """A line of five words or fewer with nothing after it on its paragraph reads as a heading; a note at a page or
    line, a replacement ("sesnor -> sensor") or a request in so many words is none, and stays a comment."""
    _, units = _units(NOTES)
    by_text = {u.text: u for u in units}
    assert by_text["Typos and small things"].skip  # a heading, as before
    for note in ("Line 12: sesnor \u2192 sensor", "p. 7, line 40: a word is missing", "I suggest instead:"):
        assert not by_text[note].skip, note
    texts = [c.text for c in extract_comments(parse_reviews(NOTES, "markdown"))]
    assert any(t.startswith("Line 12: sesnor") for t in texts), texts
    assert any(t.startswith("p. 7, line 40") for t in texts), texts
    assert "Typos and small things" not in texts


NO_POINT = """## Reviewer 3

The method is evaluated on two datasets only, which limits what can be concluded. Please add a third dataset.

Running the quick-start example fails on a clean machine:

>>> import sensorkit
Traceback (most recent call last):
  File "<stdin>", line 1, in <module>
ImportError: No module named 'sensorkit'

Please list the dependencies in the installation guide.

On balance, the draft shows promise, yet it is not yet fit for publication until the points listed above are \
settled.

Please release the code before publication.
"""


@pytest.mark.parametrize("encoder", [None, "lexical"])
def test_a_summing_up_and_pasted_program_output_are_no_comments(encoder: str | None) -> None:
    """A statement that sums up the review (fitness for publication, "the points listed above") and a pasted
    traceback are never comments; the requests around them, one that names publication among them, stay."""
    texts = [c.full_text for c in extract_comments(parse_reviews(NO_POINT, "markdown"), encoder=encoder)]
    assert not any("not yet fit for publication" in t for t in texts), texts
    assert not any("Traceback" in t or "ImportError" in t or ">>>" in t for t in texts), texts
    assert any(t.startswith("Please list the dependencies") for t in texts), texts
    assert any(t.startswith("Please release the code before publication") for t in texts), texts
    assert any("Please add a third dataset" in t for t in texts), texts
    units = review_units(parse_reviews(NO_POINT, "markdown")[0])
    assert [u.skip for u in units if "Traceback" in u.text] == [True]
    assert not any(u.skip for u in units if u.text.startswith("Running the quick-start"))


def test_what_sums_up_a_review() -> None:
    for text in ("The draft is not yet fit for publication until the points listed above are settled.",
                 "Taken together, the manuscript shows many methodological errors.", "My worries are detailed below."):
        assert SUMS_UP.search(text), text
    for text in ("The ablation in Table 4 removes both modules at once.", "Please release the code before "
                 "publication.", "The variance over seeds is not reported."):
        assert not SUMS_UP.search(text) or read_cues(text).request or read_cues(text).explicit, text
