"""The capital delta and the degree sign of TeX's math fonts, which the PDF's text layer gives as the increment
sign (U+2206) and a white bullet (U+25E6), read as the characters they are. ``tests/data/tex_symbols``: a page
typeset here with pdfLaTeX from the ``.tex`` beside it (Computer Modern)."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

from engine.document import load_document
from engine.document.pdf.text import join_lines

DATA = Path(__file__).resolve().parents[2] / "data" / "tex_symbols"


def test_a_tex_delta_and_degree_sign_read_as_the_characters_they_are() -> None:
    doc = load_document(DATA / "symbols.pdf")
    text = " ".join(p.text for p in doc.paragraphs)
    assert "at 25°C for an hour" in text and "turned by 90° before" in text
    assert "the step Δt was halved" in text and "\u2206" not in text
    assert "f \u25e6 g is a composition" in text  # a ring between letters is an operator, not a degree


def test_degree_sign_keeps_the_space_before_it() -> None:
    assert join_lines(["kept at 4 \u25e6C overnight,", "then at 37\u25e6C."], Counter()) == "kept at 4 °C overnight, then at 37°C."


def test_a_ring_after_a_subscripted_variable_stays_an_operator() -> None:
    # faces-pami (IEEEtran): "y = y0 ◦ τ−1", a warp composed with an image, is no temperature
    assert join_lines(["the warped image y = y0 ◦ τ, and 10 ◦ apart"], Counter()) == (
        "the warped image y = y0 ◦ τ, and 10 ◦ apart")
