"""ROUGE with several references (rouge-score, stemming), hand-computed cases."""

from __future__ import annotations

import pytest

from engine.errors import InputError
from engine.metrics.rouge import corpus_rouge, multi_reference, rouge_f1


def test_rouge_by_hand() -> None:
    # "the cat sat" vs "the cat sat on the mat": unigram P 3/3, R 3/6 -> F1 2/3; bigrams P 2/2, R 2/5 -> 4/7
    scores = rouge_f1("the cat sat", "the cat sat on the mat")
    assert scores["rouge1"] == pytest.approx(2 / 3)
    assert scores["rouge2"] == pytest.approx(4 / 7)
    assert scores["rougeL"] == pytest.approx(2 / 3)


def test_stemming_matches_inflections() -> None:
    assert rouge_f1("models trained", "model training")["rouge1"] == 1.0


def test_max_and_mean_over_references() -> None:
    refs = ["the cat sat", "a dog ran"]
    assert multi_reference("the cat sat", refs)["rouge1"] == 1.0
    assert multi_reference("the cat sat", refs, "mean")["rouge1"] == pytest.approx(0.5)
    with pytest.raises(InputError):
        multi_reference("x", [])


def test_corpus_rouge_is_a_percentage_mean() -> None:
    scores = corpus_rouge(["the cat sat", "nothing here"], [["the cat sat"], ["a dog ran"]])
    assert scores == {"rouge1": 50.0, "rouge2": 50.0, "rougeL": 50.0}
