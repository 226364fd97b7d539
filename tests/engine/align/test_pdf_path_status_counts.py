"""The per-comment status counts ``bench.measure_pdf_path`` prints (docs/figures-align.md, "Session 23"): answered
comments found on one path and not the other, and "addressed" calls on unanswered comments made on one path only."""

from __future__ import annotations

from bench.measure_pdf_path import status_changes


def test_each_comment_counts_once_by_whether_it_is_answered() -> None:
    gold = {"p/R1.1": {"e1"}, "p/R1.2": {"e2"}, "p/R1.3": {"e3"}, "p/R1.4": set(), "p/R1.5": set(), "p/R1.6": set()}
    latex = {"p/R1.1": "partly", "p/R1.2": "not", "p/R1.3": "addressed", "p/R1.4": "partly", "p/R1.5": "addressed",
             "p/R1.6": "not"}
    pdf = {"p/R1.1": "not", "p/R1.2": "addressed", "p/R1.3": "partly", "p/R1.4": "addressed", "p/R1.5": "partly",
           "p/R1.6": "partly"}
    assert status_changes(latex, pdf, gold) == {"lost found": 1, "gained found": 1, "PDF-only wrong": 1,
                                                "LaTeX-only wrong": 1}


def test_a_comment_missing_on_the_pdf_side_reads_not_addressed() -> None:
    gold = {"p/R2.1": {"e1"}, "p/R2.2": set()}
    got = status_changes({"p/R2.1": "addressed", "p/R2.2": "addressed"}, {}, gold)
    assert got == {"lost found": 1, "gained found": 0, "PDF-only wrong": 0, "LaTeX-only wrong": 1}
    assert status_changes({"p/R2.1": "partly"}, {"p/R2.1": "addressed"}, gold) == dict.fromkeys(got, 0)
