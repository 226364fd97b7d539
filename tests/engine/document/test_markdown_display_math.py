"""Display maths over several lines in Markdown and R Markdown, on papers written in the test: a session-25 trial's
``.Rmd`` opened each formula on the line of its first symbols (``$$x = y`` ... ``\\tag{1}`` ... ``$$``), and the
formula's closing ``$$`` was taken for the next one's opener: every paragraph and heading between two formulas was
lost (11 paragraphs of the trial paper's text and two section headings; five formulas read as text). Its YAML author
was a pandoc line block with affiliation marks (``| A. Name$^{1,a}$ and B. Name$^{2}$``)."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document

PAPER = r"""---
title: "Births, deaths and a summed trait"
author: |
  | Ann Heron$^{1,a,*}$ and Basil Wren$^{2,a}$
bibliography: refs.bib
---

Theory
======

We define a summed trait over every individual of the population [@Key2001; @Key2002],

$$S = \sum_{i=1}^{N} \left(b_{i} - d_{i} + 1 \right) z_{i}.
\tag{1}
$$

<!---
A note to ourselves that the paper never prints.
--->

The summed trait takes the units of the trait itself.

Counting individuals
====================

Setting every trait to one counts the individuals at the next step,

$$N' = N + B - D.
\tag{2}
$$

This is the population's own balance, and @Key2003 names it so.

$$
x = y
$$

A closing paragraph after a formula fenced on lines of its own.

$$a = b$$
"""


@pytest.fixture
def paper(tmp_path: Path):
    path = tmp_path / "paper.Rmd"
    path.write_text(PAPER, encoding="utf-8")
    return load_document(path)


def test_every_paragraph_between_two_multiline_formulas_is_read(paper) -> None:
    body = [p.text for p in paper.paragraphs if p.kind == ParagraphKind.BODY]
    assert body == [
        "We define a summed trait over every individual of the population [Key2001, Key2002],",
        "The summed trait takes the units of the trait itself.",
        "Setting every trait to one counts the individuals at the next step,",
        "This is the population's own balance, and Key2003 names it so.",
        "A closing paragraph after a formula fenced on lines of its own.",
    ]
    assert [s.title for s in paper.sections] == ["Theory", "Counting individuals"]
    kinds = [p.kind for p in paper.paragraphs if p.kind in (ParagraphKind.EQUATION, ParagraphKind.HEADING)]
    assert kinds.count(ParagraphKind.EQUATION) == 4 and kinds.count(ParagraphKind.HEADING) == 2
    assert not any("$$" in p.text or "\\tag" in p.text or "never prints" in p.text for p in paper.paragraphs)


def test_a_formula_keeps_its_line_and_the_next_paragraph_its_own(paper) -> None:
    lines = PAPER.splitlines()
    for p in paper.paragraphs:
        if p.kind == ParagraphKind.EQUATION:
            assert lines[p.line - 1].startswith("$$")
        if p.kind == ParagraphKind.BODY:
            assert p.text.split()[0] in lines[p.line - 1]


def test_a_line_block_author_list_loses_its_bars_and_affiliation_marks(paper) -> None:
    assert paper.title == "Births, deaths and a summed trait"
    assert paper.authors == ["Ann Heron", "Basil Wren"]


def test_names_in_a_list_lose_their_marks_too(tmp_path: Path) -> None:
    path = tmp_path / "paper.md"
    path.write_text("---\ntitle: A\nauthor:\n  - Cora Finch^1,2^\n  - name: Dale Rook\\textsuperscript{3}\n---\n\n"
                    "Some text of the paper.\n", encoding="utf-8")
    assert load_document(path).authors == ["Cora Finch", "Dale Rook"]
