"""A short follow-up ("Why this value?", "How is it tuned?", "This is not clear to me.") is quoted in the letter and
shown in the coverage view with the sentence it is about (issue 33: a reviewer's running text gave bare three-word
questions and "this is not clear to me" sentences, each quoted alone). The letter's quote, which takes up to two
sentences before a comment, never opens on a follow-up whose own sentence it leaves out ("Why? The noise model …"
quoted "Why?", another point's question, without its sentence)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.jobs import run_job
from engine.letter.content import build_letter
from engine.letter.text_formats import letter_markdown
from engine.project import ProjectStore
from engine.project.coverage import CSV_COLUMNS, coverage_view
from engine.project.coverage_csv import csv_record
from engine.project.pipeline import build_project
from engine.reviews.model import ReviewComment
from tests.engine.built_revisions import PROSE

#: One reviewer's running text (over 120 words, so its points stay apart), as pasted from a conference system.
RUNNING = (
    "The paper studies noise in feedback drivers and proposes a model of each stage. The authors fix the temperature "
    "of the sampler to 0.5 in every experiment. Why? The noise model of the second stage assumes independent sources. "
    "This is not clear to me. The second stage is trained with a learning rate of 0.01. How is it tuned? The writing "
    "is clear and the figures are readable, and the related work covers the main lines of research on driver noise, "
    "from the early linear models to the recent learned ones. The experiments use three boards built by the authors, "
    "and the code is released. Overall the paper is interesting and the results look solid to me.")
#: Each follow-up and the sentence it is about.
ANTECEDENT = {"Why?": "The authors fix the temperature of the sampler to 0.5 in every experiment.",
              "This is not clear to me.": "The noise model of the second stage assumes independent sources.",
              "How is it tuned?": "The second stage is trained with a learning rate of 0.01."}


@pytest.fixture(scope="module")
def project(tmp_path_factory: pytest.TempPathFactory):
    folder = tmp_path_factory.mktemp("follow_ups")
    old = ["The driver is stabilised by a linear stage and its noise is measured at the output.",
           "We model the noise of each stage and compare the model to the measurement."]
    new = [old[0] + " The learning rate of the second stage was tuned on a held-out board.", old[1]]
    for name, paras in (("old.md", old), ("new.md", new)):
        (folder / name).write_text("# A driver\n\n## 1 Introduction\n\n" + "\n\n".join(PROSE[:2] + paras) + "\n")
    (folder / "reviews.md").write_text(f"# Reviews\n\n## Reviewer 1\n\n{RUNNING}\n")
    store = ProjectStore.create(folder / "p.redraft", "p")
    try:
        return run_job(build_project(store, folder / "old.md", folder / "new.md", folder / "reviews.md",
                                     aligner="bm25"))
    finally:
        store.close()


def test_a_follow_up_is_quoted_with_its_sentence_in_the_letter_and_the_coverage_view(project) -> None:
    quotes = [" ".join(line[2:].split()) for line in letter_markdown(build_letter(project)).splitlines()
              if line.startswith("> ")]
    rows = {csv_record(row)[0]: " ".join(csv_record(row)[CSV_COLUMNS.index("comment text")].split()) for row in coverage_view(project).rows}
    for follow, before in ANTECEDENT.items():
        comment = [c for c in project.comments if c.text.startswith(follow)]
        assert len(comment) == 1, (follow, [c.full_text for c in project.comments])
        assert before in comment[0].full_text  # the extractor gives it its sentence (as text or context)
        quote = [q for q in quotes if f"{before} {follow}" in q]
        assert len(quote) == 1 and before in quote[0], (follow, quotes)
        assert before in rows[comment[0].id], rows  # the Coverage tab and the CSV show full_text
    assert not any(q.startswith(("Why?", "This is not clear")) for q in quotes), quotes


def test_the_quote_never_opens_on_a_follow_up_whose_sentence_it_leaves_out() -> None:
    """The quote takes up to two sentences before a comment; when the first of them leans on one before it ("Why?"
    after "The authors fix the temperature ..."), it is another point's and is left out with its sentence."""
    from engine.letter.quotes import whole_point
    from engine.reviews.parse import parse_reviews

    review = parse_reviews(f"## Reviewer 1\n\n{RUNNING}\n", "markdown")[0]
    start = review.text.index("This is not clear to me.")
    comment = ReviewComment(id="R1.2", reviewer=review.reviewer, text="This is not clear to me.",
                            span=(start, start + len("This is not clear to me.")))
    assert whole_point(comment, review) == ("The noise model of the second stage assumes independent sources. "
                                            "This is not clear to me.")
