"""Word diffs and their renderings: [+ +] markup, HTML, JSON spans, Markdown."""

from __future__ import annotations

import json

from engine.revision import DiffSpan, diff_documents, word_diff
from engine.revision.render import html_page, html_pair, markdown_report, markup, spans_json, text_report
from engine.revision.synthetic import make_document, make_revision


def test_word_diff_works_on_whole_words() -> None:
    spans = word_diff("The model reaches 80% of the speedup.", "The model reaches 60% of the oracle speedup.")
    assert markup(spans) == "The model reaches [-80-][+60+]% of the [+oracle+] speedup."
    assert "".join(s.text for s in spans if s.op != "delete") == "The model reaches 60% of the oracle speedup."
    assert "".join((s.old or s.text) for s in spans if s.op != "insert") == "The model reaches 80% of the speedup."


def test_semantic_cleanup_groups_a_rewrite() -> None:
    spans = word_diff(
        "We cannot compare two program versions by runtime when each executes a different input.",
        "Runtime would not work as a comparison metric since each input is different.",
    )
    ops = [s.op for s in spans]
    # a rewrite reads as one deletion and one insertion, not a confetti of single words
    assert ops.count("delete") <= 2 and ops.count("insert") <= 2


def test_citation_markers_compare_equal_but_keep_both_texts() -> None:
    spans = word_diff("as shown by [smith20, doe19] before", "as shown by [3, 7] before")
    assert [s.op for s in spans] == ["equal"]
    assert spans[0].text == "as shown by [3, 7] before"
    assert spans[0].old == "as shown by [smith20, doe19] before"
    old_html, new_html = html_pair(spans)
    assert "[smith20, doe19]" in old_html and "[3, 7]" in new_html


def test_html_pair_escapes_and_marks_each_side() -> None:
    spans = word_diff("if a < b then <x>", "if a > b then <x> & y")
    old_html, new_html = html_pair(spans)
    assert "<x>" not in old_html and "&lt;x&gt;" in old_html
    assert '<del class="rd-del">' in old_html and "<ins" not in old_html
    assert '<ins class="rd-ins">' in new_html and "<del" not in new_html
    assert "&amp; y" in new_html


def test_json_spans_round_trip() -> None:
    spans = word_diff("alpha beta gamma", "alpha delta gamma")
    data = json.loads(json.dumps(spans_json(spans)))
    assert data == [
        {"op": "equal", "text": "alpha "},
        {"op": "delete", "text": "beta "},
        {"op": "insert", "text": "delta "},
        {"op": "equal", "text": "gamma"},
    ]
    assert tuple(DiffSpan.from_dict(d) for d in data) == spans


def test_reports_of_a_revision() -> None:
    rev = make_revision(make_document(30, seed=2), {"minor": 1, "major": 1, "insert": 1, "delete": 1, "move": 1}, seed=3)
    diff = diff_documents(rev.old, rev.new)
    page = html_page(diff, title="v1 → v2")
    assert page.startswith("<!DOCTYPE html>") and "</html>" in page
    assert "http://" not in page and "https://" not in page and "<script src" not in page  # self-contained
    assert page.count("<tr class=") == len(diff.edits)
    for e in diff.changed_edits():
        assert f'id="{e.id}"' in page
    md = markdown_report(diff)
    assert md.splitlines()[2] == diff.summary()
    assert md.count("\n## ") == len(diff.changed_edits())
    assert "[+" in md and "[-" in md
    text = text_report(diff)
    assert text.splitlines()[-1] == diff.summary()
    assert "moved" in text


def test_text_report_of_identical_documents() -> None:
    doc = make_document(12, seed=4)
    assert text_report(diff_documents(doc, doc)) == "no changes (12 paragraphs: no changes)"
