"""The scaffold's wording (session 22, docs/suggest.md "Session 22: the scaffold's wording"): a response sentence that
is grammatical by construction, and a placeholder in the reviewer's words without the reviewer's own voice, heading
line, TeX or stripped quotation marks. Every comment and paper sentence here is invented, shaped like the kinds of
failure read on the training part (a clipped phrase after the verb, "“A” → “B”", "I wonder if", a heading line)."""

from __future__ import annotations

from engine.document.model import Document, Paragraph, Section
from engine.generate.asks import ask, heading, plain, restate
from engine.generate.placeholders import find
from engine.generate.respond import noun_phrase, response, where
from engine.generate.scaffold import _STOP, build_scaffold
from engine.reviews.model import ReviewComment

SITE = ("The lagoon is shallow and warm. A seasonal signal in the lagoon is strongest in spring. "
        "We show that the drift stays bounded for every step size.")
DOC = Document(title="Drift in a shallow lagoon", abstract="We measure drift in a shallow lagoon.",
               sections=[Section("Study site", number="2")],
               paragraphs=[Paragraph("p0001", SITE, section=("Study site",))])


def _scaffold(text: str, fine_type: str = ""):
    return build_scaffold(ReviewComment("R1.1", "Reviewer 1", text, fine_type=fine_type), DOC.paragraphs, DOC)


def test_a_topic_is_taken_only_when_it_reads_as_a_noun_phrase() -> None:
    texts = [SITE]
    assert noun_phrase("seasonal signal", texts, _STOP) == "the seasonal signal"  # the paper writes "A seasonal …"
    # a clause, a verb phrase, a phrase the paper's text goes on from: never pasted after "We now clarify"
    assert noun_phrase("drift stays bounded", texts, _STOP) == ""
    assert noun_phrase("show that the drift", texts, _STOP) == ""
    assert noun_phrase("lagoon is shallow", texts, _STOP) == ""
    assert noun_phrase("seasonal", texts, _STOP) == ""  # "seasonal signal" goes on in the paper
    # only the comment has it: a run of the comment's words is not trusted to be a phrase
    assert noun_phrase("excellent advice although", texts, _STOP, in_paper=False) == ""
    assert noun_phrase("Eq. 20", texts, _STOP) == "Eq. 20"


def test_the_response_is_one_sentence_that_names_the_change_and_where() -> None:
    verbs = ("now clarify {np}", "now state this point precisely")
    assert response(verbs, "the seasonal signal", "Study site") == \
        "We now clarify the seasonal signal in Section “Study site”."
    assert response(verbs, "", "Study site", "The lagoon is shallow and warm in every month.") == \
        ("We now state this point precisely in Section “Study site”, after the sentence beginning "
         "“The lagoon is shallow and warm…”.")
    assert where("Abstract") == " in the abstract" and where("") == ""
    assert where("Methods > What is a lagoon?") == " in Section “What is a lagoon?”"


def test_a_scaffold_response_never_pastes_a_clipped_fragment_of_the_comment() -> None:
    s = _scaffold("Lines 3-4: the claim that the drift stays bounded is not shown. What happens for large steps?",
                  "clarification")
    # no phrase of the comment reads as a noun phrase: the change and where, quoting the paper's own sentence
    assert s.response == ("We now state this point precisely in Section “Study site”, after the sentence beginning "
                          "“We show that the drift stays…”.")
    concern = _scaffold("A seasonal signal is expected in the lagoon, which the analysis ignores.", "criticism")
    assert concern.response == "We now address the seasonal signal in Section “Study site”."


def test_a_fix_spelled_with_an_arrow_or_better_to_say_is_applied_whatever_the_fine_type() -> None:
    arrow = _scaffold("- p.2, middle of left column: ``strongest'' \\textrightarrow ``most pronounced''.", "criticism")
    assert arrow.kind == "typo" and arrow.mode == "replace"
    assert arrow.draft == "A seasonal signal in the lagoon is most pronounced in spring."
    assert arrow.response == "We corrected “strongest” to “most pronounced” in Section “Study site”."
    better = _scaffold('Section 2: "is strongest" is too strong, since one year is measured. Maybe better to say '
                       '"peaks".', "criticism")
    assert better.draft == "A seasonal signal in the lagoon peaks in spring."


def test_the_placeholder_loses_the_heading_line_the_tex_and_the_reviewers_own_voice() -> None:
    comment = ("Usage info\n\nGood advice, but I wonder if the two steps could be merged?\n\n"
               "I find the order of the steps surprising. The second step repeats the first.")
    assert heading(comment) == "Usage info" and not plain(comment).startswith("Usage info")
    request, about = restate(comment)
    assert request == "whether the two steps could be merged?"
    assert about == "The second step repeats the first"  # the reviewer's "I find …" is their opinion, left out
    assert restate("It would be interesting too to report the drift for large steps.")[0] == \
        "report the drift for large steps"
    assert restate("Line 4: the flux is $\\sim 400$ units. How was it measured?")[1] == "the flux is ∼400 units"
    # quotation marks are kept, paired, so that "A" and "B" stay apart
    assert "“shallow” or “deep”" in restate('Is the lagoon "shallow" or ``deep\'\'? Please say.')[0]
    s = _scaffold(comment, "clarification")
    assert find(s.draft)[0].description.startswith("whether the two steps could be merged? The second step")
    assert "I wonder" not in s.draft and "Usage info" not in s.draft


def test_ask_which_the_placement_model_reads_is_unchanged() -> None:
    """``ask`` feeds the placement model's features (``engine.generate.rerank``): it still strips the quotes and
    keeps the reviewer's voice, so placement does not move."""
    assert ask('Please explain why "drift" is bounded.') == "explain why drift is bounded"
    assert ask("I wonder if the two steps could be merged?") == "I wonder if the two steps could be merged?"


def test_an_authors_trial_on_a_pdf_a_change_quoted_with_ellipses_and_ligatures_is_applied() -> None:
    """Session 22's trial (a PDF's comment cut inside its "(pg. 2, paragraph 4)" pointer, the reviewer's ". . ." around
    the words to change, a PDF's "ﬁ" ligature): the fix goes into the sentence, and no pointer residue is left."""
    s = _scaffold("2, paragraph 4) Change “. . . signal in the lagoon is strongest . . . ” to "
                  "“. . . signal in the lagoon is ﬁrst seen . . . ”", "typo")
    assert s.mode == "replace" and s.draft == "A seasonal signal in the lagoon is first seen in spring."
    assert s.response == ("We corrected “signal in the lagoon is strongest” to “signal in the lagoon is first seen” "
                          "in Section “Study site”.")
    assert restate("Pages 5--6: The authors should note that the drift is bounded.")[0] == \
        "note that the drift is bounded"
    assert restate("(Sec 6.3) The statement on drift is unclear. What is meant by “bounded”?")[0] == \
        "The statement on drift is unclear. What is meant by “bounded”?"


def test_a_presentation_comment_that_asks_to_cite_gets_a_citation_placeholder() -> None:
    s = _scaffold("3, paragraph 2) A further method you should reference is that of [Lee08] on lagoon drift.", "edit")
    assert s.kind == "citation" and [p.kind for p in find(s.draft)] == ["CITATION"]
    assert find(s.draft)[0].description.endswith("A further method you should reference is that of Lee08 on "
                                                 "lagoon drift")
    assert _scaffold("Please fix the reference list style.", "edit").kind == "edit"


def test_a_short_sentence_quoted_whole_ends_the_response_with_one_full_stop() -> None:
    """An author's trial, session 33: 'after the sentence beginning “Figure 3: Frobble scaling (stencil).”.'"""
    from engine.generate.respond import response

    verbs = ("revised {np} as asked", "revised the passage as asked")
    assert response(verbs, "", "Method", "Figure 3: Frobble scaling (quent).") == \
        "We revised the passage as asked in Section “Method”, after the sentence beginning “Figure 3: Frobble " \
        "scaling (quent)”."
    assert response(verbs, "", "Method", "The frobble pass folds each quent tile twice.").endswith(
        "after the sentence beginning “The frobble pass folds each quent…”.")
