"""Lines that set two scripts at two sizes (Hangul at 9.85 pt with Latin words at 10.91 pt, so that a line's size is
whichever has more characters) stay in their paragraph: the change of the lines' sizes there is no change of block,
and a line where the larger words win is no heading (the twelfth and thirteenth layouts rounds: a Korean dev paper
whose lines holding an author-year citation were read as headings; written here anew with Latin runs at two sizes)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import typeset

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")

SMALL = "the small words of the text go on here"
LARGE = "Name and Another Person and Others, 2026a; Third"


def test_lines_mixing_two_sizes_stay_one_body_paragraph(tmp_path: Path) -> None:
    runs = " ".join(f"{SMALL} {{\\fontsize{{11}}{{12}}\\selectfont {LARGE}}}" for _ in range(9))
    prose = "An opening sentence of plain running text, set at the body size, starts the paragraph. "
    body = f"{prose * 6}\n\n{prose}{runs} and the paragraph ends here.\n\n{prose * 6}"
    source = (f"\\documentclass[10pt]{{article}}\n\\linespread{{1.1}}\n\\begin{{document}}\n{body}\n"
              f"\\end{{document}}\n")
    doc = load_document(typeset(tmp_path, source))
    assert not [p.text for p in doc.paragraphs if p.kind is ParagraphKind.HEADING]
    mixed = [p for p in doc.paragraphs if "Another Person" in p.text]
    assert len(mixed) == 1 and mixed[0].kind is ParagraphKind.BODY, [p.text[:60] for p in mixed]
    assert mixed[0].text.count("Another Person") == 9 and mixed[0].text.rstrip().endswith("ends here.")
