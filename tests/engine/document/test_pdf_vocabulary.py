"""The PDF reader's vocabulary (the words a document spells whole, for line-end hyphens and run-together words),
counted in one pass over the joined lines: the same counts as reading the lines one by one."""

from __future__ import annotations

import random
from collections import Counter
from pathlib import Path

import pytest

from engine.document.pdf.load import load_pdf
from engine.document.pdf.text import _HANGUL_WORD, _TOKEN, build_vocabulary


def _line_by_line(lines: list[str]) -> Counter[str]:
    """The vocabulary as the reader counted it before, one line at a time (the reference for the one-pass count)."""
    words: list[str] = []
    after_break = False
    for text in lines:
        tokens = _TOKEN.findall(text)
        broken = text.rstrip().endswith("-")
        if after_break and tokens:
            tokens = tokens[1:]
        if broken and tokens:
            tokens = tokens[:-1]
        for t in tokens:
            words.append(t.lower())
            if "-" in t:
                words += t.lower().split("-")
        after_break = broken
        if len(hangul := _HANGUL_WORD.findall(text)) > 2:
            words += hangul[1:-1]
    return Counter(words)


def test_line_end_fragments_are_left_out_and_hyphenated_words_give_their_parts():
    lines = ["A two-column lay-", "out of the paper, in", "Two columns: two-column--", "--state-of-the- art -",
             "é Ünïcode x-"]
    vocab = build_vocabulary(lines)
    assert vocab == _line_by_line(lines)
    assert vocab["two-column"] == 1 and vocab["two"] == 2 and vocab["column"] == 1  # the second one ends a broken line
    assert "lay" not in vocab and "out" not in vocab  # "lay-" + "out": fragments of one word
    assert vocab["state-of-the"] == 0  # the first word after a broken line
    assert "x" not in vocab and vocab["code"] == 1  # a non-ASCII letter ends a word ("Ünïcode": "n", "code")
    assert all(n > 0 for n in vocab.values())


def test_hangul_words_inside_a_line():
    lines = ["반응하는 지를 집중적 으로 본다", "상태 변수를 바꾼다"]
    assert build_vocabulary(lines) == _line_by_line(lines)
    assert build_vocabulary(lines)["지를"] == 1 and "반응하는" not in build_vocabulary(lines)


@pytest.mark.shared_data
def test_same_counts_as_line_by_line_on_real_papers(shared_data: Path):
    rnd = random.Random(7)
    for path in sorted((shared_data / "pdfs").glob("*.pdf"))[:2]:
        doc = load_pdf(path)
        lines = [ln for p in doc.paragraphs for ln in p.text.split(". ")]
        assert build_vocabulary(lines) == _line_by_line(lines)
        for _ in range(200):  # random runs of lines, broken words among them
            pick = [rnd.choice(lines) + rnd.choice(["", "-", " -", "- "]) for _ in range(rnd.randint(0, 9))]
            assert build_vocabulary(pick) == _line_by_line(pick)
