"""Definitions set as list items half in math ("P = {p0, ..., pn}, a finite set of places."): more than a
third of their characters are math, but prose runs in them, so they are body text, not formulas. A display
that is all math stays an equation."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document import ParagraphKind, load_document
from tests.pdf_factory import sample_paragraph

ITEMS = [("P = {p0, p1, p2, p3, pn} x Q x R", "a finite set of places."),
         ("T = {t0, t1, t2, t3, tm} x Q x R", "a finite set of transitions."),
         ("A = {a0, a1, a2, a3, ai} x Q x R", "the actions associated to places.")]


def _write(path: Path) -> None:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 90.0
    page.insert_text((72, y), "1 Definitions", fontname="tibo", fontsize=12)
    y += 24
    words = sample_paragraph(7, 120).split()
    line: list[str] = []
    for word in words:
        if pymupdf.get_text_length(" ".join(line + [word]), "tiro", 10) > 468:
            page.insert_text((72, y), " ".join(line), fontname="tiro", fontsize=10)
            y, line = y + 12, []
        line.append(word)
    page.insert_text((72, y), " ".join(line), fontname="tiro", fontsize=10)
    y += 20
    for i, (math, prose) in enumerate(ITEMS, start=1):
        page.insert_text((84, y), f"{i}.", fontname="tiro", fontsize=10)
        x = 100.0
        page.insert_text((x, y), math, fontname="symb", fontsize=10)
        x += pymupdf.get_text_length(math, "symb", 10)
        page.insert_text((x, y), ", " + prose, fontname="tiro", fontsize=10)
        y += 16
    y += 10
    display = "S = {s0, s1, s2} x Q x R x U"
    page.insert_text(((612 - pymupdf.get_text_length(display, "symb", 10)) / 2, y), display, fontname="symb",
                     fontsize=10)
    doc.save(path)
    doc.close()


def test_math_heavy_items_with_prose_are_body_and_a_display_stays_an_equation(tmp_path: Path) -> None:
    _write(tmp_path / "items.pdf")
    doc = load_document(tmp_path / "items.pdf")
    for _, prose in ITEMS:
        [item] = [p for p in doc.paragraphs if prose in p.text]
        assert item.kind is ParagraphKind.BODY, item
    assert [p.kind for p in doc.paragraphs if p.text.replace(" ", "").startswith("S=")] == [ParagraphKind.EQUATION]
