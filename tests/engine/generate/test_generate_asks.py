"""What a comment asks for, carried into a scaffold's placeholder (issue 34): the reviewer's request sentences
without their lead-ins, nothing added. The comments are invented, shaped like ones in the training part of the
revisions corpus (demes-genetics, vcfzarr-gigascience) and a JMLR MLOSS review (imblearn-jmlr)."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, Section
from engine.generate.asks import ask, join, restate
from engine.generate.placeholders import find
from engine.generate.scaffold import build_scaffold
from engine.reviews.model import ReviewComment


def test_the_request_loses_the_reviewers_lead_in() -> None:
    assert ask("- I suggest moving the sample of the TOML schema into the main text. It is a pity that the heart "
               "of this work has been pushed to the supplement :(") == \
        "moving the sample of the TOML schema into the main text"
    assert ask("There might be the need to state how the warm-up phase of the full simulation is handled.") == \
        "state how the warm-up phase of the full simulation is handled"
    assert ask("The tool should be tested on more real GFF3 files.") == \
        "The tool should be tested on more real GFF3 files"
    assert ask('p. 7 "such as days, scaled by the sampling rate". Might be worth explaining that it is '
               "required because loggers count samples and not days.").startswith("explaining that it is required")


def test_every_request_sentence_is_kept_and_the_length_is_bounded() -> None:
    text = ("The account of the staging block layout (SBL) used by tabpack is missing some detail. "
            "On first reading I assumed it might build on something like Arrow. This should be made clear.")
    # the reviewer's sentences as the reviewer wrote them: their case, their full stops (not the last one)
    assert ask(text) == ("The account of the staging block layout (SBL) used by tabpack is missing some detail. "
                         "On first reading I assumed it might build on something like Arrow. "
                         "This should be made clear")
    long = "Please explain " + " ".join(["the step"] * 50) + "."
    assert ask(long, words=10).endswith(" …") and len(ask(long, words=10).split()) == 11


def test_a_comment_that_asks_nothing_gives_no_request() -> None:
    assert ask("The paper is well written and the software is useful.") == ""
    assert ask("") == ""


def test_the_scaffold_placeholder_says_what_the_reviewer_asks() -> None:
    para = Paragraph("p0001", "Each deme has a start time and a list of epochs; the first epoch of a root deme "
                     "starts at infinity.", section=("Data model",))
    doc = Document(title="Demes", sections=[Section("Data model", number="2")], paragraphs=[para])
    comment = ReviewComment("R1.6", "Reviewer 1", "There might be the need to state how the warm-up phase of the "
                            "full simulation is handled.", fine_type="clarification")
    scaffold = build_scaffold(comment, [para], doc)
    [detail] = find(scaffold.draft)
    assert detail.kind == "DETAIL" and "warm-up phase of the full simulation is handled" in detail.description
    plain = build_scaffold(ReviewComment("R1.7", "Reviewer 1", "The start time looks odd.", fine_type="criticism"),
                           [para], doc)
    assert "the answer to the concern" in find(plain.draft)[0].description
    # no request sentence: the kind's words for what to supply, then what the comment says
    assert find(plain.draft)[0].description.endswith(": The start time looks odd")


def test_restate_gives_the_request_then_what_else_the_comment_says_in_its_words() -> None:
    text = ("The account of the staging block layout (SBL) used by tabpack is missing some detail. "
            "On first reading I assumed it might build on something like Arrow. This should be made clear. "
            "The SBL is stored as a folder of shards.")
    request, about = restate(text)
    assert request == ask(text, 80) and about == "The SBL is stored as a folder of shards"
    assert restate("The start time looks odd.") == ("", "The start time looks odd")
    long_request, long_about = restate("Please explain " + " ".join(["the step"] * 30) + ". " +
                                       " ".join(["The model"] * 40) + ".", words=70)
    assert len(long_request.split()) == 61 and long_about.endswith(" …") and len(long_about.split()) == 10


def test_the_reviewers_sentences_join_as_sentences_and_lose_their_latex() -> None:
    # invented comments shaped like the training part's (numbered items with LaTeX spacing, a list item, questions)
    request, about = restate("17.~A frequent problem with software under active development is keeping old inputs "
                             "working. How do the\n    authors plan to handle that?")
    assert about == "A frequent problem with software under active development is keeping old inputs working"
    assert "~" not in request and request.endswith("handle that?")
    assert restate("    21.~The point of \\#20 applies to page 4, line 9 too.") == \
        ("", "The point of #20 applies to page 4, line 9 too")
    text = ("\\item In Table 2 I am puzzled that the sample grows as more controls are added to the regression. "
            "How can adding firm controls raise the number of cases? This makes me doubt the estimates. Could "
            "every column use one common sample?")
    request, about = restate(text)
    assert request == ("How can adding firm controls raise the number of cases? Could every column use one common "
                       "sample?")
    assert about.startswith("In Table 2 I am puzzled") and "\\item" not in about and "?;" not in request
    para = Paragraph("p0001", "Wages are compared across three model specifications.", section=("Results",))
    doc = Document(title="Language", sections=[Section("Results", number="4")], paragraphs=[para])
    [detail] = find(build_scaffold(ReviewComment("R2.2", "Reviewer 2", text, fine_type="clarification"),
                                   [para], doc).draft)
    # the request ends with "?": what else the comment says starts a sentence, not "?; in Table 3"
    assert "sample? In Table 2 I am puzzled" in detail.description
    # an apostrophe inside a word stays ("reader's", "doesn't"), quotation marks go
    assert ask("Please comment on this! Why does the reader's view of ``novel scenes'' differ?") == \
        "comment on this! Why does the reader's view of novel scenes differ?"
    assert restate("The method doesn't transfer.") == ("", "The method doesn't transfer")


def test_join_never_writes_a_question_mark_before_a_semicolon() -> None:
    assert join(["what is tau?", "it looks odd", "the start time too"]) == \
        "what is tau? It looks odd; the start time too"
    assert join(["", "one thing"]) == "one thing"
