"""Actionable comments from reviews: what becomes a comment, its context, action, directness and span."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.resources import resource
from engine.reviews import extract_comments, parse_reviews
from engine.reviews.refine import refine_comments
from tests.gguf_factory import tiny_gguf  # noqa: F401

OPENREVIEW_PASTE = """Official Review of Submission4711 by Reviewer Qm3t

Summary:
The paper proposes a retrieval-augmented decoder for code completion and reports gains on two benchmarks.

Soundness: 3 good
Presentation: 2 fair
Contribution: 3 good

Strengths:
- The method is simple and the gains are substantial.
- I like the analysis in Section 5.
- The paper is well written.

Weaknesses:
- The retrieval index is built from the test repositories, which may leak test data.
- There is no comparison with kNN-LM, the closest prior work.
- Figure 3 is hard to read.
- Lacks novelty.

Questions:
1. How large is the index, and how long does retrieval take per token?
2. Does the method work for languages other than Python?

Rating: 5: marginally below the acceptance threshold
Confidence: 4: You are confident in your assessment, but not absolutely certain.
"""

PLAIN = """The paper studies label noise in medical image segmentation. Overall the paper is interesting and the writing is clear.

The authors only evaluate on one dataset. It would be good to add results on a second organ. The loss in Eq. 3 is not defined before it is used. I recommend acceptance.
"""


def _texts(comments: list) -> list[str]:
    return [c.full_text for c in comments]


def test_demo_reviews_yield_every_weakness_and_question() -> None:
    reviews = parse_reviews(resource("demo", "reviews.md").read_text(encoding="utf-8"), "markdown")
    comments = extract_comments(reviews)
    assert [c.id for c in comments] == ["R1.1", "R1.2", "R1.3", "R1.4", "R2.1", "R2.2", "R2.3"]
    assert {c.section for c in comments} == {"Weaknesses", "Questions"}
    by_id = {c.id: c for c in comments}
    assert by_id["R1.1"].action == "Compare"
    assert by_id["R1.2"].action == "Report"
    assert by_id["R1.4"].action == "Explain"
    assert by_id["R2.1"].action == "Apply"
    assert by_id["R2.2"].action == "Discuss"
    assert all(c.reviewer in ("Reviewer 1", "Reviewer 2") for c in comments)
    for c in comments:  # spans point at the text in the review
        review = reviews[0] if c.id.startswith("R1") else reviews[1]
        assert " ".join(review.text[c.span[0] : c.span[1]].split()) == c.text


def test_openreview_paste_skips_praise_summary_scores_and_vague() -> None:
    # sections, score lines and vague one-liners: the words model, so that no borderline call decides it
    comments = extract_comments(parse_reviews(OPENREVIEW_PASTE), encoder="lexical")
    texts = _texts(comments)
    assert len(comments) == 5, texts
    assert all(c.reviewer == "Reviewer Qm3t" for c in comments)
    joined = " ".join(texts)
    for absent in ("well written", "simple and the gains", "I like", "retrieval-augmented decoder", "Lacks novelty",
                   "marginally below", "confident", "3 good"):
        assert absent not in joined
    assert [c.section for c in comments] == ["Weaknesses"] * 3 + ["Questions"] * 2
    assert comments[1].action == "Compare"
    assert comments[0].directness == "indirect"  # an observation: "... may leak test data"
    assert comments[3].directness == "direct"


def test_plain_review_without_headings() -> None:
    texts = _texts(extract_comments(parse_reviews(PLAIN)))
    assert texts == [  # praise, summary and the verdict ("I recommend acceptance.") are left out
        "It would be good to add results on a second organ.",
        "The loss in Eq. 3 is not defined before it is used.",
    ]


def test_lead_in_becomes_context_of_each_item() -> None:
    text = ("Weaknesses\nThe paper is missing several things: (1) a definition of L, (2) an ImageNet baseline, "
            "and (3) error bars.\n\nSeveral points need work:\n- the ablation of the temperature\n"
            "- Section 4 should state the hardware used.\n")
    comments = extract_comments(parse_reviews(text), encoder="lexical")  # the mechanics, not a borderline call
    assert [c.text for c in comments] == [
        "a definition of L", "an ImageNet baseline", "error bars.",
        "the ablation of the temperature", "Section 4 should state the hardware used."]
    assert comments[0].context == "The paper is missing several things:"
    assert comments[0].full_text == "The paper is missing several things: a definition of L"
    assert comments[0].action == "Define"
    assert comments[1].action == "Compare"
    assert comments[3].context == "Several points need work:"
    assert comments[4].context == ""  # a full sentence stands alone


def test_long_item_keeps_its_actionable_sentences() -> None:
    item = ("- The experimental section raises doubts. The method is trained for 300 epochs. The baselines are "
            "trained for 100 epochs. This is not a fair comparison. Please retrain the baselines for 300 epochs.")
    comments = extract_comments(parse_reviews("Weaknesses\n" + item), encoder="lexical")  # the item mechanics
    assert [c.text for c in comments][-1] == ("The baselines are trained for 100 epochs. This is not a fair comparison. "
                                              "Please retrain the baselines for 300 epochs.")  # one item, one comment
    assert comments[-1].context == "" and comments[-1].directness == "direct"
    assert "trained for 300 epochs" not in " ".join(c.full_text for c in comments)  # a plain fact is left out


def test_strengths_section_keeps_only_explicit_requests() -> None:
    text = ("Strengths\n- Strong results on all benchmarks.\n- The writing is clear, but the notation in Section 3 "
            "should be simplified.\n")
    comments = extract_comments(parse_reviews(text))
    assert [c.text for c in comments] == ["The writing is clear, but the notation in Section 3 should be simplified."]


def test_llm_refinement_mechanics_with_tiny_model(tiny_gguf: Path) -> None:  # noqa: F811
    from engine.models.llama.llm import LlamaGenerator

    comments = extract_comments(parse_reviews(resource("demo", "reviews.md").read_text(encoding="utf-8")))
    generator = LlamaGenerator(tiny_gguf, n_ctx=2048)
    refined = refine_comments(comments, generator)
    assert len(refined) <= len(comments)
    ids = {c.id for c in comments}
    for c in refined:
        assert c.id in ids
        assert c.action in ("Explain", "Compare", "Report", "Remove", "Apply", "Use", "Define", "Discuss")
        assert c.directness in ("direct", "indirect")


@pytest.mark.parametrize("line", ["Rating: 3", "Confidence: 5", "Recommendation: 6: accept", "Code Of Conduct: Yes"])
def test_score_lines_never_become_comments(line: str) -> None:
    assert extract_comments(parse_reviews(f"Weaknesses\n- Please add error bars.\n{line}\n")) and all(
        line.split(":")[0] not in c.text for c in extract_comments(parse_reviews(f"Weaknesses\n- Please add error bars.\n{line}\n")))


TRIAL = """# Reviews

## Reviewer 1

Please find my review below.

The paper proposes a method for summarising legal documents.

My main concern is the evaluation metric. ROUGE is known to correlate poorly with factual accuracy, which matters most in legal summaries. I would like to see a factuality metric such as QAFactEval reported alongside ROUGE.

Is there any overlap between cases in the train and test splits (e.g., consolidated cases)?

Typos: "aren't" -> "are not" (Section 5); "presented in 3" -> "presented in Table 3".

Some of the problems are listed as follows:
- The ablation removes two components at once; please ablate them one at a time.
"""


def test_a_pointer_to_the_rest_of_the_review_is_not_a_comment() -> None:
    """"Please find my review below." asks for nothing (a new-user trial); a lead-in that only points to its list
    is not a comment either, but still gives the list its context."""
    comments = extract_comments(parse_reviews(TRIAL, "markdown"))
    texts = [c.text for c in comments]
    assert not any("find my review" in t for t in texts), texts
    assert not any(t.startswith("Some of the problems") for t in texts), texts
    assert any("one at a time" in c.text for c in comments), texts
    from engine.reviews.units import is_pointer

    for said in ("The paper lacks details on the experimental setup described above.",
                 "These problems are not discussed in the section below.",
                 "Related work misses key comparisons, see the list below.",
                 "See the survey review by Li et al., which should be cited."):
        assert not is_pointer(said), said  # each says something of its own


def test_a_named_concern_joins_the_request_that_follows_it() -> None:
    """"My main concern is X.", its reason and the request after it are one comment, not two (a new-user trial)."""
    comments = extract_comments(parse_reviews(TRIAL, "markdown"))
    concern = [c for c in comments if "main concern" in c.text]
    assert len(concern) == 1, [c.text for c in comments]
    assert "correlate poorly" in concern[0].text and "QAFactEval" in concern[0].text
    # a picked reason between them, and a statement that is no topic ("The main weakness is that ...")
    text = ("# Reviews\n\n## Reviewer 1\n\nMy main concern is the evaluation metric. The reported gains are small "
            "and not significant. ROUGE is known to correlate poorly with factual accuracy. I would like to see a "
            "factuality metric reported.\n\nThe main weakness is that the method does not scale to large graphs. "
            "Why was the batch size fixed at 32?\n")
    comments = extract_comments(parse_reviews(text, "markdown"))
    assert sum("main concern" in c.text and "factuality metric" in c.text for c in comments) == 1, [
        c.text for c in comments]
    assert any(c.text.startswith("Why was the batch size") for c in comments), [c.text for c in comments]


def test_typo_type_follows_what_the_comment_names() -> None:
    """A list of replacements is a typo comment whatever the model types it; a question naming no wording is
    never one (a typo comment may be answered by a spelling fix alone)."""
    from engine.reviews.comments import checked_type

    typos = [c for c in extract_comments(parse_reviews(TRIAL, "markdown")) if c.text.startswith("Typos:")]
    assert [c.fine_type for c in typos] == ["typo"]
    assert checked_type('Eq. 3: "recieve" should be "receive".', "criticism") == "typo"
    assert checked_type("Is there any overlap between the train and test splits?", "typo") == "explanation"
    assert checked_type("Is 'teh' on page 3 a typo?", "typo") == "typo"
    assert checked_type("Please add a second dataset.", "experiment") == "experiment"


def test_a_problem_and_the_request_after_it_are_one_comment() -> None:
    """From a new-user trial: the second half of "The t-SNE visualisation in Figure 3 is only qualitative. A
    quantitative evaluation ... would make Section 6 more convincing." was a comment of its own, and an edit
    elsewhere "addressed" it; a question after a problem stays its own comment."""
    text = ("# Reviews\n\n## Reviewer 1\n\nThe t-SNE visualisation in Figure 3 is only qualitative. A quantitative "
            "evaluation of the paper embeddings, for example on citation prediction, would make Section 6 more "
            "convincing.\n\nThe runtime is only reported for one GPU. Why was the batch size fixed at 32?\n")
    comments = extract_comments(parse_reviews(text, "markdown"))
    tsne = [c for c in comments if "t-SNE" in c.text]
    assert len(tsne) == 1 and "quantitative evaluation" in tsne[0].text, [c.text for c in comments]
    assert any(c.text.startswith("Why was the batch size") for c in comments), [c.text for c in comments]


def test_a_request_that_points_back_takes_the_problem_before_it_as_context() -> None:
    """From a new-user trial: "The authors should discuss how Multi-LexSum relates to these efforts." reached the
    aligner without the efforts, which the sentence before it names; that sentence (a problem, in no comment) is its
    context now. A sentence before that states no problem is not."""
    text = ("# Reviews\n\n## Reviewer 2\n\nThe related work section is thorough for extractive legal summarization but "
            "misses recent work on abstractive summarization of long legal documents, such as the summarization of "
            "long legal opinions. The authors should discuss how Multi-LexSum relates to these efforts.\n\n"
            "We thank the authors for the clear writing. The authors should discuss how the tool relates to these "
            "efforts.\n\nUnfortunately I did not have time to check the proofs. Why do these models fail on long "
            "inputs?\n")
    comments = extract_comments(parse_reviews(text, "markdown"))
    efforts = [c for c in comments if "these efforts" in c.text]
    assert len(efforts) == 2, [c.text for c in comments]
    first, second = efforts
    assert "misses recent work on abstractive summarization" in first.full_text
    assert "thank" not in second.full_text
    models = next(c for c in comments if "these models" in c.text)
    assert "proofs" not in models.full_text  # the reviewer speaking of themselves is no context (a reviewer's pass)


def test_an_arrow_in_a_question_is_notation_not_a_typo() -> None:
    """From a new-user trial on Multi-LexSum ("D → L" is a task): a question and a request holding such an arrow
    were typed typo. An arrow between words, or between symbols in a short note, still makes a typo comment."""
    from engine.reviews.comments import checked_type

    assert checked_type("In Section 4.3, why is the pipeline's long summary L′ generated with BART rather than with "
                        "PRIMERA, which is the best D → L model?", "typo") == "explanation"
    assert checked_type("Please add a zero-shot result from a large instruction-following model such as GPT-3 on "
                        "D → S; readers will want to know whether prompting changes the picture.", "experiment") == \
        "experiment"
    assert checked_type("p. 4: recieve -> receive", "edit") == "typo"
    assert checked_type("In eq. (2) f^n(z) -> G(f^n(z))", "clarification") == "typo"


def test_two_requests_in_a_row_are_two_comments() -> None:
    """From a new-user trial: "I would also like to see the full distribution … rather than only the mean. Beyond that,
    I would strongly encourage the authors to release …" was one comment (the first read as a stated problem, its
    "only"), so the two requests had one status. A request in so many words is direct."""
    text = ("# Reviews\n\n## Reviewer 2\n\nI would also like to see the full distribution of ratings rather than only "
            "the mean. Beyond that, I would strongly encourage the authors to release the post-edited summaries and "
            "the edit logs collected in the usability study.\n")
    comments = extract_comments(parse_reviews(text, "markdown"))
    assert [c.text[:30] for c in comments] == ["I would also like to see the f", "Beyond that, I would strongly "]
    assert comments[0].directness == "direct"
