"""Placeholders and post-checks on generated edits (ARIES failure modes)."""

from __future__ import annotations

from engine.generate import placeholders
from engine.generate.checks import (
    check_edit,
    has_technical_detail,
    paraphrase_overlap,
    promises,
    remove_reviewer_mentions,
    replace_unsupported_numbers,
)
from engine.generate.extractive import split_sentences
from engine.generate.tldr import enforce_length

CONTEXT = "We evaluate on SST-2 and report 91.5 accuracy in Table 2. Training takes 3 hours."


def test_placeholders_are_typed_and_normalised() -> None:
    text = "Accuracy rises to [result: accuracy with w=64] as shown in <Figure: ablation plot>, see [[TODO: cite]]."
    fixed = placeholders.normalize(text)
    found = placeholders.find(fixed)
    assert [(p.kind, p.description) for p in found] == [
        ("RESULT", "accuracy with w=64"), ("FIGURE", "ablation plot"), ("DETAIL", "cite")]
    assert fixed[found[0].start:found[0].end] == "[[RESULT: accuracy with w=64]]"
    assert placeholders.placeholder("weird", "x") == "[[DETAIL: x]]"


def test_invented_numbers_become_result_placeholders() -> None:
    text, removed = replace_unsupported_numbers("Accuracy is 91.5 on SST-2, up 4.2% in 3 hours and 5x faster.", CONTEXT)
    assert removed == ["4.2%", "5x"]
    assert "91.5" in text and "3 hours" in text and "SST-2" in text  # in the context, or part of a name
    assert "[[RESULT: percentage]]" in text and "[[RESULT: factor]]" in text
    text, removed = replace_unsupported_numbers("Results are in Table 7.", CONTEXT)
    assert text == "Results are in Table [[FIGURE: table number]]." and removed == ["7"]
    # numbers inside placeholders are left alone
    assert replace_unsupported_numbers("[[RESULT: top-5 error]] drops", CONTEXT)[1] == []


def test_reviewer_mentions_are_removed_or_flagged() -> None:
    assert remove_reviewer_mentions("As the reviewer suggested, we report variance over 5 seeds.") == (
        "We report variance over 5 seeds.", True, False)
    assert remove_reviewer_mentions("We thank the reviewers for this point. The loss is convex.") == (
        "The loss is convex.", True, False)
    assert remove_reviewer_mentions("This answers the concern of Reviewer 2 about bias.")[1:] == (False, True)
    assert remove_reviewer_mentions("plain text, lower case.") == ("plain text, lower case.", False, False)


def test_aries_failure_modes_are_flagged() -> None:
    comment = "it should be investigated with respect to more natural perturbations, e.g. noisy input, blurring"
    paraphrase = ("We also investigate performance with respect to more natural perturbations, "
                  "such as noisy input, blurring.")
    assert paraphrase_overlap(paraphrase, comment) >= 0.3
    assert promises("Node classification is left as future work; we will add it in the final version.") == [
        "is left as future", "we will", "in the final version"]
    assert promises("A study of this is beyond the scope of this paper.") == ["beyond the scope"]
    assert not has_technical_detail("We discuss this more carefully now.")
    assert has_technical_detail("We add [[RESULT: accuracy under blur]].")
    checked = check_edit(f"As the reviewer suggested, {paraphrase} We will add results in the final version.",
                         comment, CONTEXT)
    assert {"reviewer_mention_removed", "paraphrases_comment", "promises"} <= set(checked.codes)
    assert "reviewer" not in checked.text.lower()


def test_a_good_edit_passes_clean() -> None:
    edit = ("Under Gaussian noise (sigma = [[DETAIL: noise levels]]) and blur, accuracy on SST-2 drops from 91.5 "
            "to [[RESULT: accuracy under noise]] (Table 2).")
    checked = check_edit(edit, "How robust is the model to noise?", CONTEXT)
    assert checked.flags == [] and checked.text == edit


def test_empty_edit_is_flagged() -> None:
    assert check_edit("   ", "c", CONTEXT).codes == ["empty_edit"]


def test_tldr_length_is_enforced() -> None:
    long = ("We propose a sparse attention pattern for long documents, which scales linearly with length, "
            "and show that it matches dense attention on three summarization benchmarks while using far less memory")
    text, flags = enforce_length(long + ". Second sentence.")
    assert 15 <= len(text.split()) <= 25 and text.endswith(".")
    assert [f.code for f in flags] == ["extra_sentences_dropped", "trimmed"]
    assert [f.code for f in enforce_length("Too short.")[1]] == ["too_short"]


def test_sentence_split_keeps_abbreviations() -> None:
    text = "We follow Smith et al. (2020) closely. Results, e.g. Fig. 3, improve. Done."
    assert split_sentences(text) == ["We follow Smith et al. (2020) closely.", "Results, e.g. Fig. 3, improve.", "Done."]


def test_one_promise_pattern_for_the_edit_labels_and_the_suggestion_check() -> None:
    """``engine.text.PROMISE`` is the one pattern: what the suggestion check flags, an edit's ``plan`` label
    counts too, and the reverse (each once knew phrases the other missed)."""
    from engine.revision.intent import promises as plans

    for said in ("We hope to extend the analysis to larger graphs next year.",  # once unknown to the check
                 "The robustness study is left for the next revision of this paper.",
                 "Results on the second dataset will be added in the final version.",  # once unknown to the labels
                 "A study of the whole design space is beyond the scope of this paper."):
        assert promises(said) and plans(said), said
    reported = "We evaluated the method on three further datasets and report the results in Table 4."
    assert not promises(reported) and not plans(reported)
