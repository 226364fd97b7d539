"""A revision handed in with its deletions struck out (``\\sout``, latexdiff, Word's strikethrough): the words a thin
rule crosses at their middle are read as deleted, as the LaTeX reader drops ``\\sout``, and a reading note says so;
an underline, a table's rule, a gridline through an axis label and a root's bar strike nothing (trial32)."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.pdf.load import load_pdf

SIZE = 10.0
LINES = [
    "Marbled quokka lanterns drift over the velvet harbour every spring evening.",
    "The plinth of the tower is painted in seven shades of saffron and teal.",
    "Our crews counted forty lanterns near the southern jetty during the festival.",
    "Each lantern carries a small brass bell that rings when the wind turns east.",
    "The harbour council keeps a ledger of every bell and the family who made it.",
]
STRUCK = "seven shades of saffron and"  # in LINES[1]
UNDERLINED = "forty lanterns"  # in LINES[2]


def _width(text: str) -> float:
    return pymupdf.get_text_length(text, fontname="helv", fontsize=SIZE)


def _rule_through(page, line: str, words: str, x: float, baseline: float, offset: float, per_word: bool) -> None:
    """A rule ``offset`` of the size above the baseline (negative: below) under ``words`` of ``line``; one rule per
    word and per space when ``per_word`` (as ulem draws it), else one rule."""
    start = x + _width(line[: line.index(words)])
    y = baseline - offset * SIZE
    if not per_word:
        page.draw_line((start, y), (start + _width(words), y), color=(0, 0, 0), width=0.4)
        return
    pos = start
    for part in words.replace(" ", "  ").split(" "):
        piece = part or " "
        page.draw_line((pos, y), (pos + _width(piece), y), color=(0, 0, 0), width=0.4)
        pos += _width(piece)


def _paper(path: Path, struck: bool) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    page.insert_text((72, 80), "Lanterns of the Harbour", fontsize=16, fontname="hebo")
    x, base = 72.0, 120.0
    for k, line in enumerate(LINES * 3):
        y = base + 14 * k
        page.insert_text((x, y), line, fontsize=SIZE, fontname="helv")
        if struck and k == 1:
            _rule_through(page, line, STRUCK, x, y, 0.27, per_word=True)
        if k == 2:
            _rule_through(page, line, UNDERLINED, x, y, -0.15, per_word=False)  # an underline: kept
        if k == 6:  # a table's rule above the line, across the page: kept
            page.draw_line((60, y - 0.95 * SIZE), (552, y - 0.95 * SIZE), color=(0, 0, 0), width=0.4)
    # a plot: a gridline through the middle of an axis label runs on across the axes: kept
    page.insert_text((72, 420), "Tide height", fontsize=SIZE, fontname="helv")
    page.draw_line((72, 420 - 0.3 * SIZE), (400, 420 - 0.3 * SIZE), color=(0.7, 0.7, 0.7), width=0.3)
    doc.save(path)
    return path


def _text(path: Path) -> str:
    return " ".join(p.text for p in load_pdf(path).paragraphs)


def test_struck_out_words_are_read_as_deleted(tmp_path: Path) -> None:
    doc = load_pdf(_paper(tmp_path / "marked.pdf", struck=True))
    text = " ".join(p.text for p in doc.paragraphs)
    assert "The plinth of the tower is painted in teal." in text  # the first copy, struck
    assert text.count("painted in seven shades of saffron and teal") == 2  # the other two, not struck
    assert any("5 struck-out words on 1 page read as deleted" in n for n in doc.notices)


def test_underline_table_rule_and_gridline_strike_nothing(tmp_path: Path) -> None:
    plain = _text(_paper(tmp_path / "plain.pdf", struck=False))
    doc = load_pdf(tmp_path / "plain.pdf")
    assert "forty lanterns" in plain and "Tide height" in plain
    assert plain.count("seven shades of saffron and teal") == 3
    assert not any("struck-out" in n for n in doc.notices)
