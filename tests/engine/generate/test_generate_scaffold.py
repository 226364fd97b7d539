"""The scaffold (issue 34): where to edit, what kind of change, and a short draft in the paper's own words with a
placeholder for every fact the paper does not state, built with no model; with the embedded SmolLM2 it is the
suggestion unless the model's rewrite passes every check."""

from __future__ import annotations

import pytest

from engine.document.model import Document, Paragraph, Section
from engine.generate.checks import check_edit
from engine.generate.placeholders import find
from engine.generate.scaffold import build_scaffold, change_line, topic_phrases
from engine.project.model import SuggestionRecord
from engine.reviews.model import ReviewComment
from tests.gguf_factory import tiny_gguf  # noqa: F401

METHOD = ("A frame exits at the first head whose confidence exceeds the threshold tau. The exit heads are small "
          "two-layer classifiers on the Conformer encoder. The reults hold for every head.")
RESULTS = "With tau set to 0.9, the model saves 38% of encoder computation on test-clean."
DOC = Document(
    title="Learned early exits for streaming speech recognition",
    abstract="We attach exit classifiers to a streaming Conformer encoder.",
    sections=[Section("Method", number="2"), Section("Experiments", number="3")],
    paragraphs=[Paragraph("p0001", METHOD, section=("Method",)),
                Paragraph("p0002", RESULTS, section=("Experiments",))],
)


def _scaffold(text: str, paragraphs: list[Paragraph] | None = None, fine_type: str = ""):
    comment = ReviewComment("R1.1", "Reviewer 1", text, fine_type=fine_type)
    return build_scaffold(comment, DOC.paragraphs if paragraphs is None else paragraphs, DOC)


def test_topic_phrases_are_the_comments_words_in_the_papers_spelling() -> None:
    texts = [p.text for p in DOC.paragraphs]
    assert topic_phrases("How sensitive is the method to the Threshold Tau?", texts) == ["the threshold tau"]
    assert topic_phrases("Why are the exit heads so small?", texts) == ["the exit heads", "small"]
    # none of the comment's words in the paper: its own longest phrase
    assert topic_phrases("Please compare against static layer skipping.", texts) == ["static layer skipping"]
    # a numbered name the paper writes at a sentence's start keeps its capital ("Algorithm 1", not "algorithm 1")
    assert topic_phrases("Where do you use the reward in Algorithm 1?", ["Algorithm 1 trains the policy."]) == \
        ["Algorithm 1"]


def test_the_words_that_ask_are_never_the_topic() -> None:
    """A request's own verb ("specify") is no topic even where the paper uses it (a new-user trial's scaffold
    answered "We now report an experiment on specify")."""
    texts = ["We specify the temperature of each run in the caption of the density curve."]
    comment = "Fig. 2. Please specify the temperature value of the plotted curve; that would be useful."
    assert topic_phrases(comment, texts, 1) == ["temperature value"]  # the comment's phrase around the paper's word
    assert topic_phrases("It is advisable to justify the cutoff radius.", ["The cutoff radius is 6 Å. We justify it."],
                         1) == ["the cutoff radius"]


def test_each_fine_type_gets_its_change_and_a_draft_with_placeholders() -> None:
    experiment = _scaffold("Please compare against static layer skipping at the same average depth.",
                           [DOC.paragraphs[1]], "experiment")
    assert experiment.kind == "experiment" and experiment.change.startswith("Experiment requested")
    # the edit is the paper's sentence the comment is about, extended: the author replaces it with the draft
    assert experiment.paragraph_id == "p0002" and experiment.mode == "replace" and experiment.section == "Experiments"
    assert experiment.quote == RESULTS and experiment.draft.startswith(RESULTS + " [[DETAIL: the added experiment")
    assert "static layer skipping" in experiment.draft
    assert [p.kind for p in find(experiment.draft)] == ["DETAIL", "RESULT", "FIGURE"]
    # the comment's phrase is not the paper's: the response names the change and where, not a clipped phrase
    assert experiment.response == ("We now report the requested experiment in Section “Experiments”, after the sentence "
                                   "beginning “With tau set to 0.9, the…”.")

    clarify = _scaffold("What is the threshold tau set to?", fine_type="clarification")
    tau = "A frame exits at the first head whose confidence exceeds the threshold tau."
    # the placeholder keeps the reviewer's capitals ("What", not "what")
    assert clarify.draft == tau + " [[DETAIL: What is the threshold tau set to?]]" and clarify.paragraph_id == "p0001"
    assert clarify.quote == tau and clarify.mode == "replace"
    result = _scaffold("Report the encoder computation on test-other too.", fine_type="result")
    assert "encoder computation" in result.draft and [p.kind for p in find(result.draft)] == ["RESULT"]
    assert result.draft.startswith("The exit heads are small two-layer classifiers on the Conformer encoder. [[")
    cite = _scaffold("The related work misses prior work on exit heads.", fine_type="criticism")
    assert cite.kind == "citation" and [p.kind for p in find(cite.draft)] == ["CITATION"]
    assert cite.draft.startswith("The exit heads are small")
    concern = _scaffold("The novelty is limited.", fine_type="criticism")
    assert concern.kind == "criticism" and find(concern.draft) and concern.change.startswith("Concern raised")


def test_a_wording_fix_the_comment_spells_out_is_applied_to_its_sentence() -> None:
    fix = _scaffold('"reults" should be "results".')
    assert fix.kind == "typo" and fix.mode == "replace"
    assert fix.quote == "The reults hold for every head." and fix.draft == "The results hold for every head."
    assert fix.response == "We corrected “reults” to “results” in Section “Method”."
    quoted = _scaffold('The phrase "two-layer classifiers" reads oddly; fix the grammar.', fine_type="typo")
    assert quoted.quote.startswith("The exit heads are small") and quoted.draft.startswith("[[DETAIL: this sentence")


def test_a_typo_named_but_not_spelled_out_asks_for_the_sentence_corrected() -> None:
    """A typo the comment only points at ("a small typo in the exit rule") keeps the paper's sentence and a
    placeholder that says the sentence is to be corrected as the comment asks, never "the corrected sentence:
    <the reviewer's words>", which read as if the reviewer's sentence were the correction (session 21 trial)."""
    s = _scaffold("Except for a small typo in the confidence threshold of the exit rule, the method is correct.",
                  fine_type="typo")
    assert s.kind == "typo" and s.mode == "replace"
    assert "[[DETAIL: this sentence, corrected as the comment asks: Except for a small typo" in s.draft
    assert "the corrected sentence" not in s.draft


def test_no_paragraph_gives_a_new_paragraph_scaffold() -> None:
    s = _scaffold("Please add a limitations section.", [], "edit")
    assert s.paragraph_id is None and s.mode == "new_paragraph" and s.quote.startswith("(a new paragraph")
    assert s.change == "Presentation change requested: in a new paragraph, make the change asked"


def test_the_plan_says_what_the_draft_does_with_the_quoted_text() -> None:
    """The card's plan line and the suggest commands' "Location" name one action: a "replace" draft is the quoted
    sentence rewritten (the draft holds it, extended), so its plan says "rewrite the sentence below", never that the
    answer goes after it (a new-user trial read "rewrite the sentence below" beside "answer it after this
    sentence" for one comment)."""
    from engine.cli.suggest import MODE_WORDS

    comments = {"experiment": "Please compare against static layer skipping at the same average depth.",
                "clarification": "What is the threshold tau set to?", "explanation": "Why do the exit heads work?",
                "result": "Report the encoder computation on test-other.", "criticism": "The novelty is limited.",
                "citation": "Please cite prior work on early exits.", "typo": '"reults" should be "results".',
                "edit": "Please shorten the description of the exit heads."}
    for fine, text in comments.items():
        s = _scaffold(text, fine_type=fine)
        assert s.mode == "replace" and s.kind == fine, (fine, s.kind, s.mode)
        assert MODE_WORDS["replace"] in s.change and "after" not in s.change, s.change
    # a section named by a question ends the response with its own mark, not "?."
    asked = Paragraph("p0009", "A debugger lets one stop a running program and inspect its state.",
                      section=("What is a debugger?",))
    said = _scaffold("The use of logs in debugging is missing.", [asked], "criticism").response
    assert "in Section “What is a debugger?”" in said and "?." not in said
    assert change_line("criticism", "insert_after") == \
        "Concern raised: after the paragraph below, answer it, or state it as a limitation"
    assert change_line("clarification", "new_paragraph") == \
        "Clarification requested: in a new paragraph, state precisely what the paper leaves open"


@pytest.mark.parametrize("comment", [
    "Please compare against static layer skipping at the same average depth.", "What is the threshold tau set to?",
    "Why do the exit heads work?", "Report the encoder computation on test-other.", "The novelty is limited.",
    "Please cite prior work on early exits.", '"reults" should be "results".', "Please shorten the method section."])
def test_a_scaffold_passes_every_check_itself(comment: str) -> None:
    """What the card shows when the rewrite is withheld never invents: the checks find nothing to fail."""
    s = _scaffold(comment)
    paper = "\n".join([DOC.title, DOC.abstract, *(p.text for p in DOC.paragraphs)])
    out = check_edit(s.draft, comment, s.quote, paper, ["2", "3"])
    assert not [f for f in out.flags if f.failed], (s.draft, out.flags)
    assert out.text == s.draft  # nothing rewritten either


THEOREM_DOC = Document(
    title="Quantile sketches for data streams",
    abstract="We build a sketch of a sampled stream whose rank error approximates the exact rank error.",
    sections=[Section("Method", number="2")],
    paragraphs=[Paragraph("p0001", "Theorem 1. The sketch error converges to the exact rank error as the "
                          "sampling density grows, for a uniform sampling of the stream.", section=("Method",)),
                Paragraph("p0002", "The compactors of the sketch have capacity K.",
                          section=("Method",))],
)
COUNTEREXAMPLE = ReviewComment("R1.1", "Reviewer 1", "Please give a counterexample showing that Theorem 1 does not "
                               "hold for a non-uniform sampling.", fine_type="explanation")


@pytest.mark.slow
def test_the_embedded_model_offers_its_rewrite_only_when_it_passes(tiny_gguf) -> None:  # noqa: F811
    """The embedded SmolLM2 on the issue's counterexample request: the suggestion is either its rewrite, passing
    every check, or the scaffold with the failed rewrite withheld; the same prompts without the scaffold (a
    stronger model's path) give that very rewrite, flagged. A model that is not the embedded one never scaffolds."""
    from engine.generate.suggest import EditSuggester, is_embedded
    from engine.models.embedded import embedded_generator
    from engine.models.llama.llm import LlamaGenerator

    smollm = embedded_generator(n_ctx=2048, n_gpu_layers=0)
    assert is_embedded(smollm) and not is_embedded(LlamaGenerator(tiny_gguf, n_ctx=512, n_gpu_layers=0))
    try:
        s = EditSuggester(smollm, time_limit=None).suggest(COUNTEREXAMPLE, THEOREM_DOC)
        full = EditSuggester(smollm, time_limit=None, scaffold=False).suggest(COUNTEREXAMPLE, THEOREM_DOC)
    finally:
        smollm.close()
    assert s.valid and s.scaffold is not None and s.scaffold.paragraph_id == "p0001"
    if s.kind == "scaffold":
        assert s.edit == s.scaffold.draft and s.response == s.scaffold.response and find(s.edit)
        assert s.rewrite and any(f.failed for f in s.rewrite_flags)
        assert [f.code for f in s.flags] == ["rewrite_withheld"] and not s.flags[0].failed
        assert full.edit == s.rewrite and full.kind == "rewrite"
        assert {f.code for f in full.flags if f.failed} <= {f.code for f in s.rewrite_flags}
    else:
        assert s.rewrite == "" and not any(f.failed for f in s.flags) and s.edit == full.edit
    record = SuggestionRecord.from_suggestion(s)
    assert record.kind == s.kind and record.change == s.scaffold.change and record.quote == s.scaffold.quote
    assert SuggestionRecord.from_dict(record.to_dict()).rewrite == s.rewrite


@pytest.mark.parametrize("text", ["I suggest adding a figure that illustrates the exit heads.",
                                  "Please include a small diagram of the exit heads.",
                                  "It would help to provide a schematic of the two-layer classifiers."])
def test_a_request_for_a_figure_gets_a_figure_placeholder(text: str) -> None:
    """trial33: "I suggest adding a figure that illustrates …" got a DETAIL placeholder for the figure."""
    draft = _scaffold(text, [DOC.paragraphs[0]], "edit").draft
    assert [p.kind for p in find(draft)] == ["FIGURE"]


def test_a_figure_named_without_asking_for_one_keeps_its_kind() -> None:
    draft = _scaffold("The exit heads in the figure are not explained; explain them.", [DOC.paragraphs[0]],
                      "explanation").draft
    assert [p.kind for p in find(draft)] == ["DETAIL"]
