"""Invented facts beyond digits and citations: quantities in words, result claims, unknown names."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.generate.checks import check_edit
from engine.generate.facts import replace_worded_quantities, unknown_names, unsupported_claims

PAPER = ("We train a Conformer on LibriSpeech and report word error rate. Early exits save computation. "
         "Static layer skipping is a baseline.")


def test_quantities_in_words_become_placeholders_unless_the_paper_states_them() -> None:
    text, removed = replace_worded_quantities(
        "Our model is three times faster, halves the memory and is an order of magnitude cheaper.", PAPER)
    assert removed == ["three times", "halves", "an order of magnitude"]
    assert "three" not in text and text.count("[[RESULT: factor]]") == 3
    kept, none = replace_worded_quantities("It is three times faster.", PAPER + " It runs three times faster.")
    assert none == [] and kept == "It is three times faster."
    # counts of things are not results
    assert replace_worded_quantities("We add two baselines and three datasets.", PAPER)[1] == []
    text, removed = replace_worded_quantities("Accuracy rises by ten percent.", PAPER)
    assert removed == ["ten percent"] and "[[RESULT: percentage]]" in text


def test_claims_about_our_work_need_a_claim_of_that_kind_in_the_paper() -> None:
    assert unsupported_claims("Our method outperforms static skipping and is faster than it.", PAPER) == [
        "outperforms", "faster than"]
    assert unsupported_claims("Our method outperforms static skipping.", PAPER + " It outperformed them.") == []
    assert unsupported_claims("Prior systems are faster than ours in training.", PAPER) == ["faster than"]
    assert unsupported_claims("Prior systems are faster than a plain baseline.", PAPER) == []  # not about us


def test_names_absent_from_the_paper_and_the_comment_are_found() -> None:
    text = "We also evaluate on ImageNet and CIFAR-10, report BLEU, and compare with GPT-4 on a CPU with 16 GB."
    assert unknown_names(text, PAPER) == ["ImageNet", "CIFAR-10", "BLEU", "GPT-4"]
    assert unknown_names("The Conformer on LibriSpeech keeps its Conformers.", PAPER) == []
    assert unknown_names("See [[DETAIL: ImageNet results]].", PAPER) == []  # placeholders are the author's to fill


def test_check_edit_rewrites_and_flags_invented_facts() -> None:
    comment = "Please compare against static layer skipping."
    out = check_edit("Our method is twice as fast as static layer skipping and outperforms BERT on ImageNet.",
                     comment, "Static layer skipping is a baseline.", PAPER)
    codes = {f.code for f in out.flags}
    assert {"invented_quantity", "unsupported_claim", "unknown_name"} <= codes
    assert "twice as fast" not in out.text and "[[RESULT: factor]]" in out.text
    names = next(f for f in out.flags if f.code == "unknown_name")
    assert "BERT" in names.message and "ImageNet" in names.message and names.severity == "error"  # issue 34: fails
    clean = check_edit("Static layer skipping drops the top layers of the Conformer; it is our baseline.",
                       comment, "Static layer skipping is a baseline.", PAPER)
    assert not {"invented_quantity", "unsupported_claim", "unknown_name"} & {f.code for f in clean.flags}


@pytest.mark.slow
@pytest.mark.shared_data
def test_real_final_paragraphs_rarely_flagged(shared_data: Path) -> None:
    """False positives on text that must pass (bench/measure_fact_checks.py): pinned as measured."""
    from bench.measure_fact_checks import PAPERS, measure

    in_sample = measure([shared_data / p for p in PAPERS])
    assert in_sample["paragraphs"] >= 100 and in_sample["any_rate"] <= 5.0, in_sample
    held_out = measure(sorted((shared_data / "pdfs").glob("*.pdf")))
    assert held_out["paragraphs"] >= 400 and held_out["any_rate"] <= 5.0, held_out  # measured 4.6
    # docs/benchmarks.md's figures at their printed precision: 3.5 % of 115 in-sample, 4.6 % of 478 held out (4.7 % of
    # 467 before session 21's reader read list items as paragraphs of their own; 479 before session 31's, which reads an
    # acmart first page's authors' addresses as a note, not body)
    assert (in_sample["paragraphs"], in_sample["any_rate"]) == (115, 3.5), in_sample
    assert (held_out["paragraphs"], held_out["any_rate"]) == (478, 4.6), held_out
