"""Glyphs a PDF has no character for (TeX's big delimiters, symbol fonts) read as ``[math]``, never as mojibake."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine.document import load_document
from engine.document.text import MATH_MARK, mark_unmapped, normalize_text
from engine.reviews.load import pdf_text

#: What must never reach a view: U+FFFD, private-use code points, variation selectors.
MOJIBAKE = re.compile("[\ufffd\ue000-\uf8ff\ufe00-\ufe0f\U000f0000-\U0010fffd]")


def test_runs_of_unmapped_glyphs_become_one_math_mark() -> None:
    assert normalize_text("\ufffd\ufffd\ufffdR(g) is bounded") == "[math] R(g) is bounded"
    assert normalize_text("loss \ufffd \ufffd L(y)") == "loss [math] L(y)"
    assert normalize_text("a symbol\uf061font") == "a symbol [math] font"  # Symbol-font private use
    assert normalize_text("\u2211\ufe01 w") == "\u2211 w"  # the variation selector after a big sum
    assert normalize_text("c\u20dd2020 ACL") == "\u00a92020 ACL"
    assert mark_unmapped("plain text, (x + y)") == "plain text, (x + y)"


@pytest.mark.shared_data
@pytest.mark.parametrize("paper", ["icassp20/submission.pdf", "cgo18/submission.pdf"])
def test_real_pdfs_with_maths_have_no_mojibake(shared_data: Path, paper: str) -> None:
    """Both papers set big delimiters in cmex / txexs fonts, which carry no Unicode map."""
    document = load_document(str(shared_data / "revision" / paper))
    bad = [p.id for p in document.paragraphs if MOJIBAKE.search(p.text)]
    assert bad == []
    marked = [p for p in document.paragraphs if MATH_MARK in p.text]
    assert marked, "the delimiters should be marked where they were"
    assert all(p.text.strip() != "" for p in marked)


@pytest.mark.shared_data
def test_icassp_loss_equation_keeps_its_letters(shared_data: Path) -> None:
    document = load_document(str(shared_data / "revision" / "icassp20" / "submission.pdf"))
    loss = next(p for p in document.paragraphs if "L(y," in p.text)
    assert loss.text.startswith(MATH_MARK) and "\ufffd" not in loss.text


@pytest.mark.shared_data
def test_review_pdfs_mark_unmapped_glyphs_too(shared_data: Path) -> None:
    """The reviews' PDF reader gets the same cleaning (any real PDF with maths shows it)."""
    text, _ = pdf_text(shared_data / "revision" / "icassp20" / "submission.pdf")
    assert MATH_MARK in text and not MOJIBAKE.search(text)
