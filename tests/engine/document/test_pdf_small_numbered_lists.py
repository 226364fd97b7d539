"""A numbered list set in ``\\small`` (a definition's clauses, one a line) is body text, item by item, also where it
runs to the foot of a page, while a footnote stays a footnote (the thirteenth layouts round: a springer dev paper
whose definitions were read as footnotes and "other", written here anew in the same shape)."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from engine.document import ParagraphKind, load_document
from tests.optional import typeset

pytestmark = pytest.mark.skipif(shutil.which("pdflatex") is None, reason="pdflatex (TeX Live) is not installed")

PROSE = ("The tuple below collects every part of a net that the translation needs, and each of its parts is "
         "introduced with the set it ranges over and a short description of the role it plays in the model. ")
NOTE = "This footnote explains where the numbering of the places comes from."
CLAUSES = [f"$X_{{{i}}} = \\{{x_0, \\dots, x_{{{i}}}\\}}$, the finite set of labels of the kind numbered {i} in the "
           f"model, kept apart from the others." for i in range(1, 13)]


def test_small_numbered_clauses_are_body_and_a_footnote_stays_a_footnote(tmp_path: Path) -> None:
    items = "\n".join(f"\\item {c}" for c in CLAUSES)
    before = "\n\n".join([f"{PROSE * 4}\\footnote{{{NOTE}}}"] + [PROSE * 4] * 3)
    after = "\n\n".join([PROSE * 4] * 4)  # (more text at the body size than in the list: the body size is 10 pt)
    body = f"{before}\n\n{{\\small\\begin{{enumerate}}\n{items}\n\\end{{enumerate}}}}\n\n{after}"
    source = f"\\documentclass[10pt]{{article}}\n\\begin{{document}}\n{body}\n\\end{{document}}\n"
    doc = load_document(typeset(tmp_path, source))
    clauses = [p for p in doc.paragraphs if "the finite set of labels of the kind" in p.text]
    assert len(clauses) == len(CLAUSES), [p.text[:40] for p in clauses]
    assert {p.page for p in clauses} == {1, 2}  # the list runs over the foot of page 1
    assert all(p.kind is ParagraphKind.BODY for p in clauses), [(p.kind, p.text[:30]) for p in clauses]
    notes = [p for p in doc.paragraphs if "numbering of the places comes from" in p.text]
    assert [p.kind for p in notes] == [ParagraphKind.FOOTNOTE]
