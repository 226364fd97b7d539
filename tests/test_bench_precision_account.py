"""``bench.precision_account``'s sorting of a false-positive sentence (session 33): its DISAPERE label, where it sits,
how it came into a comment; and ``bench.comment_account``'s short points. Invented reviews of an invented paper (a
gauge for lantern tides); the scores are set by hand."""

from __future__ import annotations

import numpy as np

from bench.comment_account import account
from bench.precision_account import _band, _context_kind, _how, _label, _place
from engine.reviews.comments import build_comments
from engine.reviews.parse import parse_reviews
from engine.reviews.units import review_units

TIDES = """## Reviewer 1

Summary:

The paper presents a gauge for lantern tides in shallow estuaries.

Weaknesses:

The sluice timing is never stated for the spring runs. Please state it for each run.

Number all equations.
"""


def _units(picked: dict[str, float]):
    review = parse_reviews(TIDES, "markdown")[0]
    units = review_units(review)
    prob = np.full(len(units), 0.05)
    for start, p in picked.items():
        prob[next(i for i, u in enumerate(units) if u.text.startswith(start))] = p
    return review, units, prob


def test_a_gold_sentence_is_sorted_by_its_disapere_label() -> None:
    assert _label({"review_action": "arg_evaluative", "polarity": "pol_positive"}) == "evaluative, positive"
    assert _label({"review_action": "arg_evaluative", "polarity": "none"}) == "evaluative, neutral"
    assert _label({"review_action": "arg_structuring", "fine_review_action": "arg-structuring_summary"}) == \
        "structuring: summary"
    assert _label({"review_action": "arg_fact"}) == "fact"
    assert _label({"review_action": "arg_request", "fine_review_action": "arg-request_edit"}) == "request"


def test_where_a_sentence_sits_and_its_band() -> None:
    _, units, _ = _units({})
    def at(start: str):
        return next(u for u in units if u.text.startswith(start))

    assert _place(units, at("The paper presents")) == "under a heading: summary"
    assert _place(units, at("Please state")) == "under a heading: weaknesses"
    assert _band(0.05) == "0-0.15" and _band(0.55) == "0.525-0.6" and _band(1.0) == "0.9-1"


def test_how_a_sentence_came_into_its_comment() -> None:
    review, units, prob = _units({"The sluice": 0.9, "Please state": 0.47})
    comments = build_comments(review, "R1", units, prob, ["criticism"] * len(units), 0.5)
    first = next(c for c in comments if "sluice timing" in c.text)
    k = {start: next(i for i, u in enumerate(units) if u.text.startswith(start)) for start in ("The sluice", "Please")}
    assert _how(first, 0, 0, k["The sluice"], units, 0.9, 0.5) == "picked over the threshold"
    assert _how(first, 0, 0, k["Please"], units, 0.47, 0.5) == "picked under the threshold by a floor"  # a request
    assert _how(first, 1, 0, k["Please"], units, 0.47, 0.5) == "another review's comment, or no unit"
    assert _context_kind(first).startswith("no context")


def test_a_short_point_is_counted_found_or_missed() -> None:
    review, units, prob = _units({"The sluice": 0.9, "Please state": 0.9})
    rows = [(review, "R1", units, prob, ["criticism"] * len(units))]
    gold = ["The sluice timing is never stated for the spring runs. Please state it for each run.",
            "Number all equations."]  # the second scores 0.05: in no comment
    got = account({"tides": (gold, rows, 0.5)})
    assert got["short points"] == {"missed: none-low": 1}
    prob[next(i for i, u in enumerate(units) if u.text.startswith("Number"))] = 0.9
    assert account({"tides": (gold, rows, 0.5)})["short points"] == {"found": 1}


def test_a_missing_file_is_one_line_and_exit_2(tmp_path, capsys) -> None:
    from bench.precision_account import main

    oof = tmp_path / "oof.npz"
    assert main([str(tmp_path / "train.jsonl"), str(oof)]) == 2
    assert capsys.readouterr().err == f"error: no such file: {oof} (bench.score_encoder_oof writes it)\n"
    np.savez(oof, zq=np.zeros(1), zfq=np.zeros((1, 2)))
    assert main([str(tmp_path / "train.jsonl"), str(oof), "--work", str(tmp_path / "w")]) == 2
    assert capsys.readouterr().err == f"error: no such file: {tmp_path / 'train.jsonl'}\n"
