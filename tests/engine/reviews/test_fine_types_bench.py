"""Session 27's fine-type bench (``bench.fine_types_oof``): the macro it reports is the scorer's, formed from the
typed gold sentences ``evaluate.score_forums`` hands back; per-type figures, the confusion matrix and the forum
bootstrap read the same pairs. Synthetic reviews only."""

from __future__ import annotations

import re

import numpy as np

from bench.fine_types_oof import bootstrap, confusion, macro_of, per_type
from engine.reviews.evaluate import fine_f1_per_type, fine_macro_f1, score_forums


def _sentence(text: str, action: str, fine: str = "", polarity: str = "") -> dict:
    return {"text": text, "review_action": action, "fine_review_action": fine, "polarity": polarity}


def _forum(name: str) -> tuple[str, list[dict]]:
    sentences = [
        _sentence("The tidal friction coefficient is never justified anywhere.", "arg_evaluative", polarity="pol_negative"),
        _sentence("Please add an ablation over the friction coefficient values.", "arg_request", "arg-request_experiment"),
        _sentence("Why were the gauges near the harbour mouth dropped?", "arg_request", "arg-request_explanation"),
        _sentence("There is a misspelling of bathymetry in the caption.", "arg_request", "arg-request_typo"),
        _sentence("The bay model is described in the second section.", "arg_structuring"),
    ]
    text = " ".join(s["text"] for s in sentences)
    pos = 0
    for s in sentences:
        s["start"] = text.index(s["text"], pos)
        s["end"] = pos = s["start"] + len(s["text"])
    return name, [{"forum_id": name, "title": "A tide model", "text": text, "sentences": sentences}]


def _extract(types: dict[str, str]):
    """Comments that each hold one sentence, typed by its first word (none for sentences not in ``types``)."""
    def extract(md: str) -> list[dict]:
        return [{"text": re.search(re.escape(first) + r"[^.?]*[.?]", md).group(), "context": "", "fine_type": kind}
                for first, kind in types.items()]
    return extract


def test_the_pairs_form_the_scorers_macro() -> None:
    forums = [_forum("f1"), _forum("f2")]
    pairs: list = []
    figures = score_forums(forums, _extract({"The tidal": "criticism", "Please add": "edit", "Why were": "explanation"}),
                           pairs)
    assert [(f, g) for f, g, _ in pairs] == [(0, "criticism"), (0, "experiment"), (0, "explanation"), (0, "typo"),
                                             (1, "criticism"), (1, "experiment"), (1, "explanation"), (1, "typo")]
    assert [p for _, _, p in pairs[:4]] == ["criticism", "edit", "explanation", ""]  # the typo sentence: no comment
    plain = [(g, p) for _, g, p in pairs]
    assert figures["fine_macro_f1"] == round(fine_macro_f1(plain), 3) == 0.5
    table = per_type(pairs)
    assert {t: row["F1"] for t, row in table.items()} == {t: round(v, 3) for t, v in fine_f1_per_type(plain).items()}
    assert table["experiment"] == {"gold": 2, "P": 0.0, "R": 0.0, "F1": 0.0}
    assert confusion(pairs)["experiment"] == {"criticism": 0, "edit": 2, "experiment": 0, "explanation": 0, "typo": 0,
                                              "(none)": 0}
    assert confusion(pairs)["typo"]["(none)"] == 2
    arr = np.array(pairs, dtype=object)
    assert macro_of(arr, np.ones(2)) == fine_macro_f1(plain)
    assert macro_of(arr, np.array([2.0, 0.0])) == fine_macro_f1(plain[:4])  # forum 1 counted twice, forum 2 not


def test_the_bootstrap_interval_brackets_the_difference() -> None:
    forums = [_forum(f"f{i}") for i in range(6)]
    base: list = []
    score_forums(forums, _extract({"The tidal": "criticism", "Please add": "edit"}), base)
    assert bootstrap(base, base, 6) == (0.0, 0.0)
    better: list = []
    score_forums(forums, _extract({"The tidal": "criticism", "Please add": "experiment", "There is": "typo"}), better)
    lo, hi = bootstrap(base, better, 6)
    diff = fine_macro_f1([(g, p) for _, g, p in better]) - fine_macro_f1([(g, p) for _, g, p in base])
    assert 0 < lo <= diff <= hi  # every forum gains the same: the interval is the difference itself


def test_held_is_how_the_scorer_and_the_precision_account_read_a_sentence() -> None:
    """``evaluate.held`` (shared by ``score_forums`` and ``bench.precision_account``, session 33): the best comment,
    whether it holds 60 % of the sentence's words, and whether the sentence is a request or criticism."""
    from engine.reviews.evaluate import held, words

    comments = [words("the harbour gauges were dropped"), words("please add an ablation over friction values")]
    ask = held(_sentence("Please add an ablation over the friction coefficient values.", "arg_request"), comments)
    assert ask.best == 1 and ask.got and ask.gold and ask.ok and ask.shares == [1 / 8, 6 / 8]
    fact = held(_sentence("The bay model is described in the second section.", "arg_structuring"), comments)
    assert fact.best == 0 and not fact.got and not fact.gold and not fact.ok
    bad = held(_sentence("The harbour gauges were dropped.", "arg_evaluative", polarity="pol_negative"), comments)
    assert bad.got and bad.ok and not bad.gold
    assert not held({"text": "Harbour gauges dropped.", "review_action": "arg_evaluative"}, comments).ok  # no polarity
    assert held(_sentence("Add it.", "arg_request"), comments) is None  # under three words of 3+ letters
    assert held(_sentence("Please add an ablation.", "arg_request"), []) == (words("Please add an ablation."), [], -1,
                                                                           False, True, True)
