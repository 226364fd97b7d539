"""A double-spaced manuscript (baselines 2.4 body sizes apart, margin line numbers), as journals ask authors to
submit: its lines are read into paragraphs, not one paragraph a line (session 21, pdfpath13: a training revision's
submitted PDF gave 500 edits against its LaTeX diff's 37). Synthetic PDFs typeset in the test."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from engine.document import load_document
from engine.document.model import ParagraphKind
from engine.revision import diff_documents
from engine.align.base import candidate_edits
from tests.pdf_factory import make_paper_pdf


def para(seed: int, sentences: int = 7) -> str:
    rng = random.Random(seed)
    vocab = ["".join(rng.choice("bdfgklmnprstvz") + rng.choice("aeiou") for _ in range(rng.randint(2, 4)))
             for _ in range(60)]
    return " ".join(" ".join(rng.choice(vocab) for _ in range(14)).capitalize() + "." for _ in range(sentences))


SECTIONS = [("Introduction", [para(1), para(2), para(3)]), ("Methods", [para(4), para(5)])]


@pytest.mark.parametrize("spread", [1.2, 1.8, 2.4, 2.9])
def test_double_spaced_lines_are_read_into_their_paragraphs(spread: float, tmp_path: Path) -> None:
    make_paper_pdf(tmp_path / "paper.pdf", sections=SECTIONS, line_spread=spread, line_numbers=True,
                   body_size=12.0, numbered=False)
    body = [p for p in load_document(tmp_path / "paper.pdf").paragraphs if p.kind is ParagraphKind.BODY]
    assert [" ".join(p.text.split()) for p in body] == [t for _, ps in SECTIONS for t in ps]


def test_a_revision_set_double_spaced_then_single_spaced_has_only_its_edit(tmp_path: Path) -> None:
    new = [("Introduction", [para(1), para(2) + " A sentence added in the revision.", para(3)]),
           ("Methods", [para(4), para(5)])]
    make_paper_pdf(tmp_path / "old.pdf", sections=SECTIONS, line_spread=2.4, line_numbers=True, body_size=12.0)
    make_paper_pdf(tmp_path / "new.pdf", sections=new, line_spread=1.8, line_numbers=True, body_size=12.0)
    edits = candidate_edits(diff_documents(load_document(tmp_path / "old.pdf"), load_document(tmp_path / "new.pdf")))
    assert len(edits) == 1 and "A sentence added in the revision." in edits[0].target_text
