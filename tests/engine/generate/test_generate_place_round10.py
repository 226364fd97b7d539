"""Round ten's placement candidates (``bench.place_round10``) on synthetic drafts written here: a manuscript line
mapped to the words that far into the text, a named part's best outsider brought into the model's two, the span
between a reviewer's neighbouring comments, and what a comment names."""

from __future__ import annotations

import numpy as np

from bench.place_round10 import between, cues, line_scores, manuscript_lines, named_order, with_lines
from engine.document.model import Document, Paragraph
from engine.generate.placement import rule_scores
from engine.reviews.model import ReviewComment


def _draft(n: int = 30, words: int = 130) -> Document:
    """``n`` body paragraphs of ``words`` words each in three sections; paragraph 17 alone speaks of a damping
    constant."""
    topics = ("sediment flux", "river incision", "uplift rate")
    paragraphs = []
    for j in range(n):
        filler = f"{topics[j % 3]} measured in basin {j} " * (words // 6)
        if j == 17:
            filler = "the damping constant was chosen by hand " + filler
        paragraphs.append(Paragraph(f"p{j:04d}", " ".join(filler.split()[:words]),
                                    section=(("1 Introduction", "2 Methods", "3 Results")[j * 3 // n],)))
    return Document(paragraphs=paragraphs)


def test_a_line_named_without_a_page_is_counted_through_the_manuscript() -> None:
    assert manuscript_lines("L. 245: the damping constant is unexplained") == [245]
    assert manuscript_lines("lines 100-110, and line 300 again; line 100") == [100, 300]
    assert manuscript_lines("Page 4, line 32: typo") == []  # a page's line: engine.generate.named
    assert manuscript_lines("line 4 of Algorithm 2 never terminates") == []
    assert manuscript_lines("The method is unclear.") == []


def test_the_line_scores_the_paragraph_that_many_words_into_the_text() -> None:
    doc = _draft()
    # line 171 starts at word 13 * 170 = 2210, in paragraph 17 (words 2210..2339 of 130-word paragraphs)
    s = line_scores([171], doc.paragraphs)
    assert int(np.argmax(s)) == 17 and s[17] == 1.0
    assert set(np.flatnonzero(s == 0.5)) == {14, 15, 16, 18, 19, 20}  # within 30 lines (390 words) of it
    assert not s[:14].any() and not s[21:].any()
    assert line_scores([100000], doc.paragraphs)[-1] == 1.0  # past the end: the last paragraph
    assert not line_scores([], doc.paragraphs).any()


def test_with_lines_the_rules_rank_the_paragraph_at_the_named_line_first() -> None:
    doc = _draft()
    comment = ReviewComment("R1.3", "Reviewer 1", "Line 171: please justify this.")  # no word of the draft
    plain = rule_scores(comment, doc)
    with with_lines():
        lined = rule_scores(comment, doc)
    assert lined.pages[17] == 1.0 and not plain.pages.any()
    assert int(np.argmax(lined.total)) == 17 and int(np.argmax(plain.total)) != 17
    assert lined.total[17] - plain.total[17] > lined.total[5] - plain.total[5]
    assert rule_scores(comment, doc).pages.max() == 0.0  # the engine is left as it was


def test_a_named_parts_best_outsider_takes_the_models_second_place() -> None:
    doc = _draft()
    comment = ReviewComment("R1.2", "Reviewer 1", "In the Results section, the damping constant needs a reason.")
    parts = rule_scores(comment, doc)
    assert parts.named.any() and not parts.named.all()
    plain = np.argsort(-parts.total, kind="stable")
    order = named_order(parts, 2)
    assert order[0] == plain[0] and parts.named[order[0]]
    assert not parts.named[order[1]] and order[1] == plain[~parts.named[plain]][0]
    assert sorted(order.tolist()) == list(range(len(parts.paragraphs)))
    assert (named_order(parts, 1) == plain).all()


def test_between_leaves_the_span_of_the_neighbours_at_zero_and_falls_off_outside() -> None:
    index = {f"p{j:04d}": j for j in range(11)}
    b = between(index, 11, ["p0003"], ["p0006"])
    assert (b[3:7] == 0).all() and b[0] == -0.3 and b[10] == -0.4
    assert (between(index, 11, [], ["p0006"])[:7] == 0).all()  # no previous comment: open before
    assert not between(index, 11, [], []).any() and not between(index, 11, ["elsewhere"], []).any()


def test_what_a_comment_names() -> None:
    assert cues('In Section 3, "the damping constant" and Fig. 2, line 240.') == \
        ["section number", "figure", "quote", "manuscript line"]
    assert cues("Please compare with more baselines.") == ["nothing"]
    assert cues("Table 1 and Eq. (3) on page 4") == ["table", "equation", "page"]
