"""A section set after the references under a heading of its own words ("Derivation of the Error Bound": no number,
no word papers usually put there) stays body text. Session 22 merged a rule (fix 3) that let only numbered or
listed headings end a reference list; under it such a section and its heading were read as references, so its
text left the diff with no notice. The rule was reverted; this test keeps the section. A PDF drawn in the test."""

from __future__ import annotations

from pathlib import Path

import pymupdf

from engine.document.model import ParagraphKind
from engine.document.pdf.load import load_pdf

PROSE = "Here we repeat the grid study with a finer mesh and report the error at each level of refinement."


def _paper(path: Path, heading: str) -> Path:
    doc = pymupdf.open()
    page = doc.new_page(width=612, height=792)
    y = 72.0

    def line(text: str, bold: bool = False, size: float = 10.0) -> None:
        nonlocal y
        page.insert_text((72, y), text, fontname="hebo" if bold else "helv", fontsize=size)
        y += size * 1.3

    line("1 Introduction", True, 12)
    for _ in range(6):
        line("This paper studies a simple model of layered flow and reports how the error falls with the grid.")
    y += 8
    line("References", True, 12)
    for i in range(1, 6):
        line(f"[{i}] A. Author and B. Writer, A study of layered flow, J. Flow Res., vol. {i}, pp. 1-10, 2020.")
    y += 8
    line(heading, True, 12)
    for _ in range(3):
        for _ in range(5):
            line(PROSE)
        y += 8
    doc.save(path)
    return path


def test_an_unlisted_section_after_the_references_stays_body(tmp_path: Path) -> None:
    pdf = load_pdf(_paper(tmp_path / "p.pdf", "Derivation of the Error Bound"))
    kinds = [p.kind for p in pdf.paragraphs]
    assert kinds.count(ParagraphKind.REFERENCE) == 5
    assert [p.kind for p in pdf.paragraphs if p.text.startswith("Here we repeat")] == [ParagraphKind.BODY] * 3
    assert any(p.kind == ParagraphKind.HEADING and p.text.startswith("Derivation") for p in pdf.paragraphs)
