"""An answer opens on the authors' words, not the rest of a reviewer paragraph the letter quotes whole (session 26,
trial24's defect): ``Letter.know_reviews`` and ``answers`` on synthetic letters."""

from __future__ import annotations

from engine.align.letter import FEATURES, Letter, answers, authors_start, letter_features, review_grams
from engine.reviews.model import ReviewComment

# One reviewer paragraph of three sentences: the first and the third are comments, the second is not.
S1 = "The sampler is described too briefly for a reader to repeat the experiments on the gauges."
S2 = ("Surely the missing hours could be added in Section 4 as a short table, unless that is left for future work "
      "by the authors")
S3 = "Please also report how long one chain takes on an ordinary laptop with four cores."
PARAGRAPH = f"{S1} {S2}. {S3}"
OTHER = "The colour map of the second figure needs a legend for the station symbols."
ANSWER = "Thank you; the chain takes about nine minutes, which we find acceptable for a study of this kind."
ANSWER2 = "We thank the referee for noticing the colours, which stay as they are."


def comments() -> list[ReviewComment]:
    return [ReviewComment(f"p/R1.{i}", "Reviewer 1", t) for i, t in enumerate((S1, S3, OTHER), 1)]


def letter_text() -> str:
    return f"Reviewer 1\n\n> {PARAGRAPH}\n\n{ANSWER}\n\n> {OTHER}\n\n{ANSWER2}\n"


def test_without_the_reviews_an_answer_holds_the_rest_of_the_reviewers_paragraph():
    found = answers(Letter(letter_text()), comments())
    assert found[0].text.startswith("Surely the missing hours")  # the defect: the reviewer's words as the answer
    x = letter_features(found, [[], [], []])
    for name in ("letter_change", "letter_decline", "letter_place"):  # "added", "future work", "Section 4": theirs
        assert x[0, FEATURES.index(name)] == 1.0


def test_knowing_the_reviews_each_answer_opens_on_the_authors_words():
    review = f"{PARAGRAPH}\n\n{OTHER}"
    letter = Letter(letter_text(), [review])
    found = answers(letter, comments())
    # only the reviewer's second sentence lies between S1's quote and S3's: S1 and S3 are pieces of one quoted point
    # and share the answer after it (session 27, letter28; until then S1's answer was "")
    assert found[0].text == found[1].text == ANSWER
    assert found[2].text == ANSWER2.rstrip()
    x = letter_features(found, [[], [], []])
    assert x[0].tolist() == [0.0] * len(FEATURES)  # quoted (found); the authors' answer states no change
    assert x[1, FEATURES.index("letter_none")] == 0.0 and x[1, 1:4].tolist() == [0.0, 0.0, 0.0]
    # told later, the same
    assert [a.text for a in answers(Letter(letter_text()).know_reviews([review]), comments())] == \
        [a.text for a in found]


def test_only_the_leading_reviewers_words_are_skipped():
    """An answer that opens on the authors' words keeps a phrase of the review it repeats later; one that opens on
    the reviewer's words keeps the authors' text after them, from the word as the letter writes it."""
    review = f"{PARAGRAPH}\n\n{OTHER}"
    echo = "We agree that the colour map of the second figure needs a legend, and one was added."
    text = f"> {S1}\n\n{echo}\n\n> {S3}\n\n(See the new timing table) {ANSWER}\n"
    found = answers(Letter(text, [review]), comments()[:2])
    assert found[0].text == echo
    text2 = f"> {S1}\n\n{S2}: (see Table 2) we added it.\n"
    assert answers(Letter(text2, [review]), comments()[:1])[0].text == "(see Table 2) we added it."


def test_authors_start_counts_tokens():
    grams = review_grams(["one two three four five six"])
    assert authors_start("three four five six we did".split(), grams) == 4
    assert authors_start("we did one two three four".split(), grams) == 0
    assert authors_start("two three four five".split(), grams) == 4  # all the reviewer's
    assert authors_start("two three four".split(), grams) == 0  # shorter than a 4-gram: nothing known
    assert authors_start("two three four five".split(), set()) == 0


def test_the_statuses_read_the_authors_words_of_a_projects_letter():
    """The learned aligner given the project's letter (``project_letter``: it knows the project's reviews) notes
    what the authors say, not the reviewer's "added ... Section 4 ... future work" after the quoted comment."""
    from types import SimpleNamespace

    from engine.align import make_aligner
    from engine.project.response import answer_excerpts, project_letter
    from engine.reviews.model import Review
    from engine.revision import diff_documents
    from tests.engine.built_revisions import PROSE, doc_of

    diff = diff_documents(doc_of(PROSE), doc_of(PROSE[:2] + [PROSE[2] + " One chain takes nine minutes."] + PROSE[3:]))
    project = SimpleNamespace(letter={"name": "response.md", "text": letter_text(), "read": True},
                              comments=comments(), reviews=[Review("Reviewer 1", f"{PARAGRAPH}\n\n{OTHER}")])
    aligner = make_aligner("learned")
    aligner.letter = project_letter(project)
    got = aligner.align(comments(), diff)
    assert got[0].letter == "the response letter answers it without stating a change"
    assert got[2].letter == "the response letter answers it without stating a change"
    aligner.letter = Letter(letter_text())  # the reviews unknown: the reviewer's words read as the answer
    before = aligner.align(comments(), diff)
    assert before[0].letter == "the response letter answers it: states a change, declines or defers, names a place"
    said = answer_excerpts(project, words=6)
    assert said["p/R1.1"] == said["p/R1.2"] == "Thank you; the chain takes about…"  # one point's two pieces
